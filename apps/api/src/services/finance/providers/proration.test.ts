import { describe, expect, it } from 'vitest';
import { prorate } from './proration.ts';

const d = (iso: string) => new Date(iso);

describe('prorate (product.md#switching-plans)', () => {
  it('credits the unused part of the month against the yearly price', () => {
    // April has 30 days: 10 days left of £14.99 is 499.67p, rounded to 500p.
    const p = prorate({
      oldPrice: 1499,
      oldInterval: 'month',
      periodEnd: d('2026-05-01T00:00:00Z'),
      newPrice: 14900,
      now: d('2026-04-21T00:00:00Z'),
    });
    expect(p).toEqual({ credit: 500, amountDue: 14400, carriedCredit: 0 });
  });

  it('keeps a credit larger than the new price for the next payments', () => {
    // Half of a 365-day year left of £149: 7450p; a month costs 1499p, 5951p carried.
    const p = prorate({
      oldPrice: 14900,
      oldInterval: 'year',
      periodEnd: d('2027-01-01T00:00:00Z'),
      newPrice: 1499,
      now: d('2026-07-02T12:00:00Z'),
    });
    expect(p).toEqual({ credit: 7450, amountDue: 0, carriedCredit: 5951 });
  });

  it('gives no credit once the period is over, and counts a balance already held', () => {
    expect(
      prorate({ oldPrice: 1499, oldInterval: 'month', periodEnd: d('2026-05-01Z'), newPrice: 14900, now: d('2026-05-02Z') }),
    ).toEqual({ credit: 0, amountDue: 14900, carriedCredit: 0 });
    expect(
      prorate({
        oldPrice: 1499,
        oldInterval: 'month',
        periodEnd: d('2026-05-01Z'),
        newPrice: 14900,
        now: d('2026-04-01Z'),
        balance: 100,
      }),
    ).toEqual({ credit: 1499, amountDue: 13301, carriedCredit: 0 });
  });
});
