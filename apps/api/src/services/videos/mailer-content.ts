import { and, asc, desc, eq, gte, ilike, inArray, lt, or, tables, type Database } from '@fretline/db';
import { containsPattern } from '../../platform/like-pattern.ts';

/*
 * What the mailers service may read of the catalogue (ADR 0066, ADR 0050): a course's learners,
 * lessons to insert as cards, the courses to pick an audience from and the week's new lessons.
 */
const { videos, videoSections, courses, courseProgress } = tables;

export interface LessonCardRow {
  idVideo: number;
  videoTitle: string;
  videoSlug: string;
  /** The poster's media path (the video's image, else its stream poster). */
  videoImage: string | null;
}

const lessonColumns = {
  idVideo: videos.idVideo,
  videoTitle: videos.videoTitle,
  videoSlug: videos.videoSlug,
  videoImage: videos.videoImage,
  streamPoster: videos.streamPoster,
};
const toCard = (r: {
  idVideo: number;
  videoTitle: string;
  videoSlug: string;
  videoImage: string | null;
  streamPoster: string | null;
}) => ({
  idVideo: r.idVideo,
  videoTitle: r.videoTitle,
  videoSlug: r.videoSlug,
  videoImage: r.videoImage ?? r.streamPoster,
});

/** Users who started the course (they have a place in it). */
export async function listCourseLearnerIds(db: Database, idCourse: number): Promise<number[]> {
  const rows = await db
    .select({ idUser: courseProgress.idUser })
    .from(courseProgress)
    .where(eq(courseProgress.idCourse, idCourse));
  return rows.map((r) => r.idUser);
}

/** Published lessons by title, newest first, for the lesson card picker. */
export async function searchLessonCards(db: Database, q: string | undefined, limit: number): Promise<LessonCardRow[]> {
  const rows = await db
    .select(lessonColumns)
    .from(videos)
    .where(and(eq(videos.videoPublished, true), q ? ilike(videos.videoTitle, containsPattern(q)) : undefined))
    .orderBy(desc(videos.videoCreated), desc(videos.idVideo))
    .limit(limit);
  return rows.map(toCard);
}

/** Lessons published in [from, to), oldest first (the weekly digest). */
export async function listNewLessons(db: Database, range: { from: Date; to: Date }, limit: number): Promise<LessonCardRow[]> {
  const rows = await db
    .select(lessonColumns)
    .from(videos)
    .where(
      and(eq(videos.videoPublished, true), gte(videos.videoFirstPublished, range.from), lt(videos.videoFirstPublished, range.to)),
    )
    .orderBy(asc(videos.videoFirstPublished), asc(videos.idVideo))
    .limit(limit);
  return rows.map(toCard);
}

/** Every course by title, with whether it exists (an audience names one by id). */
export async function listCourseTitles(db: Database): Promise<Array<{ idCourse: number; courseTitle: string }>> {
  return db
    .select({ idCourse: courses.idCourse, courseTitle: courses.courseTitle })
    .from(courses)
    .orderBy(asc(courses.courseTitle));
}

/**
 * Of these media paths, those a premium lesson shows only to members (ADR 0015: a locked video
 * carries no section file or section poster). A mailer signs its pictures for a year, so it may
 * not name them (ADR 0066).
 */
export async function findMembersOnlyMedia(db: Database, paths: readonly string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = await db
    .select({ assetPath: videoSections.assetPath, streamPoster: videoSections.streamPoster })
    .from(videoSections)
    .innerJoin(videos, eq(videos.idVideo, videoSections.idVideo))
    .where(
      and(
        eq(videos.videoPremium, true),
        or(inArray(videoSections.assetPath, [...paths]), inArray(videoSections.streamPoster, [...paths])),
      ),
    );
  return new Set(rows.flatMap((r) => [r.assetPath, r.streamPoster]).filter((p): p is string => p !== null && paths.includes(p)));
}

/** Of these media paths, those that are a published lesson's poster: shown to every visitor. */
export async function findLessonPosters(db: Database, paths: readonly string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = await db
    .select({ videoImage: videos.videoImage, streamPoster: videos.streamPoster })
    .from(videos)
    .where(
      and(eq(videos.videoPublished, true), or(inArray(videos.videoImage, [...paths]), inArray(videos.streamPoster, [...paths]))),
    );
  return new Set(rows.flatMap((r) => [r.videoImage, r.streamPoster]).filter((p): p is string => p !== null && paths.includes(p)));
}
