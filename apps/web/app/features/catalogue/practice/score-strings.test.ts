import { describe, expect, it } from 'vitest';
import { importer, Settings, type model } from '@coderline/alphatab';
import { reverseStrings } from './score-strings';

// The left-handed tab (ADR 0088): the strings in reverse order, every note at the same pitch.

function read(tex: string): model.Score {
  const reader = new importer.AlphaTexImporter();
  reader.initFromString(tex, new Settings());
  return reader.readScore();
}

const notes = (score: model.Score) =>
  score.tracks[0]!.staves[0]!.bars.flatMap((bar) => bar.voices[0]!.beats.flatMap((beat) => beat.notes));

describe('reverseStrings', () => {
  it('puts the low E on the top line and keeps every pitch', () => {
    // A G chord (high e fretted at 3 is string 1 in alphaTex) and an open low E.
    const score = read(':4 (3.6 2.5 0.4 0.3 0.2 3.1) 0.6 |');
    const before = notes(score).map((note) => ({ string: note.string, pitch: note.realValue }));
    reverseStrings(score);
    const after = notes(score).map((note) => ({ string: note.string, pitch: note.realValue }));
    expect(after.map((n) => n.pitch)).toEqual(before.map((n) => n.pitch));
    // alphaTab counts strings from the lowest (1, the bottom line): reversed, the low E is 6, the top line.
    const lowE = before.findIndex((n) => n.string === 1);
    expect(after[lowE]?.string).toBe(6);
  });

  it('undoes itself when applied again (the mirror turned off)', () => {
    const score = read(':4 (3.6 2.5 0.4 0.3 0.2 3.1) |');
    const before = notes(score).map((note) => note.string);
    reverseStrings(score);
    reverseStrings(score);
    expect(notes(score).map((note) => note.string)).toEqual(before);
  });
});
