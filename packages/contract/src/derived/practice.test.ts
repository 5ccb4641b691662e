import { describe, expect, it } from 'vitest';
import {
  formatPracticeTime,
  isPracticeRate,
  ladderClean,
  ladderStart,
  loopSeekTarget,
  markLoop,
  metronomeBpm,
  parsePracticeTime,
  practiceLoop,
  practiceScreen,
  readPracticeValues,
  snapPracticeRate,
} from './practice.ts';

describe('practice speeds', () => {
  it('offers 25 to 150 % in 5 % steps', () => {
    expect([25, 50, 100, 150].every(isPracticeRate)).toBe(true);
    expect([20, 155, 72, 99.5, Number.NaN].some(isPracticeRate)).toBe(false);
  });

  it('snaps any value to the nearest offered speed', () => {
    expect(snapPracticeRate(72)).toBe(70);
    expect(snapPracticeRate(73)).toBe(75);
    expect(snapPracticeRate(10)).toBe(25);
    expect(snapPracticeRate(400)).toBe(150);
    expect(snapPracticeRate(Number.NaN)).toBe(100);
  });
});

describe('the A/B loop', () => {
  it('is A to B whichever was marked first, and needs both ends half a second apart', () => {
    expect(practiceLoop(4, 9)).toEqual({ start: 4, end: 9 });
    expect(practiceLoop(9, 4)).toEqual({ start: 4, end: 9 });
    expect(practiceLoop(4, null)).toBeNull();
    expect(practiceLoop(4, 4.3)).toBeNull();
  });

  it('is kept inside the media', () => {
    expect(practiceLoop(4, 30, 12)).toEqual({ start: 4, end: 12 });
    expect(practiceLoop(20, 30, 12)).toBeNull();
  });

  it('jumps back to A at B (or at the end of the media), and not before', () => {
    const loop = { start: 4, end: 9 };
    expect(loopSeekTarget(loop, 5)).toBeNull();
    expect(loopSeekTarget(loop, 9)).toBe(4);
    expect(loopSeekTarget(loop, 9.2)).toBe(4);
    expect(loopSeekTarget(loop, 6, true)).toBe(4);
    expect(loopSeekTarget(null, 100)).toBeNull();
  });

  it('keeps a half loop as marked until the other end makes a playable one', () => {
    const none = { start: null, end: null };
    expect(markLoop(none, 'a', 3.04)).toEqual({ start: 3, end: null });
    expect(markLoop({ start: 3, end: null }, 'b', 6)).toEqual({ start: 3, end: 6 });
    // B before A: the loop is between them whichever came first.
    expect(markLoop({ start: null, end: 6 }, 'a', 8)).toEqual({ start: 6, end: 8 });
    // Too short a loop keeps only the end just marked.
    expect(markLoop({ start: 3, end: 6 }, 'b', 3.2)).toEqual({ start: null, end: 3.2 });
    // A new A inside a loop moves its start.
    expect(markLoop({ start: 3, end: 6 }, 'a', 4)).toEqual({ start: 4, end: 6 });
  });
});

describe('the tempo ladder', () => {
  const ladder = { start: 60, step: 10, target: 85, loops: 2 };

  it('starts at its start, or at the target when the start is above it', () => {
    expect(ladderStart(ladder)).toEqual({ rate: 60, clean: 0, done: false });
    expect(ladderStart({ ...ladder, start: 90 })).toEqual({ rate: 85, clean: 0, done: true });
  });

  it('climbs a step after N clean loops and stops at the target', () => {
    let state = ladderStart(ladder);
    const rates: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      state = ladderClean(ladder, state);
      rates.push(state.rate);
    }
    // Two clean loops per rung: 60, 60→70, 70, 70→80, 80, 80→85 (the target, not 90), then it stays.
    expect(rates).toEqual([60, 70, 70, 80, 80, 85, 85, 85]);
    expect(state.done).toBe(true);
  });

  it('climbs on every tap when one clean loop is enough', () => {
    const quick = { start: 50, step: 25, target: 100, loops: 1 };
    const one = ladderClean(quick, ladderStart(quick));
    expect(one).toEqual({ rate: 75, clean: 0, done: false });
    expect(ladderClean(quick, one)).toEqual({ rate: 100, clean: 0, done: true });
  });
});

describe('the metronome, screens and times', () => {
  it('clicks at the tempo times the speed, and not without a tempo', () => {
    expect(metronomeBpm(120, 50)).toBe(60);
    expect(metronomeBpm(92, 75)).toBe(69);
    expect(metronomeBpm(null, 100)).toBeNull();
  });

  it('calls a screen under 768 px small', () => {
    expect(practiceScreen(360)).toBe('small');
    expect(practiceScreen(1280)).toBe('large');
  });

  it('writes and reads times', () => {
    expect(formatPracticeTime(83.4)).toBe('1:23');
    expect(formatPracticeTime(3725)).toBe('1:02:05');
    expect(parsePracticeTime('1:23')).toBe(83);
    expect(parsePracticeTime('1:02:05')).toBe(3725);
    expect(parsePracticeTime('2:30.5')).toBe(150.5);
    expect(parsePracticeTime('83')).toBe(83);
    expect(parsePracticeTime('1:75')).toBeNull();
    expect(parsePracticeTime('soon')).toBeNull();
  });
});

describe('a stored set of settings read back', () => {
  const good = {
    practice_rate: 75,
    practice_loop_start: 3,
    practice_loop_end: 6,
    practice_ladder_start: 60,
    practice_ladder_step: 5,
    practice_ladder_target: 100,
    practice_ladder_loops: 3,
    practice_count_in: 4,
    practice_mirror: true,
    practice_screen: 'small',
  };

  it('keeps a set that keeps the rules, without its screen class', () => {
    const { practice_screen: _screen, ...values } = good;
    expect(readPracticeValues(good)).toEqual(values);
    expect(readPracticeValues({ ...good, practice_loop_start: null, practice_loop_end: null })).not.toBeNull();
  });

  it.each([
    { practice_rate: 72 },
    { practice_rate: 200 },
    { practice_ladder_step: 7 },
    { practice_ladder_loops: 0 },
    { practice_count_in: 9 },
    { practice_loop_end: null },
    { practice_loop_end: 3.2 },
    { practice_ladder_start: 110 },
    { practice_mirror: 'yes' },
  ])('drops a set with %j', (bad) => {
    expect(readPracticeValues({ ...good, ...bad })).toBeNull();
  });

  it('drops what is not a set at all', () => {
    expect(readPracticeValues(null)).toBeNull();
    expect(readPracticeValues('fast')).toBeNull();
  });
});
