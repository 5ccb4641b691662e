import type { ChordTimelineEntry } from '../entities/video.ts';

/*
 * A video's chord timeline (product.md#chords, ADR 0077): which chord is sounding at a time, and
 * the rules a saved timeline keeps. Shared by the API (which refuses a bad one), the editor (which
 * says so before saving) and the lesson page's Now / Next panel.
 */

/** A timeline longer than this is a mistake: a 10-minute song changing chord every second is 600. */
export const CHORD_TIMELINE_MAX = 600;

/** Seconds kept to the millisecond: what the editor taps is what is stored and compared. */
export function roundChordTime(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/** "0:04.2": the practice player's m:ss with tenths, which a nudge of 0.1 s changes. */
export function formatChordTime(seconds: number): string {
  const tenths = Math.max(0, Math.round(seconds * 10));
  const m = Math.floor(tenths / 600);
  const s = Math.floor((tenths % 600) / 10);
  return `${m}:${String(s).padStart(2, '0')}.${tenths % 10}`;
}

export interface ChordTimelineProblem {
  /** The entry at fault, or null for the timeline as a whole. */
  index: number | null;
  message: string;
}

/**
 * The first thing wrong with a timeline, or null: too many marks, a chord the video does not have,
 * a time before the start, after the end (when the video's length is known) or not after the
 * previous mark's.
 */
export function chordTimelineProblem(
  entries: readonly ChordTimelineEntry[],
  chordNames: readonly string[],
  durationSeconds: number | null,
): ChordTimelineProblem | null {
  if (entries.length > CHORD_TIMELINE_MAX)
    return { index: null, message: `Keep the chord timeline to ${CHORD_TIMELINE_MAX} marks or fewer.` };
  const names = new Set(chordNames);
  for (const [index, entry] of entries.entries()) {
    if (!names.has(entry.chord))
      return { index, message: `"${entry.chord}" is not one of this video's chords: add it to the chords first.` };
    if (entry.at < 0) return { index, message: 'A chord cannot start before the video does.' };
    if (durationSeconds !== null && entry.at > durationSeconds)
      return { index, message: `This video is ${formatChordTime(durationSeconds)} long: a chord cannot start after its end.` };
    const before = entries[index - 1];
    if (before && entry.at <= before.at) return { index, message: 'Put the marks in time order, each after the one before it.' };
  }
  return null;
}

/** The index of the mark sounding at `time` (the last one at or before it), or -1 before the first. */
export function chordIndexAt(entries: readonly ChordTimelineEntry[], time: number): number {
  let lo = 0;
  let hi = entries.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((entries[mid] as ChordTimelineEntry).at <= time) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Marks sorted by time, as the editor keeps them after a tap or a nudge. */
export function sortChordTimeline<T extends ChordTimelineEntry>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => a.at - b.at);
}
