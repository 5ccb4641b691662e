import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { Transform, pipeline, type Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import type { FastifyPluginAsync } from 'fastify';
import {
  RESUMABLE_MEDIA_PATH_HEADER,
  RESUMABLE_UPLOAD_PATH,
  UPLOAD_ERRORS,
  UPLOAD_KINDS,
  uploadExtensionOf,
} from '@fretline/contract';
import { recordAudit } from '../../../platform/audit/index.ts';
import { contentTypeFor, type MediaStore } from '../../../platform/media/index.ts';
import { requireRoleGroup, type RequestAuth } from '../../../plugins/auth.ts';
import { hasSignatureOf, newUploadPath } from './uploads.storage.ts';

/** Enough of a file's start to recognise a video container (ADR 0039). */
const SNIFF_BYTES = 64;
/** An upload left unfinished this long is removed (the tus expiration extension). */
const EXPIRE_MS = 24 * 3_600_000;
const VIDEO = UPLOAD_KINDS.video;

/** A refusal in the form @tus/server answers with: its status and a plain-text body. */
const refusal = (status_code: number, body: string) => ({ status_code, body });

/**
 * The tus file store, with the first-bytes check of ADR 0039 applied as the bytes arrive: the
 * first chunk of an upload must look like its extension's container, or the upload is removed and
 * the request answered 415 before the rest of a large file is taken.
 */
class CheckedFileStore extends FileStore {
  override async write(readable: IncomingMessage | Readable, id: string, offset: number): Promise<number> {
    if (offset >= SNIFF_BYTES) return super.write(readable, id, offset);
    const upload = await this.getUpload(id);
    const ext = uploadExtensionOf(upload.metadata?.filename ?? '');
    // A resumed start (under 64 bytes were kept) is checked with what is already on disk.
    let head = offset > 0 ? await readHead(path.join(this.directory, id), offset) : Buffer.alloc(0);
    const kept = head.length;
    let checked = false;
    let mismatch = false;
    const check = (): Error | null => {
      checked = true;
      if (hasSignatureOf(ext, head)) return null;
      mismatch = true;
      return new Error('content mismatch');
    };
    const sniffer = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        if (checked) return done(null, chunk);
        head = Buffer.concat([head, chunk]);
        if (head.length < SNIFF_BYTES) return done();
        done(check(), head.subarray(kept));
      },
      flush(done) {
        if (checked || head.length === kept) return done();
        done(check(), head.subarray(kept));
      },
    });
    try {
      return await super.write(
        pipeline(readable, sniffer, () => undefined),
        id,
        offset,
      );
    } catch (err) {
      if (!mismatch) throw err;
      await this.remove(id).catch(() => undefined);
      throw refusal(415, UPLOAD_ERRORS.mismatch(ext));
    }
  }
}

async function readHead(file: string, bytes: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * RESUMABLE_UPLOAD_PATH (ADR 0057): the tus protocol, through @tus/server, for the video files the
 * media pipeline processes. A dropped connection resumes at the offset the server kept (the client
 * asks with HEAD). The Editor group only (401/403 before anything is read). Creation checks the
 * extension (MP4, MOV, WebM) and the declared length against the video limit; the first bytes are
 * checked as they arrive. When the last byte lands, the file moves to uploads/YYYY/MM/ like any
 * upload (ADR 0039), is audited, and its media path is answered in RESUMABLE_MEDIA_PATH_HEADER.
 * Not a declared call (ADR 0052): it speaks tus, not the JSON envelope.
 */
export const resumableUploadsRoutes: FastifyPluginAsync<{ store: MediaStore }> = async (app, { store }) => {
  const datastore = new CheckedFileStore({ directory: store.scratchDir('resumable'), expirationPeriodInMilliseconds: EXPIRE_MS });
  /** Who sent each request in flight, for the audit record of the upload it completes. */
  const senders = new WeakMap<IncomingMessage, RequestAuth>();

  const tus = new Server({
    path: RESUMABLE_UPLOAD_PATH,
    datastore,
    relativeLocation: true,
    maxSize: VIDEO.maxBytes,
    // Random, unguessable ids: an upload's URL is only useful to the editor who made it.
    namingFunction: () => randomBytes(16).toString('hex'),
    onUploadCreate: async (_req, upload) => {
      const filename = upload.metadata?.filename ?? '';
      const ext = uploadExtensionOf(filename);
      if (!VIDEO.extensions.includes(ext))
        throw refusal(415, `Upload a video file here (${VIDEO.extensions.join(', ').toUpperCase()}).`);
      if (!upload.size) throw refusal(400, UPLOAD_ERRORS.empty);
      if (upload.size > VIDEO.maxBytes) throw refusal(413, UPLOAD_ERRORS.tooLarge('video'));
      return {};
    },
    onUploadFinish: async (req, upload) => finish(req as unknown as { runtime?: { node?: { req: IncomingMessage } } }, upload),
  });

  async function finish(req: { runtime?: { node?: { req: IncomingMessage } } }, upload: Upload) {
    const filename = upload.metadata?.filename ?? 'video';
    const ext = uploadExtensionOf(filename);
    const now = app.clock();
    const mediaPath = newUploadPath(filename, ext, now);
    const raw = req.runtime?.node?.req;
    const auth = raw ? senders.get(raw) : undefined;
    if (!auth) throw refusal(500, 'The file could not be stored.');
    const scratch = path.join(datastore.directory, upload.id);
    // The folder store keeps its files beside the scratch folder: a rename, not a second copy.
    // Elsewhere (an S3 bucket, ADR 0059) the file is streamed into the store, whole or not at all.
    const local = store.resolveFile(mediaPath);
    if (local) {
      await mkdir(path.dirname(local), { recursive: true });
      await rename(scratch, local);
    } else {
      await store.write(mediaPath, createReadStream(scratch), contentTypeFor(mediaPath));
      await unlink(scratch);
    }
    await datastore.configstore.delete(upload.id);
    await recordAudit(
      app.db,
      auth,
      {
        action: 'media.upload',
        targetType: 'media',
        targetId: mediaPath,
        diff: { filename, content_type: contentTypeFor(mediaPath), bytes: upload.size ?? 0, resumable: true },
      },
      now,
    );
    return { headers: { [RESUMABLE_MEDIA_PATH_HEADER]: mediaPath } };
  }

  // Abandoned uploads go after EXPIRE_MS; a sweep an hour is plenty (each instance sweeps its own folder).
  const sweep = setInterval(() => {
    tus.cleanUpExpiredUploads().catch((err: unknown) => app.log.warn({ err }, 'resumable upload sweep failed'));
  }, 3_600_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  // tus bodies are read by @tus/server itself, straight from the socket.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const handler = {
    schema: { hide: true },
    onRequest: (request: Parameters<typeof requireRoleGroup>[0], _reply: unknown, done: (err?: Error) => void) => {
      try {
        senders.set(request.raw, requireRoleGroup(request, 'Editor'));
        done();
      } catch (err) {
        done(err as Error);
      }
    },
    handler: async (request: { raw: IncomingMessage }, reply: { hijack: () => void; raw: ServerResponse }) => {
      reply.hijack();
      await tus.handle(request.raw, reply.raw);
    },
  };
  const base = RESUMABLE_UPLOAD_PATH.replace(/^\/api\/videos/, '');
  app.route({ method: 'POST', url: base, ...handler });
  app.route({ method: ['HEAD', 'PATCH', 'DELETE'], url: `${base}/:id`, ...handler });
};
