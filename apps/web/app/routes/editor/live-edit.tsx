import { data } from 'react-router';
import type { EditorLiveStream } from '@fretline/contract';
import { DeletePanel } from '../../features/editor/form-kit/delete-panel';
import { deleteEntry, idFromParam, saveEntry } from '../../features/editor/form-kit/form-actions.server';
import { loadReplayOptions, streamBody } from '../../features/editor/live-stream/live-stream-actions.server';
import { StreamForm } from '../../features/editor/live-stream/live-stream-form';
import { requireStaffAccess } from '../../features/editor/console/access.server';
import { EditorPageHeader, readCreateOutcome } from '../../features/editor/form-kit/editor-page-header';
import { StaffErrorBoundary } from '../../features/editor/console/staff-error';
import { ApiError } from '../../lib/api-client';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/live-edit';

export async function loader({ request, params }: Route.LoaderArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  const id = idFromParam(params.idLiveStream);
  if (!id) throw data(null, { status: 404 });
  try {
    const { stream } = await api.get<{ stream: EditorLiveStream }>(`/videos/editor/live-streams/${id}`);
    const current = stream.stream_replay
      ? {
          id_video: stream.stream_replay.id_video,
          video_title: stream.stream_replay.video_title,
          video_published: stream.stream_replay.video_published,
        }
      : null;
    return {
      stream,
      replays: await loadReplayOptions(api, current),
      ...readCreateOutcome(request.url),
    };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw data(null, { status: 404 });
    throw err;
  }
}

/** Saves the whole form, then publishes or unpublishes when asked. Delete is its own form. */
export async function action({ request, params }: Route.ActionArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  const id = idFromParam(params.idLiveStream);
  if (!id) throw data(null, { status: 404 });
  const form = await request.formData();
  const spec = {
    base: `/videos/editor/live-streams/${id}`,
    noun: 'live stream',
    listPage: '/staff/content/live',
    publishedKey: 'stream_published',
  };
  if (form.get('intent') === 'delete') return deleteEntry(api, form, spec);
  const { intent, stream } = streamBody(form);
  return saveEntry(api, spec, intent, stream);
}

export const meta: Route.MetaFunction = ({ matches, data: loaded, params }) =>
  seoMeta({
    title: loaded ? `Edit ${loaded.stream.stream_title}` : 'Edit live stream',
    description: 'Edit a live stream.',
    path: `/staff/content/live/${params.idLiveStream}`,
    matches,
    noIndex: true,
  });

export { StaffErrorBoundary as ErrorBoundary };

export default function EditLiveStream({ loaderData, actionData }: Route.ComponentProps) {
  const { stream, replays, done, problem } = loaderData;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <EditorPageHeader
        back={{ to: '/staff/content/live', label: 'Live streams' }}
        title={stream.stream_title}
        published={stream.stream_published}
        updated={stream.stream_updated}
        publicHref={`/live/${stream.stream_slug}`}
        draftPreview={false}
        problem={actionData ? null : problem}
      />
      <StreamForm
        key={String(stream.stream_updated)}
        stream={stream}
        replays={replays}
        result={actionData}
        notice={problem ? null : done}
      />
      <DeletePanel
        noun="live stream"
        title={stream.stream_title}
        published={stream.stream_published}
        consequences="Its earlier addresses stop redirecting; the replay video stays."
      />
    </div>
  );
}
