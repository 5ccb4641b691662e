import type { ScoreFormat } from '../entities/video.ts';

/*
 * A lesson's score synced to its video (product.md#chords, ADR 0088): which bar is sounding at a
 * video time, where a bar starts, and the rules a saved list of sync points keeps. Shared by the API
 * (which refuses a bad list), the editor (tap at each bar line) and the lesson page's score.
 */

/** One sync point: bar `bar` (0-based, as alphaTab counts master bars) starts `at_ms` into the video. */
export interface ScoreSyncPoint {
  bar: number;
  at_ms: number;
}

/** Far more than a long song has bars (a 10-minute song at 200 bpm in 4/4 is 500). */
export const SCORE_SYNC_MAX = 2000;

/** A score file larger than this is not notation (a Guitar Pro file with its audio inside, say). */
export const SCORE_MAX_BYTES = 512 * 1024;

/** The file name's ending decides the reader: alphaTex text, Guitar Pro 7+/6/3–5, or MusicXML. */
const EXTENSIONS: Record<string, ScoreFormat> = {
  alphatex: 'alphatex',
  atex: 'alphatex',
  gp: 'gp',
  gpx: 'gpx',
  gp5: 'gp5',
  gp4: 'gp5',
  gp3: 'gp5',
  musicxml: 'musicxml',
  xml: 'musicxml',
};

/** What the file chooser accepts (`accept=`), the same list the API reads. */
export const SCORE_ACCEPT = Object.keys(EXTENSIONS)
  .map((ext) => `.${ext}`)
  .join(',');

/** The score's format from its file name, or null for one we cannot read. */
export function scoreFormatOf(fileName: string): ScoreFormat | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  return ext ? (EXTENSIONS[ext] ?? null) : null;
}

function startsWith(bytes: Uint8Array, text: string, at = 0): boolean {
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

/**
 * Whether the file's first bytes are what its format begins with: a Guitar Pro 7+ file is a zip,
 * a GP6 file a "BCFZ"/"BCFS" container, a GP3–5 file a length-prefixed "FICHIER GUITAR PRO", a
 * MusicXML file XML, an alphaTex file text (no NUL). The API then parses it whole.
 */
export function scoreMagicMatches(format: ScoreFormat, bytes: Uint8Array): boolean {
  switch (format) {
    case 'gp':
      return startsWith(bytes, 'PK\u0003\u0004');
    case 'gpx':
      return startsWith(bytes, 'BCFZ') || startsWith(bytes, 'BCFS');
    case 'gp5':
      return startsWith(bytes, 'FICHIER GUITAR PRO', 1);
    case 'musicxml': {
      const head = new TextDecoder()
        .decode(bytes.subarray(0, 512))
        .replace(/^\uFEFF/, '')
        .trimStart();
      return head.startsWith('<?xml') || head.startsWith('<score-partwise') || head.startsWith('<score-timewise');
    }
    case 'alphatex':
      return bytes.length > 0 && !bytes.includes(0);
  }
}

export interface ScoreSyncProblem {
  /** The point at fault, or null for the list as a whole. */
  index: number | null;
  message: string;
}

/**
 * The first thing wrong with a list of sync points, or null: too many, a bar the score does not
 * have, a time after the video's end (when its length is known), or not after the point before
 * (both the bar and the time must go forward: repeats are written out as the video plays them).
 */
export function scoreSyncProblem(
  points: readonly ScoreSyncPoint[],
  barCount: number,
  durationSeconds: number | null,
): ScoreSyncProblem | null {
  if (points.length > SCORE_SYNC_MAX) return { index: null, message: `Keep the sync to ${SCORE_SYNC_MAX} points or fewer.` };
  for (const [index, point] of points.entries()) {
    if (point.bar >= barCount)
      return { index, message: `The score has ${barCount} bar${barCount === 1 ? '' : 's'}: bar ${point.bar + 1} is not in it.` };
    if (durationSeconds !== null && point.at_ms > Math.round(durationSeconds * 1000))
      return { index, message: 'A bar cannot start after the video ends.' };
    const before = points[index - 1];
    if (before && (point.bar <= before.bar || point.at_ms <= before.at_ms))
      return { index, message: 'Put the sync points in order, each a later bar at a later time than the one before.' };
  }
  return null;
}

/** Where the video is in the score: the bar sounding, and how far through it (0–1). */
export interface ScorePosition {
  bar: number;
  fraction: number;
}

/**
 * The bar sounding at `ms` into the video (ADR 0088). Between two sync points the bars between
 * them share the time evenly; after the last one they go on at the pace of the last stretch (one
 * bar's length per bar if there was only one point, never past the score's last bar). Before the
 * first point nothing sounds yet: null. Mapping by the video's time keeps sync at any speed.
 */
export function scorePositionAt(points: readonly ScoreSyncPoint[], ms: number, barCount: number): ScorePosition | null {
  let lo = 0;
  let hi = points.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((points[mid] as ScoreSyncPoint).at_ms <= ms) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (found < 0 || barCount <= 0) return null;
  const from = points[found] as ScoreSyncPoint;
  const to = points[found + 1];
  let bars: number;
  if (to) bars = ((ms - from.at_ms) / (to.at_ms - from.at_ms)) * (to.bar - from.bar);
  else {
    const prev = points[found - 1];
    if (!prev) bars = 0;
    else bars = (ms - from.at_ms) / ((from.at_ms - prev.at_ms) / (from.bar - prev.bar));
  }
  const exact = Math.min(barCount - 1 + 0.999999, from.bar + bars);
  const bar = Math.floor(exact);
  return { bar, fraction: Math.min(1, exact - bar) };
}

/**
 * When bar `bar` starts in the video, in milliseconds, by the same rule as scorePositionAt; null
 * for a bar before the first sync point or past the last one's pace (with a single point).
 */
export function barStartMs(points: readonly ScoreSyncPoint[], bar: number): number | null {
  const first = points[0];
  if (!first || bar < first.bar) return null;
  for (let i = 0; i < points.length; i++) {
    const from = points[i] as ScoreSyncPoint;
    const to = points[i + 1];
    if (bar === from.bar) return from.at_ms;
    if (to && bar < to.bar) return Math.round(from.at_ms + ((bar - from.bar) / (to.bar - from.bar)) * (to.at_ms - from.at_ms));
  }
  const last = points[points.length - 1] as ScoreSyncPoint;
  const prev = points[points.length - 2];
  if (!prev) return null;
  return Math.round(last.at_ms + (bar - last.bar) * ((last.at_ms - prev.at_ms) / (last.bar - prev.bar)));
}

/** Sync points in bar order, as the editor keeps them after a tap, a nudge or a removal. */
export function sortScoreSync<T extends ScoreSyncPoint>(points: readonly T[]): T[] {
  return [...points].sort((a, b) => a.bar - b.bar || a.at_ms - b.at_ms);
}
