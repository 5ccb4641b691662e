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
/**
 * What one editor may hold open at once: unfinished uploads, and the bytes they declared (each is
 * disk taken on this host until it finishes or expires). Two full-size videos side by side.
 */
export const OPEN_UPLOADS_PER_EDITOR = 5;
export const OPEN_BYTES_PER_EDITOR = 2 * VIDEO.maxBytes;
/** The upload's metadata key naming its editor, set by the server over anything the client sent. */
const OWNER_KEY = 'owner';

/** A refusal in the form @tus/server answers with: its status and a plain-text body. */
const refusal = (status_code: number, body: string) => ({ status_code, body });
/** Someone else's upload and no upload at all answer alike: an id tells a stranger nothing. */
const NOT_FOUND = refusal(404, 'There is no such upload.');

/** The Node request under @tus/server's web Request. */
const nodeRequestOf = (req: Request) => (req as { runtime?: { node?: { req: IncomingMessage } } }).runtime?.node?.req;

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
  const senderOf = (req: Request) => {
    const raw = nodeRequestOf(req);
    const auth = raw ? senders.get(raw) : undefined;
    if (!auth) throw refusal(500, 'The file could not be stored.');
    return auth;
  };

  /** The count and declared bytes of the unexpired uploads an editor holds on this host. */
  async function openUploadsOf(idUser: number): Promise<{ count: number; bytes: number }> {
    const open = { count: 0, bytes: 0 };
    for (const id of (await datastore.configstore.list?.()) ?? []) {
      const upload = await datastore.configstore.get(id);
      if (upload?.metadata?.[OWNER_KEY] !== String(idUser)) continue;
      const created = upload.creation_date ? Date.parse(upload.creation_date) : Date.now();
      if (created + EXPIRE_MS < Date.now()) continue;
      open.count += 1;
      open.bytes += upload.size ?? 0;
    }
    return open;
  }

  const tus = new Server({
    path: RESUMABLE_UPLOAD_PATH,
    datastore,
    relativeLocation: true,
    maxSize: VIDEO.maxBytes,
    // Random, unguessable ids: an upload's URL is only useful to the editor who made it.
    namingFunction: () => randomBytes(16).toString('hex'),
    onUploadCreate: async (req, upload) => {
      const filename = upload.metadata?.filename ?? '';
      const ext = uploadExtensionOf(filename);
      if (!VIDEO.extensions.includes(ext))
        throw refusal(415, `Upload a video file here (${VIDEO.extensions.join(', ').toUpperCase()}).`);
      if (!upload.size) throw refusal(400, UPLOAD_ERRORS.empty);
      if (upload.size > VIDEO.maxBytes) throw refusal(413, UPLOAD_ERRORS.tooLarge('video'));
      const { idUser } = senderOf(req).user;
      const open = await openUploadsOf(idUser);
      if (open.count >= OPEN_UPLOADS_PER_EDITOR) throw refusal(403, UPLOAD_ERRORS.tooManyOpen(OPEN_UPLOADS_PER_EDITOR));
      if (open.bytes + upload.size > OPEN_BYTES_PER_EDITOR) throw refusal(403, UPLOAD_ERRORS.tooManyOpenBytes);
      return { metadata: { ...upload.metadata, [OWNER_KEY]: String(idUser) } };
    },
    // HEAD, PATCH and DELETE reach only the editor's own uploads; before anything is read or changed.
    onIncomingRequest: async (req, id) => {
      if (req.method === 'POST') return;
      const upload = await datastore.configstore.get(id);
      if (upload?.metadata?.[OWNER_KEY] !== String(senderOf(req).user.idUser)) throw NOT_FOUND;
    },
    onUploadFinish: async (req, upload) => finish(req, upload),
  });

  async function finish(req: Request, upload: Upload) {
    const filename = upload.metadata?.filename ?? 'video';
    const ext = uploadExtensionOf(filename);
    const now = app.clock();
    const mediaPath = newUploadPath(filename, ext, now);
    const auth = senderOf(req);
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

  /** One creation at a time per editor, so parallel POSTs cannot all fit under the same quota. */
  const creating = new Map<number, Promise<void>>();
  function oneAtATime(idUser: number, run: () => Promise<void>): Promise<void> {
    const next = (creating.get(idUser) ?? Promise.resolve()).then(run, run);
    creating.set(idUser, next);
    const forget = () => {
      if (creating.get(idUser) === next) creating.delete(idUser);
    };
    next.then(forget, forget);
    return next;
  }

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
      const idUser = senders.get(request.raw)?.user.idUser;
      if (request.raw.method === 'POST' && idUser !== undefined)
        await oneAtATime(idUser, () => tus.handle(request.raw, reply.raw));
      else await tus.handle(request.raw, reply.raw);
    },
  };
  const base = RESUMABLE_UPLOAD_PATH.replace(/^\/api\/videos/, '');
  app.route({ method: 'POST', url: base, ...handler });
  app.route({ method: ['HEAD', 'PATCH', 'DELETE'], url: `${base}/:id`, ...handler });
};
