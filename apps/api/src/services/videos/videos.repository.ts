import { and, asc, type Database, desc, eq, inArray, sql, type SQL, tables } from '@fretline/db';
import type { VideoFacet } from '@fretline/contract';
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
} as const;

export interface VideoListCriteria {
  facets: Partial<Record<VideoFacet, string[]>>;
  tags: string[];
  search: string | undefined;
  includeUnpublished: boolean;
}

/** The WHERE clause of the list; `withFacets` false leaves the facet filters out (for facet counts). */
function listConditions(criteria: VideoListCriteria, withFacets = true): SQL | undefined {
  const parts: SQL[] = [];
  if (!criteria.includeUnpublished) parts.push(eq(v.videoPublished, true));
  if (withFacets) {
    for (const [facet, values] of Object.entries(criteria.facets) as [VideoFacet, string[]][]) {
      if (values.length) parts.push(inArray(FACET_COLUMNS[facet], values));
    }
  }
  for (const tag of criteria.tags) {
    parts.push(sql`exists (select 1 from ${tables.videoTags} t where t.id_video = ${v.idVideo} and t.tag_slug = ${tag})`);
  }
  if (criteria.search) {
    const pattern = containsPattern(criteria.search);
    parts.push(sql`(${v.videoTitle} ilike ${pattern} or ${v.videoArtist} ilike ${pattern})`);
  }
  return parts.length ? and(...parts) : undefined;
}

export async function findVideoRows(
  db: Database,
  criteria: VideoListCriteria,
  order: { column: keyof typeof ORDER_COLUMNS; descending: boolean },
  limit: number,
  offset: number,
): Promise<VideoRow[]> {
  const column = ORDER_COLUMNS[order.column];
  return db
    .select()
    .from(v)
    .where(listConditions(criteria))
    .orderBy(order.descending ? desc(column) : asc(column), order.descending ? desc(v.idVideo) : asc(v.idVideo))
    .limit(limit)
    .offset(offset);
}

export async function countVideos(db: Database, criteria: VideoListCriteria): Promise<number> {
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(v)
    .where(listConditions(criteria));
  return counted?.n ?? 0;
}

/** Value counts of every facet over the videos matching search and tags (one scan). */
export async function countFacets(
  db: Database,
  criteria: VideoListCriteria,
): Promise<{ facet: string; value: string; n: number }[]> {
  const where = listConditions(criteria, false);
  const pairs = sql.join(
    (Object.entries(FACET_COLUMNS) as [VideoFacet, (typeof FACET_COLUMNS)[VideoFacet]][]).map(
      ([facet, column]) => sql`(${facet}, ${column})`,
    ),
    sql`, `,
  );
  const result = await db.execute<{ facet: string; value: string; n: number }>(
    sql`select f.facet, f.value, count(*)::int as n
        from ${v} cross join lateral (values ${pairs}) as f(facet, value)
        where f.value is not null ${where ? sql`and ${where}` : sql``}
        group by f.facet, f.value order by f.facet, n desc, f.value`,
  );
  return rowsOf(result);
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
