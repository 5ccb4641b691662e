import type { Database } from '@fretline/db';
import { enqueueJob } from '../../platform/jobs/index.ts';
import * as repo from './finance.repository.ts';

/** The job that tells the payment provider to stop a subscription cancelled here. */
export const PROVIDER_CANCEL_JOB = 'finance.provider-cancel';

export interface Membership {
  hasMembership: boolean;
  eligibleForTrial: boolean;
}

/**
 * Current user `has_aaa_membership` / `eligible_for_aaa_free_trial` (product.md#entities), for auth (GET me) and
 * videos (lock rules). ADR 0020: a member has an active subscription to the membership product, or a
 * cancelled one whose paid (or trial) period has not ended yet. The free trial is offered until the
 * user's first subscription (a draft that never reached the payment provider does not count).
 */
export async function getMembership(db: Database, idUser: number, now: Date = new Date()): Promise<Membership> {
  const facts = await repo.findMembershipFacts(db, idUser, now);
  return { hasMembership: facts.member, eligibleForTrial: facts.subscribed === 0 };
}

/**
 * Ends every live subscription of a user at once (account deletion): access stops now, and the
 * payment provider is told to stop charging by the job `finance.provider-cancel` (ADR 0020).
 * Returns the ids of the subscriptions it cancelled.
 */
export async function cancelAllSubscriptionsForUser(db: Database, idUser: number, now: Date = new Date()): Promise<number[]> {
  const rows = await repo.cancelSubscriptionsOf(
    db,
    idUser,
    ['draft', 'created', 'initialised', 'active', 'incomplete', 'failed'],
    now,
  );
  for (const row of rows) {
    if (!row.providerSubscriptionId) continue;
    await enqueueJob(db, {
      type: PROVIDER_CANCEL_JOB,
      payload: { provider: row.provider, providerSubscriptionId: row.providerSubscriptionId },
    });
  }
  return rows.map((r) => r.idSubscription);
}
