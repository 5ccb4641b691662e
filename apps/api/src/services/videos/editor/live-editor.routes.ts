import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EditorLiveStreamBodySchema,
  EditorLiveStreamIdParamsSchema,
  EditorLiveStreamListQuerySchema,
  EditorLiveStreamListResponseSchema,
  EditorLiveStreamPublishBodySchema,
  EditorLiveStreamResponseSchema,
} from '@fretline/contract';
import type { MediaStore } from '../../../platform/media/index.ts';
import { deletedResponse, guardEditorRoutes } from './editor-routes.ts';
import * as service from './live-editor.service.ts';

/**
 * /api/videos/editor/live-streams (issue 7 content editing, ADR 0037): the Editor group of spec §6
 * creates, edits, publishes and deletes live streams. Group checked first; changes audited.
 */
export const liveEditorRoutes: FastifyPluginAsyncZod<{ store: MediaStore }> = async (app, { store }) => {
  const tags = ['live streams editor'];
  const editorContext = guardEditorRoutes(app, store);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Every live stream, drafts included, newest start first (paged)',
        querystring: EditorLiveStreamListQuerySchema,
        response: { 200: EditorLiveStreamListResponseSchema },
      },
    },
    async (request) => ({ data: await service.listEditorStreams(editorContext(request), request.query) }),
  );

  app.get(
    '/:idLiveStream',
    {
      schema: {
        tags,
        summary: 'One live stream with its replay video and earlier slugs',
        params: EditorLiveStreamIdParamsSchema,
        response: { 200: EditorLiveStreamResponseSchema },
      },
    },
    async (request) => ({
      data: { stream: await service.getEditorStream(editorContext(request), request.params.idLiveStream) },
    }),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Create a live stream (a draft); the end must come after the start',
        body: EditorLiveStreamBodySchema,
        response: { 201: EditorLiveStreamResponseSchema },
      },
    },
    async (request, reply) => {
      const stream = await service.createStream(editorContext(request), request.body);
      return reply.code(201).send({ data: { stream } });
    },
  );

  app.put(
    '/:idLiveStream',
    {
      schema: {
        tags,
        summary: "Replace a live stream's fields; a new slug keeps the old /live URL redirecting",
        params: EditorLiveStreamIdParamsSchema,
        body: EditorLiveStreamBodySchema,
        response: { 200: EditorLiveStreamResponseSchema },
      },
    },
    async (request) => ({
      data: { stream: await service.updateStream(editorContext(request), request.params.idLiveStream, request.body) },
    }),
  );

  app.put(
    '/:idLiveStream/published',
    {
      schema: {
        tags,
        summary: 'Publish (stream_published=true) or unpublish a live stream',
        params: EditorLiveStreamIdParamsSchema,
        body: EditorLiveStreamPublishBodySchema,
        response: { 200: EditorLiveStreamResponseSchema },
      },
    },
    async (request) => ({
      data: {
        stream: await service.setStreamPublished(
          editorContext(request),
          request.params.idLiveStream,
          request.body.stream_published,
        ),
      },
    }),
  );

  app.delete(
    '/:idLiveStream',
    {
      schema: {
        tags,
        summary: 'Delete a live stream (its replay video stays)',
        params: EditorLiveStreamIdParamsSchema,
        response: deletedResponse,
      },
    },
    async (request, reply) => {
      await service.deleteStream(editorContext(request), request.params.idLiveStream);
      return reply.code(204).send(null);
    },
  );
};
