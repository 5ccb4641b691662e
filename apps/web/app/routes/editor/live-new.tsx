import { Link, redirect } from 'react-router';
import type { EditorLiveStream } from '@fretline/contract';
import { failure } from '../../features/editor/form-kit/form-actions.server';
import { loadReplayOptions, streamBody } from '../../features/editor/live-stream/live-stream-actions.server';
import { StreamForm } from '../../features/editor/live-stream/live-stream-form';
import { requireStaffAccess } from '../../features/editor/console/access.server';
import { PageHeader } from '../../features/editor/console/page-header';
import { StaffErrorBoundary } from '../../features/editor/console/staff-error';
import { ApiError } from '../../lib/api-client';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/live-new';

export async function loader({ request }: Route.LoaderArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  return { replays: await loadReplayOptions(api, null) };
}

/** Creates the draft, then publishes it when asked (a failure there lands on the draft's page). */
export async function action({ request }: Route.ActionArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  const { intent, stream } = streamBody(await request.formData());
  let created: EditorLiveStream;
  try {
    created = (await api.post<{ stream: EditorLiveStream }>('/videos/editor/live-streams', stream)).stream;
  } catch (err) {
    return failure(err, 'live stream');
  }
  const page = `/staff/content/live/${created.id_live_stream}`;
  if (intent !== 'publish') return redirect(`${page}?done=created`);
  try {
    await api.put(`/videos/editor/live-streams/${created.id_live_stream}/published`, { stream_published: 'true' });
    return redirect(`${page}?done=published`);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === undefined || err.status >= 500) throw err;
    return redirect(`${page}?done=created&problem=${encodeURIComponent(err.message)}`);
  }
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
    <div className="mx-auto max-w-6xl">
      <p className="mb-2 text-sm">
        <Link to="/staff/content/live" className="font-medium text-brand-700 hover:underline">
          ← Live streams
        </Link>
      </p>
      <PageHeader title="New live stream" description="It is saved as a draft: only editors see it until it is published." />
      <StreamForm stream={null} replays={loaderData.replays} result={actionData} />
    </div>
  );
}
