/** Subscription statuses and the label shown for each (product.md#states). */
export const SUBSCRIPTION_STATUSES = ['draft', 'created', 'initialised', 'active', 'incomplete', 'failed', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const SUBSCRIPTION_STATUS_LABELS = {
  draft: 'Draft Subscription',
  created: 'Awaiting First Payment',
  initialised: 'First Payment Processing',
  active: 'Active',
  incomplete: 'First Payment Failed',
  failed: 'Payment Failed',
  cancelled: 'Cancelled',
} as const satisfies Record<SubscriptionStatus, string>;

export const UNKNOWN_STATUS_LABEL = 'Unknown';

export function isSubscriptionStatus(value: unknown): value is SubscriptionStatus {
  return typeof value === 'string' && (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);
}

/** The label of a status (product.md#states); anything else is 'Unknown'. */
export function subscriptionStatusLabel(status: unknown): string {
  return isSubscriptionStatus(status) ? SUBSCRIPTION_STATUS_LABELS[status] : UNKNOWN_STATUS_LABEL;
}

/** Session (product.md#states): Open or Closed by session_deleted (a deletion time, or any truthy marker). */
export function sessionStatusText(session: { session_deleted: unknown }): 'Open' | 'Closed' {
  return session.session_deleted ? 'Closed' : 'Open';
}
