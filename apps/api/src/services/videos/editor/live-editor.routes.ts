import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasRoleGroup, type EditorLiveStream } from '@fretline/contract';
import type { MediaStore } from '../../../platform/media/index.ts';
import type { LiveIngest } from '../live-ingest.service.ts';
import * as questions from '../live-questions.service.ts';
import { requireRoleGroup } from '../../../plugins/auth.ts';
import { route, type CallRouteOptions } from '../../../plugins/calls.ts';
import { editorContextFor } from './editor-routes.ts';
import * as service from './live-editor.service.ts';

/**
 * /api/videos/editor/live-streams (content editing, ADR 0037): the Editor group (product.md#roles)
 * creates, edits, publishes and deletes live streams. Group checked first; changes audited.
 */
export const liveEditorRoutes: FastifyPluginAsyncZod<{ store: MediaStore; ingest: LiveIngest }> = async (
  app,
  { store, ingest },
) => {
  const options: CallRouteOptions = { access: 'Editor', schema: { tags: ['live streams editor'] } };
  /**
   * Running a live lesson (ADR 0063): the Editor group, and the Staff group too (product.md#roles:
   * the key is for Staff and above, and a Staff member without the Editor role teaches as well): the
   * streams and one stream's read (the address and the key), its question queue and the answer.
   * Creating, editing, publishing and deleting stay with the Editor group.
   */
  const teaching: CallRouteOptions = {
    access: (request) => {
      if (!hasRoleGroup(request.auth?.user.roles ?? [], 'Staff')) requireRoleGroup(request, 'Editor');
    },
    roles: ['Staff', 'Editor'],
    schema: { tags: ['live streams editor'] },
  };
  const editorContext = editorContextFor(app, store);
  /** The reads of `teaching` (its guard has run): no Editor group required. */
  const readContext = () => ({ db: app.db, store, now: app.clock() });

  /** The ingest address for everyone in the group; the secret key for the Staff group only (ADR 0063). */
  async function withIngest(request: FastifyRequest, stream: EditorLiveStream): Promise<EditorLiveStream> {
    const staff = hasRoleGroup(request.auth?.user.roles ?? [], 'Staff');
    const key = staff ? (stream.stream_key ?? (await service.ensureStreamKey(app.db, stream.id_live_stream))) : null;
    return { ...stream, stream_ingest_url: ingest.ingestUrl, stream_ingest_help: ingest.help, stream_key: key };
  }

  route(app, 'editor.listLiveStreams', teaching, async (request) => {
    const page = await service.listEditorStreams(readContext(), request.query);
    // The list never carries keys: one stream's page does.
    return {
      data: { ...page, streams: page.streams.map((s) => ({ ...s, stream_key: null, stream_ingest_url: ingest.ingestUrl })) },
    };
  });

  route(app, 'editor.getLiveStream', teaching, async (request) => ({
    data: {
      stream: await withIngest(request, await service.getEditorStream(readContext(), request.params.idLiveStream)),
    },
  }));

  route(app, 'editor.createLiveStream', { ...options, audit: { action: 'live_stream.create' } }, async (request, reply) => {
    const stream = await service.createStream(editorContext(request), request.body);
    return reply.code(201).send({ data: { stream: await withIngest(request, stream) } });
  });

  route(
    app,
    'editor.updateLiveStream',
    { ...options, audit: { action: 'live_stream.update', onlyWhenChanged: true } },
    async (request) => ({
      data: {
        stream: await withIngest(
          request,
          await service.updateStream(editorContext(request), request.params.idLiveStream, request.body),
        ),
      },
    }),
  );

  route(
    app,
    'editor.setLiveStreamPublished',
    { ...options, audit: { action: ['live_stream.publish', 'live_stream.unpublish'], onlyWhenChanged: true } },
    async (request) => ({
      data: {
        stream: await withIngest(
          request,
          await service.setStreamPublished(editorContext(request), request.params.idLiveStream, request.body.stream_published),
        ),
      },
    }),
  );

  // Staff and above only (ADR 0063): the key is the encoder's only credential.
  route(
    app,
    'editor.regenerateLiveStreamKey',
    { access: 'Staff', audit: { action: 'live_stream.regenerate_key' }, schema: { tags: ['live streams editor'] } },
    async (request) => ({
      data: {
        stream: await withIngest(
          request,
          await service.regenerateStreamKey(
            { ...readContext(), auth: requireRoleGroup(request, 'Staff') },
            request.params.idLiveStream,
          ),
        ),
      },
    }),
  );

  route(app, 'editor.listLiveQuestions', teaching, async (request) => ({
    data: { questions: await questions.listStreamQuestions(app.db, request.params.idLiveStream) },
  }));

  route(
    app,
    'editor.answerLiveQuestion',
    { ...teaching, audit: { action: 'live_question.answer', onlyWhenChanged: true } },
    async (request) => ({
      data: {
        question: await questions.answerQuestion(app, {
          idLiveStream: request.params.idLiveStream,
          idLiveQuestion: request.params.idLiveQuestion,
          auth: request.auth,
        }),
      },
    }),
  );

  route(app, 'editor.deleteLiveStream', { ...options, audit: { action: 'live_stream.delete' } }, async (request, reply) => {
    await service.deleteStream(editorContext(request), request.params.idLiveStream);
    return reply.code(204).send(null);
  });
};
