import { data } from 'react-router';
import { PREVIEW_AUDIENCES, type PreviewAudience } from '@fretline/contract';
import { requireStaffAccess } from '../../features/editor/console/access.server';
import { StaffErrorBoundary } from '../../features/editor/console/staff-error';
import { loadTrialDays } from '../../features/membership/trial-offer.server';
import { ApiError } from '../../lib/api-client';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/video-preview';

/**
 * "Preview as visitor / learner / member" (ADR 0061): the public lesson page, drawn by the same
 * component, from the editor's preview call, so a draft never needs a public address.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  const asParam = new URL(request.url).searchParams.get('as') ?? 'member';
  if (!(PREVIEW_AUDIENCES as readonly string[]).includes(asParam)) {
    throw data(null, { status: 404 });
  }
  const as = asParam as PreviewAudience;
  try {
    const { video } = await api.call('editor.previewVideo', { params: { idVideo: params.idVideo }, query: { as } });
    const trialDays = video.video_locked ? await loadTrialDays(api) : null;
    return { video, course: null, sharedRender: false, trialDays, momentAt: null, jsonLd: null, preview: as };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw data(null, { status: 404 });
    throw err;
  }
}

export const meta: Route.MetaFunction = ({ matches, data: loaded, params }) =>
  seoMeta({
    title: loaded ? `Preview: ${loaded.video.video_title ?? 'Video'}` : 'Preview',
    description: 'Preview a video as its audience sees it.',
    path: `/staff/content/videos/${params.idVideo}/preview`,
    matches,
    noIndex: true,
  });

export { StaffErrorBoundary as ErrorBoundary };
export { default } from '../catalogue/video';
