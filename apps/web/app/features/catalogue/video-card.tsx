import { videoSubtitle, type VideoProgress, type VideoSummary } from '@fretline/contract';
import { Badge, ProgressMark, ResponsiveImage } from '../../components/ui';
import { PreloadLink } from '../../lib/preload';

/** A length in seconds as a player shows it: 4:05, 1:02:09. */
function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** One video in a grid: poster, title, subtitle (product.md#entities) and whether it is free or for members. */
function VideoCard({
  video,
  courseSlug,
  mine,
  note,
}: {
  video: VideoSummary;
  courseSlug?: string;
  mine?: VideoProgress;
  note?: string;
}) {
  const to = `/videos/${video.video_slug}${courseSlug ? `?course=${encodeURIComponent(courseSlug)}` : ''}`;
  return (
    <PreloadLink
      to={to}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <div className="relative aspect-video bg-stone-100">
        {video.video_image ? (
          <ResponsiveImage
            src={video.video_image}
            alt=""
            sizes="(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
            className="size-full object-cover"
            width={640}
            height={360}
          />
        ) : null}
        <div className="absolute left-2 top-2 flex gap-1">
          {video.video_premium ? (
            <Badge tone={video.video_locked ? 'warning' : 'brand'}>{video.video_locked ? 'Members' : 'Included'}</Badge>
          ) : (
            <Badge tone="success">Free</Badge>
          )}
        </div>
        {mine ? (
          // The learner's own mark (docs/product.md#learning-progress): done, or how much is watched.
          mine.video_play_completed ? (
            <ProgressMark className="absolute bottom-2 left-2" percent={100} done />
          ) : (
            <ProgressMark className="absolute inset-x-0 bottom-0" percent={mine.video_play_watched_percent} done={false} />
          )
        ) : null}
        {video.video_duration ? (
          <span className="absolute bottom-2 right-2 rounded bg-black/75 px-1.5 py-0.5 text-xs font-semibold tabular-nums text-white">
            <span className="sr-only">Length </span>
            {formatDuration(video.video_duration)}
          </span>
        ) : null}
        {video.saved_to_my_list ? (
          <span className="absolute right-2 top-2 rounded-full bg-white/90 px-2 py-0.5 text-xs font-semibold text-brand-700">
            Saved
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{videoSubtitle(video)}</p>
        <h3 className="font-semibold leading-snug text-ink-900 group-hover:text-brand-700">{video.video_title}</h3>
        {video.video_difficulty ? <p className="mt-auto pt-2 text-sm text-stone-500">{video.video_difficulty}</p> : null}
        {note ? <p className="text-sm font-semibold text-brand-800">{note}</p> : null}
      </div>
    </PreloadLink>
  );
}

/** `notes`: a line per video id under its card, e.g. the chord a song still needs (product.md#chords-i-know). */
export function VideoGrid({
  videos,
  courseSlug,
  progress,
  notes,
}: {
  videos: VideoSummary[];
  courseSlug?: string;
  /** The signed-in learner's videos played or marked (GET videos/me/progress). */
  progress?: readonly VideoProgress[] | null;
  notes?: ReadonlyMap<number, string>;
}) {
  const mine = new Map((progress ?? []).map((p) => [p.id_video, p]));
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {videos.map((video) => (
        <li key={video.id_video}>
          <VideoCard video={video} courseSlug={courseSlug} mine={mine.get(video.id_video)} note={notes?.get(video.id_video)} />
        </li>
      ))}
    </ul>
  );
}
