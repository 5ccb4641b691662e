import { useEffect, useRef, useState } from 'react';
import { chordIndexAt, chordTuning, formatPracticeTime, type ChordTimelineEntry, type VideoChord } from '@fretline/contract';
import { ChordDiagram } from '../../../components/ui/chord-diagram';
import type { PracticeMedia } from './practice-media';
import { followMediaTime } from './follow-media-time';

export interface NowNextChordsProps {
  timeline: ChordTimelineEntry[];
  chords: VideoChord[];
  instrument: string | null;
  /** Left-handed: the account's setting or the player's mirror (product.md#chords). */
  mirror: boolean;
  /** The practice player's media, once it has one; null before. */
  media: PracticeMedia | null;
  /** A phone's strip under the video: one row, the diagrams smaller. */
  compact?: boolean;
}

/**
 * Now / Next (product.md#chords, ADR 0077): the chord sounding at the video's time, large, and the
 * next one with a bar counting down to it. Driven by the media's own time (its events, and every
 * frame while it plays), so speed changes, seeks and A–B loops move it without knowing of them.
 * Only the chord index is React state; the countdown bar is written straight to its element each
 * frame, and the polite announcement changes with the chord, not with the frame.
 */
export function NowNextChords({ timeline, chords, instrument, mirror, media, compact = false }: NowNextChordsProps) {
  const [index, setIndex] = useState(() => chordIndexAt(timeline, media?.currentTime() ?? 0));
  const bar = useRef<HTMLDivElement>(null);
  const strip = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (!media) return;
    const update = () => {
      const now = media.currentTime();
      const at = chordIndexAt(timeline, now);
      setIndex(at);
      const from = at >= 0 ? (timeline[at] as ChordTimelineEntry).at : 0;
      const to = timeline[at + 1]?.at;
      if (bar.current) {
        const left = to === undefined || to <= from ? 0 : Math.min(1, Math.max(0, (to - now) / (to - from)));
        bar.current.style.transform = `scaleX(${left})`;
      }
    };
    return followMediaTime(media, update);
  }, [media, timeline]);

  // The strip keeps the current mark in view, scrolling only itself (never the page).
  useEffect(() => {
    const list = strip.current;
    const item = list?.children[Math.max(0, index)] as HTMLElement | undefined;
    if (!list || !item) return;
    list.scrollLeft = item.offsetLeft - list.offsetLeft - list.clientWidth / 2 + item.clientWidth / 2;
  }, [index]);

  const tuning = chordTuning(instrument);
  const chordOf = (name: string | undefined) => chords.find((chord) => chord.video_chord_text === name);
  const now = index >= 0 ? timeline[index] : undefined;
  const next = timeline[index + 1];

  const diagram = (entry: ChordTimelineEntry | undefined, className: string) => {
    const chord = chordOf(entry?.chord);
    if (!entry || !chord?.video_chord_frets) return null;
    return (
      <ChordDiagram
        name={entry.chord}
        frets={chord.video_chord_frets}
        fingers={chord.video_chord_fingers}
        mirror={mirror}
        tuning={tuning}
        className={className}
      />
    );
  };

  return (
    <section aria-label="Chords now and next" className="rounded-2xl border border-stone-200 bg-white p-3" data-testid="now-next">
      <div className={compact ? 'flex items-stretch gap-3' : 'grid grid-cols-[3fr_2fr] gap-3'}>
        <div className="flex min-w-0 flex-1 items-center gap-3" data-testid="chord-now" data-chord={now?.chord ?? ''}>
          {/* Beside the video on a laptop the column is narrow: the diagram leaves the name its room. */}
          {diagram(now, compact ? 'h-20 w-auto shrink-0 text-ink-900' : 'h-28 w-auto shrink-0 text-ink-900')}
          <div className="min-w-0">
            <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">Now</p>
            <p className="truncate text-3xl font-bold text-ink-900">{now?.chord ?? '–'}</p>
          </div>
        </div>
        <div
          className="flex min-w-0 flex-col justify-center gap-1 border-l border-stone-200 pl-3"
          data-testid="chord-next"
          data-chord={next?.chord ?? ''}
        >
          <p className="text-xs font-semibold uppercase tracking-wide text-stone-600">Next</p>
          <div className="flex items-center gap-2">
            {diagram(next, compact ? 'h-12 w-auto shrink-0 text-stone-700' : 'h-20 w-auto shrink-0 text-stone-700')}
            <p className="truncate text-xl font-bold text-stone-700">{next?.chord ?? '–'}</p>
          </div>
          <div className="h-1.5 overflow-hidden rounded-full bg-stone-200" aria-hidden="true">
            <div ref={bar} className="h-full origin-left rounded-full bg-brand-600" style={{ transform: 'scaleX(0)' }} />
          </div>
        </div>
      </div>
      {/* Announced when the chord changes: the text is the same between changes, so nothing repeats. */}
      <p className="sr-only" aria-live="polite" data-testid="chord-announce">
        {now ? `Now ${now.chord}${next ? `, next ${next.chord}` : ''}` : ''}
      </p>
      <ol ref={strip} aria-label="Chord timeline" className="mt-2 flex gap-1 overflow-x-auto pb-1">
        {timeline.map((entry, i) => (
          <li key={`${entry.at}-${entry.chord}`} className="shrink-0">
            <button
              type="button"
              onClick={() => media?.seek(entry.at)}
              disabled={!media}
              aria-current={i === index ? 'true' : undefined}
              className={`flex min-h-11 min-w-11 flex-col items-center justify-center rounded-lg px-2 text-sm leading-tight focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-500 ${i === index ? 'bg-brand-700 font-bold text-white' : 'bg-stone-100 text-ink-900 hover:bg-brand-50'}`}
            >
              {/* The name read out starts with what is shown (the chord, its time), then says what a press does. */}
              <span className="font-semibold">{entry.chord}</span>{' '}
              <span className={`text-xs tabular-nums ${i === index ? 'text-white' : 'text-stone-600'}`}>
                {formatPracticeTime(entry.at)}
              </span>
              <span className="sr-only">: play from here</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
