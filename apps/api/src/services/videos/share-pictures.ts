import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { tables, type Database } from '@fretline/db';
import type { ImageVariants, MediaStore } from '../../platform/media/index.ts';
import { notFound } from '../../plugins/errors.ts';

// ADR 0087: link previews (og:image, twitter:image, VideoObject thumbnailUrl) need a picture
// at an address that never expires, that any site may load, and that social networks accept.

const SHARE_FILE = /^([a-z0-9][a-z0-9-]{0,199})\.jpg$/;
const SHARE_KINDS = ['videos', 'courses'] as const;
type ShareKind = (typeof SHARE_KINDS)[number];

/**
 * The stored picture a published video or course shows every visitor (its poster, or its image):
 * premium or not, it is what the catalogue's cards show to visitors already. Null when unpublished or without one.
 */
async function findSharePicture(db: Database, kind: ShareKind, slug: string): Promise<string | null> {
  if (kind === 'videos') {
    const v = tables.videos;
    const [row] = await db
      .select({ poster: v.streamPoster, image: v.videoImage })
      .from(v)
      .where(and(eq(v.videoSlug, slug), eq(v.videoPublished, true)))
      .limit(1);
    return row?.poster ?? row?.image ?? null;
  }
  const c = tables.courses;
  const [row] = await db
    .select({ image: c.courseImage, poster: c.streamPoster })
    .from(c)
    .where(and(eq(c.courseSlug, slug), eq(c.coursePublished, true)))
    .limit(1);
  return row?.image ?? row?.poster ?? null;
}

/**
 * GET /api/videos/share/(videos|courses)/<slug>.jpg (the contract's sharePicturePath): the 1200×630 JPEG share card of a published
 * video's poster or course's image, made once into the media store and served public, for a day,
 * loadable from any origin. Anything else is a 404.
 */
export function registerSharePictures(app: FastifyInstance, store: MediaStore, variants: ImageVariants): void {
  app.get('/share/:kind/:file', { schema: { hide: true } }, async (request, reply) => {
    const { kind, file } = request.params as { kind: string; file: string };
    const slug = SHARE_FILE.exec(file)?.[1];
    if (!slug || !(SHARE_KINDS as readonly string[]).includes(kind)) throw notFound();
    const source = await findSharePicture(app.db, kind as ShareKind, slug);
    const info = source ? await store.stat(source) : null;
    const card = source && info ? await variants.ensureShareCard(source, info.size) : null;
    if (!card) throw notFound();
    reply.header('Cache-Control', 'public, max-age=86400');
    reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Content-Length', card.size);
    return reply.type('image/jpeg').send(await store.read(card.mediaPath));
  });
}
