import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  PRACTICE_COUNT_IN_MAX,
  PRACTICE_LADDER_LOOPS_MAX,
  PRACTICE_LADDER_STEP_MAX,
  PRACTICE_RATE_MAX,
  PRACTICE_RATE_MIN,
  PRACTICE_RATE_STEP,
  SAVED_NOTE_MAX,
  formatPracticeTime,
  ladderClean,
  ladderStart,
  loopSeekTarget,
  markLoop,
  metronomeBpm,
  practiceLoop,
  snapPracticeRate,
  type LadderState,
  type LoopMarks,
  type Video,
  type VideoChapter,
} from '@fretline/contract';
import { api } from '../../../lib/api.client';
import { ApiError } from '../../../lib/api-client';
import { StreamPlayer, type PlayerProgress } from '../stream-player';
import { Transcript, useCaptionChoice, useTrackModes } from './captions';
import { Metronome } from './metronome';
import { streamMedia, youtubeMedia, type PracticeMedia } from './practice-media';
import { usePracticeSettings, type PracticeValues } from './use-practice-settings';

const SEEK_STEP = 5;
const YOUTUBE_ORIGIN = 'https://www.youtube-nocookie.com';

const SHORTCUTS: [string, string][] = [
  ['Space or K', 'Play or pause'],
  ['A', 'Mark the loop start (A) here'],
  ['B', 'Mark the loop end (B) here'],
  ['X', 'Clear the loop'],
  ['[ and ]', 'Slower or faster by 5 %'],
  ['← and →', 'Back or forward 5 seconds'],
  [', and .', 'Previous or next chapter'],
  ['L', 'Start or stop the tempo ladder'],
  ['C', 'Count a clean loop on the ladder'],
  ['M', 'Metronome on or off'],
  ['R', 'Mirror the video (left-handed)'],
  ['S', 'Save this moment'],
  ['F', 'Practice view (full screen with the tools)'],
  ['V', 'Captions on or off'],
  ['?', 'Show these shortcuts'],
];

export interface PracticePlayerProps {
  video: Video;
  signedIn: boolean;
  /** Where to start: a saved moment (`?t=`), else the resume point. */
  startAt: number | null;
  onProgress?: (progress: PlayerProgress) => void;
  /** The page flips its chord diagrams with the video. */
  onMirrorChange?: (mirror: boolean) => void;
  /** Playing or counting in: the page's practice timer runs with it (product.md#practice-log). */
  onPractisingChange?: (practising: boolean) => void;
  /** The account plays left-handed: the video is mirrored until this lesson says otherwise. */
  leftHanded?: boolean;
  /** The page's Now / Next chords follow the same media (ADR 0077); null when it goes. */
  onMedia?: (media: PracticeMedia | null) => void;
  /**
   * The page's score sets the loop from a range of bars (ADR 0088): handed a setter (start and end
   * in seconds) once the player is up, and null when it goes. The loop is the same as A–B's.
   */
  onLoopControl?: (setLoop: ((start: number, end: number) => void) | null) => void;
  /**
   * The page's workspace (video, tools, chords and notes): the practice view shows it full screen,
   * the tools with it, where the video element's own full screen would hide them.
   */
  workspace?: React.RefObject<HTMLElement | null>;
  /**
   * The YouTube embed, given the frame callback. The page passes it in (it already has the embed
   * for YouTube sections), which keeps the consent gate out of this chunk's dependency list and the
   * video page within its JavaScript budget.
   */
  youtube?: (onFrame: (frame: HTMLIFrameElement | null) => void) => React.ReactNode;
}

const btn =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full px-3 text-sm font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-40';
const quiet = `${btn} bg-white/10 text-white hover:bg-white/20`;
const on = `${btn} bg-brand-600 text-white hover:bg-brand-700`;

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Space already means something on a focused control (pressing a button, the video's own play). */
function spaceIsTaken(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest('button, a[href], summary, video, iframe, [role="slider"], [role="button"], [role="checkbox"]') !== null
  );
}

/**
 * The practice player (product.md#practice, ADR 0058): the lesson's video with a loop, speed,
 * tempo ladder, metronome, mirror, chapters and "Save this moment", each with a key (the "?"
 * panel). It drives the HLS `<video>` or the YouTube embed through one PracticeMedia surface.
 */
export function PracticePlayer({
  video,
  signedIn,
  startAt,
  onProgress,
  onMirrorChange,
  onPractisingChange,
  leftHanded = false,
  onMedia,
  onLoopControl,
  workspace,
  youtube,
}: PracticePlayerProps) {
  const { values, update, loaded, saveError } = usePracticeSettings(video.video_slug, signedIn, leftHanded);
  // A loop with one end marked: shown, never saved (a saved loop has both ends or neither).
  const [half, setHalf] = useState<LoopMarks | null>(null);
  const [media, setMedia] = useState<PracticeMedia | null>(null);
  const [time, setTime] = useState(startAt ?? 0);
  const [duration, setDuration] = useState(Number.NaN);
  const [playing, setPlaying] = useState(false);
  const [ladder, setLadder] = useState<LadderState | null>(null);
  const [countLoops, setCountLoops] = useState(true);
  const [metronomeOn, setMetronomeOn] = useState(false);
  const [showLadder, setShowLadder] = useState(false);
  const [counting, setCounting] = useState(false);
  const [announce, setAnnounce] = useState('');
  const [momentOpen, setMomentOpen] = useState(false);
  const [moreOpen, setMoreOpen] = useState(false);
  const [practiceView, setPracticeView] = useState(false);
  const metronome = useRef<Metronome | null>(null);
  const help = useRef<HTMLDialogElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const ids = useId();

  const rate = values.practice_rate;
  const marks: LoopMarks = half ?? { start: values.practice_loop_start, end: values.practice_loop_end };
  const loop = practiceLoop(
    values.practice_loop_start,
    values.practice_loop_end,
    Number.isFinite(duration) ? duration : undefined,
  );
  const bpm = metronomeBpm(video.video_tempo, rate);
  const chapters = video.video_chapters;
  const ladderConfig = useMemo(
    () => ({
      start: values.practice_ladder_start,
      step: values.practice_ladder_step,
      target: values.practice_ladder_target,
      loops: values.practice_ladder_loops,
    }),
    [values.practice_ladder_start, values.practice_ladder_step, values.practice_ladder_target, values.practice_ladder_loops],
  );

  // The latest values for event handlers that outlive a render.
  const live = useRef({ loop, values, ladder, countLoops, bpm, counting });
  live.current = { loop, values, ladder, countLoops, bpm, counting };

  const ladderConfigRef = useRef(ladderConfig);
  ladderConfigRef.current = ladderConfig;

  // ── The media element or embed ────────────────────────────────────────────────────────────
  const [videoElement, setVideoElement] = useState<HTMLVideoElement | null>(null);
  const onVideo = useCallback((el: HTMLVideoElement | null) => {
    setVideoElement(el);
    setMedia(el ? streamMedia(el) : null);
  }, []);
  // Captions (ADR 0085): on our stream as `<track>`s; a YouTube lesson keeps its own and the transcript.
  const captionTracks = video.video_captions;
  const captions = useCaptionChoice(captionTracks);
  useTrackModes(videoElement, captions.language);
  const canCaption = captionTracks.length > 0 && video.video_player !== 'youtube';
  const toggleCaptions = () => {
    const next = captions.language ? null : (captionTracks[0]?.caption_language ?? null);
    captions.choose(next);
    say(next ? 'Captions on' : 'Captions off');
  };
  const disposeFrame = useRef<(() => void) | null>(null);
  const onFrame = useCallback((frame: HTMLIFrameElement | null) => {
    disposeFrame.current?.();
    disposeFrame.current = null;
    if (!frame) {
      setMedia(null);
      return;
    }
    const yt = youtubeMedia(frame, YOUTUBE_ORIGIN);
    disposeFrame.current = () => yt.dispose();
    setMedia(yt);
  }, []);
  useEffect(() => () => disposeFrame.current?.(), []);

  useEffect(() => {
    media?.setRate(rate / 100);
  }, [media, rate]);
  useEffect(() => {
    onMedia?.(media);
    return () => onMedia?.(null);
  }, [media, onMedia]);
  useEffect(() => {
    media?.setMirror(values.practice_mirror);
    onMirrorChange?.(values.practice_mirror);
  }, [media, values.practice_mirror, onMirrorChange]);

  const say = (text: string) => setAnnounce(text);

  /**
   * At B (or the end): back to A. A pass that was playing counts on the ladder and plays on, after
   * the count-in when there is one; a paused player (B just marked where it stands) only moves to A.
   */
  const wrap = useCallback(
    (m: PracticeMedia, start: number, ended: boolean) => {
      if (!ended && m.paused()) {
        m.seek(start);
        return;
      }
      const { values: v, ladder: l, countLoops: count, bpm: beat } = live.current;
      if (l && count) {
        const next = ladderClean(ladderConfigRef.current, l);
        setLadder(next);
        if (next.rate !== v.practice_rate) update({ practice_rate: next.rate });
      }
      m.seek(start);
      if (v.practice_count_in > 0) {
        m.pause();
        setCounting(true);
        metronome.current ??= new Metronome();
        void metronome.current.countIn(v.practice_count_in, beat ?? 60).then(() => {
          setCounting(false);
          m.play();
        });
      } else {
        m.play();
      }
    },
    [update],
  );
  useEffect(() => {
    if (!media) return;
    let frame = 0;
    const check = (ended = false) => {
      const now = media.currentTime();
      setTime(now);
      const d = media.duration();
      if (Number.isFinite(d)) setDuration(d);
      if (live.current.counting) return;
      const target = loopSeekTarget(live.current.loop, now, ended);
      if (target !== null) wrap(media, target, ended);
    };
    // Every frame while playing, so the loop turns at B rather than up to a quarter second late.
    const tick = () => {
      check();
      frame = media.paused() ? 0 : requestAnimationFrame(tick);
    };
    const unsubscribe = media.subscribe((event) => {
      if (event === 'play') {
        setPlaying(true);
        cancelAnimationFrame(frame);
        frame = requestAnimationFrame(tick);
      } else if (event === 'pause') {
        setPlaying(false);
        check();
      } else if (event === 'ended') {
        setPlaying(false);
        check(true);
      } else {
        check();
      }
    });
    return () => {
      cancelAnimationFrame(frame);
      unsubscribe();
    };
  }, [media, wrap]);

  // The metronome clicks while the video plays, at the lesson's tempo times the speed.
  useEffect(() => {
    if (!metronomeOn || !bpm || !playing) {
      metronome.current?.stop();
      return;
    }
    metronome.current ??= new Metronome();
    metronome.current.start(bpm);
    metronome.current.setBpm(bpm);
  }, [metronomeOn, bpm, playing]);
  useEffect(() => () => metronome.current?.close(), []);

  useEffect(() => onPractisingChange?.(playing || counting), [playing, counting, onPractisingChange]);

  // ── Actions ───────────────────────────────────────────────────────────────────────────────
  const setRate = (next: number) => {
    const snapped = snapPracticeRate(next);
    update({ practice_rate: snapped });
    say(`Speed ${snapped} %`);
  };
  const saveLoop = (start: number | null, end: number | null) => {
    setHalf(null);
    if (start !== values.practice_loop_start || end !== values.practice_loop_end)
      update({ practice_loop_start: start, practice_loop_end: end });
  };
  const mark = (end: 'a' | 'b') => {
    const at = media?.currentTime() ?? time;
    const next = markLoop(marks, end, at);
    if (next.start !== null && next.end !== null) saveLoop(next.start, next.end);
    else {
      // The saved loop gives way to the one being made.
      saveLoop(null, null);
      setHalf(next);
    }
    say(`${end === 'a' ? 'A' : 'B'} set at ${formatPracticeTime(at)}`);
  };
  const clearLoop = () => {
    saveLoop(null, null);
    say('Loop cleared');
  };
  const setLoopFrom = (a: number, b: number) => {
    saveLoop(a, b);
    say(`Loop set from ${formatPracticeTime(a)} to ${formatPracticeTime(b)}`);
  };
  // The page's score (ADR 0088) sets the loop through the same path as the timeline's drag.
  const loopSetter = useRef(setLoopFrom);
  loopSetter.current = setLoopFrom;
  useEffect(() => {
    onLoopControl?.((a, b) => loopSetter.current(a, b));
    return () => onLoopControl?.(null);
  }, [onLoopControl]);
  const seek = (to: number) => {
    if (!media) return;
    const d = media.duration();
    media.seek(Math.max(0, Number.isFinite(d) ? Math.min(to, d) : to));
    setTime(media.currentTime());
  };
  const togglePlay = () => {
    if (!media) return;
    if (media.paused()) {
      if (loop && (media.currentTime() < loop.start || media.currentTime() >= loop.end)) media.seek(loop.start);
      media.play();
    } else media.pause();
  };
  const toggleLadder = () => {
    if (ladder) {
      setLadder(null);
      say('Tempo ladder stopped');
      return;
    }
    const first = ladderStart(ladderConfig);
    setLadder(first);
    update({ practice_rate: first.rate });
    setShowLadder(true);
    say(`Tempo ladder started at ${first.rate} %`);
  };
  const clean = () => {
    if (!ladder) return;
    const next = ladderClean(ladderConfig, ladder);
    setLadder(next);
    if (next.rate !== rate) update({ practice_rate: next.rate });
    say(next.done ? `Target reached: ${next.rate} %` : `Clean loop counted. Speed ${next.rate} %`);
  };
  const toggleMirror = () => {
    update({ practice_mirror: !values.practice_mirror });
    say(values.practice_mirror ? 'Mirror off' : 'Mirror on');
  };
  const chapterAt = (t: number) => [...chapters].reverse().find((c) => c.time <= t + 0.25);
  const jumpChapter = (dir: 1 | -1) => {
    const now = media?.currentTime() ?? time;
    const target = dir > 0 ? chapters.find((c) => c.time > now + 0.5) : [...chapters].reverse().find((c) => c.time < now - 1.5);
    if (target) {
      seek(target.time);
      say(`Chapter: ${target.title}`);
    }
  };
  // The practice view: the workspace fills the screen (a fixed layer, data-practice-view) and asks
  // for full screen where the browser allows it (an iPhone does not: the layer is the view there).
  const togglePracticeView = () => {
    if (!workspace) return;
    setPracticeView(!practiceView);
    say(practiceView ? 'Practice view closed' : 'Practice view');
  };
  useEffect(() => {
    const el = workspace?.current;
    if (!el) return;
    el.dataset.practiceView = String(practiceView);
    if (practiceView && !document.fullscreenElement && typeof el.requestFullscreen === 'function')
      el.requestFullscreen().catch(() => undefined);
    if (!practiceView && document.fullscreenElement === el) void document.exitFullscreen().catch(() => undefined);
  }, [practiceView, workspace]);
  useEffect(() => {
    const left = () => {
      if (!document.fullscreenElement) setPracticeView(false);
    };
    document.addEventListener('fullscreenchange', left);
    return () => document.removeEventListener('fullscreenchange', left);
  }, []);

  const openMoment = () => {
    media?.pause();
    setMomentOpen(true);
    requestAnimationFrame(() => noteRef.current?.focus());
  };

  // ── Keys (listed in the "?" panel) ────────────────────────────────────────────────────────
  const keys = useRef<(e: KeyboardEvent) => void>(() => undefined);
  keys.current = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
    const onVideoElement = e.target instanceof HTMLVideoElement;
    const handlers: Record<string, () => void> = {
      k: togglePlay,
      a: () => mark('a'),
      b: () => mark('b'),
      x: clearLoop,
      '[': () => setRate(rate - PRACTICE_RATE_STEP),
      ']': () => setRate(rate + PRACTICE_RATE_STEP),
      ',': () => jumpChapter(-1),
      '.': () => jumpChapter(1),
      l: toggleLadder,
      c: clean,
      m: () => setMetronomeOn((x) => !x),
      r: toggleMirror,
      s: openMoment,
      f: togglePracticeView,
      '?': () => help.current?.showModal(),
    };
    if (!onVideoElement && !(e.target instanceof HTMLElement && e.target.getAttribute('role') === 'slider')) {
      handlers.ArrowLeft = () => seek((media?.currentTime() ?? time) - SEEK_STEP);
      handlers.ArrowRight = () => seek((media?.currentTime() ?? time) + SEEK_STEP);
    }
    if (canCaption) handlers.v = toggleCaptions;
    if (!spaceIsTaken(e.target)) handlers[' '] = togglePlay;
    if (practiceView) handlers.Escape = () => setPracticeView(false);
    const handler = handlers[e.key.length === 1 ? e.key.toLowerCase() : e.key];
    if (!handler) return;
    e.preventDefault();
    handler();
  };
  useEffect(() => {
    const listener = (e: KeyboardEvent) => keys.current(e);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const title = video.video_title ?? 'Video';
  let player: React.ReactNode;
  if (video.video_player === 'youtube' && video.youtube_video_id && youtube) player = youtube(onFrame);
  else if (video.video_stream_manifest_signed)
    player = (
      <StreamPlayer
        src={video.video_stream_manifest_signed}
        poster={video.video_stream_poster_signed ?? video.video_image}
        title={title}
        startAt={startAt}
        onProgress={onProgress}
        onVideo={onVideo}
        tracks={captionTracks}
      />
    );
  else return <div className="aspect-video rounded-2xl bg-stone-200" />;

  const current = chapterAt(time);

  return (
    // Below lg the player's parts are the page workspace's own rows, so the video can stay in view
    // (sticky) while the learner scrolls the tools, chords and notes (docs/decisions/0076).
    <div
      className="contents lg:block lg:space-y-3 lg:group-data-[practice-view=true]/workspace:mx-auto lg:group-data-[practice-view=true]/workspace:max-w-[calc((100dvh-15rem)*16/9)]"
      data-testid="practice-player"
    >
      <div className="sticky top-16 z-30 group-data-[practice-view=true]/workspace:top-0 max-lg:order-first lg:static">
        {player}
      </div>
      <section
        aria-label="Practice tools"
        className="space-y-2 rounded-2xl bg-ink-900 p-2 text-white sm:p-3"
        data-loaded={loaded ? 'true' : 'false'}
      >
        <Timeline
          time={time}
          duration={duration}
          loop={loop}
          pendingA={half ? (half.start ?? half.end) : null}
          chapters={chapters}
          onSeek={seek}
          onLoop={setLoopFrom}
        />
        {media ? null : (
          <p className="text-sm text-stone-300">
            {video.video_player === 'youtube'
              ? 'The practice tools work once the YouTube player is allowed and loaded.'
              : 'Loading the player…'}
          </p>
        )}

        {/* One bar of what a take needs; the rest is a tap away ("More", always open from lg). On a
            320 px screen it wraps rather than push the page sideways. */}
        <div className="flex flex-wrap items-center gap-1 sm:gap-2">
          <button
            type="button"
            className={`${playing ? on : quiet} w-16 sm:w-20`}
            onClick={togglePlay}
            disabled={!media}
            aria-keyshortcuts="k Space"
          >
            {playing ? 'Pause' : 'Play'}
          </button>
          <button
            type="button"
            className={marks.start !== null ? on : quiet}
            onClick={() => mark('a')}
            disabled={!media}
            aria-keyshortcuts="a"
            aria-label={`Mark A (loop start)${marks.start !== null ? `, now ${formatPracticeTime(marks.start)}` : ''}`}
            data-testid="mark-a"
          >
            A<span className="hidden sm:inline">{marks.start !== null ? ` ${formatPracticeTime(marks.start)}` : ''}</span>
          </button>
          <button
            type="button"
            className={marks.end !== null ? on : quiet}
            onClick={() => mark('b')}
            disabled={!media}
            aria-keyshortcuts="b"
            aria-label={`Mark B (loop end)${marks.end !== null ? `, now ${formatPracticeTime(marks.end)}` : ''}`}
            data-testid="mark-b"
          >
            B<span className="hidden sm:inline">{marks.end !== null ? ` ${formatPracticeTime(marks.end)}` : ''}</span>
          </button>
          {canCaption ? (
            <button
              type="button"
              className={captions.language ? on : quiet}
              onClick={toggleCaptions}
              aria-pressed={captions.language !== null}
              aria-keyshortcuts="v"
              aria-label="Captions"
              title="Captions"
              data-testid="captions-toggle"
            >
              CC
            </button>
          ) : null}
          <div role="group" aria-label="Speed" className="ml-auto flex items-center rounded-full bg-white/10">
            <button
              type="button"
              className={`${quiet} min-w-9 bg-transparent px-2`}
              onClick={() => setRate(rate - PRACTICE_RATE_STEP)}
              disabled={rate <= PRACTICE_RATE_MIN}
              aria-label="Slower by 5 %"
              aria-keyshortcuts="["
            >
              −
            </button>
            <output
              htmlFor={`${ids}-speed`}
              className="w-12 text-center text-sm font-semibold whitespace-nowrap tabular-nums"
              data-testid="speed-value"
            >
              {rate} %
            </output>
            <button
              type="button"
              className={`${quiet} min-w-9 bg-transparent px-2`}
              onClick={() => setRate(rate + PRACTICE_RATE_STEP)}
              disabled={rate >= PRACTICE_RATE_MAX}
              aria-label="Faster by 5 %"
              aria-keyshortcuts="]"
            >
              +
            </button>
          </div>
          <button
            type="button"
            className={`${moreOpen ? on : quiet} lg:hidden`}
            onClick={() => setMoreOpen((open) => !open)}
            aria-expanded={moreOpen}
            aria-controls={`${ids}-more`}
            data-testid="more-tools"
          >
            More
          </button>
        </div>
        {counting ? (
          <p role="status" className="text-sm font-semibold text-amber-300">
            Counting in…
          </p>
        ) : null}

        <div id={`${ids}-more`} className={`${moreOpen ? '' : 'hidden'} space-y-3 border-t border-white/15 pt-3 lg:block`}>
          <div className="flex items-center gap-2">
            <label htmlFor={`${ids}-speed`} className="text-sm">
              Speed
            </label>
            <input
              id={`${ids}-speed`}
              type="range"
              min={PRACTICE_RATE_MIN}
              max={PRACTICE_RATE_MAX}
              step={PRACTICE_RATE_STEP}
              value={rate}
              onChange={(e) => setRate(Number(e.target.value))}
              aria-valuetext={`${rate} %`}
              className="h-11 min-w-0 flex-1 accent-brand-500"
              data-testid="speed-slider"
            />
          </div>
          {video.video_player === 'youtube' && rate % 25 !== 0 ? (
            <p className="text-xs text-stone-300">YouTube plays the nearest speed it offers (steps of 25 %).</p>
          ) : null}
          <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
            <button
              type="button"
              className={quiet}
              onClick={clearLoop}
              disabled={marks.start === null && marks.end === null}
              aria-keyshortcuts="x"
            >
              Clear loop
            </button>
            <label className="flex min-h-11 items-center gap-2">
              <span className="text-sm">Count-in</span>
              <select
                className="min-h-11 rounded-lg bg-white/10 px-2 text-sm text-white [&>option]:text-ink-900"
                value={values.practice_count_in}
                onChange={(e) => update({ practice_count_in: Number(e.target.value) })}
              >
                {Array.from({ length: PRACTICE_COUNT_IN_MAX / 2 + 1 }, (_, i) => i * 2).map((n) => (
                  <option key={n} value={n}>
                    {n ? `${n} beats` : 'Off'}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className={ladder ? on : quiet}
              onClick={toggleLadder}
              aria-pressed={Boolean(ladder)}
              aria-keyshortcuts="l"
              data-testid="ladder-toggle"
            >
              {ladder ? 'Stop ladder' : 'Tempo ladder'}
            </button>
            <button
              type="button"
              className={metronomeOn ? on : quiet}
              onClick={() => setMetronomeOn((x) => !x)}
              aria-pressed={metronomeOn}
              disabled={!bpm}
              aria-keyshortcuts="m"
              title={bpm ? undefined : 'This lesson has no tempo set, so there is no metronome.'}
            >
              Metronome
              {bpm ? <span className="text-xs font-normal tabular-nums">{` ${Math.round(bpm)} bpm`}</span> : null}
            </button>
            <button
              type="button"
              className={values.practice_mirror ? on : quiet}
              onClick={toggleMirror}
              aria-pressed={values.practice_mirror}
              aria-keyshortcuts="r"
              data-testid="mirror-toggle"
            >
              Mirror
            </button>
            <button type="button" className={quiet} onClick={openMoment} aria-keyshortcuts="s" data-testid="save-moment">
              Save this moment
            </button>
            {workspace ? (
              <button
                type="button"
                className={practiceView ? on : quiet}
                onClick={togglePracticeView}
                aria-pressed={practiceView}
                aria-keyshortcuts="f"
                data-testid="practice-view"
              >
                Practice view
              </button>
            ) : null}
            <button
              type="button"
              className={quiet}
              onClick={() => help.current?.showModal()}
              aria-keyshortcuts="?"
              aria-haspopup="dialog"
            >
              ? Shortcuts
            </button>
          </div>
        </div>

        {ladder || showLadder ? (
          <LadderPanel
            values={values}
            update={update}
            ladder={ladder}
            countLoops={countLoops}
            setCountLoops={setCountLoops}
            onClean={clean}
          />
        ) : null}

        {momentOpen ? (
          <MomentForm
            idVideo={video.id_video}
            time={media?.currentTime() ?? time}
            signedIn={signedIn}
            noteRef={noteRef}
            onClose={() => setMomentOpen(false)}
          />
        ) : null}

        {saveError ? (
          <p role="alert" className="text-sm text-amber-300">
            {saveError}
          </p>
        ) : null}
        <p className="sr-only" aria-live="polite" data-testid="practice-announce">
          {announce}
        </p>
      </section>

      {chapters.length ? (
        <nav aria-label="Chapters" className="rounded-2xl border border-stone-200 bg-white p-3">
          <h2 className="mb-2 text-sm font-semibold text-stone-600">Chapters</h2>
          <ol className="grid gap-1 sm:grid-cols-2">
            {chapters.map((chapter) => (
              <li key={`${chapter.time}-${chapter.title}`}>
                <button
                  type="button"
                  onClick={() => seek(chapter.time)}
                  aria-current={current === chapter ? 'true' : undefined}
                  className={`flex min-h-11 w-full items-center gap-3 rounded-xl px-3 text-left text-sm hover:bg-brand-50 ${current === chapter ? 'bg-brand-50 font-semibold text-brand-800' : 'text-ink-900'}`}
                >
                  <span className="tabular-nums text-stone-500">{formatPracticeTime(chapter.time)}</span>
                  <span>{chapter.title}</span>
                </button>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}

      {captionTracks.length ? <Transcript tracks={captionTracks} language={captions.language} time={time} onSeek={seek} /> : null}

      <dialog
        ref={help}
        aria-labelledby={`${ids}-help`}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl p-0 backdrop:bg-ink-900/60"
      >
        <div className="space-y-3 p-5">
          <h2 id={`${ids}-help`} className="text-lg font-bold text-ink-900">
            Practice shortcuts
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {SHORTCUTS.map(([key, what]) => (
              <div key={key} className="contents">
                <dt>
                  <kbd className="rounded border border-stone-300 bg-stone-50 px-1.5 font-mono">{key}</kbd>
                </dt>
                <dd className="text-stone-700">{what}</dd>
              </div>
            ))}
          </dl>
          <p className="text-sm text-stone-600">Drag along the timeline to mark a loop; tap it to jump there.</p>
          <form method="dialog">
            <button type="submit" className="min-h-11 rounded-full bg-brand-700 px-5 font-semibold text-white">
              Close
            </button>
          </form>
        </div>
      </dialog>
    </div>
  );
}

/**
 * The timeline: where the video is, the loop, and the chapters. A tap seeks; a drag marks a loop
 * from where it started to where it ends. Arrow keys move 5 s (it is a slider to a screen reader).
 */
function Timeline({
  time,
  duration,
  loop,
  pendingA,
  chapters,
  onSeek,
  onLoop,
}: {
  time: number;
  duration: number;
  loop: { start: number; end: number } | null;
  pendingA: number | null;
  chapters: VideoChapter[];
  onSeek: (time: number) => void;
  onLoop: (a: number, b: number) => void;
}) {
  const bar = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ from: number; to: number; x: number; moved: boolean } | null>(null);
  const known = Number.isFinite(duration) && duration > 0;
  const pct = (t: number) => (known ? `${Math.min(100, Math.max(0, (t / duration) * 100))}%` : '0%');
  const timeAt = (clientX: number) => {
    const box = bar.current?.getBoundingClientRect();
    if (!box || !known) return 0;
    return Math.min(duration, Math.max(0, ((clientX - box.left) / box.width) * duration));
  };
  const shown = drag?.moved ? { start: Math.min(drag.from, drag.to), end: Math.max(drag.from, drag.to) } : loop;

  return (
    <div className="space-y-1">
      <div
        ref={bar}
        role="slider"
        tabIndex={0}
        aria-label="Timeline: tap to jump, drag to mark a loop"
        aria-valuemin={0}
        aria-valuemax={known ? Math.round(duration) : 0}
        aria-valuenow={Math.round(time)}
        aria-valuetext={`${formatPracticeTime(time)} of ${known ? formatPracticeTime(duration) : 'unknown'}`}
        data-testid="practice-timeline"
        className="relative h-11 cursor-pointer touch-none select-none rounded-lg focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-500"
        onKeyDown={(e) => {
          const steps: Record<string, number> = {
            ArrowLeft: -SEEK_STEP,
            ArrowRight: SEEK_STEP,
            ArrowDown: -SEEK_STEP,
            ArrowUp: SEEK_STEP,
          };
          if (e.key in steps) onSeek(time + (steps[e.key] ?? 0));
          else if (e.key === 'Home') onSeek(0);
          else if (e.key === 'End' && known) onSeek(duration);
          else return;
          e.preventDefault();
          e.stopPropagation();
        }}
        onPointerDown={(e) => {
          if (!known) return;
          e.currentTarget.setPointerCapture(e.pointerId);
          const t = timeAt(e.clientX);
          setDrag({ from: t, to: t, x: e.clientX, moved: false });
        }}
        onPointerMove={(e) => {
          if (!drag) return;
          setDrag({ ...drag, to: timeAt(e.clientX), moved: drag.moved || Math.abs(e.clientX - drag.x) > 8 });
        }}
        onPointerUp={(e) => {
          if (!drag) return;
          const end = timeAt(e.clientX);
          const made = drag.moved ? practiceLoop(drag.from, end) : null;
          if (made) onLoop(Math.round(made.start * 10) / 10, Math.round(made.end * 10) / 10);
          else onSeek(drag.from);
          setDrag(null);
        }}
        onPointerCancel={() => setDrag(null)}
      >
        <div className="absolute inset-x-0 top-1/2 h-2 -translate-y-1/2 rounded-full bg-white/20" />
        <div className="absolute top-1/2 left-0 h-2 -translate-y-1/2 rounded-full bg-brand-500" style={{ width: pct(time) }} />
        {shown ? (
          <div
            className="absolute top-1/2 h-5 -translate-y-1/2 rounded border-2 border-amber-300 bg-amber-300/35"
            style={{ left: pct(shown.start), width: `calc(${pct(shown.end)} - ${pct(shown.start)})` }}
            data-testid="loop-region"
          />
        ) : pendingA !== null ? (
          <div className="absolute top-1 bottom-1 w-0.5 bg-amber-400" style={{ left: pct(pendingA) }} />
        ) : null}
        {chapters.map((c) => (
          <div
            key={`${c.time}-${c.title}`}
            className="absolute top-1 bottom-1 w-1 -translate-x-1/2 rounded bg-white"
            style={{ left: pct(c.time) }}
            title={`${formatPracticeTime(c.time)} ${c.title}`}
            aria-hidden="true"
          />
        ))}
        <div
          className="absolute top-1/2 size-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-brand-500"
          style={{ left: pct(time) }}
          aria-hidden="true"
        />
      </div>
      <div className="flex justify-between text-xs tabular-nums text-stone-300">
        <span data-testid="practice-time">{formatPracticeTime(time)}</span>
        <span>{known ? formatPracticeTime(duration) : '–:––'}</span>
      </div>
    </div>
  );
}

function NumberField({
  label,
  value,
  min,
  max,
  step,
  suffix,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  suffix: string;
  onChange: (value: number) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span>{label}</span>
      <span className="flex items-center gap-1">
        <input
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={step}
          value={value}
          onChange={(e) => {
            const n = Number(e.target.value);
            if (Number.isFinite(n) && n >= min && n <= max && n % step === 0) onChange(n);
          }}
          className="min-h-11 w-20 rounded-lg bg-white/10 px-2 text-white"
        />
        <span className="text-stone-300">{suffix}</span>
      </span>
    </label>
  );
}

function LadderPanel({
  values,
  update,
  ladder,
  countLoops,
  setCountLoops,
  onClean,
}: {
  values: PracticeValues;
  update: (patch: Partial<PracticeValues>) => void;
  ladder: LadderState | null;
  countLoops: boolean;
  setCountLoops: (on: boolean) => void;
  onClean: () => void;
}) {
  return (
    <fieldset className="space-y-3 rounded-xl border border-white/15 p-3" data-testid="ladder-panel">
      <legend className="px-1 text-sm font-semibold">Tempo ladder</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <NumberField
          label="Start"
          value={values.practice_ladder_start}
          min={PRACTICE_RATE_MIN}
          max={values.practice_ladder_target}
          step={PRACTICE_RATE_STEP}
          suffix="%"
          onChange={(n) => update({ practice_ladder_start: n })}
        />
        <NumberField
          label="Step"
          value={values.practice_ladder_step}
          min={PRACTICE_RATE_STEP}
          max={PRACTICE_LADDER_STEP_MAX}
          step={PRACTICE_RATE_STEP}
          suffix="%"
          onChange={(n) => update({ practice_ladder_step: n })}
        />
        <NumberField
          label="Target"
          value={values.practice_ladder_target}
          min={values.practice_ladder_start}
          max={PRACTICE_RATE_MAX}
          step={PRACTICE_RATE_STEP}
          suffix="%"
          onChange={(n) => update({ practice_ladder_target: n })}
        />
        <NumberField
          label="Clean loops per step"
          value={values.practice_ladder_loops}
          min={1}
          max={PRACTICE_LADDER_LOOPS_MAX}
          step={1}
          suffix=""
          onChange={(n) => update({ practice_ladder_loops: n })}
        />
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input type="checkbox" checked={countLoops} onChange={(e) => setCountLoops(e.target.checked)} className="size-5" />
        Count every loop as clean (untick to count only your taps on “Clean”)
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={on}
          onClick={onClean}
          disabled={!ladder || ladder.done}
          aria-keyshortcuts="c"
          data-testid="ladder-clean"
        >
          Clean ✓
        </button>
        <p className="text-sm" role="status" data-testid="ladder-status">
          {ladder
            ? ladder.done
              ? `Target reached: ${ladder.rate} %. Well played!`
              : `At ${ladder.rate} %: ${ladder.clean} of ${values.practice_ladder_loops} clean loops`
            : 'Press “Tempo ladder” to start climbing.'}
        </p>
      </div>
    </fieldset>
  );
}

function MomentForm({
  idVideo,
  time,
  signedIn,
  noteRef,
  onClose,
}: {
  idVideo: number;
  time: number;
  signedIn: boolean;
  noteRef: React.RefObject<HTMLTextAreaElement | null>;
  onClose: () => void;
}) {
  const [at] = useState(() => Math.round(time * 10) / 10);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  if (!signedIn)
    return (
      <p className="rounded-xl bg-white/10 p-3 text-sm">
        <Link to="/login" className="font-semibold underline">
          Sign in
        </Link>{' '}
        to save moments to My List.{' '}
        <button type="button" className="underline" onClick={onClose}>
          Close
        </button>
      </p>
    );
  if (done)
    return (
      <p role="status" className="rounded-xl bg-white/10 p-3 text-sm" data-testid="moment-saved">
        Saved {formatPracticeTime(at)} to{' '}
        <Link to="/my-list" className="font-semibold underline">
          My List
        </Link>
        .{' '}
        <button type="button" className="underline" onClick={onClose}>
          Close
        </button>
      </p>
    );
  return (
    <form
      className="space-y-2 rounded-xl bg-white/10 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        api
          .call('videos.saveVideo', { body: { id_video: idVideo, saved_time: at, saved_note: note.trim() || null } })
          .then(() => setDone(true))
          .catch((err: unknown) =>
            setError(err instanceof ApiError ? err.message : 'The moment could not be saved. Please try again.'),
          )
          .finally(() => setBusy(false));
      }}
    >
      <label htmlFor={id} className="block text-sm font-semibold">
        Save the moment at {formatPracticeTime(at)}, with a note (optional)
      </label>
      <textarea
        id={id}
        ref={noteRef}
        value={note}
        maxLength={SAVED_NOTE_MAX}
        onChange={(e) => setNote(e.target.value)}
        rows={2}
        className="w-full rounded-lg bg-white px-3 py-2 text-ink-900"
        placeholder="What to practise here"
        data-testid="moment-note"
      />
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" className={on} disabled={busy} data-testid="moment-submit">
          {busy ? 'Saving…' : 'Save to My List'}
        </button>
        <button type="button" className={quiet} onClick={onClose}>
          Cancel
        </button>
        <span className="text-xs text-stone-300">
          {note.length}/{SAVED_NOTE_MAX}
        </span>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-amber-300">
          {error}
        </p>
      ) : null}
    </form>
  );
}
