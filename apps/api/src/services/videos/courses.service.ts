import type { Course, CourseRef, CourseSummary, CourseVideoActive, CourseVideoEntry, CurrentCourse } from '@fretline/contract';
import { signedMediaUrl } from '../../platform/media/index.ts';
import { notFound } from '../../plugins/errors.ts';
import type { Viewer } from './lock-rules.ts';
import { courseStanding } from './progress-rules.ts';
import { CatalogueCache } from './catalogue-cache.ts';
import { COURSE_NOT_FOUND, sanitizeSectionHtml, techniqueCourseSlug, type VideosContext } from './videos.context.ts';
import {
  type CourseEntryRow,
  type CourseRow,
  findCourseBySlug,
  findCourseEntries,
  findPublishedCourses,
  findTestimonials,
} from './courses.repository.ts';
import { findCourseProgress, findLastPlayedCourseSlug, findUserPlays } from './progress.repository.ts';

// Courses: the published list, one course page with the viewer's progress, the current course.

export const toCourseRef = (ctx: VideosContext, course: CourseRow): CourseRef => ({
  id_course: course.idCourse,
  course_slug: course.courseSlug,
  course_title: course.courseTitle,
  course_image: signedMediaUrl(ctx, course.courseImage),
});

export const toEntry = (ctx: VideosContext, e: CourseEntryRow): CourseVideoEntry => ({
  id_course_video: e.idCourseVideo,
  id_video: e.idVideo,
  video_title: e.videoTitle,
  video_slug: e.videoSlug,
  video_image: signedMediaUrl(ctx, e.videoImage),
  video_premium: e.videoPremium,
  video_duration: e.videoDuration,
  course_video_part: e.part?.trim() || null,
});

/** The lesson Resume opens as the wire shows it. */
export function activeEntry(
  ctx: VideosContext,
  entries: readonly CourseEntryRow[],
  pick: { idCourseVideo: number; startTime: number } | null,
  lastPlayed: Date | null,
): CourseVideoActive | null {
  const entry = pick ? entries.find((e) => e.idCourseVideo === pick.idCourseVideo) : undefined;
  if (!entry || !pick) return null;
  return { ...toEntry(ctx, entry), video_last_played: lastPlayed, video_play_start_time: pick.startTime };
}

const courseListCache = new CatalogueCache<Awaited<ReturnType<typeof findPublishedCourses>>>(10_000);

export async function listCourses(ctx: VideosContext): Promise<CourseSummary[]> {
  const rows = await courseListCache.get(ctx.db, 'published', () => findPublishedCourses(ctx.db));
  return rows.map((c) => ({
    id_course: c.idCourse,
    course_slug: c.courseSlug,
    course_archetype: c.courseArchetype,
    course_title: c.courseTitle,
    course_excerpt: c.courseExcerpt,
    course_order: c.courseOrder,
    course_image: signedMediaUrl(ctx, c.courseImage),
    course_image_text: c.courseImageText,
  }));
}

/** A course's entries in the order its page and prev/next use: the technique course newest first (product.md#calls). */
export async function orderedEntries(ctx: VideosContext, course: CourseRow): Promise<CourseEntryRow[]> {
  const entries = await findCourseEntries(ctx.db, course.idCourse);
  return course.courseSlug === techniqueCourseSlug(ctx.teacherName) ? entries.reverse() : entries;
}

/** What a course page shows every viewer alike: the course (description sanitised), its entries, testimonials. */
interface CourseBase {
  course: CourseRow;
  entries: CourseEntryRow[];
  testimonials: Awaited<ReturnType<typeof findTestimonials>>;
}

// The course and video pages' shared reads, remembered like list pages (ADR 0018). Signed URLs, the
// lock and everything about the viewer are worked out per request from them.
const courseCache = new CatalogueCache<CourseBase | null>(10_000);

function findCourseBase(ctx: VideosContext, slug: string): Promise<CourseBase | null> {
  return courseCache.get(ctx.db, slug, async () => {
    const row = await findCourseBySlug(ctx.db, slug);
    if (!row) return null;
    const [entries, testimonials] = await Promise.all([orderedEntries(ctx, row), findTestimonials(ctx.db, row.idCourse)]);
    const course = { ...row, courseDescription: row.courseDescription ? sanitizeSectionHtml(row.courseDescription) : null };
    return { course, entries, testimonials };
  });
}

/** A course page needs who is asking, never their membership: nothing on it is locked (ADR 0062). */
type CourseViewer = Pick<Viewer, 'idUser' | 'isEditor'>;

async function requireCourse(ctx: VideosContext, viewer: CourseViewer, slug: string): Promise<CourseBase> {
  const base = await findCourseBase(ctx, slug);
  if (!base || (!base.course.coursePublished && !viewer.isEditor)) throw notFound(undefined, COURSE_NOT_FOUND);
  return base;
}

export async function getCourse(
  ctx: VideosContext,
  viewer: CourseViewer,
  slug: string,
): Promise<{ course: Course; course_watched_videos: number[] }> {
  const { course, entries, testimonials } = await requireCourse(ctx, viewer, slug);
  const [progress, plays] = await Promise.all([
    viewer.idUser ? findCourseProgress(ctx.db, viewer.idUser, course.idCourse) : Promise.resolve(undefined),
    viewer.idUser
      ? findUserPlays(
          ctx.db,
          viewer.idUser,
          entries.map((e) => e.idVideo),
        )
      : Promise.resolve([]),
  ]);
  const playsByVideo = new Map(plays.map((p) => [p.idVideo, p]));
  // Recomputed rather than read back, so videos added to the course since are counted (ADR 0016);
  // Resume opens the lesson the rules pick, not merely the one touched last (docs/product.md#learning-progress).
  const standing = courseStanding(entries, playsByVideo, progress?.idCourseVideoActive);
  // A course never opened still resumes honestly when some of its lessons were done in another
  // course that shares them: at the first one not done, never a "Start" on a done lesson.
  const active =
    progress || standing.done > 0 ? activeEntry(ctx, entries, standing.pick, progress?.videoLastPlayed ?? null) : null;
  const entryIds = new Set(entries.map((e) => e.idVideo));
  const watched = plays.filter((p) => p.completed && entryIds.has(p.idVideo)).map((p) => p.idVideo);
  return {
    course: {
      id_course: course.idCourse,
      course_slug: course.courseSlug,
      course_archetype: course.courseArchetype,
      course_title: course.courseTitle,
      course_description: course.courseDescription,
      course_excerpt: course.courseExcerpt,
      course_order: course.courseOrder,
      course_image: signedMediaUrl(ctx, course.courseImage),
      course_image_text: course.courseImageText,
      course_jumbo_image: signedMediaUrl(ctx, course.courseJumboImage),
      course_jumbo_image_position: course.courseJumboImagePosition,
      course_trailer_url: course.courseTrailerUrl,
      course_published: course.coursePublished,
      course_videos: entries.filter((e) => e.kind !== 'song').map((e) => toEntry(ctx, e)),
      course_songs: entries.filter((e) => e.kind === 'song').map((e) => toEntry(ctx, e)),
      course_video_active: active,
      course_percent_complete: standing.percent,
      course_stream_folder: course.streamFolder,
      course_stream_manifest: course.streamManifest,
      course_stream_preview: course.streamPreview,
      course_stream_poster: course.streamPoster,
      course_stream_duration: course.streamDuration,
      course_stream_width: course.streamWidth,
      course_stream_height: course.streamHeight,
      course_stream_bitrate: course.streamBitrate,
      // The trailer is the course's shop window: free to everyone.
      course_stream_manifest_signed: signedMediaUrl(ctx, course.streamManifest),
      course_stream_preview_signed: signedMediaUrl(ctx, course.streamPreview),
      course_stream_poster_signed: signedMediaUrl(ctx, course.streamPoster),
      course_testimonials: testimonials.map((t) => ({
        id_course_testimonial: t.idCourseTestimonial,
        course_testimonial_name: t.testimonialName,
        course_testimonial_content: t.testimonialContent,
        course_testimonial_image: signedMediaUrl(ctx, t.testimonialImage),
      })),
    },
    course_watched_videos: watched,
  };
}

/**
 * GET me/course: the course the user played last, with the resume point and percent complete the
 * course page shows (the same getCourse, so the home card and the course page always agree).
 */
export async function getCurrentCourse(ctx: VideosContext, viewer: Viewer & { idUser: number }): Promise<CurrentCourse | null> {
  const slug = await findLastPlayedCourseSlug(ctx.db, viewer.idUser);
  if (!slug) return null;
  const { course } = await getCourse(ctx, viewer, slug);
  return {
    id_course: course.id_course,
    course_slug: course.course_slug,
    course_title: course.course_title,
    course_image: course.course_image,
    course_video_active: course.course_video_active,
    course_percent_complete: course.course_percent_complete,
  };
}
