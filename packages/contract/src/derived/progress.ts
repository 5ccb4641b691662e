/**
 * The learner's progress rules (docs/product.md#learning-progress, ADR 0064), computed the same by
 * the API (which stores and answers them) and the web (which starts the player where they say).
 *
 * A lesson is done when the learner has watched 90 % of its unique seconds, or marked it done. A
 * lesson with less than 10 s left starts at 0. Resume picks the lesson last touched while it is
 * unfinished, else the first unfinished lesson after it, which starts at 0.
 */

/** Share of a lesson's unique seconds that makes it done. */
export const DONE_WATCHED_RATIO = 0.9;
/** A lesson with fewer seconds than this left starts again at 0. */
export const RESUME_TAIL_SECONDS = 10;
/** The most watched stretches one progress report may carry (a learner who seeks a lot still fits). */
export const WATCHED_RANGES_MAX = 200;

/** A watched stretch of a video, in seconds from its start: [start, end]. */
export type WatchedRange = readonly [number, number];

/** The stretches as one sorted list without overlaps (touching stretches are joined). */
export function mergeWatchedRanges(ranges: readonly WatchedRange[]): WatchedRange[] {
  const sorted = ranges
    .filter(([a, b]) => Number.isFinite(a) && Number.isFinite(b) && b > a)
    .map(([a, b]) => [Math.max(0, a), b] as const)
    .sort((x, y) => x[0] - y[0]);
  const merged: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = merged.at(-1);
    if (last && a <= last[1]) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  return merged;
}

/** Unique seconds the stretches cover. */
export function watchedSeconds(ranges: readonly WatchedRange[]): number {
  return mergeWatchedRanges(ranges).reduce((sum, [a, b]) => sum + (b - a), 0);
}

/** The stretches in `ranges` not covered by `minus` (what was watched since a reset). */
export function subtractWatchedRanges(ranges: readonly WatchedRange[], minus: readonly WatchedRange[]): WatchedRange[] {
  let rest = mergeWatchedRanges(ranges);
  for (const [ma, mb] of mergeWatchedRanges(minus)) {
    rest = rest.flatMap(([a, b]): WatchedRange[] => {
      if (mb <= a || ma >= b) return [[a, b]];
      const out: WatchedRange[] = [];
      if (ma > a) out.push([a, ma]);
      if (mb < b) out.push([mb, b]);
      return out;
    });
  }
  return rest;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The wire and storage form: "0-12.5,30-45" (tenths of a second). */
export function formatWatchedRanges(ranges: readonly WatchedRange[]): string {
  return mergeWatchedRanges(ranges)
    .map(([a, b]) => `${round(a)}-${round(b)}`)
    .join(',');
}

/** Reads the wire form; null when it is not a list of "start-end" stretches. */
export function parseWatchedRanges(text: string): WatchedRange[] | null {
  if (text.trim() === '') return [];
  const parts = text.split(',');
  const ranges: WatchedRange[] = [];
  for (const part of parts) {
    const m = /^\s*(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)\s*$/.exec(part);
    if (!m) return null;
    const a = Number(m[1]);
    const b = Number(m[2]);
    if (b < a) return null;
    ranges.push([a, b]);
  }
  return ranges;
}

/** Done by watching: at least 90 % of the lesson's length in unique seconds. */
export function isWatchedEnough(seconds: number, totalTime: number): boolean {
  if (!(totalTime > 0)) return false;
  return seconds >= totalTime * DONE_WATCHED_RATIO;
}

/** Percent of the lesson watched in unique seconds, 0–100, rounded down; 100 when done. */
export function watchedPercent(seconds: number, totalTime: number, done: boolean): number {
  if (done) return 100;
  if (!(totalTime > 0)) return 0;
  return Math.max(0, Math.min(100, Math.floor((seconds * 100) / totalTime)));
}

/** Where a lesson opens: its last position, or 0 when less than 10 s were left (or nothing is known). */
export function resumeStartTime(currentTime: number | null | undefined, totalTime: number | null | undefined): number {
  if (!currentTime || !(currentTime > 0)) return 0;
  if (totalTime && totalTime > 0 && totalTime - currentTime < RESUME_TAIL_SECONDS) return 0;
  return currentTime;
}

/** One lesson of a course as the resume rule sees it, in course order. */
export interface ResumeLesson {
  idCourseVideo: number;
  done: boolean;
  currentTime: number;
  totalTime: number;
}

export interface ResumePick {
  idCourseVideo: number;
  /** Seconds to start at. */
  startTime: number;
}

/**
 * The lesson Resume (and Continue) opens: the lesson last touched while it is unfinished, at its
 * position; else the first unfinished lesson after it (wrapping to the start of the course), at 0.
 * Null when every lesson is done.
 */
export function pickResume(lessons: readonly ResumeLesson[], lastTouched: number | null | undefined): ResumePick | null {
  const at = lastTouched === null || lastTouched === undefined ? -1 : lessons.findIndex((l) => l.idCourseVideo === lastTouched);
  const touched = at >= 0 ? lessons[at] : undefined;
  if (touched && !touched.done) {
    return { idCourseVideo: touched.idCourseVideo, startTime: resumeStartTime(touched.currentTime, touched.totalTime) };
  }
  const order = [...lessons.slice(at + 1), ...lessons.slice(0, Math.max(0, at))];
  const next = order.find((l) => !l.done);
  return next ? { idCourseVideo: next.idCourseVideo, startTime: 0 } : null;
}

/** A course the learner has opened, or done a lesson of (perhaps in another course sharing it). */
export function isCourseStarted(course: { course_lessons_done: number; video_last_played: Date | null }): boolean {
  return course.course_lessons_done > 0 || course.video_last_played !== null;
}

/** "Course complete" only when every lesson is done, whatever was touched last. */
export function isCourseComplete(course: { course_lessons_done: number; course_lessons_total: number }): boolean {
  return course.course_lessons_total > 0 && course.course_lessons_done === course.course_lessons_total;
}
