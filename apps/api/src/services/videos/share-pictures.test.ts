import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharePicturePath } from '@fretline/contract';
import { tables } from '@fretline/db';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createMediaStore } from '../../platform/media/index.ts';

let t: TestApp;
let mediaDir: string;

const POSTER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="270" viewBox="0 0 480 270"><rect width="480" height="270" fill="#ea580c"/><circle cx="240" cy="135" r="60" fill="#fff"/></svg>';

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'fretline-share-'));
  t = await createTestApp({ config: { MEDIA_DIR: mediaDir } });
  const store = createMediaStore({ secret: t.config.SECRET_KEY, mediaDir });
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  await store.write('posters/drawn.svg', Readable.from([Buffer.from(POSTER_SVG)]), 'image/svg+xml');
  await store.write('uploads/course.png', Readable.from([photo]), 'image/png');
  await store.write('uploads/broken.jpg', Readable.from([Buffer.from('not a picture')]), 'image/jpeg');
  await t.db.insert(tables.videos).values([
    {
      videoSlug: 'drawn-poster',
      videoTitle: 'Drawn',
      videoCategory: 'lesson',
      streamPoster: 'posters/drawn.svg',
      videoPremium: true,
    },
    {
      videoSlug: 'draft-lesson',
      videoTitle: 'Draft',
      videoCategory: 'lesson',
      streamPoster: 'posters/drawn.svg',
      videoPublished: false,
    },
    { videoSlug: 'no-poster', videoTitle: 'Bare', videoCategory: 'lesson' },
    { videoSlug: 'broken-poster', videoTitle: 'Broken', videoCategory: 'lesson', streamPoster: 'uploads/broken.jpg' },
  ]);
  await t.db
    .insert(tables.courses)
    .values({ courseSlug: 'photo-course', courseTitle: 'Photo', courseImage: 'uploads/course.png' });
});
afterAll(async () => {
  await t.close();
  await rm(mediaDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('share pictures for link previews (ADR 0087)', () => {
  it('serves a published video’s drawn poster as a 1200×630 JPEG any site may load, public for a day, premium or not', async () => {
    const res = await get(sharePicturePath('videos', 'drawn-poster'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    // The same bytes again, from the media store, with no signature in the address.
    expect((await get(sharePicturePath('videos', 'drawn-poster'))).rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('serves a published course’s photo cropped to the card', async () => {
    const res = await get(sharePicturePath('courses', 'photo-course'));
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
  });

  it('is a 404 for a draft, a video without a picture, an undecodable picture, an unknown slug, kind or name', async () => {
    for (const url of [
      sharePicturePath('videos', 'draft-lesson'),
      sharePicturePath('videos', 'no-poster'),
      sharePicturePath('videos', 'broken-poster'),
      sharePicturePath('videos', 'nobody'),
      '/api/videos/share/users/drawn-poster.jpg',
      '/api/videos/share/videos/drawn-poster.png',
      '/api/videos/share/videos/..%2Fdrawn-poster.jpg',
    ]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });
});
