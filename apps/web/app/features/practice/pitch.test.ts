import { describe, expect, it } from 'vitest';
import {
  centsOff,
  clampTempo,
  closestString,
  frequencyToMidi,
  midiToFrequency,
  nearestNote,
  noteName,
  tapTempo,
  TUNINGS,
} from './pitch';

describe('notes and cents (product.md#tuner-and-metronome)', () => {
  it('places the open strings of standard tuning', () => {
    expect(midiToFrequency(69)).toBe(440);
    expect(midiToFrequency(40)).toBeCloseTo(82.41, 2); // low E
    expect(midiToFrequency(64)).toBeCloseTo(329.63, 2); // high E
    expect(frequencyToMidi(110)).toBeCloseTo(45, 10);
    expect(TUNINGS[0]!.strings.map(noteName)).toEqual(['E2', 'A2', 'D3', 'G3', 'B3', 'E4']);
    expect(noteName(60)).toBe('C4');
  });

  it('measures cents: a semitone is 100, an octave 1200, flat is negative', () => {
    expect(centsOff(880, 440)).toBeCloseTo(1200, 10);
    expect(centsOff(midiToFrequency(70), 440)).toBeCloseTo(100, 10);
    expect(centsOff(435, 440)).toBeCloseTo(-19.79, 2);
  });

  it('finds the nearest note and how far off it is, within half a semitone', () => {
    expect(nearestNote(440)).toEqual({ midi: 69, name: 'A4', cents: 0 });
    const flatE = nearestNote(81);
    expect(flatE.name).toBe('E2');
    expect(flatE.cents).toBeCloseTo(-29.8, 1);
    expect(nearestNote(midiToFrequency(45.49)).name).toBe('A2');
    expect(nearestNote(midiToFrequency(45.51)).name).toBe('B♭2');
  });

  it('picks the string a note is meant for, in the chosen tuning', () => {
    const standard = TUNINGS.find((t) => t.key === 'standard')!;
    const dropD = TUNINGS.find((t) => t.key === 'drop-d')!;
    expect(closestString(83, standard)).toMatchObject({ index: 0, midi: 40 });
    // A low D is the sixth string in drop D, a far flat low E in standard.
    expect(closestString(73.4, dropD)).toMatchObject({ index: 0, midi: 38 });
    expect(closestString(73.4, dropD).cents).toBeCloseTo(0, 0);
    expect(closestString(73.4, standard).cents).toBeLessThan(-190);
    expect(TUNINGS.find((t) => t.key === 'dadgad')!.strings.map(noteName)).toEqual(['D2', 'A2', 'D3', 'G3', 'A3', 'D4']);
    expect(TUNINGS.find((t) => t.key === 'open-g')!.strings.map(noteName)).toEqual(['D2', 'G2', 'D3', 'G3', 'B3', 'D4']);
  });
});

describe('tempo', () => {
  it('taps out the tempo from the latest gaps, and starts again after a pause', () => {
    expect(tapTempo([0])).toBeNull();
    expect(tapTempo([0, 500])).toBe(120);
    expect(tapTempo([0, 500, 1000, 1500, 2000, 2600, 3200, 3800, 4400])).toBe(100);
    expect(tapTempo([0, 500, 5000])).toBeNull();
    expect(tapTempo([0, 500, 5000, 5600])).toBe(100);
    expect(clampTempo(10)).toBe(30);
    expect(clampTempo(400)).toBe(250);
  });
});
