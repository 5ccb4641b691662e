import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MediaStore } from '../../../platform/media/index.ts';
import { route, type CallRouteOptions } from '../../../plugins/calls.ts';
import { getChordTimeline, setChordTimeline } from './chord-timeline.service.ts';
import { editorContextFor } from './editor-routes.ts';

/** /api/videos/editor/videos/:idVideo/chord-timeline (ADR 0077): when each chord starts. */
export const chordTimelineRoutes: FastifyPluginAsyncZod<{ store: MediaStore }> = async (app, { store }) => {
  const options: CallRouteOptions = { access: 'Editor', schema: { tags: ['videos editor'] } };
  const editorContext = editorContextFor(app, store);

  route(app, 'editor.getChordTimeline', options, async (request) => ({
    data: { chord_timeline: await getChordTimeline(editorContext(request), request.params.idVideo) },
  }));

  route(
    app,
    'editor.setChordTimeline',
    { ...options, audit: { action: 'video.chord_timeline.set', onlyWhenChanged: true } },
    async (request) => {
      const ctx = editorContext(request);
      return { data: { chord_timeline: await setChordTimeline(ctx, request.params.idVideo, request.body.chord_timeline) } };
    },
  );
};
