import { and, asc, type Database, eq, sql, tables } from '@fretline/db';

// The courses' queries: published courses, their entries in order, testimonials.

const v = tables.videos;
const c = tables.courses;
const cv = tables.courseVideos;

export type CourseRow = typeof tables.courses.$inferSelect;

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

/** Every published course's published entries, in course order then entry order (GET me/progress). */
export async function findAllPublishedEntries(db: Database): Promise<(CourseEntryRow & { course: CourseRow })[]> {
  return db
    .select({
      course: c,
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
    .innerJoin(c, eq(c.idCourse, cv.idCourse))
    .where(and(eq(c.coursePublished, true), eq(v.videoPublished, true)))
    .orderBy(asc(c.courseOrder), asc(c.idCourse), asc(cv.courseVideoOrder), asc(cv.idCourseVideo));
}
