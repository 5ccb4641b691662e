import { formatLong } from './dates.ts';
import type { Subscription } from '../entities/subscription.ts';

/**
 * Whether a subscription is in its free trial now: active (ADR 0020 maps the provider's trialing
 * to active) with the trial's end still ahead.
 */
export function isInFreeTrial(
  subscription: { subscription_status: string; subscription_trial_end: Date | null },
  now: Date,
): boolean {
  return (
    subscription.subscription_status === 'active' &&
    subscription.subscription_trial_end !== null &&
    subscription.subscription_trial_end.getTime() > now.getTime()
  );
}

/** 'Free trial — ends on Dec 9th, 2026' for a running trial (long date, product.md#constants); null otherwise. */
export function freeTrialText(
  subscription: { subscription_status: string; subscription_trial_end: Date | null },
  now: Date,
): string | null {
  if (!isInFreeTrial(subscription, now)) return null;
  return `Free trial — ends on ${formatLong(subscription.subscription_trial_end!)}`;
}

type MembershipFacts = Pick<
  Subscription,
  'subscription_status' | 'subscription_trial_end' | 'subscription_current_period_end' | 'subscription_created'
> &
  Partial<Pick<Subscription, 'subscription_paused_from' | 'subscription_paused_until'>>;

/** Where a membership stands, with the date that matters to the learner (docs/product.md#subscriptions). */
export type MembershipState =
  | { kind: 'trial'; ends: Date }
  | { kind: 'active'; renews: Date | null }
  | { kind: 'pause-ahead'; from: Date; until: Date }
  | { kind: 'paused'; until: Date }
  | { kind: 'cancelled'; accessUntil: Date }
  | { kind: 'payment-failed' }
  | { kind: 'none' };

function stateOf(subscription: MembershipFacts, now: Date): MembershipState {
  const { subscription_status: status, subscription_current_period_end: periodEnd } = subscription;
  const from = subscription.subscription_paused_from ?? null;
  const until = subscription.subscription_paused_until ?? null;
  if (status === 'active' && from && until && from <= now && now < until) return { kind: 'paused', until };
  // A pause still to come: the membership runs until it starts and does not renew then.
  if (status === 'active' && from && until && now < from && !isInFreeTrial(subscription, now)) {
    return { kind: 'pause-ahead', from, until };
  }
  if (isInFreeTrial(subscription, now)) return { kind: 'trial', ends: subscription.subscription_trial_end! };
  if (status === 'active') return { kind: 'active', renews: periodEnd };
  if (status === 'cancelled' && periodEnd && periodEnd > now) return { kind: 'cancelled', accessUntil: periodEnd };
  if (status === 'failed' || status === 'incomplete') return { kind: 'payment-failed' };
  return { kind: 'none' };
}

/**
 * The membership of a learner's subscriptions to the membership product: the newest one that says
 * anything (a trial, active, paused, cancelled with access left, a failed payment), else none. A
 * free trial is never "Active member" and a cancellation never hides the day access ends.
 */
export function membershipState(subscriptions: readonly MembershipFacts[], now: Date): MembershipState {
  const newestFirst = [...subscriptions].sort((a, b) => b.subscription_created.getTime() - a.subscription_created.getTime());
  for (const subscription of newestFirst) {
    const state = stateOf(subscription, now);
    if (state.kind !== 'none') return state;
  }
  return { kind: 'none' };
}

/**
 * The state of one subscription (the subscription page, the membership page, ADR 0082), by the same
 * rules as a learner's whole membership: 'none' for one that says nothing (ended, a draft).
 */
export function subscriptionState(subscription: MembershipFacts, now: Date): MembershipState {
  return stateOf(subscription, now);
}

/**
 * The date that matters in a state, with its label: "Renews" only for an active membership that
 * will renew (never a paused or cancelled one), "Free trial ends", "Paused until", "Access until".
 */
export function membershipStateDate(state: MembershipState): { label: string; date: Date } | null {
  switch (state.kind) {
    case 'trial':
      return { label: 'Free trial ends', date: state.ends };
    case 'active':
      return state.renews ? { label: 'Renews', date: state.renews } : null;
    case 'pause-ahead':
      return { label: 'Pause starts', date: state.from };
    case 'paused':
      return { label: 'Paused until', date: state.until };
    case 'cancelled':
      return { label: 'Access until', date: state.accessUntil };
    case 'payment-failed':
    case 'none':
      return null;
  }
}

/** The state in words, dates in the long format (product.md#constants): "Free trial until Dec 9th, 2026". */
export function membershipStateText(state: MembershipState): string {
  switch (state.kind) {
    case 'trial':
      return `Free trial until ${formatLong(state.ends)}`;
    case 'active':
      return state.renews ? `Active member, renews on ${formatLong(state.renews)}` : 'Active member';
    case 'pause-ahead':
      return `Active member until ${formatLong(state.from)}, then paused until ${formatLong(state.until)}`;
    case 'paused':
      return `Paused until ${formatLong(state.until)}`;
    case 'cancelled':
      return `Cancelled, access until ${formatLong(state.accessUntil)}`;
    case 'payment-failed':
      return 'Payment failed: update your card to keep access';
    case 'none':
      return 'Not a member';
  }
}
