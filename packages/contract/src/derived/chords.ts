/**
 * Chord shapes as data (product.md#chords, ADR 0058): six strings, low E first. A fret is a number
 * (0 open) or `x` (not played); fingers are 1–4 (0 or `-` none, T thumb as 5). The barre and the
 * base fret are worked out from the shape, so an editor types only what a chord book prints.
 */

export const CHORD_STRINGS = 6;
/** The frets a diagram shows from its base fret. */
export const CHORD_DIAGRAM_FRETS = 5;
export const CHORD_FRET_MAX = 24;

export interface ChordBarre {
  fret: number;
  /** String indexes (0 = low E) the barre covers, from and to inclusive. */
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

function tokens(text: string): string[] | null {
  const value = text.trim().toLowerCase();
  if (!value) return null;
  // "x32010" is six one-character tokens; "x 3 2 0 1 0" or "8,10,10,9,8,8" is split on spaces or commas.
  const parts = /[\s,]/.test(value) ? value.split(/[\s,]+/).filter(Boolean) : [...value];
  return parts.length === CHORD_STRINGS ? parts : null;
}

/** "x32010" or "8 10 10 9 8 8" → frets, or null when it is not six strings' worth. */
export function parseChordFrets(text: string): (number | null)[] | null {
  const parts = tokens(text);
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
export function parseChordFingers(text: string): number[] | null {
  const parts = tokens(text);
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
export function chordShapeProblem(fretsText: string, fingersText: string | null | undefined): string | null {
  const frets = parseChordFrets(fretsText);
  if (!frets) return 'Write six frets, low E first, like x32010 or 8 10 10 9 8 8 (x = not played).';
  if (frets.every((f) => f === null)) return 'Play at least one string.';
  const fretted = frets.filter((f): f is number => f !== null && f > 0);
  if (fretted.length && Math.max(...fretted) - Math.min(...fretted) >= CHORD_DIAGRAM_FRETS) {
    return `Keep the fretted notes within ${CHORD_DIAGRAM_FRETS} frets of each other.`;
  }
  if (fingersText && fingersText.trim()) {
    const fingers = parseChordFingers(fingersText);
    if (!fingers) return 'Write six fingers, like 032010 (1–4, T for the thumb, 0 or - for none).';
    if (fingers.some((finger, i) => finger > 0 && !frets[i])) return 'Name a finger only on a fretted string.';
  }
  return null;
}

/**
 * The shape to draw, or null when the text is not one. The base fret is 1 when every fretted note
 * fits the first frets, else the lowest fretted note; a finger that holds two or more strings at
 * its lowest fret is a barre across them.
 */
export function chordShape(fretsText: string, fingersText?: string | null): ChordShape | null {
  if (chordShapeProblem(fretsText, fingersText)) return null;
  const frets = parseChordFrets(fretsText)!;
  const fingers = (fingersText && fingersText.trim() ? parseChordFingers(fingersText) : null) ?? frets.map(() => 0);
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
