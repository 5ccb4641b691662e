import { describe, expect, it } from 'vitest';
import {
  chordIdentity,
  knownChordKeys,
  missingChords,
  practiceDays,
  practiceReminderDue,
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

describe('when a practice reminder is due (product.md#practice-log)', () => {
  const reminder = (time: string, timeZone: string, lastSentOn: string | null = null) => ({ time, timeZone, lastSentOn });

  it('is due once the learner’s own clock reaches the time, not the server’s', () => {
    // 17:59 UTC is 18:59 in Paris (winter, UTC+1) and 12:59 in New York (UTC-5).
    const at = new Date('2026-12-02T17:59:00Z');
    expect(practiceReminderDue(at, reminder('18:30', 'Europe/Paris'))).toEqual({ due: true, day: '2026-12-02' });
    expect(practiceReminderDue(at, reminder('18:30', 'America/New_York'))).toEqual({ due: false, day: '2026-12-02' });
    expect(practiceReminderDue(new Date('2026-12-02T17:29:00Z'), reminder('18:30', 'Europe/Paris')).due).toBe(false);
  });

  it('counts the learner’s calendar day: past UTC midnight it is still yesterday in Los Angeles', () => {
    const at = new Date('2026-12-03T03:00:00Z'); // 19:00 on the 2nd in Los Angeles
    expect(practiceReminderDue(at, reminder('18:00', 'America/Los_Angeles'))).toEqual({ due: true, day: '2026-12-02' });
    expect(practiceReminderDue(at, reminder('18:00', 'America/Los_Angeles', '2026-12-02')).due).toBe(false);
    expect(practiceReminderDue(at, reminder('18:00', 'America/Los_Angeles', '2026-12-01')).due).toBe(true);
  });

  it('sends a time the clocks skip at the jump (spring forward, New York 8 March 2026)', () => {
    // 02:00 -> 03:00: 02:30 never happens. 06:59 UTC is 01:59 EST; 07:00 UTC is 03:00 EDT.
    expect(practiceReminderDue(new Date('2026-03-08T06:59:00Z'), reminder('02:30', 'America/New_York')).due).toBe(false);
    expect(practiceReminderDue(new Date('2026-03-08T07:00:00Z'), reminder('02:30', 'America/New_York'))).toEqual({
      due: true,
      day: '2026-03-08',
    });
  });

  it('sends once when the clocks repeat an hour (fall back, London 25 October 2026)', () => {
    // 01:30 happens twice: 00:30 UTC (BST) and 01:30 UTC (GMT).
    const first = practiceReminderDue(new Date('2026-10-25T00:30:00Z'), reminder('01:15', 'Europe/London'));
    expect(first).toEqual({ due: true, day: '2026-10-25' });
    expect(practiceReminderDue(new Date('2026-10-25T01:30:00Z'), reminder('01:15', 'Europe/London', first.day)).due).toBe(false);
  });

  it('does not send again for a day already sent after the learner moves west', () => {
    // Sent on the 3rd in Tokyo; moving to Honolulu puts the learner back on the 2nd.
    const at = new Date('2026-12-03T06:00:00Z'); // 20:00 on the 2nd in Honolulu
    expect(practiceReminderDue(at, reminder('18:00', 'Pacific/Honolulu', '2026-12-03')).due).toBe(false);
  });
});
