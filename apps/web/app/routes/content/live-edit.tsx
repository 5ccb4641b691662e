import { data, Link } from 'react-router';
import type { EditorLiveStream } from '@fretline/contract';
import { DeletePanel } from '../../components/staff/delete-panel';
import { deleteEntry, idFromParam, saveEntry } from '../../features/catalogue-editor/editor-actions.server';
import { PublishBadge } from '../../components/staff/editor-fields';
import { loadReplayOptions, streamBody } from '../../features/catalogue-editor/stream-actions.server';
import { StreamForm } from '../../features/catalogue-editor/stream-form';
import { requireStaffAccess } from '../../features/staff/access.server';
import { formatWhen } from '../../features/staff/format';
import { PageHeader } from '../../features/staff/page-header';
import { StaffErrorBoundary } from '../../features/staff/staff-error';
import { ApiError } from '../../lib/api-client';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/live-edit';

const DONE: Record<string, string> = {
  created: 'Draft created. Only editors can see it until it is published.',
  published: 'Created and published.',
};

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
    const url = new URL(request.url);
    return {
      stream,
      replays: await loadReplayOptions(api, current),
      done: DONE[url.searchParams.get('done') ?? ''] ?? null,
      problem: url.searchParams.get('problem')?.slice(0, 300) ?? null,
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
      <div>
        <p className="mb-2 text-sm">
          <Link to="/staff/content/live" className="font-medium text-brand-700 hover:underline">
            ← Live streams
          </Link>
        </p>
        <PageHeader
          title={stream.stream_title}
          description={
            <span className="flex flex-wrap items-center gap-2">
              <PublishBadge published={stream.stream_published} />
              <span>Changed {formatWhen(stream.stream_updated)}</span>
              {stream.stream_published ? (
                <a
                  href={`/live/${stream.stream_slug}`}
                  target="_blank"
                  rel="noreferrer"
                  className="font-semibold text-brand-700 hover:underline"
                >
                  View on the site<span className="sr-only"> (opens in a new tab)</span> ↗
                </a>
              ) : null}
            </span>
          }
        />
        {problem && !actionData ? (
          <p role="alert" className="rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            The draft was created, but: {problem}
          </p>
        ) : null}
      </div>
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
