import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MediaStore } from '../../../platform/media/index.ts';
import { route, type CallRouteOptions } from '../../../plugins/calls.ts';
import { deleteVideoScore, getVideoScore, putVideoScore, setScoreSync } from './video-score.service.ts';
import { editorContextFor } from './editor-routes.ts';

/** The score file may be 512 KB; in base64 in JSON it is about 700 KB (the default limit is 256 KB). */
const SCORE_BODY_LIMIT = 768 * 1024;

/** /api/videos/editor/videos/:idVideo/score[/sync] (ADR 0088): a lesson's tab and notation, synced to the video. */
export const videoScoreRoutes: FastifyPluginAsyncZod<{ store: MediaStore }> = async (app, { store }) => {
  const options: CallRouteOptions = { access: 'Editor', schema: { tags: ['videos editor'] } };
  const editorContext = editorContextFor(app, store);

  route(app, 'editor.getVideoScore', options, async (request) => ({
    data: { score: await getVideoScore(editorContext(request), request.params.idVideo) },
  }));

  route(
    app,
    'editor.putVideoScore',
    { ...options, bodyLimit: SCORE_BODY_LIMIT, audit: { action: 'video.score.attach' } },
    async (request) => {
      const { score_file_name, score_base64 } = request.body;
      return {
        data: { score: await putVideoScore(editorContext(request), request.params.idVideo, score_file_name, score_base64) },
      };
    },
  );

  route(app, 'editor.deleteVideoScore', { ...options, audit: { action: 'video.score.delete' } }, async (request, reply) => {
    await deleteVideoScore(editorContext(request), request.params.idVideo);
    return reply.code(204).send(null);
  });

  route(
    app,
    'editor.setScoreSync',
    { ...options, audit: { action: 'video.score.sync', onlyWhenChanged: true } },
    async (request) => ({
      data: { score: await setScoreSync(editorContext(request), request.params.idVideo, request.body.score_sync_points) },
    }),
  );
};
