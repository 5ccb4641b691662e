import { describe, expect, it } from 'vitest';
import { CHORD_LIBRARY } from './chord-library.ts';
import { UKULELE_TUNING, chordShape, chordShapeProblem, chordTuning, parseChordFrets } from './chords.ts';

describe('chord shapes', () => {
  it('reads compact and spaced frets, x for a string not played', () => {
    expect(parseChordFrets('x32010')).toEqual([null, 3, 2, 0, 1, 0]);
    expect(parseChordFrets('8 10 10 9 8 8')).toEqual([8, 10, 10, 9, 8, 8]);
    expect(parseChordFrets('x3201')).toBeNull();
    expect(parseChordFrets('x3201q')).toBeNull();
  });

  it('draws an open chord from the nut, with no barre', () => {
    expect(chordShape('x32010', '032010')).toEqual({
      frets: [null, 3, 2, 0, 1, 0],
      fingers: [0, 3, 2, 0, 1, 0],
      baseFret: 1,
      barres: [],
    });
  });

  it('finds the barre and the base fret of a barre chord up the neck', () => {
    const shape = chordShape('3 5 5 4 3 3', '1 3 4 2 1 1')!;
    expect(shape.baseFret).toBe(3);
    expect(shape.barres).toEqual([{ fret: 3, from: 0, to: 5, finger: 1 }]);
    // F at the first fret still starts at the nut.
    expect(chordShape('1 3 3 2 1 1', '1 3 4 2 1 1')!.baseFret).toBe(1);
  });

  it('says what is wrong with a shape it cannot draw', () => {
    expect(chordShapeProblem('xxxxxx', null)).toBe('Play at least one string.');
    expect(chordShapeProblem('1 x x x x 9', null)).toBe('Keep the fretted notes within 5 frets of each other.');
    expect(chordShapeProblem('x32010', '13')).toMatch(/six fingers/);
    expect(chordShape('x3201', null)).toBeNull();
  });

  it('knows the strings of the lesson’s instrument: guitar six, ukulele and bass four', () => {
    expect(chordTuning('Acoustic Guitar').strings).toEqual(['E', 'A', 'D', 'G', 'B', 'E']);
    expect(chordTuning(null).instrument).toBe('guitar');
    expect(chordTuning('Ukulele').strings).toEqual(['G', 'C', 'E', 'A']);
    expect(chordTuning('Bass Guitar').strings).toEqual(['E', 'A', 'D', 'G']);
    expect(chordShape('0003', '0003', UKULELE_TUNING)).toEqual({
      frets: [0, 0, 0, 3],
      fingers: [0, 0, 0, 3],
      baseFret: 1,
      barres: [],
    });
    expect(chordShapeProblem('x32010', null, UKULELE_TUNING)).toBe(
      'Write four frets, G string first, like 0003 or 2010 (x = not played).',
    );
    expect(chordShape('0003', null)).toBeNull();
  });

  it('has a library of drawable chords with unique keys, open, barre and power', () => {
    expect(new Set(CHORD_LIBRARY.map((c) => c.key)).size).toBe(CHORD_LIBRARY.length);
    for (const chord of CHORD_LIBRARY) expect(chordShapeProblem(chord.frets, chord.fingers), chord.key).toBeNull();
    expect(new Set(CHORD_LIBRARY.map((c) => c.kind))).toEqual(new Set(['open', 'barre', 'power']));
  });
});
