import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UPLOAD_KINDS } from '@fretline/contract';
import { contentTypeFor, isSafeMediaPath, type MediaStore } from '../../../platform/media/index.ts';
import { requireRoleGroup } from '../../../plugins/auth.ts';
import { route } from '../../../plugins/calls.ts';
import { AppError } from '../../../plugins/errors.ts';
import { recordAudit } from '../../../platform/audit/index.ts';
import { listMediaLibrary } from './media-library.service.ts';
import { newUploadPath, requireUploadKind, tooLarge, writeUpload } from './uploads.storage.ts';

/** A refused request body up to this size is read and dropped so the connection can be reused. */
const DRAIN_LIMIT_BYTES = 1024 * 1024;

/** The declared body size, or null when the client streams without a Content-Length. */
function declaredLength(request: FastifyRequest): number | null {
  const value = Number(request.headers['content-length']);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

/**
 * POST /api/videos/editor/uploads?filename=<name> (ADR 0039): the Editor group uploads
 * one file as the raw request body; it is streamed to the media store's uploads/YYYY/MM/ and answered
 * with its media path and a signed URL. Registered as its own plugin so only this route takes an
 * `application/octet-stream` body.
 */
export const editorUploadsRoutes: FastifyPluginAsyncZod<{ store: MediaStore }> = async (app, { store }) => {
  // The parser hands the body over unread: the handler streams it to disk (never a whole file in memory).
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));

  /** How much of a refused body may still be read and dropped, per request (see the onSend hook). */
  const drainable = new WeakMap<FastifyRequest, number>();
  // ADR 0039: an answer that goes out before the body was read in full (a refusal) lets the rest
  // be read and dropped, so the browser, which reads no answer before its upload is sent, gets
  // the text. Fine for a small body, or for a file an Editor was allowed to send anyway (up to its
  // kind's limit), but not for gigabytes from anyone: then the connection is closed instead.
  app.addHook('onSend', async (request, reply) => {
    if (request.raw.complete) return;
    const length = declaredLength(request);
    if (length === null || length > (drainable.get(request) ?? DRAIN_LIMIT_BYTES)) reply.header('connection', 'close');
    // Node drops an untouched body by itself, but not one the handler began to read.
    else request.raw.resume();
  });

  // Guards read first: `access` checks the role in onRequest, before anything about the file is read.
  route(
    app,
    'editor.uploadMedia',
    { access: 'Editor', audit: { action: 'media.upload' }, schema: { tags: ['videos editor'] } },
    async (request, reply) => {
      const auth = requireRoleGroup(request, 'Editor');
      const body = request.body;
      if (!(body instanceof Readable)) {
        throw new AppError('UPLOAD_BODY', 415, 'Send the file itself as the body, as application/octet-stream.');
      }
      const rule = requireUploadKind(request.query.filename);
      const limit = UPLOAD_KINDS[rule.kind].maxBytes;
      const declared = declaredLength(request);
      if (declared !== null && declared > limit) throw tooLarge(rule.kind);
      drainable.set(request, limit);

      const now = app.clock();
      const mediaPath = newUploadPath(request.query.filename, rule.ext, now);
      // newUploadPath only builds safe paths; this is the media store's own check.
      if (!isSafeMediaPath(mediaPath)) throw new AppError('UPLOAD_PATH', 500, 'The file could not be stored.');
      const contentType = contentTypeFor(mediaPath);
      const { bytes } = await writeUpload(body, store, mediaPath, rule, contentType);
      try {
        await recordAudit(
          app.db,
          auth,
          {
            action: 'media.upload',
            targetType: 'media',
            targetId: mediaPath,
            diff: { filename: request.query.filename, content_type: contentType, bytes },
          },
          now,
        );
      } catch (err) {
        // No file without its audit record.
        await store.remove(mediaPath).catch(() => undefined);
        throw err;
      }
      reply.code(201);
      return { data: { media_path: mediaPath, url: store.signedUrl(mediaPath, now), content_type: contentType, bytes } };
    },
  );

  // ADR 0068: the media library the form pickers choose from; the same Editor group as uploads.
  route(app, 'editor.listMedia', { access: 'Editor', schema: { tags: ['videos editor'] } }, async (request) => {
    requireRoleGroup(request, 'Editor');
    return { data: await listMediaLibrary({ db: app.db, store, now: app.clock() }, request.query) };
  });
};
