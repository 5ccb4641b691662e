/**
 * Chord shapes as data (product.md#chords, ADR 0058): one token per string, lowest-pitched string
 * first (six for a guitar, four for a ukulele or a bass: chordTuning). A fret is a number
 * (0 open) or `x` (not played); fingers are 1–4 (0 or `-` none, T thumb as 5). The barre and the
 * base fret are worked out from the shape, so an editor types only what a chord book prints.
 */

export const CHORD_STRINGS = 6;
/** The frets a diagram shows from its base fret. */
export const CHORD_DIAGRAM_FRETS = 5;
export const CHORD_FRET_MAX = 24;

/** The strings a lesson's instrument has, in diagram order (left to right for a right-handed player). */
export interface ChordTuning {
  instrument: 'guitar' | 'ukulele' | 'bass';
  /** Each string's open note, from the left of a diagram. */
  strings: readonly string[];
  /** How an editor is told which string comes first, and a shape to copy. */
  first: string;
  example: string;
  fingersExample: string;
}

export const GUITAR_TUNING: ChordTuning = {
  instrument: 'guitar',
  strings: ['E', 'A', 'D', 'G', 'B', 'E'],
  first: 'low E',
  example: 'x32010 or 8 10 10 9 8 8',
  fingersExample: '032010',
};
/** Re-entrant G C E A: the G string is the high one, but it is still drawn first (as chord books do). */
export const UKULELE_TUNING: ChordTuning = {
  instrument: 'ukulele',
  strings: ['G', 'C', 'E', 'A'],
  first: 'G string',
  example: '0003 or 2010',
  fingersExample: '0003',
};
export const BASS_TUNING: ChordTuning = {
  instrument: 'bass',
  strings: ['E', 'A', 'D', 'G'],
  first: 'low E',
  example: '355x or x022',
  fingersExample: '134',
};

/** The tuning of a lesson's instrument (the free-text `video_instrument`); a guitar when unsaid. */
export function chordTuning(instrument: string | null | undefined): ChordTuning {
  const name = (instrument ?? '').toLowerCase();
  if (/ukulele|\buke\b/.test(name)) return UKULELE_TUNING;
  if (/\bbass\b/.test(name)) return BASS_TUNING;
  return GUITAR_TUNING;
}

/** The string counts a shape may have: a shape is checked against its lesson's instrument as a whole video. */
const STRING_COUNTS = [4, 6];

const NUMBER_WORDS: Record<number, string> = { 4: 'four', 6: 'six' };

export interface ChordBarre {
  fret: number;
  /** String indexes (0 = the first string drawn, low E on a guitar) the barre covers, from and to inclusive. */
  from: number;
  to: number;
  finger: number;
}

export interface ChordShape {
  /** One per string, low E first: null = not played, 0 = open. */
  frets: (number | null)[];
  /** One per string: 0 = no finger named. */
  fingers: number[];
  /** The fret the diagram's top row is (1 shows the nut). */
  baseFret: number;
  barres: ChordBarre[];
}

function tokens(text: string, strings: number): string[] | null {
  const value = text.trim().toLowerCase();
  if (!value) return null;
  // "x32010" is six one-character tokens; "x 3 2 0 1 0" or "8,10,10,9,8,8" is split on spaces or commas.
  const parts = /[\s,]/.test(value) ? value.split(/[\s,]+/).filter(Boolean) : [...value];
  return parts.length === strings ? parts : null;
}

/** How many strings a typed shape has, when it is a count some instrument has; else a guitar's. */
export function chordStringCount(text: string): number {
  const value = text.trim();
  const count = /[\s,]/.test(value) ? value.split(/[\s,]+/).filter(Boolean).length : value.length;
  return STRING_COUNTS.includes(count) ? count : CHORD_STRINGS;
}

/** "x32010" or "8 10 10 9 8 8" → frets, or null when it is not `strings` strings' worth. */
export function parseChordFrets(text: string, strings = CHORD_STRINGS): (number | null)[] | null {
  const parts = tokens(text, strings);
  if (!parts) return null;
  const frets: (number | null)[] = [];
  for (const part of parts) {
    if (part === 'x') frets.push(null);
    else if (/^\d{1,2}$/.test(part) && Number(part) <= CHORD_FRET_MAX) frets.push(Number(part));
    else return null;
  }
  return frets;
}

/** "032010", "x32010" or "- 3 2 - 1 -" → fingers (0 = none), or null when malformed. */
export function parseChordFingers(text: string, strings = CHORD_STRINGS): number[] | null {
  const parts = tokens(text, strings);
  if (!parts) return null;
  const fingers: number[] = [];
  for (const part of parts) {
    if (part === 'x' || part === '-' || part === '0') fingers.push(0);
    else if (/^[1-4]$/.test(part)) fingers.push(Number(part));
    else if (part === 't') fingers.push(5);
    else return null;
  }
  return fingers;
}

/** Frets as stored and shown in forms: "x 3 2 0 1 0". */
export function formatChordFrets(frets: (number | null)[]): string {
  return frets.map((f) => (f === null ? 'x' : String(f))).join(' ');
}

export function formatChordFingers(fingers: number[]): string {
  return fingers.map((f) => (f === 5 ? 'T' : String(f))).join(' ');
}

/** Why a shape cannot be drawn, in the editor's words, or null when it can. */
export function chordShapeProblem(
  fretsText: string,
  fingersText: string | null | undefined,
  tuning: ChordTuning = GUITAR_TUNING,
): string | null {
  const count = tuning.strings.length;
  const frets = parseChordFrets(fretsText, count);
  if (!frets) return `Write ${NUMBER_WORDS[count]} frets, ${tuning.first} first, like ${tuning.example} (x = not played).`;
  if (frets.every((f) => f === null)) return 'Play at least one string.';
  const fretted = frets.filter((f): f is number => f !== null && f > 0);
  if (fretted.length && Math.max(...fretted) - Math.min(...fretted) >= CHORD_DIAGRAM_FRETS) {
    return `Keep the fretted notes within ${CHORD_DIAGRAM_FRETS} frets of each other.`;
  }
  if (fingersText && fingersText.trim()) {
    const fingers = parseChordFingers(fingersText, count);
    if (!fingers)
      return `Write ${NUMBER_WORDS[count]} fingers, like ${tuning.fingersExample} (1–4, T for the thumb, 0 or - for none).`;
    if (fingers.some((finger, i) => finger > 0 && !frets[i])) return 'Name a finger only on a fretted string.';
  }
  return null;
}

/**
 * The shape to draw, or null when the text is not one. The base fret is 1 when every fretted note
 * fits the first frets, else the lowest fretted note; a finger that holds two or more strings at
 * its lowest fret is a barre across them.
 */
export function chordShape(
  fretsText: string,
  fingersText?: string | null,
  tuning: ChordTuning = GUITAR_TUNING,
): ChordShape | null {
  if (chordShapeProblem(fretsText, fingersText, tuning)) return null;
  const count = tuning.strings.length;
  const frets = parseChordFrets(fretsText, count)!;
  const fingers = (fingersText && fingersText.trim() ? parseChordFingers(fingersText, count) : null) ?? frets.map(() => 0);
  const fretted = frets.filter((f): f is number => f !== null && f > 0);
  const highest = fretted.length ? Math.max(...fretted) : 0;
  const lowest = fretted.length ? Math.min(...fretted) : 1;
  const baseFret = highest <= CHORD_DIAGRAM_FRETS - 1 ? 1 : lowest;
  const barres: ChordBarre[] = [];
  for (let finger = 1; finger <= 4; finger += 1) {
    const strings = fingers.flatMap((f, i) => (f === finger ? [i] : []));
    if (strings.length < 2) continue;
    const fret = Math.min(...strings.map((i) => frets[i] ?? Infinity));
    const onFret = strings.filter((i) => frets[i] === fret);
    if (onFret.length < 2) continue;
    barres.push({ fret, from: Math.min(...onFret), to: Math.max(...onFret), finger });
  }
  return { frets, fingers, baseFret, barres };
}
