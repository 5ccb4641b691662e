/**
 * The tuner's and metronome's maths (product.md#tuner-and-metronome): notes, frequencies and cents
 * in equal temperament with A4 = 440 Hz, the tunings offered, and tap tempo.
 */

const A4_HZ = 440;
const A4_MIDI = 69;
const NAMES = ['C', 'C♯', 'D', 'E♭', 'E', 'F', 'F♯', 'G', 'A♭', 'A', 'B♭', 'B'] as const;
/** Within this many cents a string is in tune: about what an ear can tell apart. */
export const IN_TUNE_CENTS = 5;

export function midiToFrequency(midi: number): number {
  return A4_HZ * 2 ** ((midi - A4_MIDI) / 12);
}

export function frequencyToMidi(hz: number): number {
  return A4_MIDI + 12 * Math.log2(hz / A4_HZ);
}

/** How far `hz` is from `target` in cents (hundredths of a semitone): negative is flat, positive sharp. */
export function centsOff(hz: number, target: number): number {
  return 1200 * Math.log2(hz / target);
}

/** A MIDI note's name with its octave, scientific pitch notation: 40 → E2, 69 → A4. */
export function noteName(midi: number): string {
  return `${NAMES[((midi % 12) + 12) % 12]}${Math.floor(midi / 12) - 1}`;
}

/** The nearest note to a frequency, and how many cents off it the frequency is (−50 to +50). */
export function nearestNote(hz: number): { midi: number; name: string; cents: number } {
  const midi = Math.round(frequencyToMidi(hz));
  return { midi, name: noteName(midi), cents: centsOff(hz, midiToFrequency(midi)) };
}

export interface Tuning {
  key: string;
  name: string;
  /** The open strings low to high, as MIDI notes. */
  strings: readonly number[];
}

/** Standard tuning and the common alternates, low string first. */
export const TUNINGS: readonly Tuning[] = [
  { key: 'standard', name: 'Standard (E A D G B E)', strings: [40, 45, 50, 55, 59, 64] },
  { key: 'half-step-down', name: 'Half step down (E♭ A♭ D♭ G♭ B♭ E♭)', strings: [39, 44, 49, 54, 58, 63] },
  { key: 'whole-step-down', name: 'Whole step down (D G C F A D)', strings: [38, 43, 48, 53, 57, 62] },
  { key: 'drop-d', name: 'Drop D (D A D G B E)', strings: [38, 45, 50, 55, 59, 64] },
  { key: 'dadgad', name: 'DADGAD', strings: [38, 45, 50, 55, 57, 62] },
  { key: 'open-g', name: 'Open G (D G D G B D)', strings: [38, 43, 50, 55, 59, 62] },
  { key: 'open-d', name: 'Open D (D A D F♯ A D)', strings: [38, 45, 50, 54, 57, 62] },
  { key: 'open-e', name: 'Open E (E B E G♯ B E)', strings: [40, 47, 52, 56, 59, 64] },
];

/** The string of the tuning a heard frequency is meant for: the one it is fewest cents from. */
export function closestString(hz: number, tuning: Tuning): { index: number; midi: number; cents: number } {
  let best = { index: 0, midi: tuning.strings[0]!, cents: Number.POSITIVE_INFINITY };
  tuning.strings.forEach((midi, index) => {
    const cents = centsOff(hz, midiToFrequency(midi));
    if (Math.abs(cents) < Math.abs(best.cents)) best = { index, midi, cents };
  });
  return best;
}

export const TEMPO_MIN = 30;
export const TEMPO_MAX = 250;

export function clampTempo(bpm: number): number {
  return Math.min(TEMPO_MAX, Math.max(TEMPO_MIN, Math.round(bpm)));
}

/** A tap gap longer than this starts a new tempo: the learner stopped and began again. */
export const TAP_RESET_MS = 2000;

/**
 * Tap tempo: the tempo from the latest taps (times in ms), the average of up to the last four gaps.
 * Null until two taps, or when the last gap is a pause rather than a beat.
 */
export function tapTempo(taps: readonly number[]): number | null {
  const gaps: number[] = [];
  for (let i = taps.length - 1; i > 0 && gaps.length < 4; i--) {
    const gap = taps[i]! - taps[i - 1]!;
    if (gap <= 0 || gap > TAP_RESET_MS) break;
    gaps.push(gap);
  }
  if (!gaps.length) return null;
  return clampTempo(60_000 / (gaps.reduce((a, b) => a + b, 0) / gaps.length));
}
