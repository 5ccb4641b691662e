import { describe, expect, it } from 'vitest';
import {
  chordIdentity,
  knownChordKeys,
  missingChords,
  practiceDays,
  practiceStreak,
  practiceWeeks,
  weekStart,
} from './practice-log.ts';

const goal = { goal_minutes: 15, goal_days: 4 };
const day = (practised_on: string, minutes: number) => ({ practised_on, seconds: minutes * 60 });

describe('the weeks and the forgiving streak (product.md#practice-log)', () => {
  it('starts weeks on Monday', () => {
    expect(weekStart('2026-11-25')).toBe('2026-11-23'); // a Wednesday
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(weekStart('2026-11-29')).toBe('2026-11-23'); // Sunday
    expect(weekStart('2026-01-01')).toBe('2025-12-29');
  });

  it('counts a week when the goal minutes were met on the goal number of days, adding sessions of a day', () => {
    const weeks = practiceWeeks(
      [
        day('2026-11-16', 15),
        day('2026-11-17', 10),
        day('2026-11-17', 5), // two sessions make the day
        day('2026-11-19', 20),
        day('2026-11-22', 14), // one minute short: not a goal day
        day('2026-11-23', 30),
      ],
      goal,
      '2026-11-25',
      2,
    );
    expect(weeks.map((w) => [w.week_start, w.goal_days_met, w.met, w.seconds])).toEqual([
      ['2026-11-16', 3, false, 64 * 60],
      ['2026-11-23', 1, false, 30 * 60],
    ]);
  });

  it('a missed day or three do not break the streak; a missed week does; this week counts once met and never breaks it', () => {
    const met = (start: string) =>
      [0, 2, 4, 6].map((d) => day(new Date(Date.parse(start) + d * 86_400_000).toISOString().slice(0, 10), 15));
    const days = [...met('2026-10-26'), ...met('2026-11-09'), ...met('2026-11-16')];
    // 26 Oct met, 2 Nov missed, 9 and 16 Nov met; this week (23 Nov) not yet met.
    const weeks = practiceWeeks(days, goal, '2026-11-25', 5);
    expect(weeks.map((w) => w.met)).toEqual([true, false, true, true, false]);
    expect(practiceStreak(weeks)).toBe(2);
    // Once this week is met too, it counts.
    const done = practiceWeeks([...days, ...met('2026-11-23')], goal, '2026-11-29', 5);
    expect(practiceStreak(done)).toBe(3);
    // Last week missed: the streak is over (this week has not been met yet).
    expect(practiceStreak(practiceWeeks(met('2026-11-09'), goal, '2026-11-25', 5))).toBe(0);
    expect(practiceStreak([])).toBe(0);
  });

  it('a stricter goal counts fewer weeks', () => {
    const weeks = practiceWeeks(
      [day('2026-11-16', 20), day('2026-11-17', 20)],
      { goal_minutes: 30, goal_days: 1 },
      '2026-11-22',
      1,
    );
    expect(weeks[0]!.met).toBe(false);
  });

  it('charts every day with minutes, zero where nothing was logged', () => {
    expect(practiceDays([day('2026-11-24', 12.5), day('2026-11-24', 2)], '2026-11-23', '2026-11-25')).toEqual([
      { practised_on: '2026-11-23', minutes: 0 },
      { practised_on: '2026-11-24', minutes: 14.5 },
      { practised_on: '2026-11-25', minutes: 0 },
    ]);
  });
});

describe('known chords and the playable rule (product.md#chords-i-know)', () => {
  it('names a lesson chord by its library key, else by the library name, else none', () => {
    expect(chordIdentity('em', 'Em')).toBe('em');
    expect(chordIdentity(null, 'F')).toBe('f-barre');
    expect(chordIdentity(null, ' am ')).toBe('am');
    expect(chordIdentity(null, 'G')).toBe('g'); // the open G, not "G (barre)"
    expect(chordIdentity('not-a-key', 'D')).toBe('d');
    expect(chordIdentity(null, 'Cadd9')).toBeNull();
  });

  it('knows the lessons’ chords plus those added, less those removed by hand, in library order', () => {
    expect(
      knownChordKeys(new Set(['g', 'em']), [
        { chord_key: 'c', known: true },
        { chord_key: 'em', known: false },
        { chord_key: 'g', known: true },
      ]),
    ).toEqual([
      { chord_key: 'c', chord_source: 'hand' },
      { chord_key: 'g', chord_source: 'lesson' },
    ]);
  });

  it('a song is playable when no chord is missing, one away with exactly one, never without chords', () => {
    const known = new Set(['g', 'c', 'd']);
    const song = (...names: string[]) => names.map((text) => ({ key: null, text }));
    expect(missingChords(song('G', 'C', 'D', 'G'), known)).toEqual([]);
    expect(missingChords(song('G', 'C', 'D', 'Em', 'Em'), known)).toEqual(['em']);
    expect(missingChords(song('G', 'Am', 'F'), known)).toEqual(['am', 'f-barre']);
    expect(missingChords(song('G', 'Cadd9'), known)).toEqual(['text:cadd9']);
    expect(missingChords([], known)).toBeNull();
  });
});
