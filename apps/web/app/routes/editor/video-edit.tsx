import { lazy, Suspense } from 'react';
import { requireStaffAccess } from '../../features/editor/console/access.server';
import { StaffErrorBoundary } from '../../features/editor/console/staff-error';
import { EditEntryPage } from '../../features/editor/form-kit/editor-page-header';
import { editEntry, loadEntry } from '../../features/editor/form-kit/form-actions.server';
import { videoEntity } from '../../features/editor/video/video-actions.server';
import { VideoForm } from '../../features/editor/video/video-form';
import { SchedulePanel } from '../../features/editor/video/schedule-panel';
import { CaptionsPanel } from '../../features/editor/video/captions-panel';
import { PreviewAs } from '../../features/editor/video/preview-as';
import { ChordTimelinePanel } from '../../features/editor/video/chord-timeline-panel';
import { ScorePanel } from '../../features/editor/video/score-panel';
import { seoMeta } from '../../lib/seo';
import { videoKind } from '../../features/editor/video/video-kind';
import type { Route } from './+types/video-edit';

// The captions preview plays the lesson with hls.js: loaded only when the panel shows it.
const StreamPlayer = lazy(() => import('../../features/catalogue/stream-player').then((m) => ({ default: m.StreamPlayer })));

export async function loader({ request, params }: Route.LoaderArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  const [loaded, { options }] = await Promise.all([
    loadEntry(api, videoEntity, params.idVideo, request.url),
    api.call('editor.getVideoOptions'),
  ]);
  return { ...loaded, options };
}

/**
 * Every button saves the whole form first (nothing typed is lost), then places the video in its
 * courses, then publishes or unpublishes when asked. Delete is its own form.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const { api } = await requireStaffAccess(request, 'Editor');
  return editEntry(api, videoEntity, params.idVideo, await request.formData());
}

export const meta: Route.MetaFunction = ({ matches, data: loaded, params }) =>
  seoMeta({
    title: loaded ? `Edit ${loaded.entry.video_title}` : 'Edit video',
    description: 'Edit a video.',
    path: `/staff/content/videos/${params.idVideo}`,
    matches,
    noIndex: true,
  });

export { StaffErrorBoundary as ErrorBoundary };
// A draft's autosave keeps the form as it is (ADR 0061).
export { skipRevalidationOnAutosave as shouldRevalidate } from '../../features/editor/form-kit/autosave';

export default function EditVideo({ loaderData, actionData }: Route.ComponentProps) {
  const { entry: video, options, done, problem } = loaderData;
  return (
    <EditEntryPage
      kind={videoKind}
      entry={video}
      problem={actionData ? null : problem}
      deletion={{ removedWith: 'its sections, chords, tags, course places, members’ saves and progress' }}
    >
      {/* A save re-reads the video: the form starts again from what the server kept. */}
      <VideoForm
        key={String(video.video_updated)}
        saved={video}
        options={options}
        result={actionData}
        notice={problem ? null : done}
      />
      {/* ADR 0077: when each chord starts, tapped while the video plays here. */}
      <ChordTimelinePanel
        key={`chord-timeline-${String(video.video_updated)}`}
        idVideo={video.id_video}
        chords={[...new Set(video.video_chords.map((chord) => chord.video_chord_text))]}
        player={(stream, onVideo) => (
          <Suspense fallback={<div className="aspect-video rounded-2xl bg-stone-200" />}>
            <StreamPlayer src={stream.src} poster={stream.poster} title={video.video_title} onVideo={onVideo} />
          </Suspense>
        )}
      />
      {/* ADR 0088: the lesson's tab and notation, its bars tapped while the video plays here. */}
      <ScorePanel
        key={`score-${String(video.video_updated)}`}
        idVideo={video.id_video}
        player={(stream, onVideo) => (
          <Suspense fallback={<div className="aspect-video rounded-2xl bg-stone-200" />}>
            <StreamPlayer src={stream.src} poster={stream.poster} title={`${video.video_title} (score sync)`} onVideo={onVideo} />
          </Suspense>
        )}
      />
      <PreviewAs idVideo={video.id_video} />
      <CaptionsPanel
        idVideo={video.id_video}
        renderPlayer={(props) => (
          <Suspense fallback={<div className="aspect-video rounded-2xl bg-stone-200" />}>
            <StreamPlayer {...props} title={`${video.video_title} (preview)`} />
          </Suspense>
        )}
      />
      <SchedulePanel key={`schedule-${String(video.video_updated)}`} idVideo={video.id_video} published={video.video_published} />
    </EditEntryPage>
  );
}
