import { Link, redirect } from 'react-router';
import type { EditorVideo, EditorVideoOptions } from '@fretline/contract';
import { requireStaffAccess } from '../../features/editor/console/access.server';
import { PageHeader } from '../../features/editor/console/page-header';
import { StaffErrorBoundary } from '../../features/editor/console/staff-error';
import { failure, splitVideoForm } from '../../features/editor/video/video-actions.server';
import { VideoForm } from '../../features/editor/video/video-form';
import { ApiError } from '../../lib/api-client';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/video-new';

export async function loader({ request }: Route.LoaderArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  const { options } = await api.get<{ options: EditorVideoOptions }>('/videos/editor/videos/options');
  return { options };
}

/**
 * Creates the draft, then places it in its courses and publishes it when asked. Once the draft
 * exists, a later step that fails sends the editor to the draft's page with the reason.
 */
export async function action({ request }: Route.ActionArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  const { intent, video, courses } = splitVideoForm(await request.formData());
  let created: EditorVideo;
  try {
    created = (await api.post<{ video: EditorVideo }>('/videos/editor/videos', video)).video;
  } catch (err) {
    return failure(err);
  }
  const page = `/staff/content/videos/${created.id_video}`;
  try {
    if ([...courses.keys()].length) await api.put(`/videos/editor/videos/${created.id_video}/courses`, courses);
    if (intent === 'publish') {
      await api.put(`/videos/editor/videos/${created.id_video}/published`, { video_published: 'true' });
      return redirect(`${page}?done=published`);
    }
    return redirect(`${page}?done=created`);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status === undefined || err.status >= 500) throw err;
    return redirect(`${page}?done=created&problem=${encodeURIComponent(err.message)}`);
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ title: 'New video', description: 'Add a video.', path: '/staff/content/videos/new', matches, noIndex: true });

export { StaffErrorBoundary as ErrorBoundary };

export default function NewVideo({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl">
      <p className="mb-2 text-sm">
        <Link to="/staff/content/videos" className="font-medium text-brand-700 hover:underline">
          ← Videos
        </Link>
      </p>
      <PageHeader title="New video" description="It is saved as a draft: only editors see it until it is published." />
      <VideoForm video={null} options={loaderData.options} result={actionData} />
    </div>
  );
}
