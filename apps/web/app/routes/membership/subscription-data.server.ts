import { data } from 'react-router';
import { SubscriptionSchema, type Subscription } from '@fretline/contract';
import { ApiError, type ApiClient } from '../../lib/api-client';

/** Loads one of the user's subscriptions; another user's id (a 404 from the API) is this page's 404. */
export async function loadOwnSubscription(api: ApiClient, idParam: string | undefined): Promise<Subscription> {
  const id = Number(idParam);
  if (!Number.isInteger(id) || id <= 0) throw data('Page Not Found', { status: 404 });
  try {
    const { subscription } = await api.get<{ subscription: unknown }>(`/finance/me/subscriptions/${id}`);
    return SubscriptionSchema.parse(subscription);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw data('Page Not Found', { status: 404 });
    throw err;
  }
}
