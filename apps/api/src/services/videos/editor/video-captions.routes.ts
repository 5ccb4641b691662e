import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MediaStore } from '../../../platform/media/index.ts';
import { route, type CallRouteOptions } from '../../../plugins/calls.ts';
import { deleteCaption, listCaptions, putCaption } from '../captions.service.ts';
import { editorContextFor } from './editor-routes.ts';

/** /api/videos/editor/videos/:idVideo/captions[/:language] (ADR 0085): a lesson's WebVTT captions. */
export const videoCaptionsRoutes: FastifyPluginAsyncZod<{ store: MediaStore }> = async (app, { store }) => {
  const options: CallRouteOptions = { access: 'Editor', schema: { tags: ['videos editor'] } };
  const editorContext = editorContextFor(app, store);

  route(app, 'editor.listVideoCaptions', options, async (request) => ({
    data: { captions: await listCaptions(editorContext(request).db, request.params.idVideo) },
  }));

  route(app, 'editor.putVideoCaption', { ...options, audit: { action: 'video.captions.save' } }, async (request) => {
    const { idVideo, language } = request.params;
    return { data: { caption: await putCaption(editorContext(request), idVideo, language, request.body) } };
  });

  route(app, 'editor.deleteVideoCaption', { ...options, audit: { action: 'video.captions.delete' } }, async (request, reply) => {
    await deleteCaption(editorContext(request), request.params.idVideo, request.params.language);
    return reply.code(204).send(null);
  });
};
