import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EditorFreeResourceBodySchema,
  EditorFreeResourceIdParamsSchema,
  EditorFreeResourceListResponseSchema,
  EditorFreeResourceOrderBodySchema,
  EditorFreeResourcePublishBodySchema,
  EditorFreeResourceResponseSchema,
} from '@fretline/contract';
import type { MediaStore } from '../../../platform/media/index.ts';
import { deletedResponse, guardEditorRoutes } from './editor-routes.ts';
import * as service from './resources-editor.service.ts';

/**
 * /api/videos/editor/free-resources (issue 7 content editing, ADR 0037): the Editor group of
 * spec §6 creates, edits, orders, publishes and deletes the downloads of /free-resources.
 * Group checked first; changes audited.
 */
export const resourcesEditorRoutes: FastifyPluginAsyncZod<{ store: MediaStore }> = async (app, { store }) => {
  const tags = ['free resources editor'];
  const editorContext = guardEditorRoutes(app, store);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Every free resource, drafts included, in display order',
        response: { 200: EditorFreeResourceListResponseSchema },
      },
    },
    async (request) => ({ data: { resources: await service.listEditorResources(editorContext(request)) } }),
  );

  app.get(
    '/:idFreeResource',
    {
      schema: {
        tags,
        summary: 'One free resource',
        params: EditorFreeResourceIdParamsSchema,
        response: { 200: EditorFreeResourceResponseSchema },
      },
    },
    async (request) => ({
      data: { resource: await service.getEditorResource(editorContext(request), request.params.idFreeResource) },
    }),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary: 'Create a free resource (a draft, last in order)',
        body: EditorFreeResourceBodySchema,
        response: { 201: EditorFreeResourceResponseSchema },
      },
    },
    async (request, reply) => {
      const resource = await service.createResource(editorContext(request), request.body);
      return reply.code(201).send({ data: { resource } });
    },
  );

  app.put(
    '/order',
    {
      schema: {
        tags,
        summary: 'Reorder the free resources: every id in its new order',
        body: EditorFreeResourceOrderBodySchema,
        response: { 200: EditorFreeResourceListResponseSchema },
      },
    },
    async (request) => ({
      data: { resources: await service.setResourceOrder(editorContext(request), request.body.id_free_resources) },
    }),
  );

  app.put(
    '/:idFreeResource',
    {
      schema: {
        tags,
        summary: "Replace a free resource's fields",
        params: EditorFreeResourceIdParamsSchema,
        body: EditorFreeResourceBodySchema,
        response: { 200: EditorFreeResourceResponseSchema },
      },
    },
    async (request) => ({
      data: { resource: await service.updateResource(editorContext(request), request.params.idFreeResource, request.body) },
    }),
  );

  app.put(
    '/:idFreeResource/published',
    {
      schema: {
        tags,
        summary: 'Publish (resource_published=true) or unpublish a free resource',
        params: EditorFreeResourceIdParamsSchema,
        body: EditorFreeResourcePublishBodySchema,
        response: { 200: EditorFreeResourceResponseSchema },
      },
    },
    async (request) => ({
      data: {
        resource: await service.setResourcePublished(
          editorContext(request),
          request.params.idFreeResource,
          request.body.resource_published,
        ),
      },
    }),
  );

  app.delete(
    '/:idFreeResource',
    {
      schema: {
        tags,
        summary: 'Delete a free resource (the file stays in the media store)',
        params: EditorFreeResourceIdParamsSchema,
        response: deletedResponse,
      },
    },
    async (request, reply) => {
      await service.deleteResource(editorContext(request), request.params.idFreeResource);
      return reply.code(204).send(null);
    },
  );
};
