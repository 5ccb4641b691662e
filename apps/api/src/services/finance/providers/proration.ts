import dayjs from 'dayjs';

/*
 * Switching monthly ↔ yearly (product.md#switching-plans; docs/decisions/0067-keeping-members-and-the-numbers.md):
 * the new plan starts now with a new period, and the unused part of the period already paid for is
 * a credit against the new price, as Stripe prorates an interval change. The sandbox charges this;
 * the member's confirmation quotes it for either provider. List prices, in pence.
 */

export interface ProrationInput {
  oldPrice: number;
  oldInterval: 'month' | 'year';
  /** When the period paid for on the old plan ends. */
  periodEnd: Date;
  newPrice: number;
  now: Date;
  /** Credit the customer already holds (left over from an earlier switch). */
  balance?: number;
}

export interface Proration {
  /** The unused time on the old plan, in pence. */
  credit: number;
  /** What is charged now: the new price less the credit (and any balance), never below 0. */
  amountDue: number;
  /** Credit beyond the new price, kept for the next charges. */
  carriedCredit: number;
}

export function prorate(input: ProrationInput): Proration {
  const periodStart = dayjs(input.periodEnd).subtract(1, input.oldInterval).toDate();
  const length = input.periodEnd.getTime() - periodStart.getTime();
  const unused = Math.min(Math.max(input.periodEnd.getTime() - input.now.getTime(), 0), length);
  const credit = length > 0 ? Math.round((input.oldPrice * unused) / length) : 0;
  const available = credit + (input.balance ?? 0);
  return {
    credit,
    amountDue: Math.max(0, input.newPrice - available),
    carriedCredit: Math.max(0, available - input.newPrice),
  };
}
