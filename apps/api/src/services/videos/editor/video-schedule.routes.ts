import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerJobHandler } from '../../../platform/jobs/index.ts';
import type { MediaStore } from '../../../platform/media/index.ts';
import { route, type CallRouteOptions } from '../../../plugins/calls.ts';
import { notFound } from '../../../plugins/errors.ts';
import { editorContextFor } from './editor-routes.ts';
import * as repo from './videos-editor.repository.ts';
import { findSchedule, PUBLISH_SCHEDULED_JOB, runScheduledPublish, scheduleVideo } from './video-schedule.service.ts';

/** /api/videos/editor/videos/:idVideo/schedule (ADR 0060): publish a draft at a date and time. */
export const videoScheduleRoutes: FastifyPluginAsyncZod<{ store: MediaStore }> = async (app, { store }) => {
  const options: CallRouteOptions = { access: 'Editor', schema: { tags: ['videos editor'] } };
  const editorContext = editorContextFor(app, store);

  registerJobHandler<{ id_video: number; publish_at: string }>(app, PUBLISH_SCHEDULED_JOB, (payload) =>
    runScheduledPublish(app, store, payload),
  );

  route(app, 'editor.getVideoSchedule', options, async (request) => {
    const ctx = editorContext(request);
    if (!(await repo.findVideo(ctx.db, request.params.idVideo))) throw notFound('That video cannot be found.');
    const row = await findSchedule(ctx.db, request.params.idVideo);
    return { data: { schedule: { video_publish_at: row?.publishAt ?? null } } };
  });

  route(
    app,
    'editor.scheduleVideo',
    { ...options, audit: { action: ['video.schedule', 'video.unschedule'], onlyWhenChanged: true } },
    async (request) => {
      const ctx = editorContext(request);
      const at = await scheduleVideo(ctx, request.params.idVideo, request.body.video_publish_at);
      return { data: { schedule: { video_publish_at: at } } };
    },
  );
};
