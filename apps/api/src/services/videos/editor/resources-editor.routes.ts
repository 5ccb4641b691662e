import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MediaStore } from '../../../platform/media/index.ts';
import { route, type CallRouteOptions } from '../../../plugins/calls.ts';
import { editorContextFor } from './editor-routes.ts';
import * as service from './resources-editor.service.ts';

/**
 * /api/videos/editor/free-resources (content editing, ADR 0037): the Editor group (product.md#roles)
 * creates, edits, orders, publishes and deletes the downloads of /free-resources.
 * Group checked first; changes audited.
 */
export const resourcesEditorRoutes: FastifyPluginAsyncZod<{ store: MediaStore }> = async (app, { store }) => {
  const options: CallRouteOptions = { access: 'Editor', schema: { tags: ['free resources editor'] } };
  const editorContext = editorContextFor(app, store);

  route(app, 'editor.listFreeResources', options, async (request) => ({
    data: { resources: await service.listEditorResources(editorContext(request)) },
  }));

  route(app, 'editor.getFreeResource', options, async (request) => ({
    data: { resource: await service.getEditorResource(editorContext(request), request.params.idFreeResource) },
  }));

  route(app, 'editor.createFreeResource', { ...options, audit: { action: 'free_resource.create' } }, async (request, reply) => {
    const resource = await service.createResource(editorContext(request), request.body);
    return reply.code(201).send({ data: { resource } });
  });

  route(
    app,
    'editor.setFreeResourceOrder',
    { ...options, audit: { action: 'free_resource.order.set', onlyWhenChanged: true } },
    async (request) => ({
      data: { resources: await service.setResourceOrder(editorContext(request), request.body.id_free_resources) },
    }),
  );

  route(
    app,
    'editor.updateFreeResource',
    { ...options, audit: { action: 'free_resource.update', onlyWhenChanged: true } },
    async (request) => ({
      data: { resource: await service.updateResource(editorContext(request), request.params.idFreeResource, request.body) },
    }),
  );

  route(
    app,
    'editor.setFreeResourcePublished',
    { ...options, audit: { action: ['free_resource.publish', 'free_resource.unpublish'], onlyWhenChanged: true } },
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

  route(app, 'editor.deleteFreeResource', { ...options, audit: { action: 'free_resource.delete' } }, async (request, reply) => {
    await service.deleteResource(editorContext(request), request.params.idFreeResource);
    return reply.code(204).send(null);
  });
};
