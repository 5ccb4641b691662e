import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MediaStore, MediaTools } from '../../../platform/media/index.ts';
import { route, type CallRouteOptions } from '../../../plugins/calls.ts';
import { editorContextFor } from './editor-routes.ts';
import * as service from './videos-editor.service.ts';
import { streamProcessingInfo } from './video-streams.service.ts';

/**
 * /api/videos/editor/videos (content editing, ADR 0037): the Editor group (product.md#roles)
 * creates, edits, publishes and deletes videos and places them in courses. Every route checks the
 * group first (signed out 401, another role 403); every change is audited in its transaction.
 */
export const videosEditorRoutes: FastifyPluginAsyncZod<{ store: MediaStore; tools: MediaTools | null }> = async (
  app,
  { store, tools },
) => {
  const options: CallRouteOptions = { access: 'Editor', schema: { tags: ['videos editor'] } };
  const editorContext = editorContextFor(app, store);

  route(app, 'editor.listVideos', options, async (request) => ({
    data: await service.listEditorVideos(editorContext(request), request.query),
  }));

  route(app, 'editor.getVideoOptions', options, async (request) => ({
    data: {
      options: { ...(await service.getEditorOptions(editorContext(request))), stream_processing: streamProcessingInfo(tools) },
    },
  }));

  route(app, 'editor.getVideo', options, async (request) => {
    const ctx = editorContext(request);
    return { data: { video: await service.getEditorVideo(ctx, request.params.idVideo) } };
  });

  route(app, 'editor.createVideo', { ...options, audit: { action: 'video.create' } }, async (request, reply) => {
    const ctx = editorContext(request);
    const video = await service.createVideo(ctx, request.body);
    return reply.code(201).send({ data: { video } });
  });

  route(app, 'editor.updateVideo', { ...options, audit: { action: 'video.update', onlyWhenChanged: true } }, async (request) => {
    const ctx = editorContext(request);
    return { data: { video: await service.updateVideo(ctx, request.params.idVideo, request.body) } };
  });

  route(
    app,
    'editor.setVideoPublished',
    { ...options, audit: { action: ['video.publish', 'video.unpublish'], onlyWhenChanged: true } },
    async (request) => {
      const ctx = editorContext(request);
      const video = await service.setPublished(ctx, request.params.idVideo, request.body.video_published);
      return { data: { video } };
    },
  );

  route(
    app,
    'editor.setVideoCourses',
    { ...options, audit: { action: 'video.courses.set', onlyWhenChanged: true } },
    async (request) => {
      const ctx = editorContext(request);
      return { data: { courses: await service.setVideoCourses(ctx, request.params.idVideo, request.body) } };
    },
  );

  route(app, 'editor.retryVideoStream', { ...options, audit: { action: 'video.stream_retry' } }, async (request) => {
    const ctx = editorContext(request);
    return { data: { video: await service.retryVideoStream(ctx, request.params.idVideo) } };
  });

  route(app, 'editor.deleteVideo', { ...options, audit: { action: 'video.delete' } }, async (request, reply) => {
    const ctx = editorContext(request);
    await service.deleteVideo(ctx, request.params.idVideo);
    return reply.code(204).send(null);
  });
};
