/**
 * The practice player's rules (product.md#practice, ADR 0058), computed the same by the API (which
 * refuses values outside them) and the player (which applies them). Speeds are whole percents.
 */

export const PRACTICE_RATE_MIN = 25;
export const PRACTICE_RATE_MAX = 150;
/** Every speed is a multiple of this many percent. */
export const PRACTICE_RATE_STEP = 5;
export const PRACTICE_LADDER_STEP_MAX = 50;
export const PRACTICE_LADDER_LOOPS_MAX = 20;
export const PRACTICE_COUNT_IN_MAX = 8;
/** A loop shorter than this cannot be played (the seek would land after B before a note sounds). */
export const PRACTICE_LOOP_MIN_SECONDS = 0.5;
/** How long a lesson can be, in seconds (the progress call's limit). */
export const PRACTICE_TIME_MAX = 86_400;
export const PRACTICE_SCREENS = ['small', 'large'] as const;
export type PracticeScreen = (typeof PRACTICE_SCREENS)[number];
/** Below this width (CSS pixels) a screen is `small`: a phone held either way up. */
export const PRACTICE_SMALL_SCREEN_BELOW = 768;

export function practiceScreen(width: number): PracticeScreen {
  return width < PRACTICE_SMALL_SCREEN_BELOW ? 'small' : 'large';
}

/** A speed the player offers: 25 to 150, a multiple of 5. */
export function isPracticeRate(rate: number): boolean {
  return Number.isInteger(rate) && rate >= PRACTICE_RATE_MIN && rate <= PRACTICE_RATE_MAX && rate % PRACTICE_RATE_STEP === 0;
}

/** The nearest speed the player offers. */
export function snapPracticeRate(rate: number): number {
  if (!Number.isFinite(rate)) return 100;
  const snapped = Math.round(rate / PRACTICE_RATE_STEP) * PRACTICE_RATE_STEP;
  return Math.min(PRACTICE_RATE_MAX, Math.max(PRACTICE_RATE_MIN, snapped));
}

export interface PracticeLoop {
  start: number;
  end: number;
}

/**
 * The loop A and B make, whichever order they were marked in, or null when it is not playable
 * (one end missing, or shorter than PRACTICE_LOOP_MIN_SECONDS).
 */
export function practiceLoop(a: number | null, b: number | null, duration?: number): PracticeLoop | null {
  if (a === null || b === null || !Number.isFinite(a) || !Number.isFinite(b)) return null;
  let start = Math.max(0, Math.min(a, b));
  let end = Math.max(a, b);
  if (duration !== undefined && Number.isFinite(duration) && duration > 0) {
    start = Math.min(start, duration);
    end = Math.min(end, duration);
  }
  return end - start >= PRACTICE_LOOP_MIN_SECONDS ? { start, end } : null;
}

/** The loop's ends as marked: a saved loop has both or neither; one alone is a loop half made. */
export interface LoopMarks {
  start: number | null;
  end: number | null;
}

/**
 * Marking A or B at `at` (to the tenth of a second): both ends when they make a playable loop, in
 * order whichever was marked first; else only the end just marked, a half loop the player keeps on
 * screen (and never saves) until the other end comes (product.md#practice).
 */
export function markLoop(marks: LoopMarks, which: 'a' | 'b', at: number): LoopMarks {
  const time = Math.round(at * 10) / 10;
  const a = which === 'a' ? time : marks.start;
  const b = which === 'b' ? time : marks.end;
  const loop = practiceLoop(a, b);
  if (loop) return { start: loop.start, end: loop.end };
  return which === 'a' ? { start: time, end: null } : { start: null, end: time };
}

/**
 * Where the player goes at `time`: back to A once it reaches B (or was moved before A by a
 * seek that left the loop), or null to keep playing. `ended` covers a B at the media's end, where
 * playback stops before timeupdate reports B.
 */
export function loopSeekTarget(loop: PracticeLoop | null, time: number, ended = false): number | null {
  if (!loop) return null;
  if (ended || time >= loop.end) return loop.start;
  return null;
}

export interface PracticeLadder {
  /** Starting speed, percent. */
  start: number;
  /** Added after each rung, percent. */
  step: number;
  /** The speed the ladder stops at, percent. */
  target: number;
  /** Clean loops needed before the next rung. */
  loops: number;
}

export interface LadderState {
  rate: number;
  /** Clean loops played at `rate` so far. */
  clean: number;
  /** True once `rate` is the target. */
  done: boolean;
}

export function ladderStart(ladder: PracticeLadder): LadderState {
  const rate = snapPracticeRate(Math.min(ladder.start, ladder.target));
  return { rate, clean: 0, done: rate >= ladder.target };
}

/**
 * One clean loop (a completed pass, or a tap on "clean"): after `loops` of them the speed rises by
 * `step`, never past the target; at the target the ladder is done and stays there.
 */
export function ladderClean(ladder: PracticeLadder, state: LadderState): LadderState {
  if (state.done) return state;
  const clean = state.clean + 1;
  if (clean < Math.max(1, ladder.loops)) return { ...state, clean };
  const rate = Math.min(ladder.target, snapPracticeRate(state.rate + ladder.step));
  return { rate, clean: 0, done: rate >= ladder.target };
}

/** Metronome beats per minute: the lesson's tempo times the speed, or null without a tempo. */
export function metronomeBpm(tempo: number | null | undefined, rate: number): number | null {
  if (!tempo || tempo <= 0) return null;
  return Math.round(((tempo * rate) / 100) * 10) / 10;
}

/** 83.4 → "1:23", 3725 → "1:02:05": how the player and the editor write a time. */
export function formatPracticeTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** "1:23", "1:02:05", "83" or "83.5" → seconds; null when it is not a time. */
export function parsePracticeTime(text: string): number | null {
  const value = text.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value);
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{2})(\.\d+)?$/.exec(value);
  if (!match) return null;
  const [, h, m, s, frac] = match;
  if (Number(s) > 59 || (h !== undefined && Number(m) > 59)) return null;
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + Number(frac ?? 0);
}

/** The settings of a video nobody has practised yet on this screen class. */
export const PRACTICE_DEFAULTS: PracticeValueSet = {
  practice_rate: 100,
  practice_loop_start: null,
  practice_loop_end: null,
  practice_ladder_start: 60,
  practice_ladder_step: 5,
  practice_ladder_target: 100,
  practice_ladder_loops: 3,
  practice_count_in: 0,
  practice_mirror: false,
};

/** A saved moment's note is at most this long (product.md#practice). */
export const SAVED_NOTE_MAX = 500;

export interface PracticeValueSet {
  practice_rate: number;
  practice_loop_start: number | null;
  practice_loop_end: number | null;
  practice_ladder_start: number;
  practice_ladder_step: number;
  practice_ladder_target: number;
  practice_ladder_loops: number;
  practice_count_in: number;
  practice_mirror: boolean;
}

/**
 * A stored set of practice settings (a visitor's, in the browser) read back, or null when any
 * value breaks the rules the API enforces (calls/practice.ts). Plain checks rather than the zod
 * schema, so the practice player does not carry zod.
 */
export function readPracticeValues(raw: unknown): PracticeValueSet | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const int = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
  const time = (v: unknown) => v === null || (typeof v === 'number' && v >= 0 && v <= PRACTICE_TIME_MAX);
  const rates = [r.practice_rate, r.practice_ladder_start, r.practice_ladder_target];
  if (!rates.every((v) => typeof v === 'number' && isPracticeRate(v))) return null;
  if (
    !int(r.practice_ladder_step, PRACTICE_RATE_STEP, PRACTICE_LADDER_STEP_MAX) ||
    (r.practice_ladder_step as number) % PRACTICE_RATE_STEP
  )
    return null;
  if (!int(r.practice_ladder_loops, 1, PRACTICE_LADDER_LOOPS_MAX) || !int(r.practice_count_in, 0, PRACTICE_COUNT_IN_MAX))
    return null;
  if (typeof r.practice_mirror !== 'boolean' || !time(r.practice_loop_start) || !time(r.practice_loop_end)) return null;
  const a = r.practice_loop_start as number | null;
  const b = r.practice_loop_end as number | null;
  if ((a === null) !== (b === null) || (a !== null && b !== null && b - a < PRACTICE_LOOP_MIN_SECONDS)) return null;
  if ((r.practice_ladder_start as number) > (r.practice_ladder_target as number)) return null;
  return {
    practice_rate: r.practice_rate as number,
    practice_loop_start: a,
    practice_loop_end: b,
    practice_ladder_start: r.practice_ladder_start as number,
    practice_ladder_step: r.practice_ladder_step as number,
    practice_ladder_target: r.practice_ladder_target as number,
    practice_ladder_loops: r.practice_ladder_loops as number,
    practice_count_in: r.practice_count_in as number,
    practice_mirror: r.practice_mirror,
  };
}
