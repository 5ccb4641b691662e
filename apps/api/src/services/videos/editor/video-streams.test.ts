import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, tables } from '@fretline/db';
import {
  RESUMABLE_MEDIA_PATH_HEADER,
  RESUMABLE_UPLOAD_PATH,
  UPLOAD_ERRORS,
  type EditorVideo,
  type EditorVideoOptions,
  type Video,
} from '@fretline/contract';
import { runDueJobs } from '../../../platform/jobs/index.ts';
import { FFMPEG_MISSING_TEXT, findMediaTools, ladderFor } from '../../../platform/media/index.ts';
import { createMediaSigner } from '../../../platform/media/media-store.ts';
import { S3RVER_CREDENTIALS, startS3Server } from '../../../../test/s3-server.ts';
import { createEditorCalls, createSlugMaker, type EditorTestBody } from '../../../../test/editor-helpers.ts';
import { encodeTestClip } from '../../../../test/live-helpers.ts';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../../test/test-app.ts';

type Body = EditorTestBody<{ video: EditorVideo & Video; options: EditorVideoOptions }>;
type User = Awaited<ReturnType<typeof createUserWithSession>>;

const tools = findMediaTools({ FFMPEG_PATH: process.env.FFMPEG_PATH, FFPROBE_PATH: process.env.FFPROBE_PATH });
const BASE = '/api/videos/editor/videos';
const TUS = { 'tus-resumable': '1.0.0' };

let t: TestApp;
let mediaDir: string;
let editor: User;
let staff: User;
let clip: Buffer;
let origin: string;
const { call } = createEditorCalls(() => t);
const uniqueSlug = createSlugMaker('stream-test');

const meta = (filename: string) => `filename ${Buffer.from(filename).toString('base64')}`;

/** A tus answer: its status, headers and text. */
interface TusAnswer {
  statusCode: number;
  headers: Headers;
  body: string;
}

/**
 * tus goes over a real socket: @tus/server answers through the raw Node response, which
 * Fastify's inject does not finish for a PATCH.
 */
async function tusRequest(method: string, url: string, headers: Record<string, string>, body?: Buffer): Promise<TusAnswer> {
  const res = await fetch(new URL(url, origin), {
    method,
    headers: { ...TUS, origin, ...headers },
    ...(body ? { body } : {}),
  });
  return { statusCode: res.status, headers: res.headers, body: await res.text() };
}

/** Starts a tus upload; answers the upload's URL (Location) or the refusal. */
const createUpload = (filename: string, length: number, token?: string) =>
  tusRequest('POST', RESUMABLE_UPLOAD_PATH, {
    'upload-length': String(length),
    'upload-metadata': meta(filename),
    ...(token ? bearer(token) : {}),
  });

const patch = (url: string, offset: number, chunk: Buffer, token: string) =>
  tusRequest(
    'PATCH',
    url,
    { ...bearer(token), 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    chunk,
  );

const head = (url: string, token: string) => tusRequest('HEAD', url, bearer(token));

/** Uploads `file` in two PATCHes with a HEAD between (as a client resuming after a drop would); answers the media path. */
async function resumableUpload(filename: string, file: Buffer): Promise<string> {
  const created = await createUpload(filename, file.length, editor.token);
  expect(created.statusCode, created.body).toBe(201);
  const url = created.headers.get('location')!;
  const half = Math.floor(file.length / 2);
  expect((await patch(url, 0, file.subarray(0, half), editor.token)).statusCode).toBe(204);
  expect((await head(url, editor.token)).headers.get('upload-offset')).toBe(String(half));
  const last = await patch(url, half, file.subarray(half), editor.token);
  expect(last.statusCode, last.body).toBe(204);
  return last.headers.get(RESUMABLE_MEDIA_PATH_HEADER)!;
}

function videoBody(overrides: Record<string, unknown> = {}) {
  return {
    video_title: 'Palm muting, filmed on a phone',
    video_slug: uniqueSlug(),
    video_player: 'stream',
    video_category: 'Lesson',
    ...overrides,
  };
}

async function readVideo(idVideo: number, token = editor.token) {
  const res = await call('GET', `${BASE}/${idVideo}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Body>().data.video;
}

/** Fetches a signed media URL the API handed out. */
const fetchMedia = (url: string) => t.app.inject({ method: 'GET', url });

/** A signed URL for a stored media path, as the API would sign it. */
const signed = (mediaPath: string) => createMediaSigner(t.config.SECRET_KEY).signedUrl(mediaPath, t.clock.now());

const BUCKET = 'fretline-streams-test';

beforeAll(async () => {
  if (tools) {
    // ADR 0057's test clip: 10 s of test pattern and a 440 Hz tone at 960x540, made here, not shipped.
    const clipDir = await mkdtemp(path.join(tmpdir(), 'fretline-clip-'));
    const file = path.join(clipDir, 'clip.mp4');
    await encodeTestClip(tools.ffmpeg, file, { seconds: 10, size: '960x540' });
    clip = await readFile(file);
    await rm(clipDir, { recursive: true, force: true });
  } else {
    clip = Buffer.alloc(0);
  }
}, 60_000);

describe('the ladder (ADR 0057)', () => {
  it('never goes above the source, and a small source gets one rung of its own size', () => {
    expect(ladderFor(1080).map((r) => r.height)).toEqual([360, 540, 720, 1080]);
    expect(ladderFor(2160).map((r) => r.height)).toEqual([360, 540, 720, 1080]);
    expect(ladderFor(720).map((r) => r.height)).toEqual([360, 540, 720]);
    expect(ladderFor(541).map((r) => r.height)).toEqual([360, 540]);
    expect(ladderFor(241).map((r) => r.height)).toEqual([240]);
  });
});

// The same journeys on both media stores (ADR 0059): this host's folder, and an S3 bucket (s3rver).
describe.each(['folder', 's3'] as const)('on the %s media store', (kind) => {
  let s3: Awaited<ReturnType<typeof startS3Server>> | null = null;
  const savedKeys = { id: process.env.AWS_ACCESS_KEY_ID, key: process.env.AWS_SECRET_ACCESS_KEY };

  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), 'fretline-streams-'));
    let bucket = {};
    if (kind === 's3') {
      s3 = await startS3Server(BUCKET);
      // The SDK's own variables, as an operator sets them.
      process.env.AWS_ACCESS_KEY_ID = S3RVER_CREDENTIALS.accessKeyId;
      process.env.AWS_SECRET_ACCESS_KEY = S3RVER_CREDENTIALS.secretAccessKey;
      bucket = { MEDIA_BUCKET: BUCKET, AWS_ENDPOINT_URL_S3: s3.endpoint, AWS_REGION: 'us-east-1' };
    }
    t = await createTestApp({ seed: true, config: { MEDIA_DIR: mediaDir, ...bucket } });
    editor = await createUserWithSession(t.db, { roles: ['Editor'] });
    staff = await createUserWithSession(t.db, { roles: ['Staff'] });
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await s3?.stop();
    await rm(mediaDir, { recursive: true, force: true });
    if (kind === 's3') {
      for (const [name, value] of [
        ['AWS_ACCESS_KEY_ID', savedKeys.id],
        ['AWS_SECRET_ACCESS_KEY', savedKeys.key],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it('says which store it runs on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toMatchObject({ data: { media: kind } });
  });

  describe('resumable uploads (tus)', () => {
    it('refuses the signed out (401) and those outside the Editor group (403)', async () => {
      expect((await createUpload('lesson.mp4', 1000)).statusCode).toBe(401);
      expect((await createUpload('lesson.mp4', 1000, staff.token)).statusCode).toBe(403);
    });

    it('refuses what is not a video, a file over the limit, and contents that do not match the name', async () => {
      const exe = await createUpload('setup.exe', 1000, editor.token);
      expect(exe.statusCode).toBe(415);
      expect(exe.body).toContain('Upload a video file here');
      const huge = await createUpload('lesson.mp4', 3 * 1024 ** 3, editor.token);
      expect(huge.statusCode).toBe(413);

      const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(200)]);
      const created = await createUpload('lesson.mp4', png.length, editor.token);
      expect(created.statusCode).toBe(201);
      const url = created.headers.get('location')!;
      const refused = await patch(url, 0, png, editor.token);
      expect(refused.statusCode).toBe(415);
      expect(refused.body).toBe(UPLOAD_ERRORS.mismatch('mp4'));
      // The refused upload is gone: resuming it finds nothing.
      expect((await head(url, editor.token)).statusCode).toBe(404);
    });

    it.skipIf(!tools)('takes a video in parts, resumes at the kept offset, and stores it under uploads/', async () => {
      const mediaPath = await resumableUpload('My Lesson.mp4', clip);
      expect(mediaPath).toMatch(/^uploads\/\d{4}\/\d{2}\/[0-9a-f]{16}-my-lesson\.mp4$/);
      const stored = await fetchMedia(signed(mediaPath));
      expect(stored.statusCode).toBe(200);
      expect(stored.headers['content-type']).toBe('video/mp4');
      expect(stored.rawPayload.equals(clip)).toBe(true);
      // The tus scratch file is gone once the upload is in the store.
      expect(await readdir(path.join(mediaDir, '.resumable'))).not.toContainEqual(expect.stringMatching(/^[0-9a-f]{32}$/));
      const audit = await t.db.select().from(tables.auditLog).where(eq(tables.auditLog.targetId, mediaPath));
      expect(audit.map((a) => a.auditAction)).toEqual(['media.upload']);
    });
  });

  describe.skipIf(!tools)('processing an uploaded file into HLS', () => {
    it('queues on save, transcodes a 10-second clip into two renditions, and the public video plays the signed master', async () => {
      const source = await resumableUpload('phone-clip.mp4', clip);
      const created = await call('POST', BASE, editor.token, videoBody({ video_stream_source: source }));
      expect(created.statusCode, created.body).toBe(201);
      const queued = created.json<Body>().data.video;
      expect(queued).toMatchObject({ video_stream_source: source, video_stream_status: 'queued', video_stream_progress: 0 });
      // Not publishable while it is processing.
      const early = await call('PUT', `${BASE}/${queued.id_video}/published`, editor.token, { video_published: true });
      expect(early.statusCode).toBe(400);
      expect(early.json<Body>().errors[0]?.message).toContain('still being processed');

      await runDueJobs(t.app);
      const ready = await readVideo(queued.id_video);
      expect(ready).toMatchObject({
        video_stream_status: 'ready',
        video_stream_progress: 100,
        video_stream_error: null,
        video_stream_duration: 10,
        video_stream_width: 960,
        video_stream_height: 540,
      });
      expect(ready.video_stream_bitrate).toBeGreaterThan(0);
      expect(ready.video_stream_manifest).toMatch(new RegExp(`^streams/${queued.id_video}/[0-9a-f]+/master\\.m3u8$`));
      expect(ready.video_stream_poster_choices).toHaveLength(3);
      expect(ready.video_stream_poster).toBe(ready.video_stream_poster_choices[1]?.media_path);
      const poster = await fetchMedia(ready.video_stream_poster_choices[0]!.url);
      expect(poster.headers['content-type']).toBe('image/jpeg');
      const preview = await fetchMedia(ready.video_stream_preview_signed!);
      expect(preview.statusCode).toBe(200);
      expect(preview.headers['content-type']).toBe('video/mp4');

      const published = await call('PUT', `${BASE}/${queued.id_video}/published`, editor.token, { video_published: true });
      expect(published.statusCode, published.body).toBe(200);
      const pub = await call('GET', `/api/videos/videos/${ready.video_slug}`);
      expect(pub.statusCode, pub.body).toBe(200);
      const master = await fetchMedia(pub.json<Body>().data.video.video_stream_manifest_signed!);
      expect(master.statusCode).toBe(200);
      const variants = master.body.split('\n').filter((l) => l.startsWith('/api/videos/media/'));
      expect(master.body.match(/#EXT-X-STREAM-INF:.*RESOLUTION=\d+x(\d+)/g)?.length).toBe(2);
      expect(master.body).toContain('RESOLUTION=640x360');
      expect(master.body).toContain('RESOLUTION=960x540');
      expect(variants).toHaveLength(2);
      for (const variant of variants) {
        const playlist = await fetchMedia(variant);
        expect(playlist.statusCode).toBe(200);
        expect(playlist.body).toContain('#EXT-X-ENDLIST');
        const segments = playlist.body.split('\n').filter((l) => l.startsWith('/api/videos/media/'));
        // 10 s in 4-second segments.
        expect(segments.length).toBeGreaterThanOrEqual(3);
        const segment = await fetchMedia(segments[0]!);
        expect(segment.statusCode).toBe(200);
        expect(segment.headers['content-type']).toBe('video/mp2t');
        expect(segment.rawPayload[0]).toBe(0x47); // an MPEG-TS sync byte
      }
      // Nothing is left in the working folder, and on S3 nothing of the outputs lives on this host.
      expect(await readdir(path.join(mediaDir, '.transcodes')).catch(() => [])).toEqual([]);
      if (kind === 's3') expect(await readdir(mediaDir)).not.toContain('streams');

      // Deleting the video removes its renditions from the store.
      const removed = await call('DELETE', `${BASE}/${queued.id_video}`, editor.token);
      expect(removed.statusCode, removed.body).toBe(204);
      expect((await fetchMedia(signed(ready.video_stream_manifest!))).statusCode).toBe(404);
      expect((await fetchMedia(signed(ready.video_stream_manifest!.replace(/master\.m3u8$/, 'v0/index.m3u8')))).statusCode).toBe(
        404,
      );
    }, 180_000);

    it('fails a file ffmpeg cannot read with the reason, and retry queues it again', async () => {
      const broken = Buffer.concat([clip.subarray(0, 64), Buffer.alloc(4096, 7)]);
      const source = await resumableUpload('broken.mp4', broken);
      const created = await call('POST', BASE, editor.token, videoBody({ video_stream_source: source }));
      const idVideo = created.json<Body>().data.video.id_video;
      await runDueJobs(t.app);
      const failed = await readVideo(idVideo);
      expect(failed.video_stream_status).toBe('failed');
      expect(failed.video_stream_error).toMatch(/could not be read as a video|no video picture|no duration/);
      // A file's own fault is not retried by the queue.
      const [job] = await t.db
        .select()
        .from(tables.jobs)
        .where(eq(tables.jobs.type, 'videos.processStream'))
        .orderBy(tables.jobs.idJob);
      expect(job).toBeDefined();

      const retried = await call('POST', `${BASE}/${idVideo}/stream/retry`, editor.token);
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json<Body>().data.video).toMatchObject({
        video_stream_status: 'queued',
        video_stream_progress: 0,
        video_stream_error: null,
      });
      const busy = await call('POST', `${BASE}/${idVideo}/stream/retry`, editor.token);
      expect(busy.statusCode).toBe(409);
    }, 60_000);
  });

  describe('the retry call', () => {
    it('is for the Editor group only, and needs a file to process', async () => {
      const created = await call('POST', BASE, editor.token, videoBody());
      const idVideo = created.json<Body>().data.video.id_video;
      expect((await call('POST', `${BASE}/${idVideo}/stream/retry`)).statusCode).toBe(401);
      expect((await call('POST', `${BASE}/${idVideo}/stream/retry`, staff.token)).statusCode).toBe(403);
      const none = await call('POST', `${BASE}/${idVideo}/stream/retry`, editor.token);
      expect(none.statusCode).toBe(400);
      expect(none.json<Body>().errors[0]?.field).toBe('video_stream_source');
      expect((await call('POST', `${BASE}/999999/stream/retry`, editor.token)).statusCode).toBe(404);
    });

    it('refuses a source that is not a media path', async () => {
      const res = await call('POST', BASE, editor.token, videoBody({ video_stream_source: '../etc/passwd' }));
      expect(res.statusCode).toBe(400);
    });
  });
});

describe('a server without ffmpeg', () => {
  let bare: TestApp;
  let mediaDir: string;
  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), 'fretline-streams-'));
    bare = await createTestApp({ seed: true, config: { MEDIA_DIR: mediaDir, FFMPEG_PATH: '/nonexistent/ffmpeg' } });
  });
  afterAll(async () => {
    await bare.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('says so in the form options, and a queued file fails with how to install it while the rest works', async () => {
    const ed = await createUserWithSession(bare.db, { roles: ['Editor'] });
    const options = await bare.app.inject({ method: 'GET', url: `${BASE}/options`, headers: bearer(ed.token) });
    expect(options.json<Body>().data.options.stream_processing).toEqual({ available: false, help: FFMPEG_MISSING_TEXT });
    expect(FFMPEG_MISSING_TEXT).toContain('apt-get install ffmpeg');

    await writeFile(path.join(mediaDir, 'manual.mp4'), clip.length ? clip : Buffer.from('x'));
    const created = await bare.app.inject({
      method: 'POST',
      url: BASE,
      headers: bearer(ed.token),
      payload: videoBody({ video_stream_source: 'manual.mp4' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const idVideo = created.json<Body>().data.video.id_video;
    await runDueJobs(bare.app);
    const read = await bare.app.inject({ method: 'GET', url: `${BASE}/${idVideo}`, headers: bearer(ed.token) });
    expect(read.json<Body>().data.video).toMatchObject({
      video_stream_status: 'failed',
      video_stream_error: FFMPEG_MISSING_TEXT,
    });
  });
});
