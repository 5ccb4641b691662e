import type { MemberContext } from '@fretline/contract';
import { desc, eq, isNotNull, and, tables, type Database } from '@fretline/db';

const { courseProgress, courses, videoPlays, videos } = tables;

export type MemberLearning = NonNullable<MemberContext['learning']>;

/**
 * What a member is learning, for staff beside a conversation (ADR 0060): the course played last
 * with its percent complete (ADR 0016) and the five videos watched last. Reads only this
 * service's tables, by the user's keys.
 */
export async function getMemberLearning(db: Database, idUser: number): Promise<MemberLearning> {
  const [course] = await db
    .select({
      course_title: courses.courseTitle,
      course_slug: courses.courseSlug,
      course_percent_complete: courseProgress.coursePercentComplete,
    })
    .from(courseProgress)
    .innerJoin(courses, eq(courses.idCourse, courseProgress.idCourse))
    .where(and(eq(courseProgress.idUser, idUser), isNotNull(courseProgress.videoLastPlayed)))
    .orderBy(desc(courseProgress.videoLastPlayed))
    .limit(1);
  const recent = await db
    .select({
      video_title: videos.videoTitle,
      video_slug: videos.videoSlug,
      watched_at: videoPlays.videoPlayUpdated,
      completed: videoPlays.videoPlayCompleted,
    })
    .from(videoPlays)
    .innerJoin(videos, eq(videos.idVideo, videoPlays.idVideo))
    .where(eq(videoPlays.idUser, idUser))
    .orderBy(desc(videoPlays.videoPlayUpdated), desc(videoPlays.idVideoPlay))
    .limit(5);
  return { current_course: course ?? null, recent_videos: recent };
}
