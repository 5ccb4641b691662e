import { describe, expect, it } from 'vitest';
import { ScoreSyncBodySchema } from '../calls/editor.ts';
import { barStartMs, scoreFormatOf, scoreMagicMatches, scorePositionAt, scoreSyncProblem, sortScoreSync } from './score-sync.ts';

// The time → bar rule of a lesson's score (ADR 0088).
describe('scorePositionAt', () => {
  const points = [
    { bar: 0, at_ms: 1000 },
    { bar: 4, at_ms: 9000 },
    { bar: 5, at_ms: 12000 },
  ];

  it('has no bar before the first sync point', () => {
    expect(scorePositionAt(points, 999, 8)).toBeNull();
    expect(scorePositionAt([], 5000, 8)).toBeNull();
  });

  it('shares the time between two points evenly among the bars between them', () => {
    expect(scorePositionAt(points, 1000, 8)).toEqual({ bar: 0, fraction: 0 });
    expect(scorePositionAt(points, 4000, 8)).toEqual({ bar: 1, fraction: 0.5 });
    expect(scorePositionAt(points, 8999, 8)?.bar).toBe(3);
    expect(scorePositionAt(points, 9000, 8)).toEqual({ bar: 4, fraction: 0 });
    expect(scorePositionAt(points, 10500, 8)).toEqual({ bar: 4, fraction: 0.5 });
  });

  it('goes on at the last stretch’s pace after the last point, never past the last bar', () => {
    expect(scorePositionAt(points, 15000, 8)).toEqual({ bar: 6, fraction: 0 });
    expect(scorePositionAt(points, 60_000, 8)?.bar).toBe(7);
    // One point only: that bar, until the score says more.
    expect(scorePositionAt([{ bar: 2, at_ms: 0 }], 50_000, 8)).toEqual({ bar: 2, fraction: 0 });
  });

  it('is the inverse of barStartMs, so a clicked bar plays from its start', () => {
    for (let bar = 0; bar < 8; bar++) expect(scorePositionAt(points, barStartMs(points, bar)!, 8)?.bar).toBe(bar);
    expect(barStartMs(points, 2)).toBe(5000);
    expect(barStartMs(points, 7)).toBe(18000);
    expect(barStartMs([{ bar: 1, at_ms: 500 }], 0)).toBeNull();
    expect(barStartMs([{ bar: 1, at_ms: 500 }], 3)).toBeNull();
  });
});

describe('scoreSyncProblem', () => {
  it('accepts bars and times going forward within the score and the video', () => {
    expect(
      scoreSyncProblem(
        [
          { bar: 0, at_ms: 0 },
          { bar: 5, at_ms: 16000 },
        ],
        6,
        16,
      ),
    ).toBeNull();
    expect(scoreSyncProblem([{ bar: 0, at_ms: 999_999 }], 6, null)).toBeNull();
  });

  it('names the point at fault', () => {
    expect(scoreSyncProblem([{ bar: 6, at_ms: 0 }], 6, null)).toEqual({
      index: 0,
      message: 'The score has 6 bars: bar 7 is not in it.',
    });
    expect(scoreSyncProblem([{ bar: 0, at_ms: 16001 }], 6, 16)?.index).toBe(0);
    expect(
      scoreSyncProblem(
        [
          { bar: 1, at_ms: 0 },
          { bar: 1, at_ms: 10 },
        ],
        6,
        null,
      )?.index,
    ).toBe(1);
    expect(
      scoreSyncProblem(
        [
          { bar: 1, at_ms: 10 },
          { bar: 2, at_ms: 10 },
        ],
        6,
        null,
      )?.index,
    ).toBe(1);
  });
});

describe('the score file', () => {
  it('is read by its ending and checked by its first bytes', () => {
    expect(scoreFormatOf('Riff.ATEX')).toBe('alphatex');
    expect(scoreFormatOf('song.gp4')).toBe('gp5');
    expect(scoreFormatOf('song.pdf')).toBeNull();
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(scoreMagicMatches('gp', bytes('PK\u0003\u0004rest'))).toBe(true);
    expect(scoreMagicMatches('gp5', bytes('\u0018FICHIER GUITAR PRO v5.00'))).toBe(true);
    expect(scoreMagicMatches('gpx', bytes('BCFZ'))).toBe(true);
    expect(scoreMagicMatches('musicxml', bytes('\uFEFF<?xml version="1.0"?>'))).toBe(true);
    expect(scoreMagicMatches('musicxml', bytes('\\title "x"'))).toBe(false);
    expect(scoreMagicMatches('alphatex', new Uint8Array([65, 0, 66]))).toBe(false);
  });

  it('has its sync rounded to the millisecond and sorted by bar', () => {
    expect(ScoreSyncBodySchema.parse({ score_sync_points: [{ bar: 1, at_ms: 1500.6 }] }).score_sync_points).toEqual([
      { bar: 1, at_ms: 1501 },
    ]);
    expect(ScoreSyncBodySchema.safeParse({ score_sync_points: [{ bar: 1.5, at_ms: 0 }] }).success).toBe(false);
    // Form-encoded bodies carry numbers as text, and an empty list as no field.
    expect(ScoreSyncBodySchema.parse({ score_sync_points: [{ bar: '2', at_ms: '3000' }] }).score_sync_points).toEqual([
      { bar: 2, at_ms: 3000 },
    ]);
    expect(ScoreSyncBodySchema.parse({}).score_sync_points).toEqual([]);
    expect(
      sortScoreSync([
        { bar: 3, at_ms: 9 },
        { bar: 1, at_ms: 3 },
      ]).map((p) => p.bar),
    ).toEqual([1, 3]);
  });
});
