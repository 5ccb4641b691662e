import { text } from 'node:stream/consumers';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { badRequest, forbidden, notFound } from '../../plugins/errors.ts';
import { readVariantRequest, type ImageVariants } from './image-variants.ts';
import { contentTypeFor, rewritePlaylist, type MediaStore } from './media-store.ts';

const LINK_EXPIRED = 'This media link has expired, please reload the page.';

/**
 * GET /media/<path>?exp=&sig= — the media store, a local folder or a bucket (ADR 0017, ADR 0059). Only signed, unexpired URLs are
 * served; the signature is the permission, so a premium video's stream is reachable only by
 * someone the videos API handed a URL to. Supports byte ranges (players seek) and rewrites HLS
 * playlists so their segment URLs are signed too.
 *
 * `&w=<width>` on a picture's signed URL answers a smaller WebP of it (ADR 0069): the signature of
 * the original is the permission, so a variant is never reachable without it.
 */
export function registerMediaRoutes(app: FastifyInstance, store: MediaStore, variants: ImageVariants): void {
  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    // The router has decoded the path once already; a second decode made `%25E0` a URIError (500).
    const mediaPath = (request.params as { '*': string })['*'] ?? '';
    const query = request.query as { exp?: string; sig?: string; w?: string };
    const exp = Number(query.exp);
    if (!query.sig || !store.verify(mediaPath, exp, query.sig, app.clock())) throw forbidden(LINK_EXPIRED);
    const wanted = readVariantRequest(mediaPath, query.w);
    if (wanted.kind === 'refused') throw badRequest(wanted.reason, 'w');
    const info = await store.stat(mediaPath);
    if (!info) throw notFound();

    const type = contentTypeFor(mediaPath);
    // Cacheable by the browser until the link expires; private because the URL is the permission.
    const maxAge = Math.max(0, exp - Math.floor(app.clock().getTime() / 1000));
    // A live playlist changes every segment (ADR 0063): never kept, or the player would stop at its first window.
    const live = mediaPath.startsWith('live/') && mediaPath.endsWith('.m3u8');
    reply.header('Cache-Control', live ? 'private, no-cache' : `private, max-age=${maxAge}`);
    reply.header('X-Content-Type-Options', 'nosniff');
    // An SVG opened directly must not run script (uploads may one day include SVGs).
    if (type.startsWith('image/svg')) reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    reply.header('Cross-Origin-Resource-Policy', 'same-origin');

    if (mediaPath.endsWith('.m3u8')) {
      const playlist = await text(await store.read(mediaPath));
      return reply.type(type).send(rewritePlaylist(playlist, mediaPath, exp, store));
    }
    if (wanted.kind === 'variant') {
      // A source too large to decode, or one that is not a picture after all, is served as it is.
      const variant = await variants.ensure(mediaPath, info.size, wanted.width);
      if (variant) {
        // Its URL names the source's signature and expiry, so its bytes never change while it works.
        reply.header('Cache-Control', `private, max-age=${maxAge}, immutable`);
        return sendFile(reply, store, variant.mediaPath, variant.size, 'image/webp', request.headers.range);
      }
    }
    return sendFile(reply, store, mediaPath, info.size, type, request.headers.range);
  });
}

async function sendFile(
  reply: FastifyReply,
  store: MediaStore,
  mediaPath: string,
  size: number,
  type: string,
  range: string | undefined,
) {
  reply.header('Accept-Ranges', 'bytes');
  reply.type(type);
  if (!range) {
    reply.header('Content-Length', size);
    return reply.send(await store.read(mediaPath));
  }
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  let start: number;
  let end: number;
  if (!match || (!match[1] && !match[2])) return unsatisfiable(reply, size);
  if (!match[1]) {
    // A suffix range: the last N bytes.
    const suffix = Number(match[2]);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  }
  if (start > end || start >= size) return unsatisfiable(reply, size);
  reply.code(206);
  reply.header('Content-Range', `bytes ${start}-${end}/${size}`);
  reply.header('Content-Length', end - start + 1);
  return reply.send(await store.read(mediaPath, { start, end }));
}

function unsatisfiable(reply: FastifyReply, size: number) {
  reply.header('Content-Range', `bytes */${size}`);
  return reply
    .code(416)
    .type('application/json; charset=utf-8')
    .send({
      errors: [{ message: 'That byte range is not available.', code: 'RANGE_NOT_SATISFIABLE' }],
    });
}
