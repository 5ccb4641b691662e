import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EditorPublishBodySchema,
  EditorVideoBodySchema,
  EditorVideoCoursesBodySchema,
  EditorVideoCoursesResponseSchema,
  EditorVideoIdParamsSchema,
  EditorVideoListQuerySchema,
  EditorVideoListResponseSchema,
  EditorVideoOptionsResponseSchema,
  EditorVideoResponseSchema,
} from '@fretline/contract';
import type { MediaStore } from '../../../platform/media/index.ts';
import { deletedResponse, guardEditorRoutes } from './editor-routes.ts';
import * as service from './videos-editor.service.ts';

/**
 * /api/videos/editor/videos (issue 7 content editing, ADR 0037): the Editor group of spec §6
 * creates, edits, publishes and deletes videos and places them in courses. Every route checks the
 * group first (signed out 401, another role 403); every change is audited in its transaction.
 */
export const videosEditorRoutes: FastifyPluginAsyncZod<{ store: MediaStore }> = async (app, { store }) => {
  const tags = ['videos editor'];
  const editorContext = guardEditorRoutes(app, store);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Every video, drafts included, last changed first; search, status and category filters',
        querystring: EditorVideoListQuerySchema,
        response: { 200: EditorVideoListResponseSchema },
      },
    },
    async (request) => ({ data: await service.listEditorVideos(editorContext(request), request.query) }),
  );

  app.get(
    '/options',
    {
      schema: {
        tags,
        summary: 'What the video form offers: courses (drafts too), facet values and tags in use',
        response: { 200: EditorVideoOptionsResponseSchema },
      },
    },
    async (request) => ({ data: { options: await service.getEditorOptions(editorContext(request)) } }),
  );

  app.get(
    '/:idVideo',
    {
      schema: {
        tags,
        summary: 'One video with its sections, chords, tags, courses and earlier slugs',
        params: EditorVideoIdParamsSchema,
        response: { 200: EditorVideoResponseSchema },
      },
    },
    async (request) => {
      const ctx = editorContext(request);
      return { data: { video: await service.getEditorVideo(ctx, request.params.idVideo) } };
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Create a video (a draft) with its sections, chords and tags',
        body: EditorVideoBodySchema,
        response: { 201: EditorVideoResponseSchema },
      },
    },
    async (request, reply) => {
      const ctx = editorContext(request);
      const video = await service.createVideo(ctx, request.body);
      return reply.code(201).send({ data: { video } });
    },
  );

  app.put(
    '/:idVideo',
    {
      schema: {
        tags,
        summary: 'Replace a video whole (fields, sections, chords, tags); a new slug keeps the old one redirecting',
        params: EditorVideoIdParamsSchema,
        body: EditorVideoBodySchema,
        response: { 200: EditorVideoResponseSchema },
      },
    },
    async (request) => {
      const ctx = editorContext(request);
      return { data: { video: await service.updateVideo(ctx, request.params.idVideo, request.body) } };
    },
  );

  app.put(
    '/:idVideo/published',
    {
      schema: {
        tags,
        summary: 'Publish (video_published=true) or unpublish a video',
        params: EditorVideoIdParamsSchema,
        body: EditorPublishBodySchema,
        response: { 200: EditorVideoResponseSchema },
      },
    },
    async (request) => {
      const ctx = editorContext(request);
      const video = await service.setPublished(ctx, request.params.idVideo, request.body.video_published);
      return { data: { video } };
    },
  );

  app.put(
    '/:idVideo/courses',
    {
      schema: {
        tags,
        summary: 'Set the courses the video is in and its position in each',
        params: EditorVideoIdParamsSchema,
        body: EditorVideoCoursesBodySchema,
        response: { 200: EditorVideoCoursesResponseSchema },
      },
    },
    async (request) => {
      const ctx = editorContext(request);
      return { data: { courses: await service.setVideoCourses(ctx, request.params.idVideo, request.body) } };
    },
  );

  app.delete(
    '/:idVideo',
    {
      schema: {
        tags,
        summary: 'Delete a video with its sections, chords, tags and course places',
        params: EditorVideoIdParamsSchema,
        response: deletedResponse,
      },
    },
    async (request, reply) => {
      const ctx = editorContext(request);
      await service.deleteVideo(ctx, request.params.idVideo);
      return reply.code(204).send(null);
    },
  );
};
