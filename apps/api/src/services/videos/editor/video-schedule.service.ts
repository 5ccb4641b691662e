import type { FastifyInstance } from 'fastify';
import { eq, tables, type Database } from '@fretline/db';
import { enqueueJob } from '../../../platform/jobs/index.ts';
import type { MediaStore } from '../../../platform/media/index.ts';
import { recordAudit } from '../../../platform/audit/index.ts';
import type { RequestAuth } from '../../../plugins/auth.ts';
import { AppError, badRequest, notFound } from '../../../plugins/errors.ts';
import * as repo from './videos-editor.repository.ts';
import { setPublished, type EditorContext } from './videos-editor.service.ts';

/*
 * Scheduled publishing (ADR 0060): the editor picks a date and time for a draft; a job on the
 * durable queue (ADR 0003) publishes it then, through the same setPublished as the Publish button
 * (the playable check, the audit record), and the catalogue caches forget it. Rescheduling or
 * cancelling only changes the row: a job whose time no longer matches the row does nothing.
 */

export const PUBLISH_SCHEDULED_JOB = 'videos.publish-scheduled';
const { videoSchedules } = tables;

const ALREADY_PUBLISHED = 'This video is already published; unpublish it first to schedule it.';
const NOT_IN_FUTURE = 'Choose a date and time in the future.';

interface SchedulePayload {
  id_video: number;
  publish_at: string;
}

export async function findSchedule(db: Database, idVideo: number) {
  const [row] = await db.select().from(videoSchedules).where(eq(videoSchedules.idVideo, idVideo)).limit(1);
  return row;
}

/** Sets (or with null, cancels) the draft's publication time, and queues the job that publishes it. */
export async function scheduleVideo(ctx: EditorContext, idVideo: number, publishAt: Date | null): Promise<Date | null> {
  if (publishAt && publishAt.getTime() <= ctx.now.getTime()) throw badRequest(NOT_IN_FUTURE, 'video_publish_at');
  await ctx.db.transaction(async (tx) => {
    const video = await repo.findVideo(tx, idVideo, true);
    if (!video) throw notFound('That video cannot be found.');
    const before = await findSchedule(tx, idVideo);
    if (publishAt === null) {
      if (!before) return;
      await tx.delete(videoSchedules).where(eq(videoSchedules.idVideo, idVideo));
    } else {
      if (video.videoPublished) throw new AppError('VIDEO_PUBLISHED', 409, ALREADY_PUBLISHED, 'video_publish_at');
      await tx
        .insert(videoSchedules)
        .values({ idVideo, publishAt, idUserScheduled: ctx.auth.user.idUser, scheduledAt: ctx.now })
        .onConflictDoUpdate({
          target: videoSchedules.idVideo,
          set: { publishAt, idUserScheduled: ctx.auth.user.idUser, scheduledAt: ctx.now },
        });
      const payload: SchedulePayload = { id_video: idVideo, publish_at: publishAt.toISOString() };
      await enqueueJob(tx, { type: PUBLISH_SCHEDULED_JOB, payload, runAt: publishAt });
    }
    await recordAudit(
      tx,
      ctx.auth,
      {
        action: publishAt ? 'video.schedule' : 'video.unschedule',
        targetType: 'video',
        targetId: idVideo,
        diff: { video_slug: video.videoSlug, video_publish_at: { from: before?.publishAt ?? null, to: publishAt } },
      },
      ctx.now,
    );
  });
  return publishAt;
}

/**
 * The job: publishes the draft if its row still holds this time. A draft that cannot play any
 * more (its media removed since) stays a draft, and the schedule goes: the audit log says why.
 */
export async function runScheduledPublish(app: FastifyInstance, store: MediaStore, payload: SchedulePayload): Promise<void> {
  const row = await findSchedule(app.db, payload.id_video);
  if (!row || row.publishAt.toISOString() !== payload.publish_at) return;
  const account = row.idUserScheduled;
  // The publication is recorded in the name of the editor who scheduled it.
  const auth: RequestAuth = {
    user: { idUser: account ?? 0, email: 'scheduled publication', firstName: null, lastName: null, roles: ['Editor'] },
    idSession: 0,
    via: 'bearer',
  };
  const ctx: EditorContext = { db: app.db, store, now: app.clock(), auth };
  try {
    await setPublished(ctx, payload.id_video, true);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    app.log.warn({ idVideo: payload.id_video, code: err.code }, 'scheduled publication refused');
  }
  await app.db.delete(videoSchedules).where(eq(videoSchedules.idVideo, payload.id_video));
  // As after an editor's own write: every instance's catalogue memories (ADR 0018) and stored
  // signed-out pages (ADR 0056) forget the video once the shared content version moves.
  await app.contentVersion.bump();
}
