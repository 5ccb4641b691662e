import { subscriptionStatusLabel } from '@fretline/contract';
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

/** Spec §4: the label of a subscription status ('Unknown' for anything else). */
export function SubscriptionStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={tones[status] ?? 'neutral'} data-testid="subscription-status">
      {subscriptionStatusLabel(status)}
    </Badge>
  );
}

/** Spec §4 membership check: a subscription neither active nor cancelled needs the user's attention. */
export function needsAttention(status: string): boolean {
  return status !== 'active' && status !== 'cancelled';
}
