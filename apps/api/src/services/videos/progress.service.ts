import type { Video, VideoProgressBody } from '@fretline/contract';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import { coursePercentComplete, isPlayComplete, isVideoLocked, type Viewer } from './lock-rules.ts';
import type { VideosContext } from './videos.context.ts';
import { getVideo, requireVideo } from './videos.service.ts';
import { findCourseBySlug, findCourseEntries, findCoursesOfVideo } from './courses.repository.ts';
import { findFinishedVideoIds, findPlayById, upsertCourseProgress, upsertPlay } from './progress.repository.ts';

// Play progress: the resume point and percent complete of a learner's courses (ADR 0016).

/**
 * PATCH videos/{videoSlug}: records the play position and moves the resume point and percent
 * complete of the course it is watched in (the courseSlug query), or of every course holding the
 * video when none is named (ADR 0016).
 */
export async function recordProgress(
  ctx: VideosContext,
  viewer: Viewer & { idUser: number },
  slug: string,
  body: VideoProgressBody,
  courseSlug: string | undefined,
): Promise<Video> {
  const video = await requireVideo(ctx, viewer, slug);
  if (isVideoLocked({ premium: video.videoPremium }, viewer)) {
    throw new AppError('VIDEO_LOCKED', 403, 'This video is for members. Join the membership to watch it.');
  }
  if (body.video_play_current_time > body.video_play_total_time && body.video_play_total_time > 0) {
    throw badRequest('video_play_current_time cannot be after the end of the video.', 'video_play_current_time');
  }
  if (body.id_video_play !== undefined) {
    const existing = await findPlayById(ctx.db, body.id_video_play);
    // Another user's play, or a play of another video, does not exist as far as this caller knows.
    if (!existing || existing.idUser !== viewer.idUser || existing.idVideo !== video.idVideo) {
      throw notFound(undefined, 'VIDEO_PLAY_NOT_FOUND');
    }
  }
  await ctx.db.transaction(async (tx) => {
    await upsertPlay(tx, {
      idUser: viewer.idUser,
      idVideo: video.idVideo,
      totalTime: body.video_play_total_time,
      currentTime: body.video_play_current_time,
      completed: isPlayComplete(body.video_play_total_time, body.video_play_current_time),
      now: ctx.now,
    });
    const named = courseSlug ? await findCourseBySlug(tx, courseSlug) : undefined;
    const all = await findCoursesOfVideo(tx, video.idVideo);
    const targets = named && all.some((c) => c.idCourse === named.idCourse) ? [named] : all;
    for (const course of targets) {
      const entries = await findCourseEntries(tx, course.idCourse);
      const entry = entries.find((e) => e.idVideo === video.idVideo);
      if (!entry) continue;
      const finished = await findFinishedVideoIds(tx, viewer.idUser, course.idCourse);
      await upsertCourseProgress(tx, {
        idUser: viewer.idUser,
        idCourse: course.idCourse,
        idCourseVideo: entry.idCourseVideo,
        percent: coursePercentComplete(finished.length, entries.length),
        now: ctx.now,
      });
    }
  });
  return getVideo(ctx, viewer, video.videoSlug, courseSlug);
}
