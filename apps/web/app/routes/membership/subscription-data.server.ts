import { data } from 'react-router';
import { IdInputSchema, type Subscription } from '@fretline/contract';
import { ApiError, type ApiClient } from '../../lib/api-client';

/** Loads one of the user's subscriptions; another user's id (a 404 from the API) is this page's 404. */
export async function loadOwnSubscription(api: ApiClient, idParam: string | undefined): Promise<Subscription> {
  // An id no subscription can have (too large for the database too) is this page's 404.
  const parsed = IdInputSchema.safeParse(idParam);
  if (!parsed.success) throw data('Page Not Found', { status: 404 });
  const id = parsed.data;
  try {
    const { subscription } = await api.call('finance.getSubscription', { params: { id } });
    return subscription;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw data('Page Not Found', { status: 404 });
    throw err;
  }
}
