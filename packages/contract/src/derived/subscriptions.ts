import { formatLong } from './dates.ts';

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
