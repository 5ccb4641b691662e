import { CHORD_LIBRARY } from './chord-library.ts';

/**
 * The practice log, One Minute Changes and Chords I know (product.md#practice-log,
 * product.md#one-minute-changes, product.md#chords-i-know): the rules the API and the pages share.
 */

/** One logged session: at least a second, at most four hours. */
export const PRACTICE_SECONDS_MIN = 1;
export const PRACTICE_SECONDS_MAX = 4 * 60 * 60;
/** A day holds at most 24 hours of practice, whatever was logged. */
export const PRACTICE_DAY_SECONDS_MAX = 24 * 60 * 60;
/** How far back a session may be logged, in days. */
export const PRACTICE_BACKDATE_DAYS = 366;
/** The weekly goal: minutes on a day that make it a practice day, and how many such days a week. */
export const PRACTICE_GOAL_MINUTES_MIN = 5;
export const PRACTICE_GOAL_MINUTES_MAX = 240;
export const PRACTICE_GOAL_DEFAULT = { goal_minutes: 15, goal_days: 4 } as const;
/** How many weeks /me/practice charts. */
export const PRACTICE_CHART_WEEKS = 12;

/** One Minute Changes: a round lasts 60 seconds; the marks drawn on every pair's chart. */
export const CHORD_CHANGES_SECONDS = 60;
export const CHORD_CHANGES_MARKS = [30, 60] as const;
/** More than five changes a second is not a count, it is a stuck key. */
export const CHORD_CHANGES_MAX = 300;

export const PLAYABLE_FILTERS = ['now', 'one-away'] as const;
export type PlayableFilter = (typeof PLAYABLE_FILTERS)[number];

export interface PracticeGoal {
  goal_minutes: number;
  goal_days: number;
}

const DAY_MS = 86_400_000;

function parseDay(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
}

function formatDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A calendar day (YYYY-MM-DD) moved by a number of days. */
export function addDays(day: string, days: number): string {
  return formatDay(parseDay(day) + days * DAY_MS);
}

/** The Monday that starts the (ISO) week holding this day. */
export function weekStart(day: string): string {
  const weekday = (new Date(parseDay(day)).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(day, -weekday);
}

export interface PracticeWeek {
  week_start: string;
  seconds: number;
  /** Days of the week with at least the goal's minutes. */
  goal_days_met: number;
  met: boolean;
}

/**
 * The weeks from `from`'s week to `today`'s week, oldest first, with their minutes and whether the
 * goal was met (product.md#practice-log): a week counts when the goal's minutes were practised on at
 * least the goal's number of days, so a missed day or two never breaks it.
 */
export function practiceWeeks(
  days: readonly { practised_on: string; seconds: number }[],
  goal: PracticeGoal,
  today: string,
  weeks: number,
): PracticeWeek[] {
  const first = addDays(weekStart(today), -7 * (weeks - 1));
  const byWeek = new Map<string, PracticeWeek>();
  for (let i = 0; i < weeks; i++) {
    const start = addDays(first, 7 * i);
    byWeek.set(start, { week_start: start, seconds: 0, goal_days_met: 0, met: false });
  }
  const perDay = new Map<string, number>();
  for (const { practised_on, seconds } of days) perDay.set(practised_on, (perDay.get(practised_on) ?? 0) + seconds);
  for (const [day, seconds] of perDay) {
    const week = byWeek.get(weekStart(day));
    if (!week) continue;
    week.seconds += seconds;
    if (seconds >= goal.goal_minutes * 60) week.goal_days_met += 1;
  }
  for (const week of byWeek.values()) week.met = week.goal_days_met >= goal.goal_days;
  return [...byWeek.values()];
}

/**
 * The streak (product.md#practice-log): how many weeks in a row met the goal, counting back from
 * this week. This week counts once it is met; until then it does not break the streak, which is
 * counted from last week (the learner still has days left to meet it).
 */
export function practiceStreak(weeks: readonly PracticeWeek[]): number {
  let streak = 0;
  for (let i = weeks.length - 1; i >= 0; i--) {
    const week = weeks[i]!;
    if (week.met) streak += 1;
    else if (i === weeks.length - 1) continue;
    else break;
  }
  return streak;
}

/** Minutes a day for the chart: every day from `from` to `to`, zero where nothing was logged. */
export function practiceDays(
  days: readonly { practised_on: string; seconds: number }[],
  from: string,
  to: string,
): { practised_on: string; minutes: number }[] {
  const perDay = new Map<string, number>();
  for (const { practised_on, seconds } of days) perDay.set(practised_on, (perDay.get(practised_on) ?? 0) + seconds);
  const out: { practised_on: string; minutes: number }[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    out.push({ practised_on: day, minutes: Math.round((perDay.get(day) ?? 0) / 6) / 10 });
  }
  return out;
}

const LIBRARY_BY_NAME = new Map([...CHORD_LIBRARY].reverse().map((chord) => [chord.name.toLowerCase(), chord.key] as const));

/**
 * Which library chord a lesson's chord is (product.md#chords-i-know): its library key when it has
 * one, else the library chord of the same name (case aside), else null: a chord outside the library
 * that no learner can mark as known.
 */
export function chordIdentity(key: string | null | undefined, text: string | null | undefined): string | null {
  if (key && CHORD_LIBRARY.some((chord) => chord.key === key)) return key;
  return (text && LIBRARY_BY_NAME.get(text.trim().toLowerCase())) ?? null;
}

/** The library names in SQL's reach: lower-cased name → key, the first chord of a name winning. */
export function chordNameKeys(): [string, string][] {
  return [...LIBRARY_BY_NAME.entries()];
}

/** Known chords: those the done lessons teach and those added by hand, less those removed by hand. */
export function knownChordKeys(
  taught: Iterable<string>,
  byHand: readonly { chord_key: string; known: boolean }[],
): { chord_key: string; chord_source: 'lesson' | 'hand' }[] {
  const known = new Map<string, 'lesson' | 'hand'>();
  for (const key of taught) known.set(key, 'lesson');
  for (const { chord_key, known: isKnown } of byHand) {
    if (isKnown && !known.has(chord_key)) known.set(chord_key, 'hand');
    if (!isKnown) known.delete(chord_key);
  }
  const order = new Map(CHORD_LIBRARY.map((chord, i) => [chord.key, i]));
  return [...known.entries()]
    .filter(([key]) => order.has(key))
    .sort(([a], [b]) => order.get(a)! - order.get(b)!)
    .map(([chord_key, chord_source]) => ({ chord_key, chord_source }));
}

/**
 * The playable rule (product.md#chords-i-know): the chords of a song the learner does not know
 * yet, each once. A song with no chords is playable by nobody; "play now" is none missing, "one
 * chord away" exactly one.
 */
export function missingChords(
  songChords: readonly { key: string | null; text: string }[],
  known: ReadonlySet<string>,
): string[] | null {
  if (!songChords.length) return null;
  const missing = new Set<string>();
  for (const chord of songChords) {
    const identity = songChordIdentity(chord);
    if (!known.has(identity)) missing.add(identity);
  }
  return [...missing];
}

/**
 * A song chord as the playable rule counts it: its library key, else "text:" and its name (case
 * aside), so two spellings of one chord outside the library count once and never match a known key.
 */
export function songChordIdentity(chord: { key: string | null; text: string }): string {
  return chordIdentity(chord.key, chord.text) ?? `text:${chord.text.trim().toLowerCase()}`;
}

/** The practice reminder's time until the learner picks one (product.md#practice-log). */
export const PRACTICE_REMINDER_TIME_DEFAULT = '18:00';

/** The calendar day (YYYY-MM-DD) and wall-clock time (HH:MM) that `at` is in a time zone. */
export function zonedDayAndTime(at: Date, timeZone: string): { day: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}

/**
 * Whether a learner's reminder is due at `at` (product.md#practice-log): their wall clock has reached
 * the time they picked today and nothing was sent for today yet. Comparing wall-clock times, not
 * instants, keeps a time the clocks skip (02:30 when they jump from 02:00 to 03:00) due at the jump,
 * and the day already sent keeps an hour the clocks repeat (or a zone moved west) from sending twice. Returns the local day.
 */
export function practiceReminderDue(
  at: Date,
  reminder: { time: string; timeZone: string; lastSentOn: string | null },
): { due: boolean; day: string } {
  const local = zonedDayAndTime(at, reminder.timeZone);
  const sentToday = reminder.lastSentOn !== null && reminder.lastSentOn >= local.day;
  return { due: local.time >= reminder.time && !sentToday, day: local.day };
}
