import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_VARIANT_WIDTHS } from '@fretline/contract';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { BAD_WIDTH_TEXT, NOT_RESIZABLE_TEXT, createImageVariants, variantPathFor } from './image-variants.ts';
import { createMediaStore, type MediaStore } from './media-store.ts';

let t: TestApp;
let mediaDir: string;
let store: ReturnType<typeof createMediaStore>;
let photo: Buffer;

/** A noisy picture (so it does not compress to nothing), like a phone photo but smaller. */
async function makePhoto(width: number, height: number, format: 'jpeg' | 'png'): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i >> 5) * 31) & 0xff;
  const image = sharp(raw, { raw: { width, height, channels: 3 } });
  return format === 'jpeg' ? image.jpeg({ quality: 95 }).toBuffer() : image.png().toBuffer();
}

async function put(mediaPath: string, bytes: Buffer): Promise<string> {
  await store.write(mediaPath, Readable.from([bytes]), 'application/octet-stream');
  return store.signedUrl(mediaPath, t.clock.now());
}

const get = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'fretline-variants-'));
  t = await createTestApp({ config: { MEDIA_DIR: mediaDir } });
  store = createMediaStore({ secret: t.config.SECRET_KEY, mediaDir });
  photo = await makePhoto(1600, 900, 'jpeg');
});
afterAll(async () => {
  await t.close();
  await rm(mediaDir, { recursive: true, force: true });
});

describe('smaller WebP sizes of uploaded pictures (ADR 0069)', () => {
  it('makes a WebP at an allowed width, smaller than the source, cached for the life of its URL', async () => {
    const url = await put('uploads/2026/11/photo.jpg', photo);
    const res = await get(`${url}&w=640`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+, immutable$/);
    expect(res.rawPayload.length).toBeLessThan(photo.length / 4);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 360]);

    // Kept in the media store: the second request reads the stored bytes, it does not resize again.
    const stored = path.join(mediaDir, variantPathFor('uploads/2026/11/photo.jpg', photo.length, 640)!);
    const first = await stat(stored);
    const again = await get(`${url}&w=640`);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    expect((await stat(stored)).mtimeMs).toBe(first.mtimeMs);
    // The original is untouched at its own URL.
    expect((await get(url)).headers['content-type']).toBe('image/jpeg');
  });

  it('answers concurrent first requests from one resize, each with the whole picture', async () => {
    const png = await makePhoto(1000, 500, 'png');
    const url = await put('uploads/2026/11/burst.png', png);
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(`${url}&w=480`)));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
    }
    expect((await sharp(answers[0]!.rawPayload).metadata()).width).toBe(480);
  });

  it('never makes a picture larger than its source', async () => {
    const small = await makePhoto(400, 300, 'jpeg');
    const url = await put('uploads/2026/11/small.jpg', small);
    const res = await get(`${url}&w=1280`);
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(400);
  });

  it('refuses any width outside the allowed set with a clear 400', async () => {
    const url = await put('uploads/2026/11/photo.jpg', photo);
    for (const w of ['641', '0', '-320', '320.5', 'abc', '', '99999999', '1e3']) {
      const res = await get(`${url}&w=${w}`);
      expect(res.statusCode, w).toBe(400);
      expect(res.json().errors[0]).toEqual({ message: BAD_WIDTH_TEXT, code: 'BAD_REQUEST', field: 'w' });
    }
    expect(BAD_WIDTH_TEXT).toContain(IMAGE_VARIANT_WIDTHS.join(', '));
  });

  it('serves SVG and GIF as they are, and refuses sizes of what is not a picture', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const svgUrl = await put('uploads/2026/11/drawing.svg', svg);
    const res = await get(`${svgUrl}&w=320`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.rawPayload.equals(svg)).toBe(true);

    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#c00' } })
      .gif()
      .toBuffer();
    const gifRes = await get(`${await put('uploads/2026/11/moving.gif', gif)}&w=320`);
    expect(gifRes.headers['content-type']).toBe('image/gif');
    expect(gifRes.rawPayload.equals(gif)).toBe(true);

    const pdfRes = await get(`${await put('uploads/2026/11/chart.pdf', Buffer.from('%PDF-1.4'))}&w=320`);
    expect(pdfRes.statusCode).toBe(400);
    expect(pdfRes.json().errors[0].message).toBe(NOT_RESIZABLE_TEXT);
  });

  it('serves a file that only looks like a picture as it is', async () => {
    const bytes = Buffer.from('not really a jpeg');
    const res = await get(`${await put('uploads/2026/11/broken.jpg', bytes)}&w=320`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('decodes a truncated picture once, and answers every later width from that memory, in any process', async () => {
    const truncated = photo.subarray(0, Math.floor(photo.length / 2));
    const url = await put('uploads/2026/11/truncated.jpg', truncated);
    // The media store as the variants see it, counting the reads that feed a decode.
    let decodes = 0;
    const counting: MediaStore = {
      ...store,
      read: (mediaPath, range) => {
        if (mediaPath === 'uploads/2026/11/truncated.jpg') decodes += 1;
        return store.read(mediaPath, range);
      },
    };
    const variants = createImageVariants(counting);
    // Every width at once, as a page's srcset and a few visitors ask, then each again.
    const first = await Promise.all(
      IMAGE_VARIANT_WIDTHS.map((width) => variants.ensure('uploads/2026/11/truncated.jpg', truncated.length, width)),
    );
    expect(first).toEqual(IMAGE_VARIANT_WIDTHS.map(() => null));
    for (const width of IMAGE_VARIANT_WIDTHS)
      expect(await variants.ensure('uploads/2026/11/truncated.jpg', truncated.length, width)).toBeNull();
    expect(decodes).toBe(1);
    // Another instance (or this one after a restart) shares the store, and with it the memory.
    const elsewhere = createImageVariants(counting);
    expect(await elsewhere.ensure('uploads/2026/11/truncated.jpg', truncated.length, 640)).toBeNull();
    expect(decodes).toBe(1);
    // Through the route, the original is what answers.
    const res = await get(`${url}&w=960`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(truncated)).toBe(true);
  });

  it('needs the signature of the original, exactly as the original does', async () => {
    const url = await put('uploads/2026/11/premium-poster.jpg', photo);
    const other = await put('uploads/2026/11/free-poster.jpg', photo);
    const bare = url.split('?')[0]!;
    const otherQuery = other.slice(other.indexOf('?'));
    for (const attempt of [`${bare}?w=640`, `${bare}${otherQuery}&w=640`, `${bare}?exp=9999999999&sig=x&w=640`]) {
      const original = await get(attempt.replace(/[?&]w=640$/, ''));
      const variant = await get(attempt);
      expect(variant.statusCode).toBe(403);
      expect(variant.json()).toEqual(original.json());
    }
    // A bad width behind a bad signature says nothing about the width: the signature is read first.
    expect((await get(`${bare}?w=7`)).statusCode).toBe(403);
    // An expired link is refused for its variants too.
    t.clock.advance(6 * 3600_000);
    try {
      expect((await get(`${url}&w=640`)).statusCode).toBe(403);
    } finally {
      t.clock.advance(-6 * 3600_000);
    }
    // And a variant's own stored path is never reachable with the original's signature.
    const variantPath = variantPathFor('uploads/2026/11/premium-poster.jpg', photo.length, 640)!;
    expect((await get(`/api/videos/media/${variantPath}${url.slice(url.indexOf('?'))}`)).statusCode).toBe(403);
  });
});
