import { and, asc, desc, eq, inArray, sql, tables, type Database, type SQL } from '@fretline/db';
import type { VideoFacet } from '@fretline/contract';

const v = tables.videos;
const c = tables.courses;
const cv = tables.courseVideos;

export type VideoRow = typeof tables.videos.$inferSelect;
export type CourseRow = typeof tables.courses.$inferSelect;
export type SectionRow = typeof tables.videoSections.$inferSelect;
export type ChordRow = typeof tables.videoChords.$inferSelect;

/** The facet columns of GET videos (spec §3 Video fields). */
export const FACET_COLUMNS = {
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

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** The WHERE clause of the list; `withFacets` false leaves the facet filters out (for facet counts). */
export function listConditions(criteria: VideoListCriteria, withFacets = true): SQL | undefined {
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
    const pattern = `%${escapeLike(criteria.search)}%`;
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

export async function findSavedVideoIds(db: Database, idUser: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ idVideo: tables.savedVideos.idVideo })
    .from(tables.savedVideos)
    .where(and(eq(tables.savedVideos.idUser, idUser), inArray(tables.savedVideos.idVideo, ids)));
  return new Set(rows.map((r) => r.idVideo));
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

export async function findCourseBySlug(db: Database, slug: string): Promise<CourseRow | undefined> {
  const [row] = await db.select().from(c).where(eq(c.courseSlug, slug)).limit(1);
  if (row) return row;
  // A renamed course is still found by its previous slug (the page then redirects to the new one).
  const [old] = await db
    .select({ course: c })
    .from(tables.courseSlugHistory)
    .innerJoin(c, eq(c.idCourse, tables.courseSlugHistory.idCourse))
    .where(eq(tables.courseSlugHistory.oldSlug, slug))
    .limit(1);
  return old?.course;
}

export async function findCourseById(db: Database, idCourse: number): Promise<CourseRow | undefined> {
  const [row] = await db.select().from(c).where(eq(c.idCourse, idCourse)).limit(1);
  return row;
}

export async function findPublishedCourses(db: Database): Promise<CourseRow[]> {
  return db.select().from(c).where(eq(c.coursePublished, true)).orderBy(asc(c.courseOrder), asc(c.idCourse));
}

/** The course after this one in course_order (video_course_next). */
export async function findNextCourse(db: Database, course: CourseRow): Promise<CourseRow | undefined> {
  const [row] = await db
    .select()
    .from(c)
    .where(and(eq(c.coursePublished, true), sql`(${c.courseOrder}, ${c.idCourse}) > (${course.courseOrder}, ${course.idCourse})`))
    .orderBy(asc(c.courseOrder), asc(c.idCourse))
    .limit(1);
  return row;
}

export interface CourseEntryRow {
  idCourseVideo: number;
  idVideo: number;
  kind: string;
  order: number;
  videoTitle: string;
  videoSlug: string;
  videoImage: string | null;
  videoPremium: boolean;
  videoDuration: number | null;
  part: string | null;
}

/** A course's published videos and songs in order. */
export async function findCourseEntries(db: Database, idCourse: number): Promise<CourseEntryRow[]> {
  return db
    .select({
      idCourseVideo: cv.idCourseVideo,
      idVideo: cv.idVideo,
      kind: cv.courseVideoKind,
      order: cv.courseVideoOrder,
      videoTitle: v.videoTitle,
      videoSlug: v.videoSlug,
      videoImage: v.videoImage,
      videoPremium: v.videoPremium,
      videoDuration: v.streamDuration,
      part: cv.courseVideoPart,
    })
    .from(cv)
    .innerJoin(v, eq(v.idVideo, cv.idVideo))
    .where(and(eq(cv.idCourse, idCourse), eq(v.videoPublished, true)))
    .orderBy(asc(cv.courseVideoOrder), asc(cv.idCourseVideo));
}

/** The published courses a video belongs to, first by course_order. */
export async function findCoursesOfVideo(db: Database, idVideo: number): Promise<CourseRow[]> {
  const rows = await db
    .select({ course: c })
    .from(cv)
    .innerJoin(c, eq(c.idCourse, cv.idCourse))
    .where(and(eq(cv.idVideo, idVideo), eq(c.coursePublished, true)))
    .orderBy(asc(c.courseOrder), asc(c.idCourse));
  return rows.map((r) => r.course);
}

export async function findTestimonials(db: Database, idCourse: number) {
  return db
    .select()
    .from(tables.courseTestimonials)
    .where(eq(tables.courseTestimonials.idCourse, idCourse))
    .orderBy(asc(tables.courseTestimonials.testimonialOrder), asc(tables.courseTestimonials.idCourseTestimonial));
}

export async function findCourseProgress(db: Database, idUser: number, idCourse: number) {
  const [row] = await db
    .select()
    .from(tables.courseProgress)
    .where(and(eq(tables.courseProgress.idUser, idUser), eq(tables.courseProgress.idCourse, idCourse)))
    .limit(1);
  return row;
}

/** The slug of the published course this user played a video of last (ADR 0049), if any. */
export async function findLastPlayedCourseSlug(db: Database, idUser: number): Promise<string | undefined> {
  const p = tables.courseProgress;
  const [row] = await db
    .select({ slug: c.courseSlug })
    .from(p)
    .innerJoin(c, eq(c.idCourse, p.idCourse))
    .where(and(eq(p.idUser, idUser), eq(c.coursePublished, true)))
    .orderBy(sql`${p.videoLastPlayed} desc nulls last`, asc(c.courseOrder))
    .limit(1);
  return row?.slug;
}

/** Ids of the course's videos this user has finished (ADR 0016). */
export async function findFinishedVideoIds(db: Database, idUser: number, idCourse: number): Promise<number[]> {
  const rows = await db
    .select({ idVideo: tables.videoPlays.idVideo })
    .from(tables.videoPlays)
    .innerJoin(cv, and(eq(cv.idVideo, tables.videoPlays.idVideo), eq(cv.idCourse, idCourse)))
    .where(and(eq(tables.videoPlays.idUser, idUser), eq(tables.videoPlays.videoPlayCompleted, true)));
  return rows.map((r) => r.idVideo);
}

export async function findPlay(db: Database, idUser: number, idVideo: number) {
  const [row] = await db
    .select()
    .from(tables.videoPlays)
    .where(and(eq(tables.videoPlays.idUser, idUser), eq(tables.videoPlays.idVideo, idVideo)))
    .limit(1);
  return row;
}

export async function findPlayById(db: Database, idVideoPlay: number) {
  const [row] = await db.select().from(tables.videoPlays).where(eq(tables.videoPlays.idVideoPlay, idVideoPlay)).limit(1);
  return row;
}

/** Creates or updates the user's play of a video; `completed` only ever turns on. */
export async function upsertPlay(
  db: Database,
  values: { idUser: number; idVideo: number; totalTime: number; currentTime: number; completed: boolean; now: Date },
) {
  const p = tables.videoPlays;
  const [row] = await db
    .insert(p)
    .values({
      idUser: values.idUser,
      idVideo: values.idVideo,
      videoPlayTotalTime: values.totalTime,
      videoPlayCurrentTime: values.currentTime,
      videoPlayCompleted: values.completed,
      videoPlayCreated: values.now,
      videoPlayUpdated: values.now,
    })
    .onConflictDoUpdate({
      target: [p.idUser, p.idVideo],
      set: {
        videoPlayTotalTime: values.totalTime,
        videoPlayCurrentTime: values.currentTime,
        videoPlayCompleted: sql`${p.videoPlayCompleted} or ${values.completed}`,
        videoPlayUpdated: values.now,
      },
    })
    .returning();
  if (!row) throw new Error('video play not written');
  return row;
}

export async function upsertCourseProgress(
  db: Database,
  values: { idUser: number; idCourse: number; idCourseVideo: number; percent: number; now: Date },
) {
  const p = tables.courseProgress;
  await db
    .insert(p)
    .values({
      idUser: values.idUser,
      idCourse: values.idCourse,
      idCourseVideoActive: values.idCourseVideo,
      videoLastPlayed: values.now,
      coursePercentComplete: values.percent,
    })
    .onConflictDoUpdate({
      target: [p.idUser, p.idCourse],
      set: { idCourseVideoActive: values.idCourseVideo, videoLastPlayed: values.now, coursePercentComplete: values.percent },
    });
}

export async function countCourseEntries(db: Database, idCourse: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cv)
    .innerJoin(v, eq(v.idVideo, cv.idVideo))
    .where(and(eq(cv.idCourse, idCourse), eq(v.videoPublished, true)));
  return row?.n ?? 0;
}

export interface SavedRow {
  idUserVideo: number;
  idVideo: number;
  videoTitle: string;
  videoSlug: string;
  videoImage: string | null;
  videoCategory: string;
  videoArtist: string | null;
  videoType: string | null;
}

const savedColumns = {
  idUserVideo: tables.savedVideos.idUserVideo,
  idVideo: v.idVideo,
  videoTitle: v.videoTitle,
  videoSlug: v.videoSlug,
  videoImage: v.videoImage,
  videoCategory: v.videoCategory,
  videoArtist: v.videoArtist,
  videoType: v.videoType,
};

/** The user's My List, newest first; only published videos are shown. */
export async function findSavedPage(
  db: Database,
  idUser: number,
  limit: number,
  offset: number,
  idVideo?: number,
): Promise<{ rows: SavedRow[]; total: number }> {
  const s = tables.savedVideos;
  const where = and(eq(s.idUser, idUser), eq(v.videoPublished, true), idVideo ? eq(s.idVideo, idVideo) : undefined);
  const [rows, [counted]] = await Promise.all([
    db
      .select(savedColumns)
      .from(s)
      .innerJoin(v, eq(v.idVideo, s.idVideo))
      .where(where)
      .orderBy(desc(s.savedCreated), desc(s.idUserVideo))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(s)
      .innerJoin(v, eq(v.idVideo, s.idVideo))
      .where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** Saves a video to the user's list; saving it again returns the existing entry. */
export async function insertSaved(db: Database, idUser: number, idVideo: number, now: Date): Promise<SavedRow> {
  const s = tables.savedVideos;
  await db.insert(s).values({ idUser, idVideo, savedCreated: now }).onConflictDoNothing();
  const [row] = await db
    .select(savedColumns)
    .from(s)
    .innerJoin(v, eq(v.idVideo, s.idVideo))
    .where(and(eq(s.idUser, idUser), eq(s.idVideo, idVideo)))
    .limit(1);
  if (!row) throw new Error('saved video not written');
  return row;
}

/** Deletes one of the user's own saved entries; returns whether one was deleted. */
export async function deleteSaved(db: Database, idUser: number, idUserVideo: number): Promise<boolean> {
  const s = tables.savedVideos;
  const rows = await db
    .delete(s)
    .where(and(eq(s.idUserVideo, idUserVideo), eq(s.idUser, idUser)))
    .returning({ id: s.idUserVideo });
  return rows.length > 0;
}

export async function findLiveStreams(db: Database, slug?: string) {
  const l = tables.liveStreams;
  return db
    .select({ stream: l, replaySlug: v.videoSlug, replayTitle: v.videoTitle })
    .from(l)
    .leftJoin(v, and(eq(v.idVideo, l.idVideoReplay), eq(v.videoPublished, true)))
    .where(slug ? and(eq(l.streamPublished, true), eq(l.streamSlug, slug)) : eq(l.streamPublished, true))
    .orderBy(asc(l.streamStarts));
}

/** The published free resources in display order (drafts are the editor's alone). */
export async function findFreeResources(db: Database) {
  const r = tables.freeResources;
  return db.select().from(r).where(eq(r.resourcePublished, true)).orderBy(asc(r.resourceOrder), asc(r.idFreeResource));
}

/** The current slug of the live stream that used `slug` before, if any. */
export async function findStreamSlugByFormerSlug(db: Database, slug: string): Promise<string | undefined> {
  const [row] = await db
    .select({ slug: tables.liveStreams.streamSlug })
    .from(tables.liveStreamSlugHistory)
    .innerJoin(tables.liveStreams, eq(tables.liveStreams.idLiveStream, tables.liveStreamSlugHistory.idLiveStream))
    .where(eq(tables.liveStreamSlugHistory.oldSlug, slug))
    .limit(1);
  return row?.slug;
}

export async function findFreeLessons(db: Database, limit: number): Promise<VideoRow[]> {
  return db
    .select()
    .from(v)
    .where(and(eq(v.videoPublished, true), eq(v.videoPremium, false), eq(v.videoCategory, 'Lesson')))
    .orderBy(asc(v.videoOrder))
    .limit(limit);
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
