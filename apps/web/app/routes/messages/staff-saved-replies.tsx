import { data } from 'react-router';
import { SavedRepliesManager } from '../../features/messages/saved-replies-manager';
import { ApiError } from '../../lib/api-client';
import { getServerApi } from '../../lib/api.server';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/staff-saved-replies';

export async function loader({ request }: Route.LoaderArgs) {
  const api = getServerApi(request);
  try {
    const [{ saved_replies }, { prefs }] = await Promise.all([
      api.call('messages.staffListSavedReplies'),
      api.call('messages.staffGetNotificationPrefs'),
    ]);
    return { savedReplies: saved_replies, prefs };
  } catch (err) {
    // The Staff group's page (product.md#roles): an Editor gets the 404 page, as for the inbox.
    if (err instanceof ApiError && err.status === 403) throw data(null, { status: 404 });
    throw err;
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ title: 'Saved replies', description: 'Staff inbox.', path: '/staff/saved-replies', matches, noIndex: true });

export default function StaffSavedRepliesPage({ loaderData }: Route.ComponentProps) {
  return <SavedRepliesManager initial={loaderData.savedReplies} prefs={loaderData.prefs} />;
}
