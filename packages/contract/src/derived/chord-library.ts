/**
 * The chord library the editor picks from (product.md#chords, ADR 0058): the common open, barre
 * and power chords, in standard tuning, low E first. `key` is what a lesson's chord keeps when it
 * came from here, so "which lessons teach this chord" is one indexed query.
 */
export interface LibraryChord {
  key: string;
  name: string;
  kind: 'open' | 'barre' | 'power';
  frets: string;
  fingers: string;
}

export const CHORD_LIBRARY: readonly LibraryChord[] = [
  // Open chords.
  { key: 'c', name: 'C', kind: 'open', frets: 'x 3 2 0 1 0', fingers: '0 3 2 0 1 0' },
  { key: 'd', name: 'D', kind: 'open', frets: 'x x 0 2 3 2', fingers: '0 0 0 1 3 2' },
  { key: 'e', name: 'E', kind: 'open', frets: '0 2 2 1 0 0', fingers: '0 2 3 1 0 0' },
  { key: 'g', name: 'G', kind: 'open', frets: '3 2 0 0 0 3', fingers: '2 1 0 0 0 3' },
  { key: 'a', name: 'A', kind: 'open', frets: 'x 0 2 2 2 0', fingers: '0 0 1 2 3 0' },
  { key: 'am', name: 'Am', kind: 'open', frets: 'x 0 2 2 1 0', fingers: '0 0 2 3 1 0' },
  { key: 'em', name: 'Em', kind: 'open', frets: '0 2 2 0 0 0', fingers: '0 2 3 0 0 0' },
  { key: 'dm', name: 'Dm', kind: 'open', frets: 'x x 0 2 3 1', fingers: '0 0 0 2 3 1' },
  { key: 'a7', name: 'A7', kind: 'open', frets: 'x 0 2 0 2 0', fingers: '0 0 2 0 3 0' },
  { key: 'b7', name: 'B7', kind: 'open', frets: 'x 2 1 2 0 2', fingers: '0 2 1 3 0 4' },
  { key: 'c7', name: 'C7', kind: 'open', frets: 'x 3 2 3 1 0', fingers: '0 3 2 4 1 0' },
  { key: 'd7', name: 'D7', kind: 'open', frets: 'x x 0 2 1 2', fingers: '0 0 0 2 1 3' },
  { key: 'e7', name: 'E7', kind: 'open', frets: '0 2 0 1 0 0', fingers: '0 2 0 1 0 0' },
  { key: 'g7', name: 'G7', kind: 'open', frets: '3 2 0 0 0 1', fingers: '3 2 0 0 0 1' },
  { key: 'am7', name: 'Am7', kind: 'open', frets: 'x 0 2 0 1 0', fingers: '0 0 2 0 1 0' },
  { key: 'em7', name: 'Em7', kind: 'open', frets: '0 2 0 0 0 0', fingers: '0 2 0 0 0 0' },
  { key: 'cmaj7', name: 'Cmaj7', kind: 'open', frets: 'x 3 2 0 0 0', fingers: '0 3 2 0 0 0' },
  { key: 'fmaj7', name: 'Fmaj7', kind: 'open', frets: 'x x 3 2 1 0', fingers: '0 0 3 2 1 0' },
  { key: 'dsus2', name: 'Dsus2', kind: 'open', frets: 'x x 0 2 3 0', fingers: '0 0 0 1 3 0' },
  { key: 'dsus4', name: 'Dsus4', kind: 'open', frets: 'x x 0 2 3 3', fingers: '0 0 0 1 3 4' },
  { key: 'asus2', name: 'Asus2', kind: 'open', frets: 'x 0 2 2 0 0', fingers: '0 0 1 2 0 0' },
  { key: 'asus4', name: 'Asus4', kind: 'open', frets: 'x 0 2 2 3 0', fingers: '0 0 1 2 3 0' },
  // Barre chords (E and A shapes).
  { key: 'f-barre', name: 'F', kind: 'barre', frets: '1 3 3 2 1 1', fingers: '1 3 4 2 1 1' },
  { key: 'fm-barre', name: 'Fm', kind: 'barre', frets: '1 3 3 1 1 1', fingers: '1 3 4 1 1 1' },
  { key: 'g-barre', name: 'G (barre)', kind: 'barre', frets: '3 5 5 4 3 3', fingers: '1 3 4 2 1 1' },
  { key: 'gm-barre', name: 'Gm', kind: 'barre', frets: '3 5 5 3 3 3', fingers: '1 3 4 1 1 1' },
  { key: 'bb-barre', name: 'B♭', kind: 'barre', frets: 'x 1 3 3 3 1', fingers: '0 1 2 3 4 1' },
  { key: 'b-barre', name: 'B', kind: 'barre', frets: 'x 2 4 4 4 2', fingers: '0 1 2 3 4 1' },
  { key: 'bm-barre', name: 'Bm', kind: 'barre', frets: 'x 2 4 4 3 2', fingers: '0 1 3 4 2 1' },
  { key: 'c-barre', name: 'C (barre)', kind: 'barre', frets: 'x 3 5 5 5 3', fingers: '0 1 2 3 4 1' },
  { key: 'cm-barre', name: 'Cm', kind: 'barre', frets: 'x 3 5 5 4 3', fingers: '0 1 3 4 2 1' },
  { key: 'f#m-barre', name: 'F♯m', kind: 'barre', frets: '2 4 4 2 2 2', fingers: '1 3 4 1 1 1' },
  // Power chords (root on the low E or A string).
  { key: 'e5', name: 'E5', kind: 'power', frets: '0 2 2 x x x', fingers: '0 1 2 0 0 0' },
  { key: 'f5', name: 'F5', kind: 'power', frets: '1 3 3 x x x', fingers: '1 3 4 0 0 0' },
  { key: 'g5', name: 'G5', kind: 'power', frets: '3 5 5 x x x', fingers: '1 3 4 0 0 0' },
  { key: 'a5', name: 'A5', kind: 'power', frets: 'x 0 2 2 x x', fingers: '0 0 1 2 0 0' },
  { key: 'b5', name: 'B5', kind: 'power', frets: 'x 2 4 4 x x', fingers: '0 1 3 4 0 0' },
  { key: 'c5', name: 'C5', kind: 'power', frets: 'x 3 5 5 x x', fingers: '0 1 3 4 0 0' },
  { key: 'd5', name: 'D5', kind: 'power', frets: 'x 5 7 7 x x', fingers: '0 1 3 4 0 0' },
];

export function libraryChord(key: string | null | undefined): LibraryChord | undefined {
  return key ? CHORD_LIBRARY.find((chord) => chord.key === key) : undefined;
}
