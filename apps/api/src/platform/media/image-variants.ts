import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { IMAGE_VARIANT_WIDTHS } from '@fretline/contract';
import { isSafeMediaPath, type MediaStore } from './media-store.ts';

// ADR 0069. Only the contract's IMAGE_VARIANT_WIDTHS are made, the ones the web's srcset offers.

/** Pictures larger than this (uploads stop at 10 MB, ADR 0039) are served as they are, never decoded. */
const MAX_SOURCE_BYTES = 25 * 1024 * 1024;
/** Decoding stops past this many pixels (about 7,000 × 7,000): a small file may still claim a huge canvas. */
const MAX_SOURCE_PIXELS = 50_000_000;
const RESIZABLE = /\.(jpe?g|png|webp)$/i;
/** Drawings and animations keep their own format: an SVG is sharp at every width, a GIF may move. */
const SERVED_AS_IS = /\.(svg|gif)$/i;

type VariantRequest = { kind: 'original' } | { kind: 'variant'; width: number } | { kind: 'refused'; reason: string };

export const BAD_WIDTH_TEXT = `That image width is not available: ask for one of ${IMAGE_VARIANT_WIDTHS.join(', ')}.`;
export const NOT_RESIZABLE_TEXT = 'Only JPEG, PNG and WebP pictures have smaller sizes.';

/** What a `w` query asks of a media path: nothing (the original), a variant, or a clear refusal. */
export function readVariantRequest(mediaPath: string, w: string | undefined): VariantRequest {
  if (w === undefined) return { kind: 'original' };
  const width = /^\d{1,5}$/.test(w) ? Number(w) : NaN;
  if (!(IMAGE_VARIANT_WIDTHS as readonly number[]).includes(width)) return { kind: 'refused', reason: BAD_WIDTH_TEXT };
  if (SERVED_AS_IS.test(mediaPath)) return { kind: 'original' };
  if (!RESIZABLE.test(mediaPath)) return { kind: 'refused', reason: NOT_RESIZABLE_TEXT };
  return { kind: 'variant', width };
}

/**
 * Where a variant lives in the media store: beside nothing the library lists, named by the source's
 * size so a file replaced under the same name gets fresh variants. Null when the name would be too long.
 */
export function variantPathFor(mediaPath: string, sourceSize: number, width: number): string | null {
  const variantPath = `variants/${mediaPath}/${sourceSize}-${width}.webp`;
  return isSafeMediaPath(variantPath) ? variantPath : null;
}

/**
 * The mark left in the media store beside a source's variants when it does not decode (truncated,
 * not a picture, over the pixel limit): every later width, in any instance, serves the original
 * without decoding again. Named by the source's size like the variants, so a replaced file is tried afresh.
 */
function undecodablePathFor(mediaPath: string, sourceSize: number): string | null {
  const markPath = `variants/${mediaPath}/${sourceSize}-undecodable`;
  return isSafeMediaPath(markPath) ? markPath : null;
}

/** A link preview's picture (Open Graph's recommended 1.91:1), JPEG: social networks refuse SVG and many WebP. */
const SHARE_CARD = { width: 1200, height: 630 } as const;
const SHAREABLE = /\.(jpe?g|png|webp|svg)$/i;

/** Where a source's share card lives: named by the source's size like the variants. */
function shareCardPathFor(mediaPath: string, sourceSize: number): string | null {
  const cardPath = `variants/${mediaPath}/${sourceSize}-share.jpg`;
  return isSafeMediaPath(cardPath) ? cardPath : null;
}

type StoredVariant = { mediaPath: string; size: number };

export type ImageVariants = {
  /** The stored variant's path and size, making it first if needed; null when the source cannot be resized. */
  ensure(mediaPath: string, sourceSize: number, width: number): Promise<StoredVariant | null>;
  /** The source as a 1200×630 JPEG share card (drawings rasterised), made once; null when it cannot be. */
  ensureShareCard(mediaPath: string, sourceSize: number): Promise<StoredVariant | null>;
};

export function createImageVariants(store: MediaStore): ImageVariants {
  // Concurrent first requests for one variant share one job; the store's write is all-or-nothing
  // (a renamed temporary file, an S3 put), so instances racing each other each store a whole file.
  const jobs = new Map<string, Promise<boolean>>();
  // One resize at a time per process: libvips already uses every core for one image, and a burst of
  // first requests must queue rather than hold a dozen decoded photos in memory at once.
  let queue: Promise<unknown> = Promise.resolve();

  const make = async (
    mediaPath: string,
    variantPath: string,
    markPath: string,
    render: (picture: sharp.Sharp) => sharp.Sharp,
    type: string,
  ): Promise<boolean> => {
    // Another width's job queued ahead of this one may have just found the source undecodable.
    if (await store.stat(markPath)) return false;
    const source = await buffer(await store.read(mediaPath));
    const made = await render(
      // phone photos carry their orientation in EXIF, which the variants drop
      // a drawing is rasterised at three times its size, so a share card of it stays sharp
      sharp(source, { limitInputPixels: MAX_SOURCE_PIXELS, ...(/\.svg$/i.test(mediaPath) ? { density: 216 } : {}) }).rotate(),
    )
      .toBuffer()
      .catch(() => null);
    if (!made) {
      await store.write(markPath, Readable.from([]), 'text/plain');
      return false;
    }
    await store.write(variantPath, Readable.from([made]), type);
    return true;
  };

  /** The stored variant, made by one queued job however many requests (or widths) ask at once. */
  const ensureMade = async (
    mediaPath: string,
    sourceSize: number,
    variantPath: string | null,
    render: (picture: sharp.Sharp) => sharp.Sharp,
    type: string,
  ): Promise<StoredVariant | null> => {
    if (sourceSize > MAX_SOURCE_BYTES || !variantPath) return null;
    const stored = await store.stat(variantPath);
    if (stored) return { mediaPath: variantPath, size: stored.size };
    const markPath = undecodablePathFor(mediaPath, sourceSize);
    if (!markPath || (await store.stat(markPath))) return null;
    let job = jobs.get(variantPath);
    if (!job) {
      job = queue.then(() => make(mediaPath, variantPath, markPath, render, type)).finally(() => jobs.delete(variantPath));
      queue = job.catch(() => undefined);
      jobs.set(variantPath, job);
    }
    if (!(await job)) return null;
    const made = await store.stat(variantPath);
    return made ? { mediaPath: variantPath, size: made.size } : null;
  };

  return {
    ensure: (mediaPath, sourceSize, width) =>
      ensureMade(
        mediaPath,
        sourceSize,
        variantPathFor(mediaPath, sourceSize, width),
        (picture) => picture.resize({ width, withoutEnlargement: true }).webp({ quality: 74, effort: 4 }),
        'image/webp',
      ),
    ensureShareCard: (mediaPath, sourceSize) =>
      SHAREABLE.test(mediaPath)
        ? ensureMade(
            mediaPath,
            sourceSize,
            shareCardPathFor(mediaPath, sourceSize),
            (picture) =>
              picture
                .resize({ ...SHARE_CARD, fit: 'cover' })
                .flatten({ background: '#ffffff' })
                .jpeg({ quality: 82, mozjpeg: true }),
            'image/jpeg',
          )
        : Promise.resolve(null),
  };
}
