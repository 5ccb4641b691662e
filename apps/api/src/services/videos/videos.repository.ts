import { and, asc, type Database, desc, eq, getTableColumns, inArray, sql, type SQL, tables } from '@fretline/db';
import {
  CHORD_LIBRARY,
  chordNameKeys,
  type InstrumentFamily,
  parseSearch,
  type PlayableFilter,
  type SearchChord,
  VIDEO_DIFFICULTY_ORDER,
  VIDEO_KINDS,
  type VideoKind,
} from '@fretline/contract';
import type { ScoreFormat, VideoFacet } from '@fretline/contract';
import { containsPattern } from '../../platform/like-pattern.ts';

// The videos' queries (ADR 0051): the catalogue list and its facets, one video and its sections, the sitemap.

const v = tables.videos;
const c = tables.courses;

export type VideoRow = typeof tables.videos.$inferSelect;
export type SectionRow = typeof tables.videoSections.$inferSelect;
export type ChordRow = typeof tables.videoChords.$inferSelect;

/** The facet columns of GET videos (Video fields, product.md#entities). */
const FACET_COLUMNS = {
  category: v.videoCategory,
  difficulty: v.videoDifficulty,
  grade: v.videoGrade,
  genre: v.videoGenre,
  decade: v.videoDecade,
  artist: v.videoArtist,
  skill: v.videoSkill,
  instrument: v.videoInstrument,
} as const satisfies Record<VideoFacet, unknown>;

export const ORDER_COLUMNS = {
  video_created: v.videoCreated,
  video_title: v.videoTitle,
  video_order: v.videoOrder,
  // Easiest first (ADR 0056); a video without a difficulty after the rest.
  video_difficulty: sql`case ${v.videoDifficulty} ${sql.join(
    VIDEO_DIFFICULTY_ORDER.map((value, i) => sql`when ${value} then ${i}`),
    sql` `,
  )} else ${VIDEO_DIFFICULTY_ORDER.length} end`,
  relevance: null,
} as const;

export interface VideoListCriteria {
  facets: Partial<Record<VideoFacet, string[]>>;
  tags: string[];
  search: string | undefined;
  /** product.md#search: lessons or songs (one category each), and the instrument family. */
  kind?: VideoKind;
  family?: InstrumentFamily;
  includeUnpublished: boolean;
  /** Personal (product.md#chords-i-know): the caller's known chord keys and the filter asked for. */
  playable?: { filter: PlayableFilter; known: string[] };
}

/**
 * Which library chord a lesson's chord row is, in SQL: the same rule as the contract's
 * chordIdentity (its key when it is a library key, else the library chord of that name), and for a
 * chord outside the library its own lower-cased text, which no learner can know.
 */
function chordIdentitySql(alias: string): SQL {
  const key = sql.raw(`${alias}.chord_key`);
  const text = sql`lower(trim(${sql.raw(`${alias}.chord_text`)}))`;
  const keys = sql.join(
    CHORD_LIBRARY.map((chord) => sql`${chord.key}`),
    sql`, `,
  );
  const byName = sql.join(
    chordNameKeys().map(([name, k]) => sql`when ${name} then ${k}`),
    sql` `,
  );
  return sql`coalesce(case when ${key} in (${keys}) then ${key} end, case ${text} ${byName} end, 'text:' || ${text})`;
}

/**
 * The playable rule (product.md#chords-i-know) as a condition: the song has chords, and the number
 * of its distinct chords the caller does not know is 0 (play now) or 1 (one chord away). One
 * correlated count over the chords' (id_video, order) index per listed video.
 */
function playableCondition({ filter, known }: { filter: PlayableFilter; known: string[] }): SQL {
  const identity = chordIdentitySql('pc');
  const unknown = known.length
    ? sql`${identity} not in (${sql.join(
        known.map((key) => sql`${key}`),
        sql`, `,
      )})`
    : sql`true`;
  const missing = sql`(select count(distinct ${identity}) from ${tables.videoChords} pc where pc.id_video = ${v.idVideo} and ${unknown})`;
  return sql`(exists (select 1 from ${tables.videoChords} pe where pe.id_video = ${v.idVideo}) and ${missing} = ${filter === 'now' ? 0 : 1})`;
}

/** Folds accents and case the way the generated search columns do (SEARCH_ACCENTS in the schema). */
export function foldForSearch(text: string): string {
  return text
    .replace(/[đĐ]/g, 'd')
    .replace(/[łŁ]/g, 'l')
    .replace(/[øØœŒ]/g, 'o')
    .replace(/[æÆ]/g, 'a')
    .replace(/ı/g, 'i')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}

/**
 * The search box's text as a tsquery (ADR 0056): every word must match, each as a prefix ("blu"
 * finds "blues"), accents folded. Words are letters and digits only, quoted, so nothing typed is
 * read as tsquery syntax. Null when nothing searchable is left.
 */
export function searchQueryText(search: string): string | null {
  const words = foldForSearch(search)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((word) => `'${word}':*`).join(' & ') : null;
}

/**
 * Where the search looks (ADR 0056): the video's own text, its tags, its chords, its sections' text,
 * its captions' transcript (ADR 0085).
 * The other tables are asked once per query through uncorrelated `IN (…)` lists, each found through
 * its GIN index and hashed, never once per video.
 */
function textParts(search: string) {
  const text = searchQueryText(search);
  // Titles and artists by substring as well, for a word typed from its middle ("ackbird"): a LIKE
  // on the folded, lower-cased column, with the typed text folded the same way.
  const substring = sql`${v.searchText} like ${tables.foldedLower(containsPattern(search))}`;
  if (!text) return { match: substring, rank: sql`case when ${substring} then 1 else 0 end` };
  const prose = sql`to_tsquery('english', ${text})`;
  const words = sql`to_tsquery('simple', ${text})`;
  const inTags = sql`${v.idVideo} in (select st.id_video from ${tables.videoTags} st where st.search_document @@ ${words})`;
  const inChords = sql`${v.idVideo} in (select sc.id_video from ${tables.videoChords} sc where sc.search_document @@ ${words})`;
  const inSections = sql`${v.idVideo} in (select ss.id_video from ${tables.videoSections} ss where ss.search_document @@ ${prose})`;
  const inVideo = sql`${v.searchDocument} @@ ${prose}`;
  // Captions (ADR 0085): a lesson is found by a phrase of its transcript, in any language it has.
  const inCaptions = sql`${v.idVideo} in (select sk.id_video from ${tables.videoCaptions} sk where sk.search_document @@ ${prose})`;
  return {
    match: sql`(${inVideo} or ${substring} or ${inTags} or ${inChords} or ${inSections} or ${inCaptions})`,
    // Title and artist weigh most (weights A–D of the generated column), then tags, chords, sections.
    rank: sql`(ts_rank(${v.searchDocument}, ${prose}) + case when ${substring} then 0.5 else 0 end
      + case when ${inTags} then 0.3 else 0 end + case when ${inChords} then 0.2 else 0 end
      + case when ${inSections} then 0.1 else 0 end + case when ${inCaptions} then 0.05 else 0 end)`,
  };
}

const LIBRARY_KEYS = sql.join(
  CHORD_LIBRARY.map((chord) => sql`${chord.key}`),
  sql`, `,
);

/**
 * The videos teaching one chord of a search (ADR 0080): a lesson chord with its library key, or
 * without one (none, or not a library key) under one of its names, found through the key index and
 * the lower-cased name index.
 */
function teachesChord(chord: SearchChord): SQL {
  const ch = tables.videoChords;
  const byName = sql`((${ch.chordKey} is null or ${ch.chordKey} not in (${LIBRARY_KEYS})) and lower(trim(${ch.chordText})) in (${sql.join(
    chord.spellings.map((name) => sql`${name}`),
    sql`, `,
  )}))`;
  const where = chord.key ? sql`(${ch.chordKey} = ${chord.key} or ${byName})` : byName;
  return sql`${v.idVideo} in (select ${ch.idVideo} from ${ch} where ${where})`;
}

/**
 * The search (product.md#search, ADR 0080): chord names in it ("Em G", "A minor") match the videos
 * teaching all of them, with the rest of the search matching their text; the whole search also
 * matches text as before. Chord-set matches rank first.
 */
function searchParts(search: string) {
  const text = textParts(search);
  const { chords, words } = parseSearch(search);
  if (!chords.length) return text;
  const chordSet = and(...chords.map(teachesChord))!;
  const chordHit = words ? sql`(${chordSet} and ${textParts(words).match})` : chordSet;
  return {
    match: sql`(${chordHit} or ${text.match})`,
    rank: sql`(case when ${chordHit} then 10 else 0 end + ${text.rank})`,
  };
}

/**
 * The instrument family as chordTuning reads the free-text instrument: "uke" or "ukulele", else
 * "bass" as a word, else a guitar (also when none is given).
 */
function familyCondition(family: InstrumentFamily): SQL {
  const name = sql`lower(coalesce(${v.videoInstrument}, ''))`;
  const ukulele = sql`${name} ~ ${'ukulele|\\muke\\M'}`;
  const bass = sql`${name} ~ ${'\\mbass\\M'}`;
  if (family === 'ukulele') return ukulele;
  if (family === 'bass') return sql`(not ${ukulele} and ${bass})`;
  return sql`(not ${ukulele} and not ${bass})`;
}

function facetCondition(facet: VideoFacet, values: string[] | undefined): SQL | undefined {
  return values?.length ? inArray(FACET_COLUMNS[facet], values) : undefined;
}

/**
 * The WHERE clause of the list. `except` leaves one facet's own filter out, for that facet's
 * counts; `withFacets` false leaves them all out.
 */
function listConditions(criteria: VideoListCriteria, withFacets = true): SQL | undefined {
  const parts: SQL[] = [];
  if (!criteria.includeUnpublished) parts.push(eq(v.videoPublished, true));
  if (withFacets) {
    for (const [facet, values] of Object.entries(criteria.facets) as [VideoFacet, string[]][]) {
      const condition = facetCondition(facet, values);
      if (condition) parts.push(condition);
    }
  }
  for (const tag of criteria.tags) {
    parts.push(sql`exists (select 1 from ${tables.videoTags} t where t.id_video = ${v.idVideo} and t.tag_slug = ${tag})`);
  }
  if (criteria.kind) parts.push(eq(v.videoCategory, VIDEO_KINDS[criteria.kind]));
  if (criteria.family) parts.push(familyCondition(criteria.family));
  if (criteria.search) parts.push(searchParts(criteria.search).match);
  if (criteria.playable) parts.push(playableCondition(criteria.playable));
  return parts.length ? and(...parts) : undefined;
}

/** The list's columns: every column but the search columns, which only the database reads. */
const { searchDocument: _searchDocument, searchText: _searchText, ...LIST_COLUMNS } = getTableColumns(v);

/**
 * One page of the list. How many match in all comes from countFacets, which scans them anyway: a
 * window count here would hold every match until the page is cut, and stop an index from ending the
 * scan early for the newest first (ADR 0056).
 */
export async function findVideoPage(
  db: Database,
  criteria: VideoListCriteria,
  order: { column: keyof typeof ORDER_COLUMNS; descending: boolean },
  limit: number,
  offset: number,
): Promise<VideoRow[]> {
  const column =
    order.column === 'relevance'
      ? criteria.search
        ? searchParts(criteria.search).rank
        : v.videoCreated
      : ORDER_COLUMNS[order.column];
  // Relevance is best first whichever way it is written; the others follow the sign.
  const descending = order.column === 'relevance' ? true : order.descending;
  const found = await db
    .select(LIST_COLUMNS)
    .from(v)
    .where(listConditions(criteria))
    .orderBy(
      descending ? desc(column) : asc(column),
      ...(order.column === 'relevance' ? [desc(v.videoCreated)] : []),
      descending ? desc(v.idVideo) : asc(v.idVideo),
    )
    .limit(limit)
    .offset(offset);
  return found.map((row) => ({ ...row, searchDocument: null, searchText: null }));
}

/**
 * Value counts of every facet, and the number of videos matching in all (one scan): each facet
 * counts the videos that match search, tags and every other facet's filter, not its own (ADR 0056),
 * so picking "Blues" narrows the difficulty counts while the genre list still offers the other
 * genres; the total passes every filter.
 */
export async function countFacets(
  db: Database,
  criteria: VideoListCriteria,
): Promise<{ rows: { facet: string; value: string; n: number }[]; total: number }> {
  const where = listConditions(criteria, false);
  const entries = Object.entries(FACET_COLUMNS) as [VideoFacet, (typeof FACET_COLUMNS)[VideoFacet]][];
  const passing = (facets: [VideoFacet, unknown][]) => {
    const conditions = facets
      .map(([facet]) => facetCondition(facet, criteria.facets[facet]))
      .filter((condition): condition is SQL => condition !== undefined);
    return conditions.length ? sql`(${and(...conditions)})` : sql`true`;
  };
  // One pass: a grouping set per facet, and per set the count of rows passing the other facets'
  // filters (ADR 0056). `grouping(column) = 0` marks the set a result row belongs to; the empty
  // set, where no column is grouped, is the total.
  const bySet = (part: (facet: VideoFacet, column: (typeof FACET_COLUMNS)[VideoFacet]) => SQL, total: SQL) =>
    sql`case ${sql.join(
      entries.map(([facet, column]) => sql`when grouping(${column}) = 0 then ${part(facet, column)}`),
      sql` `,
    )} else ${total} end`;
  const result = await db.execute<{ facet: string | null; value: string | null; n: number }>(
    sql`select facet, value, n from (
          select ${bySet((facet) => sql`${facet}`, sql`null`)} as facet,
            ${bySet((_facet, column) => sql`${column}`, sql`null`)} as value,
            ${bySet(
              (facet) => sql`count(*) filter (where ${passing(entries.filter(([other]) => other !== facet))})`,
              sql`count(*) filter (where ${passing(entries)})`,
            )}::int as n
          from ${v} ${where ? sql`where ${where}` : sql``}
          group by grouping sets ((), ${sql.join(
            entries.map(([, column]) => sql`(${column})`),
            sql`, `,
          )})
        ) f
        where facet is null or (value is not null and n > 0)
        order by facet, n desc, value`,
  );
  const rows: { facet: string; value: string; n: number }[] = [];
  let total = 0;
  for (const row of rowsOf<{ facet: string | null; value: string | null; n: number }>(result)) {
    if (row.facet === null) total = row.n;
    else if (row.value !== null) rows.push({ facet: row.facet, value: row.value, n: row.n });
  }
  return { rows, total };
}

/** drizzle returns `{ rows }` from node-postgres and PGlite alike; keep the shape in one place. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}

export async function findTagsForVideos(db: Database, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ idVideo: tables.videoTags.idVideo, tagSlug: tables.videoTags.tagSlug, tagName: tables.videoTags.tagName })
    .from(tables.videoTags)
    .where(inArray(tables.videoTags.idVideo, ids))
    .orderBy(asc(tables.videoTags.tagSlug));
}

/** A video's current slug by its id (the editor's preview, ADR 0061). */
export async function findVideoSlugById(db: Database, idVideo: number): Promise<string | undefined> {
  const [row] = await db.select({ slug: v.videoSlug }).from(v).where(eq(v.idVideo, idVideo)).limit(1);
  return row?.slug;
}

export async function findVideoBySlug(db: Database, slug: string): Promise<VideoRow | undefined> {
  const [row] = await db.select().from(v).where(eq(v.videoSlug, slug)).limit(1);
  if (row) return row;
  // A renamed video is still found by its previous slug.
  const [old] = await db
    .select({ video: v })
    .from(tables.videoSlugHistory)
    .innerJoin(v, eq(v.idVideo, tables.videoSlugHistory.idVideo))
    .where(eq(tables.videoSlugHistory.oldSlug, slug))
    .limit(1);
  return old?.video;
}

export async function findVideoById(db: Database, idVideo: number): Promise<VideoRow | undefined> {
  const [row] = await db.select().from(v).where(eq(v.idVideo, idVideo)).limit(1);
  return row;
}

export async function findSections(db: Database, idVideo: number): Promise<SectionRow[]> {
  return db
    .select()
    .from(tables.videoSections)
    .where(eq(tables.videoSections.idVideo, idVideo))
    .orderBy(asc(tables.videoSections.sectionOrder), asc(tables.videoSections.idVideoSection));
}

export async function findChords(db: Database, idVideo: number): Promise<ChordRow[]> {
  return db
    .select()
    .from(tables.videoChords)
    .where(eq(tables.videoChords.idVideo, idVideo))
    .orderBy(asc(tables.videoChords.chordOrder), asc(tables.videoChords.idVideoChord));
}

/** The video's chapters in time order (product.md#practice). */
export async function findChapters(db: Database, idVideo: number) {
  const ch = tables.videoChapters;
  return db
    .select({ time: ch.chapterTime, title: ch.chapterTitle })
    .from(ch)
    .where(eq(ch.idVideo, idVideo))
    .orderBy(asc(ch.chapterTime), asc(ch.idVideoChapter));
}

/** A video's chord timeline (ADR 0077), in time order. */
export async function findChordTimeline(db: Database, idVideo: number): Promise<{ chord: string; at: number }[]> {
  const m = tables.videoChordMarks;
  return db
    .select({ chord: m.chordText, at: m.markTime })
    .from(m)
    .where(eq(m.idVideo, idVideo))
    .orderBy(asc(m.markTime), asc(m.idVideoChordMark));
}

/** A lesson's score (ADR 0088) without its file: what the video call and the editor show. */
export async function findScore(db: Database, idVideo: number) {
  const s = tables.videoScores;
  const [row] = await db
    .select({
      scoreFileName: s.scoreFileName,
      scoreFormat: s.scoreFormat,
      scoreTitle: s.scoreTitle,
      scoreBarCount: s.scoreBarCount,
      scoreUpdated: s.scoreUpdated,
    })
    .from(s)
    .where(eq(s.idVideo, idVideo));
  // Only the API writes the format, from SCORE_FORMATS.
  return row ? { ...row, scoreFormat: row.scoreFormat as ScoreFormat } : undefined;
}

/** A lesson's score file (ADR 0088), for the lesson page's renderer. */
export async function findScoreFile(db: Database, idVideo: number): Promise<{ format: ScoreFormat; bytes: Buffer } | null> {
  const s = tables.videoScores;
  const [row] = await db.select({ format: s.scoreFormat, base64: s.scoreBase64 }).from(s).where(eq(s.idVideo, idVideo));
  return row ? { format: row.format as ScoreFormat, bytes: Buffer.from(row.base64, 'base64') } : null;
}

/** Where each bar of a lesson's score starts in the video (ADR 0088), in bar order. */
export async function findScoreSyncPoints(db: Database, idVideo: number): Promise<{ bar: number; at_ms: number }[]> {
  const p = tables.videoScoreSyncPoints;
  return db.select({ bar: p.barIndex, at_ms: p.syncMs }).from(p).where(eq(p.idVideo, idVideo)).orderBy(asc(p.barIndex));
}

export async function findSitemapRows(db: Database) {
  const [videoRows, courseRows, streamRows] = await Promise.all([
    db.select({ slug: v.videoSlug, updated: v.videoUpdated }).from(v).where(eq(v.videoPublished, true)).orderBy(asc(v.idVideo)),
    db
      .select({ slug: c.courseSlug, updated: c.courseUpdated })
      .from(c)
      .where(eq(c.coursePublished, true))
      .orderBy(asc(c.courseOrder)),
    db
      .select({ slug: tables.liveStreams.streamSlug, updated: tables.liveStreams.streamUpdated })
      .from(tables.liveStreams)
      .where(eq(tables.liveStreams.streamPublished, true))
      .orderBy(asc(tables.liveStreams.streamStarts)),
  ]);
  return { videoRows, courseRows, streamRows };
}
