import type { SubscriptionStatus } from '@fretline/contract';
import type { ProviderSubscriptionStatus } from './providers/types.ts';

/**
 * ADR 0020: the subscription state machine. A status moves only when the payment provider reports
 * something (an event) or when the user cancels. `cancelled` is final: a late or replayed event
 * never brings a cancelled subscription back.
 *
 *   draft ──provider accepts──> created ──first charge starts──> initialised
 *   draft/created/initialised/incomplete ──paid, or trial started──> active
 *   draft/created/initialised ──first charge fails──> incomplete ──new card paid──> active
 *   active ──renewal fails──> failed ──paid later──> active
 *   any but cancelled ──user cancels / provider cancels──> cancelled
 */
const SUBSCRIPTION_TRANSITIONS: Readonly<Record<SubscriptionStatus, readonly SubscriptionStatus[]>> = {
  draft: ['created', 'initialised', 'active', 'incomplete', 'cancelled'],
  created: ['initialised', 'active', 'incomplete', 'cancelled'],
  initialised: ['active', 'incomplete', 'cancelled'],
  incomplete: ['initialised', 'active', 'cancelled'],
  active: ['failed', 'cancelled'],
  failed: ['active', 'cancelled'],
  cancelled: [],
};

export function canTransition(from: SubscriptionStatus, to: SubscriptionStatus): boolean {
  return from === to || SUBSCRIPTION_TRANSITIONS[from].includes(to);
}

/** Statuses that still hold (or are getting) the product: at most one per user and product. */
export const LIVE_STATUSES = [
  'draft',
  'created',
  'initialised',
  'active',
  'incomplete',
  'failed',
] as const satisfies readonly SubscriptionStatus[];

/** Whether the first payment has never succeeded (so a failure is 'incomplete', not 'failed'). */
export function isBeforeFirstPayment(status: SubscriptionStatus): boolean {
  return status === 'draft' || status === 'created' || status === 'initialised' || status === 'incomplete';
}

/** Maps the provider's subscription status (Stripe's names) onto ours, given where we are now. */
export function statusFromProvider(current: SubscriptionStatus, provider: ProviderSubscriptionStatus): SubscriptionStatus {
  switch (provider) {
    case 'trialing':
    case 'active':
      return 'active';
    case 'incomplete':
      return current === 'incomplete' ? 'incomplete' : 'initialised';
    case 'incomplete_expired':
      return 'incomplete';
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return isBeforeFirstPayment(current) ? 'incomplete' : 'failed';
    case 'canceled':
      return 'cancelled';
  }
}

/** The next status for a reported change, or null when the change is not allowed from here. */
export function nextStatus(current: SubscriptionStatus, wanted: SubscriptionStatus): SubscriptionStatus | null {
  if (current === wanted) return null;
  return canTransition(current, wanted) ? wanted : null;
}
