import { useEffect, useId, useRef, useState } from 'react';
import {
  activeCueIndex,
  CAPTIONS_PREFERENCE_KEY,
  cuePlainText,
  formatPracticeTime,
  readVttCues,
  type CaptionCue,
  type VideoCaptionTrack,
} from '@fretline/contract';

/*
 * Captions and the transcript (docs/product.md#captions, ADR 0085), in the practice player's lazy
 * chunk: the `<track>` elements are the stream player's; this turns them on and off, remembers the
 * learner's choice in this browser, and shows the words beside the video, following playback.
 */

function readPreference(): string | null {
  try {
    return window.localStorage.getItem(CAPTIONS_PREFERENCE_KEY);
  } catch {
    // Storage refused (a private window's quota, a blocked site): the choice lasts this page only.
    return null;
  }
}

function writePreference(value: string): void {
  try {
    window.localStorage.setItem(CAPTIONS_PREFERENCE_KEY, value);
  } catch {
    // See readPreference.
  }
}

/**
 * The captions language showing, or null when off. Off until the learner turns them on; after that
 * every lesson opens with their last choice (a language the lesson lacks falls back to its first).
 */
export function useCaptionChoice(tracks: readonly VideoCaptionTrack[]) {
  const [language, setLanguage] = useState<string | null>(null);
  useEffect(() => {
    const stored = readPreference();
    if (!stored || stored === 'off' || tracks.length === 0) return;
    const match =
      tracks.find((t) => t.caption_language === stored) ??
      tracks.find((t) => t.caption_language.split('-')[0] === stored.split('-')[0]);
    setLanguage((match ?? tracks[0]!).caption_language);
  }, [tracks]);
  const choose = (next: string | null) => {
    setLanguage(next);
    writePreference(next ?? 'off');
  };
  return { language, choose };
}

/** Shows the chosen track on the video element, every other one off (the browser loads only the one showing). */
export function useTrackModes(video: HTMLVideoElement | null, language: string | null) {
  useEffect(() => {
    if (!video) return;
    const apply = () => {
      for (const track of Array.from(video.textTracks)) {
        if (track.kind !== 'captions' && track.kind !== 'subtitles') continue;
        const mode = track.language === language ? 'showing' : 'disabled';
        if (track.mode !== mode) track.mode = mode;
      }
    };
    apply();
    // hls.js turns the element's tracks off when it attaches (it manages its own subtitle tracks;
    // our playlists have none), and the browser may add tracks later: the choice is put back.
    video.textTracks.addEventListener('addtrack', apply);
    video.textTracks.addEventListener('change', apply);
    return () => {
      video.textTracks.removeEventListener('addtrack', apply);
      video.textTracks.removeEventListener('change', apply);
    };
  }, [video, language]);
}

/** The cues of one track, fetched from its `.vtt` address once the transcript is opened. */
function useCues(src: string | null) {
  const [state, setState] = useState<{ src: string; cues: CaptionCue[] } | { src: string; failed: true } | null>(null);
  useEffect(() => {
    if (!src) return;
    const controller = new AbortController();
    fetch(src, { signal: controller.signal, credentials: 'same-origin' })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        setState({ src, cues: readVttCues(await res.text()) });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ src, failed: true });
      });
    return () => controller.abort();
  }, [src]);
  return state && state.src === src ? state : null;
}

export interface TranscriptProps {
  tracks: readonly VideoCaptionTrack[];
  /** The captions language showing, if any: the transcript follows it, else the first track. */
  language: string | null;
  time: number;
  onSeek: (seconds: number) => void;
}

/** The transcript panel: every cue as a button that jumps there, the one playing highlighted. */
export function Transcript({ tracks, language, time, onSeek }: TranscriptProps) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const ids = useId();
  const list = useRef<HTMLOListElement>(null);
  const track = tracks.find((t) => t.caption_language === (chosen ?? language)) ?? tracks[0];
  const loaded = useCues(open && track ? track.caption_src : null);
  const cues = loaded && 'cues' in loaded ? loaded.cues : [];
  const current = activeCueIndex(cues, time);

  // Keeps the cue playing in view inside the panel's own scroll, never moving the page.
  useEffect(() => {
    const box = list.current;
    const item = box?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!box || !item) return;
    const top = item.offsetTop - box.offsetTop;
    if (top < box.scrollTop || top + item.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTo({ top: Math.max(0, top - box.clientHeight / 3), behavior: 'smooth' });
  }, [current]);

  if (!track) return null;
  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="rounded-2xl border border-stone-200 bg-white p-3 sm:p-4"
      data-testid="transcript"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${ids}-title`} className="text-base font-semibold text-ink-900">
          Transcript
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          {open && tracks.length > 1 ? (
            <select
              aria-label="Transcript language"
              className="min-h-11 rounded-lg border border-stone-300 bg-white px-2 text-sm"
              value={track.caption_language}
              onChange={(e) => setChosen(e.target.value)}
            >
              {tracks.map((t) => (
                <option key={t.caption_language} value={t.caption_language}>
                  {t.caption_label}
                </option>
              ))}
            </select>
          ) : null}
          <button
            type="button"
            className="inline-flex min-h-11 items-center rounded-full border border-stone-300 px-4 text-sm font-semibold text-ink-900 hover:bg-stone-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            aria-expanded={open}
            aria-controls={`${ids}-list`}
            onClick={() => setOpen((x) => !x)}
            data-testid="transcript-toggle"
          >
            {open ? 'Hide transcript' : 'Show transcript'}
          </button>
        </div>
      </div>
      {open ? (
        loaded && 'failed' in loaded ? (
          <p role="alert" className="mt-2 text-sm text-red-800">
            The transcript could not be loaded. Please reload the page.
          </p>
        ) : !loaded ? (
          <p className="mt-2 text-sm text-stone-600">Loading the transcript…</p>
        ) : (
          <ol
            id={`${ids}-list`}
            ref={list}
            lang={track.caption_language}
            className="mt-2 max-h-64 space-y-0.5 overflow-y-auto overscroll-contain pr-1"
            aria-label={`Transcript, ${track.caption_label}. Choose a line to play from there.`}
          >
            {cues.map((cue, i) => (
              <li key={`${cue.start}-${i}`}>
                <button
                  type="button"
                  onClick={() => onSeek(cue.start)}
                  aria-current={i === current ? 'true' : undefined}
                  className={`flex w-full gap-3 rounded-lg px-2 py-2 text-left text-sm leading-snug focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-500 ${
                    i === current
                      ? 'bg-brand-50 font-semibold text-ink-900 ring-1 ring-brand-300'
                      : 'text-stone-700 hover:bg-stone-100'
                  }`}
                  data-testid="transcript-cue"
                >
                  <span className="w-12 shrink-0 font-mono text-xs leading-5 text-stone-500 tabular-nums">
                    {formatPracticeTime(cue.start)}
                  </span>
                  <span className="min-w-0 break-words">{cuePlainText(cue.text)}</span>
                </button>
              </li>
            ))}
          </ol>
        )
      ) : null}
    </section>
  );
}
