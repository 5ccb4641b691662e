import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MediaStore } from '../../../platform/media/index.ts';
import { route, type CallRouteOptions } from '../../../plugins/calls.ts';
import { editorContextFor } from './editor-routes.ts';
import * as service from './live-editor.service.ts';

/**
 * /api/videos/editor/live-streams (content editing, ADR 0037): the Editor group (product.md#roles)
 * creates, edits, publishes and deletes live streams. Group checked first; changes audited.
 */
export const liveEditorRoutes: FastifyPluginAsyncZod<{ store: MediaStore }> = async (app, { store }) => {
  const options: CallRouteOptions = { access: 'Editor', schema: { tags: ['live streams editor'] } };
  const editorContext = editorContextFor(app, store);

  route(app, 'editor.listLiveStreams', options, async (request) => ({
    data: await service.listEditorStreams(editorContext(request), request.query),
  }));

  route(app, 'editor.getLiveStream', options, async (request) => ({
    data: { stream: await service.getEditorStream(editorContext(request), request.params.idLiveStream) },
  }));

  route(app, 'editor.createLiveStream', options, async (request, reply) => {
    const stream = await service.createStream(editorContext(request), request.body);
    return reply.code(201).send({ data: { stream } });
  });

  route(app, 'editor.updateLiveStream', options, async (request) => ({
    data: { stream: await service.updateStream(editorContext(request), request.params.idLiveStream, request.body) },
  }));

  route(app, 'editor.setLiveStreamPublished', options, async (request) => ({
    data: {
      stream: await service.setStreamPublished(
        editorContext(request),
        request.params.idLiveStream,
        request.body.stream_published,
      ),
    },
  }));

  route(app, 'editor.deleteLiveStream', options, async (request, reply) => {
    await service.deleteStream(editorContext(request), request.params.idLiveStream);
    return reply.code(204).send(null);
  });
};
