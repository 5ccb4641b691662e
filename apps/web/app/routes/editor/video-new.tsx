import { requireStaffAccess } from '../../features/editor/console/access.server';
import { StaffErrorBoundary } from '../../features/editor/console/staff-error';
import { NewEntryPage } from '../../features/editor/form-kit/editor-page-header';
import { createEntry } from '../../features/editor/form-kit/form-actions.server';
import { videoEntity } from '../../features/editor/video/video-actions.server';
import { VideoForm } from '../../features/editor/video/video-form';
import { seoMeta } from '../../lib/seo';
import { videoKind } from '../../features/editor/video/video-kind';
import type { Route } from './+types/video-new';

export async function loader({ request }: Route.LoaderArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  const { options } = await api.call('editor.getVideoOptions');
  return { options };
}

/**
 * Creates the draft, then places it in its courses and publishes it when asked. Once the draft
 * exists, a later step that fails sends the editor to the draft's page with the reason.
 */
export async function action({ request }: Route.ActionArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  return createEntry(api, videoEntity, await request.formData());
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ title: 'New video', description: 'Add a video.', path: '/staff/content/videos/new', matches, noIndex: true });

export { StaffErrorBoundary as ErrorBoundary };

export default function NewVideo({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <NewEntryPage kind={videoKind} description="It is saved as a draft: only editors see it until it is published.">
      <VideoForm saved={null} options={loaderData.options} result={actionData} />
    </NewEntryPage>
  );
}
