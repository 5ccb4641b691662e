import { Link } from 'react-router';
import { freeTrialText, membershipStateText, subscriptionStatusLabel, type MembershipState } from '@fretline/contract';
import { Badge, type BadgeTone } from '../../components/ui';

const tones: Record<string, BadgeTone> = {
  active: 'success',
  cancelled: 'neutral',
  incomplete: 'danger',
  failed: 'danger',
  created: 'warning',
  initialised: 'warning',
  draft: 'warning',
};

/** The label of a subscription status ('Unknown' for anything else; product.md#states). */
export function SubscriptionStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={tones[status] ?? 'neutral'} data-testid="subscription-status">
      {subscriptionStatusLabel(status)}
    </Badge>
  );
}

/** Membership check (product.md#states): a subscription neither active nor cancelled needs the user's attention. */
export function needsAttention(status: string): boolean {
  return status !== 'active' && status !== 'cancelled';
}

/**
 * "Free trial — ends on Dec 9th, 2026" beside the status while the free trial runs (ADR 0048): the
 * spec's label says only 'Active', which hides when the first payment will be taken.
 */
export function FreeTrialNote({
  subscription,
  className,
}: {
  subscription: { subscription_status: string; subscription_trial_end: Date | null };
  className?: string;
}) {
  const text = freeTrialText(subscription, new Date());
  return text ? (
    <p className={className ?? 'text-sm font-semibold text-emerald-800'} data-testid="free-trial">
      {text}
    </p>
  ) : null;
}

const MEMBERSHIP_TONES = {
  trial: 'success',
  active: 'success',
  'pause-ahead': 'success',
  paused: 'warning',
  cancelled: 'neutral',
  'payment-failed': 'danger',
  none: 'neutral',
} as const;

/** Where the membership stands in words, with its date (docs/product.md#subscriptions). */
export function MembershipBadge({ state }: { state: MembershipState }) {
  return (
    <>
      <Badge tone={MEMBERSHIP_TONES[state.kind]} data-testid="membership-state">
        {membershipStateText(state)}
      </Badge>
      {state.kind === 'payment-failed' || state.kind === 'cancelled' ? (
        <Link to="/me/subscriptions" className="inline-flex min-h-10 items-center text-sm font-semibold text-brand-700 underline">
          {state.kind === 'cancelled' ? 'Undo the cancellation' : 'Manage your membership'}
        </Link>
      ) : null}
    </>
  );
}
