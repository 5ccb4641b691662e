import { describe, expect, it } from 'vitest';
import { ChordTimelineBodySchema } from '../calls/editor.ts';
import { CHORD_TIMELINE_MAX, chordIndexAt, chordTimelineProblem, formatChordTime, sortChordTimeline } from './chord-timeline.ts';

const marks = [
  { chord: 'Em', at: 0 },
  { chord: 'G', at: 4 },
  { chord: 'Em', at: 8.25 },
];

describe('chordTimelineProblem', () => {
  it('accepts marks of the video’s chords in time order within its length', () => {
    expect(chordTimelineProblem(marks, ['Em', 'G'], 16)).toBeNull();
    expect(chordTimelineProblem([], ['Em'], null)).toBeNull();
  });

  it('names a chord the video does not have', () => {
    expect(chordTimelineProblem([{ chord: 'C', at: 1 }], ['Em', 'G'], 16)).toEqual({
      index: 0,
      message: '"C" is not one of this video\'s chords: add it to the chords first.',
    });
  });

  it('refuses a time after the video’s end only when its length is known', () => {
    const late = [{ chord: 'G', at: 20 }];
    expect(chordTimelineProblem(late, ['G'], 16)?.message).toBe('This video is 0:16.0 long: a chord cannot start after its end.');
    expect(chordTimelineProblem(late, ['G'], null)).toBeNull();
  });

  it('refuses marks out of time order or at the same time', () => {
    expect(chordTimelineProblem([marks[1], marks[0]] as typeof marks, ['Em', 'G'], 16)).toEqual({
      index: 1,
      message: 'Put the marks in time order, each after the one before it.',
    });
    expect(chordTimelineProblem([marks[0], marks[0]] as typeof marks, ['Em'], 16)?.index).toBe(1);
  });

  it('refuses a negative time and too many marks', () => {
    expect(chordTimelineProblem([{ chord: 'G', at: -1 }], ['G'], 16)?.message).toBe(
      'A chord cannot start before the video does.',
    );
    const many = Array.from({ length: CHORD_TIMELINE_MAX + 1 }, (_, i) => ({ chord: 'G', at: i }));
    expect(chordTimelineProblem(many, ['G'], null)).toEqual({
      index: null,
      message: `Keep the chord timeline to ${CHORD_TIMELINE_MAX} marks or fewer.`,
    });
  });
});

describe('chordIndexAt', () => {
  it('finds the mark sounding at a time: the last at or before it', () => {
    expect(chordIndexAt(marks, -0.5)).toBe(-1);
    expect(chordIndexAt(marks, 0)).toBe(0);
    expect(chordIndexAt(marks, 3.999)).toBe(0);
    expect(chordIndexAt(marks, 4)).toBe(1);
    expect(chordIndexAt(marks, 100)).toBe(2);
    expect(chordIndexAt([], 3)).toBe(-1);
    expect(chordIndexAt([{ chord: 'G', at: 2 }], 1)).toBe(-1);
  });
});

describe('the chord timeline body and its times', () => {
  it('keeps times to the millisecond and refuses a negative one with its text', () => {
    const ok = ChordTimelineBodySchema.parse({ chord_timeline: [{ chord: ' G ', at: 1.23456 }] });
    expect(ok.chord_timeline).toEqual([{ chord: 'G', at: 1.235 }]);
    const bad = ChordTimelineBodySchema.safeParse({ chord_timeline: [{ chord: 'G', at: -0.1 }] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('A chord cannot start before the video does.');
  });

  it('reads a form-encoded body as the editor sends it: times as text, no field for an empty list', () => {
    expect(ChordTimelineBodySchema.parse({ chord_timeline: [{ chord: 'C', at: '3.8' }] }).chord_timeline).toEqual([
      { chord: 'C', at: 3.8 },
    ]);
    expect(ChordTimelineBodySchema.parse({}).chord_timeline).toEqual([]);
    const bad = ChordTimelineBodySchema.safeParse({ chord_timeline: [{ chord: 'C', at: 'soon' }] });
    expect(bad.error?.issues[0]?.message).toBe('Give the time in seconds.');
  });

  it('writes a time with tenths and sorts marks by time', () => {
    expect(formatChordTime(4.25)).toBe('0:04.3');
    expect(formatChordTime(75.04)).toBe('1:15.0');
    expect(sortChordTimeline([marks[2], marks[0]] as typeof marks).map((m) => m.at)).toEqual([0, 8.25]);
  });
});
