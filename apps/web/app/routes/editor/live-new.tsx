import { requireStaffAccess } from '../../features/editor/console/access.server';
import { StaffErrorBoundary } from '../../features/editor/console/staff-error';
import { NewEntryPage } from '../../features/editor/form-kit/editor-page-header';
import { createEntry } from '../../features/editor/form-kit/form-actions.server';
import { liveStreamEntity, loadReplayOptions } from '../../features/editor/live-stream/live-stream-actions.server';
import { LiveStreamForm } from '../../features/editor/live-stream/live-stream-form';
import { seoMeta } from '../../lib/seo';
import { liveStreamKind } from '../../features/editor/live-stream/live-stream-kind';
import type { Route } from './+types/live-new';

export async function loader({ request }: Route.LoaderArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  return { replays: await loadReplayOptions(api, null) };
}

/** Creates the draft, then publishes it when asked (a failure there lands on the draft's page). */
export async function action({ request }: Route.ActionArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  return createEntry(api, liveStreamEntity, await request.formData());
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'New live stream',
    description: 'Schedule a live stream.',
    path: '/staff/content/live/new',
    matches,
    noIndex: true,
  });

export { StaffErrorBoundary as ErrorBoundary };

export default function NewLiveStream({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <NewEntryPage kind={liveStreamKind} description="It is saved as a draft: only editors see it until it is published.">
      <LiveStreamForm saved={null} replays={loaderData.replays} result={actionData} />
    </NewEntryPage>
  );
}
