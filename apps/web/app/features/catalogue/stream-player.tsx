import { useEffect, useId, useRef, useState } from 'react';
import type HlsType from 'hls.js';
import type { VideoCaptionTrack } from '@fretline/contract';

/** Spec: playback speed from 0.5× to 1.25×. */
const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25] as const;
/** ADR 0016: progress is reported about every 10 s while playing, and on pause and end. */
const PROGRESS_INTERVAL_MS = 10_000;

export interface PlayerProgress {
  totalTime: number;
  currentTime: number;
  /** The stretches played since the page opened (the media element's `played`), for the unique seconds watched. */
  watched: [number, number][];
}

/** The media element's played stretches as [start, end] pairs. */
function playedRanges(video: HTMLVideoElement): [number, number][] {
  const ranges: [number, number][] = [];
  for (let i = 0; i < video.played.length; i++) ranges.push([video.played.start(i), video.played.end(i)]);
  return ranges;
}

export interface StreamPlayerProps {
  /** A signed HLS manifest URL (ADR 0017), or a signed progressive MP4/WebM URL (ADR 0039). */
  src: string;
  poster: string | null;
  title: string;
  /** Where to resume (video_play_current_time). */
  startAt?: number | null;
  onProgress?: (progress: PlayerProgress) => void;
  /** Live streams have no fixed end; no resume or speed control. */
  live?: boolean;
  /** The practice player drives this element (speed included): it gets the element, the speed buttons go. */
  onVideo?: (video: HTMLVideoElement | null) => void;
  /** Caption tracks (ADR 0085): the practice player turns them on and off. */
  tracks?: readonly VideoCaptionTrack[];
}

/** Whether a (signed) media URL names an HLS playlist rather than a progressive file. */
export function isHlsManifest(src: string): boolean {
  return /\.m3u8$/i.test(src.split(/[?#]/)[0] ?? '');
}

/**
 * HLS through hls.js, with the browser's native HLS when MediaSource is missing (iOS Safari).
 * Nothing of the stream loads before the visitor asks for it (ADR 0056): hls.js (about 150 KB) is
 * imported when the pointer or focus comes to the player, and the playlist and segments load on the
 * first play, so a phone opening a lesson downloads the page, not half a megabyte of video.
 */
/**
 * The stream to attach. A refresh of the page's data (window focus) hands a newer signature of the
 * same file, as signed addresses move by the hour (ADR 0017); tearing down what plays for it would
 * stop the learner mid-lesson. Another file is another stream.
 */
function useSameStream(src: string): string {
  const [kept, setKept] = useState(src);
  if (mediaPathOf(kept) === mediaPathOf(src)) return kept;
  setKept(src);
  return src;
}

const mediaPathOf = (url: string) => url.split(/[?#]/)[0];

export function StreamPlayer({
  src: offered,
  poster,
  title,
  startAt,
  onProgress,
  live = false,
  onVideo,
  tracks = [],
}: StreamPlayerProps) {
  const src = useSameStream(offered);
  const ref = useRef<HTMLVideoElement>(null);
  const [rate, setRate] = useState(1);
  // A page can hold two players (the lesson and a play-along section): each label needs its own id.
  const speedLabel = useId();
  const [failed, setFailed] = useState(false);
  const lastReport = useRef(0);
  const onProgressRef = useRef(onProgress);
  onProgressRef.current = onProgress;
  /** Starts loading hls.js ahead of the first play (pointer over or focus on the player). */
  const warm = useRef<() => void>(() => undefined);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let destroyed = false;
    let cleanup = () => undefined as void;
    const resume = () => {
      if (startAt && Number.isFinite(video.duration) && startAt < video.duration - 2) video.currentTime = startAt;
    };
    video.addEventListener('loadedmetadata', resume, { once: true });
    // An uploaded progressive file (ADR 0039: `.mp4`, `.webm`) plays natively; hls.js is for playlists.
    if (!isHlsManifest(src)) {
      video.src = src;
      return () => video.removeEventListener('loadedmetadata', resume);
    }
    let hlsModule: Promise<{ default: typeof HlsType }> | null = null;
    const loadHls = () => (hlsModule ??= import('hls.js'));
    warm.current = () => void loadHls().catch(() => undefined);
    let attached = false;
    const attach = () => {
      if (attached) return;
      attached = true;
      void loadHls()
        .then(({ default: Hls }) => {
          if (destroyed) return;
          if (Hls.isSupported()) {
            // A phone never fetches a rung taller than its player (a 375 px screen has no use for
            // 1080p), and the first rung follows the measured bandwidth rather than the list's first.
            const hls = new Hls({
              enableWorker: true,
              capLevelToPlayerSize: true,
              startLevel: -1,
              startPosition: startAt && !live ? startAt : -1,
            });
            hls.on(Hls.Events.ERROR, (_event, data) => {
              if (data.fatal) setFailed(true);
            });
            // The play that asked for the stream found no source yet: play once there is one.
            hls.on(Hls.Events.MANIFEST_PARSED, () => void video.play().catch(() => undefined));
            hls.loadSource(src);
            hls.attachMedia(video);
            cleanup = () => hls.destroy();
          } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
            video.src = src;
            void video.play().catch(() => undefined);
          } else {
            setFailed(true);
          }
        })
        .catch(() => {
          // Without hls.js (an old cached page), the native player may still manage.
          if (!destroyed) video.src = src;
        });
    };
    video.addEventListener('play', attach);
    return () => {
      destroyed = true;
      warm.current = () => undefined;
      video.removeEventListener('play', attach);
      video.removeEventListener('loadedmetadata', resume);
      cleanup();
    };
  }, [src, startAt, live]);

  useEffect(() => {
    if (ref.current && !onVideo) ref.current.playbackRate = rate;
  }, [rate, onVideo]);

  useEffect(() => {
    if (!onVideo) return;
    onVideo(ref.current);
    return () => onVideo(null);
  }, [onVideo]);

  const report = (force: boolean) => {
    const video = ref.current;
    if (!video || live || !onProgressRef.current || !Number.isFinite(video.duration) || video.duration <= 0) return;
    const now = Date.now();
    if (!force && now - lastReport.current < PROGRESS_INTERVAL_MS) return;
    lastReport.current = now;
    onProgressRef.current({
      totalTime: video.duration,
      currentTime: Math.min(video.currentTime, video.duration),
      watched: playedRanges(video),
    });
  };

  return (
    <div className="overflow-hidden rounded-2xl bg-black">
      <video
        ref={ref}
        className="aspect-video w-full bg-black focus-visible:-outline-offset-4"
        controls
        playsInline
        preload={isHlsManifest(src) ? 'none' : 'metadata'}
        poster={poster ?? undefined}
        aria-label={title}
        data-testid="video-player"
        onPointerEnter={() => warm.current()}
        onFocus={() => warm.current()}
        onTimeUpdate={() => report(false)}
        onPause={() => report(true)}
        // A scrub while paused is where the learner will come back to: saved at once, not at the
        // next report while playing (a seek while playing is reported as it plays on).
        onSeeked={(event) => event.currentTarget.paused && report(true)}
        onEnded={() => report(true)}
      >
        {tracks.map((track) => (
          <track
            key={track.caption_language}
            kind="captions"
            src={track.caption_src}
            srcLang={track.caption_language}
            label={track.caption_label}
          />
        ))}
      </video>
      {failed ? (
        <p role="alert" className="bg-red-50 px-4 py-2 text-sm text-red-800">
          This video could not be loaded. Please reload the page; if it keeps happening, contact support.
        </p>
      ) : null}
      {live || onVideo ? null : (
        // Fits one line at 320 px with the narrower buttons; wraps rather than overflows if it ever cannot.
        <div className="flex flex-wrap items-center justify-end gap-x-1.5 gap-y-1 bg-ink-900 px-2 py-2 sm:gap-x-2 sm:px-3 text-sm text-white">
          <span id={speedLabel} className="shrink-0" data-testid="speed-label">
            Speed
          </span>
          <div role="group" aria-labelledby={speedLabel} className="flex flex-wrap justify-end gap-1">
            {PLAYBACK_RATES.map((r) => (
              <button
                key={r}
                type="button"
                onClick={() => setRate(r)}
                aria-pressed={rate === r}
                className={`min-h-10 min-w-11 rounded-full px-1.5 font-semibold sm:min-w-12 sm:px-2 ${rate === r ? 'bg-brand-700 text-white' : 'bg-white/10 hover:bg-white/20'}`}
              >
                {r}×
              </button>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
