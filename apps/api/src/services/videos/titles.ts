import { inArray, tables, type Database } from '@fretline/db';

const { videos, courses } = tables;

/**
 * Titles of the videos and courses with these slugs, keyed by their page path (`/videos/<slug>`,
 * `/courses/<slug>`): the analytics' top content (ADR 0036). Two indexed lookups at most; an
 * unknown slug is simply absent.
 */
export async function titlesByPath(
  db: Database,
  slugs: { videos: readonly string[]; courses: readonly string[] },
): Promise<Map<string, string>> {
  const [videoTitles, courseTitles] = await Promise.all([
    slugs.videos.length
      ? db
          .select({ slug: videos.videoSlug, title: videos.videoTitle })
          .from(videos)
          .where(inArray(videos.videoSlug, [...slugs.videos]))
      : [],
    slugs.courses.length
      ? db
          .select({ slug: courses.courseSlug, title: courses.courseTitle })
          .from(courses)
          .where(inArray(courses.courseSlug, [...slugs.courses]))
      : [],
  ]);
  return new Map<string, string>([
    ...videoTitles.map((v) => [`/videos/${v.slug}`, v.title] as const),
    ...courseTitles.map((c) => [`/courses/${c.slug}`, c.title] as const),
  ]);
}
