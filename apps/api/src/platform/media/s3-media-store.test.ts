import { tmpdir } from 'node:os';
import { Readable, Writable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { ListObjectsV2Command, ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_ERRORS, type UploadedMedia } from '@fretline/contract';
import { S3RVER_CREDENTIALS, startS3Server } from '../../../test/s3-server.ts';
import { bearer, createTestApp, createTestDatabase, createUserWithSession, type TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { createImageVariants } from './image-variants.ts';
import { createMediaSigner } from './media-store.ts';
import { createS3MediaStore } from './s3-media-store.ts';

const BUCKET = 'fretline-media-test';
const MB = 1024 * 1024;
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.from('0000000d4944415478da63f8cfc0f01f0005000201a1d6a4590000000049454e44ae426082', 'hex'),
]);

let s3: Awaited<ReturnType<typeof startS3Server>>;
let store: ReturnType<typeof createS3MediaStore>;

async function keys(): Promise<string[]> {
  const listed = await store.client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (listed.Contents ?? []).map((o) => o.Key ?? '').sort();
}

beforeAll(async () => {
  s3 = await startS3Server(BUCKET);
  store = createS3MediaStore({
    secret: 'x'.repeat(40),
    s3: { bucket: BUCKET, endpoint: s3.endpoint, region: 'us-east-1', credentials: S3RVER_CREDENTIALS },
    scratchRoot: tmpdir(),
  });
});
afterAll(async () => {
  await s3.stop();
});

describe('the S3 media store (ADR 0059)', () => {
  it('writes, stats, reads whole and by range, and removes an object', async () => {
    const bytes = Buffer.from('0123456789abcdef');
    await store.write('uploads/2026/01/a.pdf', Readable.from([bytes]), 'application/pdf');
    expect(await store.stat('uploads/2026/01/a.pdf')).toEqual({ size: 16 });
    expect(await buffer(await store.read('uploads/2026/01/a.pdf'))).toEqual(bytes);
    expect((await buffer(await store.read('uploads/2026/01/a.pdf', { start: 10, end: 12 }))).toString()).toBe('abc');
    await store.remove('uploads/2026/01/a.pdf');
    expect(await store.stat('uploads/2026/01/a.pdf')).toBeNull();
  });

  it('removes a folder of objects by its prefix, and only that folder', async () => {
    for (const key of ['streams/7/ab/master.m3u8', 'streams/7/ab/v0/seg_0000.ts', 'streams/7/abc/master.m3u8'])
      await store.write(key, Readable.from([Buffer.from(key)]), 'application/octet-stream');
    await store.removeFolder('streams/7/ab');
    expect((await keys()).filter((k) => k.startsWith('streams/7/'))).toEqual(['streams/7/abc/master.m3u8']);
    await store.removeFolder('streams/7');
    expect((await keys()).filter((k) => k.startsWith('streams/'))).toEqual([]);
  });

  it('lists the files under a folder with size and date, for the media library (ADR 0068)', async () => {
    for (const key of ['uploads/2026/02/a.png', 'uploads/2026/03/b.pdf', 'streams/9/x/master.m3u8'])
      await store.write(key, Readable.from([Buffer.from(key)]), 'application/octet-stream');
    const listed = await store.list('uploads', 100);
    const ours = listed.filter((m) => ['uploads/2026/02/a.png', 'uploads/2026/03/b.pdf'].includes(m.mediaPath));
    expect(ours.map((m) => [m.mediaPath, m.size])).toEqual([
      ['uploads/2026/02/a.png', 21],
      ['uploads/2026/03/b.pdf', 21],
    ]);
    expect(ours.every((m) => m.modified instanceof Date)).toBe(true);
    expect(listed.some((m) => m.mediaPath.startsWith('streams/'))).toBe(false);
    expect(await store.list('uploads', 1)).toHaveLength(1);
    expect(await store.list('../uploads', 10)).toEqual([]);
    await store.removeFolder('streams/9');
  });

  it('streams a file larger than one part as a multipart upload', async () => {
    const big = Buffer.alloc(12 * MB, 7);
    big.write('the end', big.length - 7);
    // Chunks as a request body arrives, never the whole file at once.
    const chunks = (async function* () {
      for (let at = 0; at < big.length; at += 64 * 1024) yield big.subarray(at, at + 64 * 1024);
    })();
    await store.write('uploads/2026/01/big.mp4', Readable.from(chunks), 'video/mp4');
    expect(await store.stat('uploads/2026/01/big.mp4')).toEqual({ size: big.length });
    const tail = await buffer(await store.read('uploads/2026/01/big.mp4', { start: big.length - 7, end: big.length - 1 }));
    expect(tail.toString()).toBe('the end');
    await store.remove('uploads/2026/01/big.mp4');
  });

  it('leaves no object and no open multipart upload when the source fails part-way', async () => {
    const before = await keys();
    const failing = (async function* () {
      yield Buffer.alloc(6 * MB, 1);
      throw new Error('refused mid-file');
    })();
    await expect(store.write('uploads/2026/01/bad.mp4', Readable.from(failing), 'video/mp4')).rejects.toThrow('refused mid-file');
    expect(await keys()).toEqual(before);
    const open = await store.client.send(new ListMultipartUploadsCommand({ Bucket: BUCKET })).catch(() => null);
    expect(open?.Uploads ?? []).toEqual([]);
  });

  it("keeps a picture's WebP size in the bucket, where another instance finds it (ADR 0069)", async () => {
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();
    await store.write('uploads/2026/04/photo.jpg', Readable.from([photo]), 'image/jpeg');
    const made = await createImageVariants(store).ensure('uploads/2026/04/photo.jpg', photo.length, 320);
    expect(made?.mediaPath).toBe(`variants/uploads/2026/04/photo.jpg/${photo.length}-320.webp`);
    expect((await sharp(await buffer(await store.read(made!.mediaPath))).metadata()).width).toBe(320);
    // A second instance (its own job table) reads the stored object instead of resizing again.
    const before = (await store.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'variants/' }))).Contents;
    expect(await createImageVariants(store).ensure('uploads/2026/04/photo.jpg', photo.length, 320)).toEqual(made);
    const after = (await store.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'variants/' }))).Contents;
    expect(after?.map((o) => [o.Key, o.LastModified?.getTime()])).toEqual(before?.map((o) => [o.Key, o.LastModified?.getTime()]));
  });

  it('refuses unsafe paths and reads the committed demo media from the repository', async () => {
    expect(await store.stat('../etc/passwd')).toBeNull();
    await expect(store.write('uploads/../x.png', Readable.from([PNG]), 'image/png')).rejects.toThrow();
    expect(await store.stat('demo/nothing-here.svg')).toBeNull();
    expect(store.resolveFile('uploads/2026/01/a.pdf')).toBeNull();
  });
});

describe('uploads and signed media through the app on the S3 store (ADR 0039, ADR 0059)', () => {
  let t: TestApp;
  let editor: Awaited<ReturnType<typeof createUserWithSession>>;
  const saved = { id: process.env.AWS_ACCESS_KEY_ID, key: process.env.AWS_SECRET_ACCESS_KEY };

  beforeAll(async () => {
    // The SDK's own variables, as an operator sets them.
    process.env.AWS_ACCESS_KEY_ID = S3RVER_CREDENTIALS.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = S3RVER_CREDENTIALS.secretAccessKey;
    t = await createTestApp({ config: { MEDIA_BUCKET: BUCKET, AWS_ENDPOINT_URL_S3: s3.endpoint, AWS_REGION: 'us-east-1' } });
    editor = await createUserWithSession(t.db, { roles: ['Editor'] });
  });
  afterAll(async () => {
    await t.close();
    process.env.AWS_ACCESS_KEY_ID = saved.id;
    process.env.AWS_SECRET_ACCESS_KEY = saved.key;
    if (saved.id === undefined) delete process.env.AWS_ACCESS_KEY_ID;
    if (saved.key === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
  });

  const upload = (filename: string, body: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: `/api/videos/editor/uploads?filename=${encodeURIComponent(filename)}`,
      headers: { 'content-type': 'application/octet-stream', ...bearer(editor.token) },
      payload: body,
    });

  it('says in /api/health that media is on S3', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toMatchObject({ data: { status: 'ok', media: 's3' } });
  });

  it('stores an upload in the bucket and serves it only through a signed URL, ranges included', async () => {
    const res = await upload('Poster.png', PNG);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json<{ data: UploadedMedia }>().data;
    expect(await keys()).toContain(data.media_path);

    const served = await t.app.inject({ method: 'GET', url: data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload).toEqual(PNG);

    const ranged = await t.app.inject({ method: 'GET', url: data.url, headers: { range: 'bytes=1-3' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 1-3/${PNG.length}`);
    expect(ranged.body).toBe('PNG');

    const unsigned = await t.app.inject({ method: 'GET', url: `/api/videos/media/${data.media_path}` });
    expect(unsigned.statusCode).toBe(403);
    const forged = await t.app.inject({ method: 'GET', url: data.url.replace(/sig=[\w-]+/, 'sig=' + 'A'.repeat(32)) });
    expect(forged.statusCode).toBe(403);
  });

  it('refuses a renamed file and leaves nothing in the bucket', async () => {
    const before = await keys();
    const res = await upload('fake.png', Buffer.from('<html><script>alert(1)</script></html>'.repeat(4)));
    expect(res.statusCode).toBe(415);
    expect(res.json().errors[0].message).toBe(UPLOAD_ERRORS.mismatch('png'));
    expect(await keys()).toEqual(before);
  });

  it('answers 404 for a signed path that is not in the bucket', async () => {
    const url = createMediaSigner(t.config.SECRET_KEY).signedUrl('uploads/2026/01/missing.png', t.clock.now());
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
  });
});

describe('an upload while the bucket is unreachable (ADR 0059)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const logged: string[] = [];
  beforeAll(async () => {
    db = await createTestDatabase();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logged.push((JSON.parse(line) as { msg: string }).msg);
        done();
      },
    });
    // Nothing listens on port 1: every S3 request is refused at the socket.
    const unreachable = createS3MediaStore({
      secret: 'x'.repeat(40),
      s3: { bucket: BUCKET, endpoint: 'http://127.0.0.1:1', region: 'us-east-1', credentials: S3RVER_CREDENTIALS },
      scratchRoot: tmpdir(),
    });
    app = await buildApp({ config: testConfig(), db: db.handle, mediaStore: unreachable, logger: { level: 'error', stream } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('answers 503, not a 400 blaming the upload, and logs the media store, not the database', async () => {
    const editor = await createUserWithSession(db.handle.db, { roles: ['Editor'] });
    const res = await app.inject({
      method: 'POST',
      url: '/api/videos/editor/uploads?filename=Poster.png',
      headers: { 'content-type': 'application/octet-stream', ...bearer(editor.token) },
      payload: PNG,
    });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({
      errors: [{ message: 'The service is briefly unavailable, please try again in a moment.', code: 'UNAVAILABLE' }],
    });
    expect(logged).toContain('media store unavailable');
    expect(logged).not.toContain('database unavailable');
  });
});
