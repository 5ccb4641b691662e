import { data, redirect } from 'react-router';
import type { EditorVideo, EditorVideoOptions } from '@fretline/contract';
import { requireStaffAccess } from '../../features/editor/console/access.server';
import { EditorPageHeader, readCreateOutcome } from '../../features/editor/form-kit/editor-page-header';
import { StaffErrorBoundary } from '../../features/editor/console/staff-error';
import { DeletePanel } from '../../features/editor/form-kit/delete-panel';
import { failure, idFromParams, splitVideoForm } from '../../features/editor/video/video-actions.server';
import { VideoForm, type VideoFormResult } from '../../features/editor/video/video-form';
import { ApiError } from '../../lib/api-client';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/video-edit';

export async function loader({ request, params }: Route.LoaderArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  const idVideo = idFromParams(params);
  if (!idVideo) throw data(null, { status: 404 });
  try {
    const [{ video }, { options }] = await Promise.all([
      api.get<{ video: EditorVideo }>(`/videos/editor/videos/${idVideo}`),
      api.get<{ options: EditorVideoOptions }>('/videos/editor/videos/options'),
    ]);
    return { video, options, ...readCreateOutcome(request.url) };
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
      <EditorPageHeader
        back={{ to: '/staff/content/videos', label: 'Videos' }}
        title={video.video_title}
        published={video.video_published}
        updated={video.video_updated}
        publicHref={`/videos/${video.video_slug}`}
        draftPreview={true}
        problem={actionData ? null : problem}
      />
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
