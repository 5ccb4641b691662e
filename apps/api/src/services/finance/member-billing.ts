import { CANCELLATION_REASON_LABELS, type CancellationReason, type MemberContext } from '@fretline/contract';
import { and, asc, desc, eq, gt, inArray, ne, tables, type Database } from '@fretline/db';

const { subscriptions: s, subscriptionProducts: products, subscriptionPlans: plans, invoices } = tables;
const DAY_MS = 86_400_000;

export type MemberBilling = NonNullable<MemberContext['membership']>;

/**
 * The membership as staff need it beside a conversation (ADR 0060): the newest subscription that
 * reached the payment provider, read as one state (product.md#states; ADR 0020 for the
 * transitions), the trial day, when it renews or ends, the last payment that failed and the
 * answer given when cancelling. Three indexed queries on the user's own rows.
 */
/** The reason picked from the list, then the member's own words (product.md#keeping-members). */
function reasonText(code: string | null, answer: string | null): string | null {
  const label = code ? (CANCELLATION_REASON_LABELS[code as CancellationReason] ?? null) : null;
  const words = answer?.trim() ? answer.trim() : null;
  if (label && words && words !== label) return `${label}: ${words}`;
  return label ?? words;
}

export async function getMemberBilling(db: Database, idUser: number, now: Date): Promise<MemberBilling> {
  const [latest] = await db
    .select({
      status: s.subscriptionStatus,
      created: s.subscriptionCreated,
      trialEnd: s.trialEnd,
      periodEnd: s.currentPeriodEnd,
      cancelled: s.subscriptionCancelled,
      reason: s.subscriptionProductCancellationQuestion,
      reasonCode: s.cancellationReason,
      pausedFrom: s.pausedFrom,
      pausedUntil: s.pausedUntil,
      trialDays: products.subscriptionProductTrialDays,
      planName: plans.subscriptionPlanName,
    })
    .from(s)
    .leftJoin(products, eq(products.idSubscriptionProduct, s.idSubscriptionProduct))
    .leftJoin(plans, eq(plans.idSubscriptionPlan, s.fkPlanSubscription))
    .where(and(eq(s.idUser, idUser), ne(s.subscriptionStatus, 'draft')))
    .orderBy(desc(s.subscriptionCreated), desc(s.idSubscription))
    .limit(1);
  const [first] = await db
    .select({ created: s.subscriptionCreated })
    .from(s)
    .where(and(eq(s.idUser, idUser), ne(s.subscriptionStatus, 'draft')))
    .orderBy(asc(s.subscriptionCreated))
    .limit(1);
  const [failed] = await db
    .select({ at: invoices.stripeInvoiceCreated })
    .from(invoices)
    // Only invoices whose payment failed: rows are written by invoice.paid and invoice.payment_failed
    // alone, and a failed one stays open (retrying) or becomes uncollectible; void or draft is none.
    .where(
      and(
        eq(invoices.idUser, idUser),
        inArray(invoices.stripeInvoiceStatus, ['open', 'uncollectible']),
        gt(invoices.stripeInvoiceTotal, 0),
      ),
    )
    .orderBy(desc(invoices.stripeInvoiceCreated))
    .limit(1);

  const base: MemberBilling = {
    state: 'none',
    plan_name: latest?.planName ?? null,
    trial_day: null,
    trial_days: null,
    trial_ends: null,
    renews_on: null,
    ends_on: null,
    last_failed_payment: failed?.at ?? null,
    cancellation_reason: reasonText(latest?.reasonCode ?? null, latest?.reason ?? null),
    // A pause not over yet (product.md#keeping-members), started or about to start.
    paused_from: latest?.pausedUntil && latest.pausedUntil > now ? latest.pausedFrom : null,
    paused_until: latest?.pausedUntil && latest.pausedUntil > now ? latest.pausedUntil : null,
    member_since: first?.created ?? null,
  };
  if (!latest) return base;
  const inTrial = latest.trialEnd !== null && latest.trialEnd > now;
  switch (latest.status) {
    case 'active':
      if (inTrial && latest.trialEnd) {
        const days = latest.trialDays || Math.max(1, Math.round((latest.trialEnd.getTime() - latest.created.getTime()) / DAY_MS));
        const day = Math.min(days, Math.floor((now.getTime() - latest.created.getTime()) / DAY_MS) + 1);
        return { ...base, state: 'trial', trial_day: Math.max(1, day), trial_days: days, trial_ends: latest.trialEnd };
      }
      return { ...base, state: 'active', renews_on: latest.periodEnd };
    case 'failed':
    case 'incomplete':
      return { ...base, state: 'payment_failed', renews_on: latest.periodEnd };
    case 'cancelled': {
      const end = latest.periodEnd ?? latest.cancelled;
      return {
        ...base,
        state: end && end > now ? 'cancelling' : 'ended',
        ends_on: end,
        trial_ends: inTrial ? latest.trialEnd : null,
      };
    }
    default:
      return base;
  }
}
