import { chordIdentity, chordNameKeys } from './practice-log.ts';
import { chordTuning, type ChordTuning } from './chords.ts';

/**
 * What a learner types in the catalogue search, read as chord names and words (product.md#search,
 * ADR 0080): "Em G", "A minor", "E minor G", "blues E7". Chords match a video's chords, every chord
 * of the query at once; the words match the text as before.
 */

/** A chord named in a search. */
export interface SearchChord {
  /** As a chord book prints it: "Em", "Am", "B♭", "F♯m". */
  name: string;
  /** Its chord library key when it is a library chord (chordIdentity), else null. */
  key: string | null;
  /** Lower-case names a lesson's chord may carry for it ("b♭", "bb"), matched when the lesson's chord has no library key. */
  spellings: string[];
}

export interface ParsedSearch {
  chords: SearchChord[];
  /** The words that are not chords, as typed (may be empty). */
  words: string;
}

/** The chord qualities a search recognises after the root ("m", "7", "maj7", "sus4"…). */
const QUALITY = '(?:m|min|maj7|maj|m7|m6|m9|7|5|6|9|sus2|sus4|7sus4|dim7|dim|aug|add9|madd9)?';
const CHORD_TOKEN = new RegExp(`^([A-Ga-g])([#♯b♭]?)(${QUALITY})$`);
const QUALITY_WORDS: Record<string, string> = { minor: 'm', major: '', min: 'm', maj: '' };

/** The chord a token names, with its root as typed: null when it is not a chord name. */
function chordOf(token: string, qualityWord?: string): { name: string; upper: boolean } | null {
  const match = CHORD_TOKEN.exec(token);
  if (!match) return null;
  const [, root, accidental, quality] = match as unknown as [string, string, string, string];
  if (qualityWord !== undefined && quality) return null;
  const sign = accidental === '#' || accidental === '♯' ? '♯' : accidental ? '♭' : '';
  const rest = qualityWord !== undefined ? qualityWord : quality.replace(/^min$/, 'm').replace(/^maj$/, '');
  return { name: `${root.toUpperCase()}${sign}${rest}`, upper: root === root.toUpperCase() };
}

function toSearchChord(name: string): SearchChord {
  const lower = name.toLowerCase();
  const ascii = lower.replace('♯', '#').replace('♭', 'b');
  const key = chordIdentity(null, name) ?? chordIdentity(null, ascii);
  const named = key ? chordNameKeys().flatMap(([text, k]) => (k === key ? [text] : [])) : [];
  return { name, key, spellings: [...new Set([lower, ascii, ...named])] };
}

/**
 * Splits a search into chord names and words. A token is a chord when it is a chord name and its
 * root is a capital ("Em", "G", "Am7"), when a quality word follows ("a minor", "E major"), or when
 * every token of the search is a chord ("em g"): so "a", "am" and "ab" in a search of words stay words.
 */
export function parseSearch(search: string): ParsedSearch {
  const tokens = search
    .trim()
    .split(/[\s,/]+/)
    .filter(Boolean)
    .slice(0, 16);
  type Read = { token: string; chord: { name: string; upper: boolean } | null; sure: boolean; span: number };
  const read: Read[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    const next = tokens[i + 1]?.toLowerCase();
    const qualityWord = next !== undefined ? QUALITY_WORDS[next] : undefined;
    const withWord = qualityWord !== undefined ? chordOf(token, qualityWord) : null;
    if (withWord) {
      read.push({ token: `${token} ${tokens[i + 1]}`, chord: withWord, sure: true, span: 2 });
      i += 1;
      continue;
    }
    const chord = chordOf(token);
    read.push({ token, chord, sure: chord?.upper ?? false, span: 1 });
  }
  const allChords = read.length > 0 && read.every((r) => r.chord);
  const chords: SearchChord[] = [];
  const words: string[] = [];
  for (const r of read) {
    if (r.chord && (r.sure || allChords)) {
      if (!chords.some((c) => c.name === r.chord!.name)) chords.push(toSearchChord(r.chord.name));
    } else words.push(r.token);
  }
  return { chords, words: words.join(' ') };
}

/** The instrument families a video is filtered by (product.md#search): the free-text instrument read as chordTuning does. */
export const INSTRUMENT_FAMILIES = ['guitar', 'ukulele', 'bass'] as const satisfies readonly ChordTuning['instrument'][];
export type InstrumentFamily = (typeof INSTRUMENT_FAMILIES)[number];

/** A video's instrument family: "Ukulele" → ukulele, "Bass Guitar" → bass, anything else (or none) → guitar. */
export function instrumentFamily(instrument: string | null | undefined): InstrumentFamily {
  return chordTuning(instrument).instrument;
}

/** The kinds of video the list filters by (product.md#search): each is one category. */
export const VIDEO_KINDS = { lesson: 'Lesson', song: 'Song' } as const;
export type VideoKind = keyof typeof VIDEO_KINDS;

/** The padded trigrams of a word, as pg_trgm makes them ("  b", " bl", "blu", …, "es "). */
export function wordTrigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i += 1) grams.add(padded.slice(i, i + 3));
  return grams;
}

/** pg_trgm's similarity: shared trigrams over all the trigrams of either word (0 to 1). */
export function trigramSimilarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const gram of a) if (b.has(gram)) shared += 1;
  const all = a.size + b.size - shared;
  return all ? shared / all : 0;
}
