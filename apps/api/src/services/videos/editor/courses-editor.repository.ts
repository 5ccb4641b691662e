import { and, asc, desc, eq, inArray, not, sql, tables, type Database } from '@fretline/db';

const c = tables.courses;
const cv = tables.courseVideos;
const v = tables.videos;
const history = tables.courseSlugHistory;
const testimonials = tables.courseTestimonials;

export type CourseRow = typeof tables.courses.$inferSelect;
export type CourseInsert = typeof tables.courses.$inferInsert;

/** Every course, drafts included, in course_order, with how many lessons and songs each holds. */
export async function findCourseSummaries(db: Database) {
  return db
    .select({
      idCourse: c.idCourse,
      courseSlug: c.courseSlug,
      courseArchetype: c.courseArchetype,
      courseTitle: c.courseTitle,
      courseOrder: c.courseOrder,
      courseImage: c.courseImage,
      coursePublished: c.coursePublished,
      courseUpdated: c.courseUpdated,
      // Qualified by hand: inside a one-table select drizzle writes bare column names, which would
      // make the subquery compare course_videos.id_course with itself.
      videoCount: sql<number>`(select count(*) from ${cv} where ${cv}.id_course = ${c}.id_course and ${cv}.course_video_kind <> 'song')::int`,
      songCount: sql<number>`(select count(*) from ${cv} where ${cv}.id_course = ${c}.id_course and ${cv}.course_video_kind = 'song')::int`,
    })
    .from(c)
    .orderBy(asc(c.courseOrder), asc(c.idCourse));
}

/** The course row, locked for the rest of the transaction when `forUpdate`. */
export async function findCourse(db: Database, idCourse: number, forUpdate = false): Promise<CourseRow | undefined> {
  const query = db.select().from(c).where(eq(c.idCourse, idCourse)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export interface EntryRow {
  idCourseVideo: number;
  idVideo: number;
  kind: string;
  videoTitle: string;
  videoSlug: string;
  videoCategory: string;
  videoPublished: boolean;
  videoImage: string | null;
  part: string | null;
}

/** All of a course's entries in order, drafts included (the editor sees what learners will). */
export async function findEntries(db: Database, idCourse: number): Promise<EntryRow[]> {
  return db
    .select({
      idCourseVideo: cv.idCourseVideo,
      idVideo: cv.idVideo,
      kind: cv.courseVideoKind,
      videoTitle: v.videoTitle,
      videoSlug: v.videoSlug,
      videoCategory: v.videoCategory,
      videoPublished: v.videoPublished,
      videoImage: v.videoImage,
      part: cv.courseVideoPart,
    })
    .from(cv)
    .innerJoin(v, eq(v.idVideo, cv.idVideo))
    .where(eq(cv.idCourse, idCourse))
    .orderBy(asc(cv.courseVideoOrder), asc(cv.idCourseVideo));
}

export async function findTestimonials(db: Database, idCourse: number) {
  return db
    .select()
    .from(testimonials)
    .where(eq(testimonials.idCourse, idCourse))
    .orderBy(asc(testimonials.testimonialOrder), asc(testimonials.idCourseTestimonial));
}

/** Who holds a slug: a course's current slug, or an earlier slug that redirects to a course. */
export async function findSlugHolder(
  db: Database,
  slug: string,
): Promise<{ idCourse: number; courseTitle: string; current: boolean } | undefined> {
  const [current] = await db
    .select({ idCourse: c.idCourse, courseTitle: c.courseTitle })
    .from(c)
    .where(eq(c.courseSlug, slug))
    .limit(1);
  if (current) return { ...current, current: true };
  const [old] = await db
    .select({ idCourse: c.idCourse, courseTitle: c.courseTitle })
    .from(history)
    .innerJoin(c, eq(c.idCourse, history.idCourse))
    .where(eq(history.oldSlug, slug))
    .limit(1);
  return old ? { ...old, current: false } : undefined;
}

export async function findSlugHistory(db: Database, idCourse: number): Promise<string[]> {
  const rows = await db
    .select({ oldSlug: history.oldSlug })
    .from(history)
    .where(eq(history.idCourse, idCourse))
    .orderBy(desc(history.changed), asc(history.oldSlug));
  return rows.map((r) => r.oldSlug);
}

/**
 * The course's slug moves from `from` to `to`: the old one is kept so /courses/<from> redirects,
 * and `to` stops being a redirect of this course (renaming back to an earlier slug).
 */
export async function recordSlugChange(db: Database, idCourse: number, from: string, to: string, now: Date) {
  await db.delete(history).where(and(eq(history.oldSlug, to), eq(history.idCourse, idCourse)));
  await db
    .insert(history)
    .values({ oldSlug: from, idCourse, changed: now })
    .onConflictDoUpdate({ target: history.oldSlug, set: { idCourse, changed: now } });
}

/** The course_order a new course takes: after the last one. */
export async function nextCourseOrder(db: Database): Promise<number> {
  const [row] = await db.select({ max: sql<number | null>`max(${c.courseOrder})` }).from(c);
  return (row?.max ?? 0) + 10;
}

export async function insertCourse(db: Database, values: CourseInsert): Promise<number> {
  const [row] = await db.insert(c).values(values).returning({ idCourse: c.idCourse });
  if (!row) throw new Error('course not written');
  return row.idCourse;
}

export async function updateCourse(db: Database, idCourse: number, values: Partial<CourseInsert>): Promise<void> {
  await db.update(c).set(values).where(eq(c.idCourse, idCourse));
}

export async function deleteCourse(db: Database, idCourse: number): Promise<void> {
  await db.delete(c).where(eq(c.idCourse, idCourse));
}

/** Which of these video ids exist. */
export async function findExistingVideoIds(db: Database, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ idVideo: v.idVideo }).from(v).where(inArray(v.idVideo, ids));
  return new Set(rows.map((r) => r.idVideo));
}

/**
 * Sets the course's entries to exactly `entries`, in that order (course_video_order 1..n). Rows of
 * videos that stay are updated in place, so the id_course_video a learner's resume point names
 * survives; videos left out are removed. Call with the course row locked.
 */
export async function replaceEntries(
  db: Database,
  idCourse: number,
  entries: { idVideo: number; kind: string }[],
  /** Part headings by video id (ADR 0049); undefined keeps every entry's heading as it is. */
  parts?: Map<number, string | null>,
) {
  const ids = entries.map((e) => e.idVideo);
  await db
    .delete(cv)
    .where(ids.length ? and(eq(cv.idCourse, idCourse), not(inArray(cv.idVideo, ids))) : eq(cv.idCourse, idCourse));
  if (!entries.length) return;
  await db
    .insert(cv)
    .values(
      entries.map((e, i) => ({
        idCourse,
        idVideo: e.idVideo,
        courseVideoKind: e.kind,
        courseVideoOrder: i + 1,
        courseVideoPart: parts?.get(e.idVideo) ?? null,
      })),
    )
    .onConflictDoUpdate({
      target: [cv.idCourse, cv.idVideo],
      set: {
        courseVideoOrder: sql`excluded.course_video_order`,
        courseVideoKind: sql`excluded.course_video_kind`,
        ...(parts ? { courseVideoPart: sql`excluded.course_video_part` } : {}),
      },
    });
}

export async function replaceTestimonials(
  db: Database,
  idCourse: number,
  rows: { name: string; content: string; image: string | null }[],
): Promise<void> {
  await db.delete(testimonials).where(eq(testimonials.idCourse, idCourse));
  if (!rows.length) return;
  await db.insert(testimonials).values(
    rows.map((t, i) => ({
      idCourse,
      testimonialOrder: i + 1,
      testimonialName: t.name,
      testimonialContent: t.content,
      testimonialImage: t.image,
    })),
  );
}

/** Every course id, locked, so two reorders take turns and neither works from a stale list. */
export async function lockAllCourseIds(db: Database): Promise<{ idCourse: number; courseOrder: number }[]> {
  return db
    .select({ idCourse: c.idCourse, courseOrder: c.courseOrder })
    .from(c)
    .orderBy(asc(c.courseOrder), asc(c.idCourse))
    .for('update');
}

/** course_order = 10, 20, 30… in the given order (gaps leave room for the seed's style). */
export async function setCourseOrder(db: Database, ids: number[], now: Date): Promise<void> {
  if (!ids.length) return;
  const pairs = sql.join(
    ids.map((id, i) => sql`(${id}::int, ${(i + 1) * 10}::int)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${c} set course_order = o.n, course_updated = ${now} from (values ${pairs}) as o(id, n) where ${c.idCourse} = o.id and ${c.courseOrder} <> o.n`,
  );
}
