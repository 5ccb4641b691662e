import { and, asc, desc, eq, inArray, isNotNull, ne, sql, tables, type Database, type SQL } from '@fretline/db';
import type { EditorTextFacet, VideoCategory } from '@fretline/contract';
import { containsPattern } from '../../../platform/like-pattern.ts';

const v = tables.videos;
const c = tables.courses;
const cv = tables.courseVideos;
const history = tables.videoSlugHistory;

export type VideoInsert = typeof tables.videos.$inferInsert;
export type SectionInsert = Omit<typeof tables.videoSections.$inferInsert, 'idVideo' | 'idVideoSection'>;
export type ChordInsert = Omit<typeof tables.videoChords.$inferInsert, 'idVideo' | 'idVideoChord'>;

export interface EditorListCriteria {
  q: string | undefined;
  published: boolean | undefined;
  category: VideoCategory | undefined;
}

function listWhere(criteria: EditorListCriteria): SQL | undefined {
  const parts: SQL[] = [];
  if (criteria.published !== undefined) parts.push(eq(v.videoPublished, criteria.published));
  if (criteria.category) parts.push(eq(v.videoCategory, criteria.category));
  if (criteria.q) {
    const pattern = containsPattern(criteria.q);
    parts.push(sql`(${v.videoTitle} ilike ${pattern} or ${v.videoSlug} ilike ${pattern} or ${v.videoArtist} ilike ${pattern})`);
  }
  return parts.length ? and(...parts) : undefined;
}

/** Every video, drafts included, last changed first. */
export async function findEditorVideoPage(db: Database, criteria: EditorListCriteria, limit: number, offset: number) {
  const where = listWhere(criteria);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        idVideo: v.idVideo,
        videoTitle: v.videoTitle,
        videoSlug: v.videoSlug,
        videoCategory: v.videoCategory,
        videoArtist: v.videoArtist,
        videoDifficulty: v.videoDifficulty,
        videoPremium: v.videoPremium,
        videoPublished: v.videoPublished,
        videoCreated: v.videoCreated,
        videoUpdated: v.videoUpdated,
        videoImage: v.videoImage,
      })
      .from(v)
      .where(where)
      .orderBy(desc(v.videoUpdated), desc(v.idVideo))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(v)
      .where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** The video row, locked for the rest of the transaction when `forUpdate`. */
export async function findVideo(db: Database, idVideo: number, forUpdate = false) {
  const query = db.select().from(v).where(eq(v.idVideo, idVideo)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** Who holds a slug: a video's current slug, or an earlier slug that redirects to a video. */
export async function findSlugHolder(
  db: Database,
  slug: string,
): Promise<{ idVideo: number; videoTitle: string; current: boolean } | undefined> {
  const [current] = await db
    .select({ idVideo: v.idVideo, videoTitle: v.videoTitle })
    .from(v)
    .where(eq(v.videoSlug, slug))
    .limit(1);
  if (current) return { ...current, current: true };
  const [old] = await db
    .select({ idVideo: v.idVideo, videoTitle: v.videoTitle })
    .from(history)
    .innerJoin(v, eq(v.idVideo, history.idVideo))
    .where(eq(history.oldSlug, slug))
    .limit(1);
  return old ? { ...old, current: false } : undefined;
}

export async function findSlugHistory(db: Database, idVideo: number): Promise<string[]> {
  const rows = await db
    .select({ oldSlug: history.oldSlug })
    .from(history)
    .where(eq(history.idVideo, idVideo))
    .orderBy(desc(history.changed), asc(history.oldSlug));
  return rows.map((r) => r.oldSlug);
}

/**
 * The video's slug moves from `from` to `to`: the old one is kept so its URL redirects, and `to`
 * stops being a redirect of this video (renaming back to an earlier slug).
 */
export async function recordSlugChange(db: Database, idVideo: number, from: string, to: string, now: Date) {
  await db.delete(history).where(and(eq(history.oldSlug, to), eq(history.idVideo, idVideo)));
  await db
    .insert(history)
    .values({ oldSlug: from, idVideo, changed: now })
    .onConflictDoUpdate({ target: history.oldSlug, set: { idVideo, changed: now } });
}

export async function insertVideo(db: Database, values: VideoInsert): Promise<number> {
  const [row] = await db.insert(v).values(values).returning({ idVideo: v.idVideo });
  if (!row) throw new Error('video not written');
  return row.idVideo;
}

/** A new video without an order goes after every other (video_order ascending). */
export async function findNextVideoOrder(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`(coalesce(max(${v.videoOrder}), 0) + 1)::int` }).from(v);
  return row?.n ?? 1;
}

export async function updateVideo(db: Database, idVideo: number, values: Partial<VideoInsert>): Promise<void> {
  await db.update(v).set(values).where(eq(v.idVideo, idVideo));
}

/** Drops the video's publication time, if any (ADR 0060); answers the time it held. */
export async function deleteSchedule(db: Database, idVideo: number): Promise<Date | undefined> {
  const [row] = await db
    .delete(tables.videoSchedules)
    .where(eq(tables.videoSchedules.idVideo, idVideo))
    .returning({ publishAt: tables.videoSchedules.publishAt });
  return row?.publishAt;
}

export async function deleteVideo(db: Database, idVideo: number): Promise<boolean> {
  const rows = await db.delete(v).where(eq(v.idVideo, idVideo)).returning({ idVideo: v.idVideo });
  return rows.length > 0;
}

/** Sections, chords and tags are replaced whole: what the editor saved is what the video has. */
export async function replaceSections(db: Database, idVideo: number, sections: SectionInsert[]): Promise<void> {
  await db.delete(tables.videoSections).where(eq(tables.videoSections.idVideo, idVideo));
  if (sections.length) await db.insert(tables.videoSections).values(sections.map((s) => ({ ...s, idVideo })));
}

export async function replaceChords(db: Database, idVideo: number, chords: ChordInsert[]): Promise<void> {
  await db.delete(tables.videoChords).where(eq(tables.videoChords.idVideo, idVideo));
  if (chords.length) await db.insert(tables.videoChords).values(chords.map((ch) => ({ ...ch, idVideo })));
}

export async function replaceChapters(
  db: Database,
  idVideo: number,
  chapters: { chapterTime: number; chapterTitle: string }[],
): Promise<void> {
  await db.delete(tables.videoChapters).where(eq(tables.videoChapters.idVideo, idVideo));
  if (chapters.length) await db.insert(tables.videoChapters).values(chapters.map((ch) => ({ ...ch, idVideo })));
}

export async function replaceTags(db: Database, idVideo: number, tags: { tagSlug: string; tagName: string }[]): Promise<void> {
  await db.delete(tables.videoTags).where(eq(tables.videoTags.idVideo, idVideo));
  if (tags.length) await db.insert(tables.videoTags).values(tags.map((t) => ({ ...t, idVideo })));
}

export async function findTags(db: Database, idVideo: number) {
  return db
    .select({ tagSlug: tables.videoTags.tagSlug, tagName: tables.videoTags.tagName })
    .from(tables.videoTags)
    .where(eq(tables.videoTags.idVideo, idVideo))
    .orderBy(asc(tables.videoTags.tagName), asc(tables.videoTags.tagSlug));
}

export async function courseExists(db: Database, idCourse: number): Promise<boolean> {
  const [row] = await db.select({ idCourse: c.idCourse }).from(c).where(eq(c.idCourse, idCourse)).limit(1);
  return Boolean(row);
}

export interface VideoCourseRow {
  idCourse: number;
  courseSlug: string;
  courseTitle: string;
  coursePublished: boolean;
  kind: string;
  position: number;
  count: number;
}

/** The courses a video is in (drafts too), with its 1-based place among each course's entries. */
export async function findVideoCourses(db: Database, idVideo: number): Promise<VideoCourseRow[]> {
  const ranked = db
    .select({
      idCourse: cv.idCourse,
      idVideo: cv.idVideo,
      kind: cv.courseVideoKind,
      position:
        sql<number>`(row_number() over (partition by ${cv.idCourse} order by ${cv.courseVideoOrder}, ${cv.idCourseVideo}))::int`.as(
          'position',
        ),
      count: sql<number>`(count(*) over (partition by ${cv.idCourse}))::int`.as('count'),
    })
    .from(cv)
    .where(inArray(cv.idCourse, db.select({ idCourse: cv.idCourse }).from(cv).where(eq(cv.idVideo, idVideo))))
    .as('ranked');
  return db
    .select({
      idCourse: c.idCourse,
      courseSlug: c.courseSlug,
      courseTitle: c.courseTitle,
      coursePublished: c.coursePublished,
      kind: ranked.kind,
      position: ranked.position,
      count: ranked.count,
    })
    .from(ranked)
    .innerJoin(c, eq(c.idCourse, ranked.idCourse))
    .where(eq(ranked.idVideo, idVideo))
    .orderBy(asc(c.courseOrder), asc(c.idCourse));
}

/** Locks the course row, so two editors placing videos in one course take turns. */
export async function lockCourse(db: Database, idCourse: number): Promise<boolean> {
  const rows = await db.select({ idCourse: c.idCourse }).from(c).where(eq(c.idCourse, idCourse)).for('update');
  return rows.length > 0;
}

export async function removeFromCourses(db: Database, idVideo: number, idCourses: number[]): Promise<void> {
  if (!idCourses.length) return;
  await db.delete(cv).where(and(eq(cv.idVideo, idVideo), inArray(cv.idCourse, idCourses)));
}

/**
 * Puts the video at `position` (1-based, clamped; null = last) among the course's entries and
 * renumbers the course 1..n, so course_video_order stays a plain sequence. Call with the course locked.
 */
export async function placeInCourse(
  db: Database,
  idCourse: number,
  idVideo: number,
  position: number | null,
  kind: string,
): Promise<void> {
  const others = await db
    .select({ idCourseVideo: cv.idCourseVideo })
    .from(cv)
    .where(and(eq(cv.idCourse, idCourse), ne(cv.idVideo, idVideo)))
    .orderBy(asc(cv.courseVideoOrder), asc(cv.idCourseVideo));
  const at = position === null ? others.length : Math.min(Math.max(position - 1, 0), others.length);
  const [entry] = await db
    .insert(cv)
    .values({ idCourse, idVideo, courseVideoOrder: at + 1, courseVideoKind: kind })
    .onConflictDoUpdate({ target: [cv.idCourse, cv.idVideo], set: { courseVideoOrder: at + 1, courseVideoKind: kind } })
    .returning({ idCourseVideo: cv.idCourseVideo });
  if (!entry) throw new Error('course entry not written');
  const order = others.map((o) => o.idCourseVideo);
  order.splice(at, 0, entry.idCourseVideo);
  // One statement renumbers the whole course: (id, n) pairs joined against the entries.
  const pairs = sql.join(
    order.map((id, i) => sql`(${id}::int, ${i + 1}::int)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${cv} set course_video_order = o.n from (values ${pairs}) as o(id, n) where ${cv.idCourseVideo} = o.id and ${cv.idCourse} = ${idCourse}`,
  );
}

/** Courses to choose from (drafts too) with their entry counts. */
export async function findCourseOptions(db: Database) {
  return db
    .select({
      idCourse: c.idCourse,
      courseSlug: c.courseSlug,
      courseTitle: c.courseTitle,
      coursePublished: c.coursePublished,
      count: sql<number>`(select count(*) from ${cv} where ${cv.idCourse} = ${c.idCourse})::int`,
    })
    .from(c)
    .orderBy(asc(c.courseOrder), asc(c.idCourse));
}

const FACET_COLUMNS = {
  video_difficulty: v.videoDifficulty,
  video_instrument: v.videoInstrument,
  video_artist: v.videoArtist,
  video_skill: v.videoSkill,
  video_genre: v.videoGenre,
  video_decade: v.videoDecade,
  video_type: v.videoType,
  video_grade: v.videoGrade,
} as const satisfies Record<EditorTextFacet, unknown>;

/** The distinct values each text facet has now, for the form's suggestions. */
export async function findFacetValues(db: Database): Promise<Record<EditorTextFacet, string[]>> {
  const entries = await Promise.all(
    (Object.entries(FACET_COLUMNS) as [EditorTextFacet, (typeof FACET_COLUMNS)[EditorTextFacet]][]).map(
      async ([facet, column]) => {
        const rows = await db
          .selectDistinct({ value: sql<string>`${column}` })
          .from(v)
          .where(isNotNull(column))
          .orderBy(asc(column))
          .limit(500);
        return [facet, rows.map((r) => r.value)] as const;
      },
    ),
  );
  return Object.fromEntries(entries) as Record<EditorTextFacet, string[]>;
}

export async function findAllTags(db: Database) {
  return db
    .selectDistinctOn([tables.videoTags.tagSlug], { tagSlug: tables.videoTags.tagSlug, tagName: tables.videoTags.tagName })
    .from(tables.videoTags)
    .orderBy(asc(tables.videoTags.tagSlug), asc(tables.videoTags.tagName))
    .limit(1000);
}
