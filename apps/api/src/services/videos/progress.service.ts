import {
  formatWatchedRanges,
  isWatchedEnough,
  parseWatchedRanges,
  watchedPercent,
  watchedSeconds,
  type CourseProgress,
  type LearnerProgress,
  type Video,
  type VideoProgressBody,
} from '@fretline/contract';
import type { Database } from '@fretline/db';
import { signedMediaUrl } from '../../platform/media/index.ts';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import { isVideoLocked, type Viewer } from './lock-rules.ts';
import { courseStanding, type PlayState } from './progress-rules.ts';
import { techniqueCourseSlug, type VideosContext } from './videos.context.ts';
import { getVideo, requireVideo } from './videos.service.ts';
import {
  type CourseEntryRow,
  type CourseRow,
  findAllPublishedEntries,
  findCourseBySlug,
  findCourseEntries,
  findCoursesOfVideo,
  findPublishedCourses,
} from './courses.repository.ts';
import { CatalogueCache } from './catalogue-cache.ts';
import { activeEntry } from './courses.service.ts';
import {
  findPlay,
  findPlayById,
  findUserCourseProgress,
  findUserPlays,
  upsertCourseProgress,
  upsertPlay,
} from './progress.repository.ts';

// Play progress, done marks and where to continue (ADR 0016, ADR 0064, docs/product.md#learning-progress).

type SignedInViewer = Viewer & { idUser: number };

function requireUnlocked(video: { videoPremium: boolean }, viewer: Viewer) {
  if (isVideoLocked({ premium: video.videoPremium }, viewer)) {
    throw new AppError('VIDEO_LOCKED', 403, 'This video is for members. Join the membership to watch it.');
  }
}

/**
 * The lesson was touched: it becomes the resume point ("last one touched") of the course it is
 * watched in (the courseSlug query), or of every course holding it when none is named, and each
 * course's stored percent is brought up to date (ADR 0016).
 */
async function touchCourses(db: Database, idUser: number, idVideo: number, courseSlug: string | undefined, now: Date) {
  const named = courseSlug ? await findCourseBySlug(db, courseSlug) : undefined;
  const all = await findCoursesOfVideo(db, idVideo);
  const targets = named && all.some((c) => c.idCourse === named.idCourse) ? [named] : all;
  if (!targets.length) return;
  const plays = await playStates(db, idUser);
  for (const course of targets) {
    const entries = await findCourseEntries(db, course.idCourse);
    const entry = entries.find((e) => e.idVideo === idVideo);
    if (!entry) continue;
    const standing = courseStanding(entries, plays, entry.idCourseVideo);
    await upsertCourseProgress(db, {
      idUser,
      idCourse: course.idCourse,
      idCourseVideo: entry.idCourseVideo,
      percent: standing.percent,
      now,
    });
  }
}

async function playStates(db: Database, idUser: number): Promise<Map<number, PlayState & { watchedTime: number }>> {
  const rows = await findUserPlays(db, idUser);
  return new Map(rows.map((r) => [r.idVideo, r]));
}

/**
 * PATCH videos/{videoSlug}: records the play position and the stretches played; the video is done
 * once 90 % of its unique seconds are watched, and stays done until the learner marks it not done.
 */
export async function recordProgress(
  ctx: VideosContext,
  viewer: SignedInViewer,
  slug: string,
  body: VideoProgressBody,
  courseSlug: string | undefined,
): Promise<Video> {
  const video = await requireVideo(ctx, viewer, slug);
  requireUnlocked(video, viewer);
  const total = body.video_play_total_time;
  if (body.video_play_current_time > total && total > 0) {
    throw badRequest('video_play_current_time cannot be after the end of the video.', 'video_play_current_time');
  }
  const played = parseWatchedRanges(body.video_play_watched ?? '') ?? [];
  if (total > 0 && played.some(([, end]) => end > total + 1)) {
    throw badRequest('video_play_watched cannot go past the end of the video.', 'video_play_watched');
  }
  if (body.id_video_play !== undefined) {
    const existing = await findPlayById(ctx.db, body.id_video_play);
    // Another user's play, or a play of another video, does not exist as far as this caller knows.
    if (!existing || existing.idUser !== viewer.idUser || existing.idVideo !== video.idVideo) {
      throw notFound(undefined, 'VIDEO_PLAY_NOT_FOUND');
    }
  }
  await ctx.db.transaction(async (tx) => {
    const before = await findPlay(tx, viewer.idUser, video.idVideo, true);
    const ranges = [...(parseWatchedRanges(before?.videoPlayWatched ?? '') ?? []), ...played];
    const watchedTime = watchedSeconds(ranges);
    await upsertPlay(tx, {
      idUser: viewer.idUser,
      idVideo: video.idVideo,
      totalTime: total,
      currentTime: body.video_play_current_time,
      completed: (before?.videoPlayCompleted ?? false) || isWatchedEnough(watchedTime, total),
      watched: formatWatchedRanges(ranges),
      watchedTime,
      now: ctx.now,
    });
    await touchCourses(tx, viewer.idUser, video.idVideo, courseSlug, ctx.now);
  });
  return getVideo(ctx, viewer, video.videoSlug, courseSlug);
}

/**
 * PUT / DELETE videos/{videoSlug}/done. Marking done keeps the position; marking not done also
 * forgets the stretches watched, so the 90 % rule counts afresh rather than marking it done again
 * at the next report.
 */
export async function markDone(
  ctx: VideosContext,
  viewer: SignedInViewer,
  slug: string,
  done: boolean,
  courseSlug: string | undefined,
): Promise<Video> {
  const video = await requireVideo(ctx, viewer, slug);
  requireUnlocked(video, viewer);
  await ctx.db.transaction(async (tx) => {
    const before = await findPlay(tx, viewer.idUser, video.idVideo, true);
    await upsertPlay(tx, {
      idUser: viewer.idUser,
      idVideo: video.idVideo,
      totalTime: before?.videoPlayTotalTime ?? video.streamDuration ?? 0,
      currentTime: before?.videoPlayCurrentTime ?? 0,
      completed: done,
      watched: done ? (before?.videoPlayWatched ?? '') : '',
      watchedTime: done ? (before?.videoPlayWatchedTime ?? 0) : 0,
      now: ctx.now,
    });
    await touchCourses(tx, viewer.idUser, video.idVideo, courseSlug, ctx.now);
  });
  return getVideo(ctx, viewer, video.videoSlug, courseSlug);
}

/**
 * GET me/progress: every published course with the learner's percent, lessons done and the lesson
 * Resume opens (its first lesson for a course never touched, the first one not done for a course
 * whose lessons were done in another course that shares them; null only when every lesson is done),
 * every video played or marked, and the continue item: the course touched last that still has a
 * lesson to do. Own data only; it is kept whatever the membership (a lapsed member still sees how
 * far they got).
 */
// The published courses and their lessons are the same for every learner: remembered like the
// other catalogue reads (ADR 0018); only the learner's plays and marks are read on each call.
const coursesCatalogue = new CatalogueCache<[CourseRow[], Awaited<ReturnType<typeof findAllPublishedEntries>>]>(10_000, 4);

export async function getProgress(ctx: VideosContext, viewer: SignedInViewer): Promise<LearnerProgress> {
  const [[courseRows, entryRows], plays, touched] = await Promise.all([
    coursesCatalogue.get(ctx.db, 'published', () => Promise.all([findPublishedCourses(ctx.db), findAllPublishedEntries(ctx.db)])),
    playStates(ctx.db, viewer.idUser),
    findUserCourseProgress(ctx.db, viewer.idUser),
  ]);
  const byCourse = new Map<number, CourseEntryRow[]>();
  for (const row of entryRows) {
    const list = byCourse.get(row.course.idCourse) ?? [];
    list.push(row);
    byCourse.set(row.course.idCourse, list);
  }
  const touchedBy = new Map(touched.map((t) => [t.idCourse, t]));
  const technique = techniqueCourseSlug(ctx.teacherName);
  const courses: CourseProgress[] = courseRows.map((course: CourseRow) => {
    const listed = byCourse.get(course.idCourse) ?? [];
    // The technique course lists its videos newest first (product.md#calls): "after" follows that order.
    const entries = course.courseSlug === technique ? [...listed].reverse() : listed;
    const mark = touchedBy.get(course.idCourse);
    const standing = courseStanding(entries, plays, mark?.idCourseVideoActive);
    return {
      id_course: course.idCourse,
      course_slug: course.courseSlug,
      course_title: course.courseTitle,
      course_image: signedMediaUrl(ctx, course.courseImage),
      course_percent_complete: standing.percent,
      course_lessons_done: standing.done,
      course_lessons_total: standing.total,
      course_video_active: activeEntry(ctx, entries, standing.pick, mark?.videoLastPlayed ?? null),
      video_last_played: mark?.videoLastPlayed ?? null,
    };
  });
  const recent = courses
    .filter((c) => c.course_video_active && c.video_last_played)
    .sort((a, b) => b.video_last_played!.getTime() - a.video_last_played!.getTime());
  const next = recent[0];
  return {
    courses,
    videos: [...plays.entries()]
      .filter(([, p]) => p.completed || p.watchedTime > 0)
      .map(([idVideo, p]) => ({
        id_video: idVideo,
        video_play_completed: p.completed,
        video_play_watched_percent: watchedPercent(p.watchedTime, p.totalTime, p.completed),
      })),
    continue: next
      ? {
          course: {
            id_course: next.id_course,
            course_slug: next.course_slug,
            course_title: next.course_title,
            course_image: next.course_image,
          },
          video: next.course_video_active!,
        }
      : null,
  };
}
