import { and, eq, gt, inArray, or, sql, tables, type Database } from '@fretline/db';
import { MEMBERSHIP_PRODUCT_SLUG } from '@fretline/contract';
import { enqueueJob } from '../../platform/jobs/index.ts';

export { MEMBERSHIP_PRODUCT_SLUG };

/** The job that tells the payment provider to stop a subscription cancelled here. */
export const PROVIDER_CANCEL_JOB = 'finance.provider-cancel';

export interface Membership {
  hasMembership: boolean;
  eligibleForTrial: boolean;
}

/**
 * Spec §3 Current user `has_aaa_membership` / `eligible_for_aaa_free_trial`, for auth (GET me) and
 * videos (lock rules). ADR 0020: a member has an active subscription to the membership product, or a
 * cancelled one whose paid (or trial) period has not ended yet. The free trial is offered until the
 * user's first subscription (a draft that never reached the payment provider does not count).
 */
export async function getMembership(db: Database, idUser: number, now: Date = new Date()): Promise<Membership> {
  const s = tables.subscriptions;
  const p = tables.subscriptionProducts;
  const [row] = await db
    .select({
      member: sql<boolean>`coalesce(bool_or(${and(
        eq(p.subscriptionProductSlug, MEMBERSHIP_PRODUCT_SLUG),
        or(eq(s.subscriptionStatus, 'active'), and(eq(s.subscriptionStatus, 'cancelled'), gt(s.currentPeriodEnd, now))),
      )}), false)`,
      subscribed: sql<number>`count(*) filter (where ${s.subscriptionStatus} <> 'draft')::int`,
    })
    .from(s)
    .innerJoin(p, eq(p.idSubscriptionProduct, s.idSubscriptionProduct))
    .where(eq(s.idUser, idUser));
  return { hasMembership: row?.member === true, eligibleForTrial: (row?.subscribed ?? 0) === 0 };
}

/**
 * Ends every live subscription of a user at once (account deletion): access stops now, and the
 * payment provider is told to stop charging by the job `finance.provider-cancel` (ADR 0020).
 * Returns the ids of the subscriptions it cancelled.
 */
export async function cancelAllSubscriptionsForUser(db: Database, idUser: number, now: Date = new Date()): Promise<number[]> {
  const s = tables.subscriptions;
  const rows = await db
    .update(s)
    .set({ subscriptionStatus: 'cancelled', subscriptionCancelled: now, subscriptionUpdated: now, currentPeriodEnd: now })
    .where(
      and(
        eq(s.idUser, idUser),
        inArray(s.subscriptionStatus, ['draft', 'created', 'initialised', 'active', 'incomplete', 'failed']),
      ),
    )
    .returning({ idSubscription: s.idSubscription, provider: s.provider, providerSubscriptionId: s.providerSubscriptionId });
  for (const row of rows) {
    if (!row.providerSubscriptionId) continue;
    await enqueueJob(db, {
      type: PROVIDER_CANCEL_JOB,
      payload: { provider: row.provider, providerSubscriptionId: row.providerSubscriptionId },
    });
  }
  return rows.map((r) => r.idSubscription);
}
