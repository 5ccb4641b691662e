import { and, type Database, eq, tables } from '@fretline/db';
import { parseSearch, trigramSimilarity, wordTrigrams } from '@fretline/contract';
import { CatalogueCache } from './catalogue-cache.ts';
import { foldForSearch } from './videos.repository.ts';

// "Did you mean" (product.md#search, ADR 0080): the words of the published catalogue (titles,
// artists, genres, skills, tags, chord names) in process, with a trigram index, the same on PGlite
// and PostgreSQL. Kept per database handle and forgotten on every catalogue write like the other
// catalogue memories (ADR 0018); another instance catches up within the TTL.

/** A search finding fewer videos than this may get a suggestion ("nothing or little"). */
export const SUGGEST_BELOW = 3;
/** pg_trgm's default similarity threshold: a word at least this near is offered. */
const SIMILARITY_MIN = 0.3;
/** Words shorter than this are never corrected: too many near neighbours. */
const WORD_MIN = 3;

interface Vocabulary {
  /** Folded words, sorted, for the prefix test (the search matches prefixes: "blu" is no typo). */
  sorted: string[];
  /** How many catalogue texts use each word: the tie-break between equally near words. */
  uses: Map<string, number>;
  trigrams: Map<string, Set<string>>;
  byTrigram: Map<string, string[]>;
}

const vocabularyCache = new CatalogueCache<Vocabulary>(5 * 60_000, 4);

const wordsOf = (text: string | null | undefined): string[] =>
  text
    ? foldForSearch(text)
        .split(/[^\p{L}\p{N}]+/u)
        .filter((word) => word.length >= WORD_MIN && /\p{L}/u.test(word))
    : [];

async function loadVocabulary(db: Database): Promise<Vocabulary> {
  const v = tables.videos;
  const published = eq(v.videoPublished, true);
  const [videos, tags, chords] = await Promise.all([
    db.select({ title: v.videoTitle, artist: v.videoArtist, genre: v.videoGenre, skill: v.videoSkill }).from(v).where(published),
    db
      .selectDistinct({ name: tables.videoTags.tagName })
      .from(tables.videoTags)
      .innerJoin(v, and(eq(v.idVideo, tables.videoTags.idVideo), published)),
    db
      .selectDistinct({ name: tables.videoChords.chordText })
      .from(tables.videoChords)
      .innerJoin(v, and(eq(v.idVideo, tables.videoChords.idVideo), published)),
  ]);
  const uses = new Map<string, number>();
  const add = (text: string | null) => {
    for (const word of new Set(wordsOf(text))) uses.set(word, (uses.get(word) ?? 0) + 1);
  };
  for (const row of videos) [row.title, row.artist, row.genre, row.skill].forEach(add);
  for (const row of tags) add(row.name);
  for (const row of chords) add(row.name);
  const trigrams = new Map<string, Set<string>>();
  const byTrigram = new Map<string, string[]>();
  for (const word of uses.keys()) {
    const grams = wordTrigrams(word);
    trigrams.set(word, grams);
    for (const gram of grams) {
      const list = byTrigram.get(gram);
      if (list) list.push(word);
      else byTrigram.set(gram, [word]);
    }
  }
  return { sorted: [...uses.keys()].sort(), uses, trigrams, byTrigram };
}

function isPrefixOfAWord(vocabulary: Vocabulary, word: string): boolean {
  const { sorted } = vocabulary;
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted[mid]! < word) low = mid + 1;
    else high = mid;
  }
  return low < sorted.length && sorted[low]!.startsWith(word);
}

/** Edits (insert, delete, change, swap two neighbours) from one word to another. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i ? (j ? 0 : i) : j)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The catalogue word nearest a typed one, or null when none is near enough: the words at least
 * SIMILARITY_MIN alike by trigrams (as pg_trgm finds them), then the fewest edits away, then the
 * most used in the catalogue ("blus" is one edit from "blue" and from "blues": the genre wins).
 */
function nearestWord(vocabulary: Vocabulary, word: string): string | null {
  const grams = wordTrigrams(word);
  const seen = new Set<string>();
  let best: { word: string; edits: number; uses: number; score: number } | null = null;
  for (const gram of grams) {
    for (const candidate of vocabulary.byTrigram.get(gram) ?? []) {
      if (seen.has(candidate)) continue;
      seen.add(candidate);
      const score = trigramSimilarity(grams, vocabulary.trigrams.get(candidate)!);
      if (score < SIMILARITY_MIN) continue;
      const next = { word: candidate, edits: editDistance(word, candidate), uses: vocabulary.uses.get(candidate)!, score };
      if (
        !best ||
        next.edits < best.edits ||
        (next.edits === best.edits &&
          (next.uses > best.uses ||
            (next.uses === best.uses && (next.score > best.score || (next.score === best.score && next.word < best.word)))))
      )
        best = next;
    }
  }
  return best?.word ?? null;
}

/**
 * The search with each word the catalogue does not know replaced by its nearest catalogue word,
 * or null when no word changes. Chord names and short words are left as typed.
 */
function suggestFrom(vocabulary: Vocabulary, search: string): string | null {
  let changed = false;
  const tokens = search
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((token) => {
      const word = foldForSearch(token);
      if (word.length < WORD_MIN || !/^[\p{L}\p{N}]+$/u.test(word) || parseSearch(token).chords.length) return token;
      if (vocabulary.uses.has(word) || isPrefixOfAWord(vocabulary, word)) return token;
      const near = nearestWord(vocabulary, word);
      if (!near) return token;
      changed = true;
      return near;
    });
  return changed ? tokens.join(' ') : null;
}

export async function suggestSearch(db: Database, search: string): Promise<string | null> {
  const vocabulary = await vocabularyCache.get(db, 'vocabulary', () => loadVocabulary(db));
  return suggestFrom(vocabulary, search);
}
