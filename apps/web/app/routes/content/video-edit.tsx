import { data, Link, redirect } from 'react-router';
import type { EditorVideo, EditorVideoOptions } from '@fretline/contract';
import { requireStaffAccess } from '../../features/staff/access.server';
import { formatWhen } from '../../features/staff/format';
import { PageHeader } from '../../features/staff/page-header';
import { StaffErrorBoundary } from '../../features/staff/staff-error';
import { DeletePanel } from '../../components/staff/delete-panel';
import { PublishBadge } from '../../components/staff/editor-fields';
import { failure, idFromParams, splitVideoForm } from '../../features/video-editor/video-actions.server';
import { VideoForm, type VideoFormResult } from '../../features/video-editor/video-form';
import { ApiError } from '../../lib/api-client';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/video-edit';

const DONE: Record<string, string> = {
  created: 'Draft created. Only editors can see it until it is published.',
  published: 'Created and published.',
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  const idVideo = idFromParams(params);
  if (!idVideo) throw data(null, { status: 404 });
  try {
    const [{ video }, { options }] = await Promise.all([
      api.get<{ video: EditorVideo }>(`/videos/editor/videos/${idVideo}`),
      api.get<{ options: EditorVideoOptions }>('/videos/editor/videos/options'),
    ]);
    const url = new URL(request.url);
    const done = DONE[url.searchParams.get('done') ?? ''] ?? null;
    const problem = url.searchParams.get('problem')?.slice(0, 300) ?? null;
    return { video, options, done, problem };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw data(null, { status: 404 });
    throw err;
  }
}

/**
 * Every button saves the whole form first (nothing typed is lost), then places the video in its
 * courses, then publishes or unpublishes when asked. Delete is its own form.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  const idVideo = idFromParams(params);
  if (!idVideo) throw data(null, { status: 404 });
  const form = await request.formData();
  const { intent, video, courses } = splitVideoForm(form);
  const base = `/videos/editor/videos/${idVideo}`;
  if (intent === 'delete') {
    try {
      await api.delete(base);
    } catch (err) {
      return failure(err, 'The video was not deleted');
    }
    const title = form.get('video_title');
    return redirect(`/staff/content/videos?deleted=${encodeURIComponent(typeof title === 'string' ? title : '')}`);
  }
  try {
    await api.put(base, video);
  } catch (err) {
    return failure(err);
  }
  try {
    await api.put(`${base}/courses`, courses);
  } catch (err) {
    return failure(err, 'The video was saved, but not its courses');
  }
  try {
    if (intent === 'publish') await api.put(`${base}/published`, { video_published: 'true' });
    if (intent === 'unpublish') await api.put(`${base}/published`, { video_published: 'false' });
  } catch (err) {
    return failure(err, 'Saved as a draft, but not published');
  }
  const message =
    intent === 'publish'
      ? 'Saved and published.'
      : intent === 'unpublish'
        ? 'Saved and unpublished: it is a draft again.'
        : 'Saved.';
  return { ok: true, message } satisfies VideoFormResult;
}

export const meta: Route.MetaFunction = ({ matches, data: loaded, params }) =>
  seoMeta({
    title: loaded ? `Edit ${loaded.video.video_title}` : 'Edit video',
    description: 'Edit a video.',
    path: `/staff/content/videos/${params.idVideo}`,
    matches,
    noIndex: true,
  });

export { StaffErrorBoundary as ErrorBoundary };

export default function EditVideo({ loaderData, actionData }: Route.ComponentProps) {
  const { video, options, done, problem } = loaderData;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <p className="mb-2 text-sm">
          <Link to="/staff/content/videos" className="font-medium text-brand-700 hover:underline">
            ← Videos
          </Link>
        </p>
        <PageHeader
          title={video.video_title}
          description={
            <span className="flex flex-wrap items-center gap-2">
              <PublishBadge published={video.video_published} />
              <span>Changed {formatWhen(video.video_updated)}</span>
              <a
                href={`/videos/${video.video_slug}`}
                target="_blank"
                rel="noreferrer"
                className="font-semibold text-brand-700 hover:underline"
              >
                {video.video_published ? 'View on the site' : 'Preview the draft'}
                <span className="sr-only"> (opens in a new tab)</span> ↗
              </a>
            </span>
          }
        />
        {problem && !actionData ? (
          <p role="alert" className="rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            The draft was created, but: {problem}
          </p>
        ) : null}
      </div>
      {/* A save re-reads the video: the form starts again from what the server kept. */}
      <VideoForm
        key={String(video.video_updated)}
        video={video}
        options={options}
        result={actionData}
        notice={problem ? null : done}
      />
      <DeletePanel
        noun="video"
        title={video.video_title}
        titleField="video_title"
        published={video.video_published}
        removedWith="its sections, chords, tags, course places, members’ saves and progress"
      />
    </div>
  );
}
