import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditorLiveQuestion, EditorLiveStream, LiveQuestion, LiveStream } from '@fretline/contract';
import { eq, tables } from '@fretline/db';
import { runDueJobs } from '../../platform/jobs/index.ts';
import { findMediaTools } from '../../platform/media/index.ts';
import { createEditorCalls, type EditorTestBody } from '../../../test/editor-helpers.ts';
import {
  LIVE_STREAMS_EDITOR,
  createPublishedLiveStream,
  pushTestStream,
  testRtmpPort,
  until,
} from '../../../test/live-helpers.ts';
import { MALFORMED_RTMP, canConnect, openRtmp, sendGarbage } from '../../../test/rtmp-client.ts';
import { createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';

// RTMP live ingest, questions and the replay (ADR 0063), with a real encoder: ffmpeg pushes a
// generated picture and tone to the app's RTMP port.

type Body = EditorTestBody<{
  stream: EditorLiveStream & LiveStream;
  question: LiveQuestion & EditorLiveQuestion;
  questions: EditorLiveQuestion[];
}>;

const tools = findMediaTools({});
const RTMP_PORT = testRtmpPort(5160);
const BASE = LIVE_STREAMS_EDITOR;

let t: TestApp;
let mediaDir: string;
let admin: Awaited<ReturnType<typeof createUserWithSession>>;
let editor: Awaited<ReturnType<typeof createUserWithSession>>;
let member: Awaited<ReturnType<typeof createUserWithSession>>;
let asker: Awaited<ReturnType<typeof createUserWithSession>>;
const { call } = createEditorCalls(() => t);

const push = (key: string, seconds: number) =>
  pushTestStream(tools!.ffmpeg, `rtmp://127.0.0.1:${RTMP_PORT}/live/${key}`, seconds);

const streamRow = async (id: number) =>
  (await t.db.select().from(tables.liveStreams).where(eq(tables.liveStreams.idLiveStream, id)))[0]!;

const createLiveStream = (slug: string) => createPublishedLiveStream(call, editor.token, { slug });

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'fretline-live-'));
  t = await createTestApp({
    // Room for the ten garbage connections at once (ADR 0070), all from loopback.
    config: {
      LIVE_RTMP_PORT: RTMP_PORT,
      LIVE_RECONNECT_SECONDS: 1,
      MEDIA_DIR: mediaDir,
      LIVE_RTMP_MAX_PER_ADDRESS: 12,
    },
  });
  admin = await createUserWithSession(t.db, { roles: ['Admin'] });
  editor = await createUserWithSession(t.db, { roles: ['Editor'] });
  member = await createUserWithSession(t.db, { firstName: 'Robin' });
  asker = await createUserWithSession(t.db, { firstName: 'Sam' });
});
afterAll(async () => {
  await t?.close();
  await rm(mediaDir, { recursive: true, force: true });
});

describe.skipIf(!tools)('live ingest', () => {
  // Before any real push: the later tests' encoders prove that ingest still works after this.
  it('keeps the site up through malformed RTMP and garbage, each closing its own connection, and listens on HOST only', async () => {
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const health = async () => {
      const started = Date.now();
      const res = await fetch(`${origin}/api/health`);
      return { status: res.status, ms: Date.now() - started };
    };
    for (const [, bytes] of MALFORMED_RTMP) {
      const conn = await openRtmp(RTMP_PORT);
      conn.socket.write(bytes);
      await conn.closed;
      expect((await health()).status).toBe(200);
    }
    const conns = await sendGarbage(RTMP_PORT);
    // Asked while the garbage is parsed: answered at once (the library once stalled the site ~15 s).
    const during = health();
    await Promise.all(conns.map((conn) => conn.closed));
    const answered = await during;
    expect(answered.status).toBe(200);
    expect(answered.ms).toBeLessThan(3000);
    // The test config's HOST is loopback's 127.0.0.1: the rest of 127/8 is another address.
    expect(t.config.LIVE_RTMP_HOST).toBe('127.0.0.1');
    expect(await canConnect(RTMP_PORT, '127.0.0.1')).toBe(true);
    expect(await canConnect(RTMP_PORT, '127.0.0.2')).toBe(false);
  });

  it('shows the key to the Staff group only, and regenerates it for them only', async () => {
    const stream = await createLiveStream('keys-live');
    const asAdmin = (await call('GET', `${BASE}/${stream.id_live_stream}`, admin.token)).json<Body>().data.stream;
    expect(asAdmin.stream_key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(asAdmin.stream_ingest_url).toBe(`rtmp://localhost:${RTMP_PORT}/live`);
    const asEditor = (await call('GET', `${BASE}/${stream.id_live_stream}`, editor.token)).json<Body>().data.stream;
    expect(asEditor.stream_key).toBeNull();
    expect(asEditor.stream_ingest_url).toBe(asAdmin.stream_ingest_url);

    expect((await call('POST', `${BASE}/${stream.id_live_stream}/key`, editor.token)).statusCode).toBe(403);
    expect((await call('POST', `${BASE}/${stream.id_live_stream}/key`)).statusCode).toBe(401);
    expect((await call('POST', `${BASE}/999999/key`, admin.token)).statusCode).toBe(404);
    const again = await call('POST', `${BASE}/${stream.id_live_stream}/key`, admin.token);
    expect(again.statusCode).toBe(200);
    const renewed = again.json<Body>().data.stream.stream_key;
    expect(renewed).not.toBe(asAdmin.stream_key);

    // The old key is refused: the encoder is cut off and nothing is recorded.
    expect(await push(asAdmin.stream_key!, 2)).not.toBe(0);
    expect((await streamRow(stream.id_live_stream)).ingestState).toBe('idle');
  }, 30_000);

  it('lets a Staff member without the Editor role run the lesson (address, key, questions) but not edit the stream', async () => {
    const stream = await createLiveStream('staff-live');
    const staff = await createUserWithSession(t.db, { roles: ['Staff'] });
    const read = await call('GET', `${BASE}/${stream.id_live_stream}`, staff.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<Body>().data.stream).toMatchObject({
      stream_key: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      stream_ingest_url: `rtmp://localhost:${RTMP_PORT}/live`,
    });
    expect((await call('GET', BASE, staff.token)).statusCode).toBe(200);
    expect((await call('GET', `${BASE}/${stream.id_live_stream}/questions`, staff.token)).statusCode).toBe(200);
    expect((await call('POST', `${BASE}/${stream.id_live_stream}/key`, staff.token)).statusCode).toBe(200);
    const edit = await call('PUT', `${BASE}/${stream.id_live_stream}/published`, staff.token, { stream_published: false });
    expect(edit.statusCode).toBe(403);
    expect((await call('DELETE', `${BASE}/${stream.id_live_stream}`, staff.token)).statusCode).toBe(403);
    // Neither group, or signed out: refused.
    expect((await call('GET', `${BASE}/${stream.id_live_stream}`, member.token)).statusCode).toBe(403);
    expect((await call('GET', `${BASE}/${stream.id_live_stream}/questions`)).statusCode).toBe(401);
  });

  it('refuses bad questions, signed-out askers and floods', async () => {
    const stream = await createLiveStream('questions-live');
    const url = `/api/videos/live/${stream.stream_slug}/questions`;
    expect((await call('POST', url, undefined, { question_text: 'Hi?' })).statusCode).toBe(401);
    const empty = await call('POST', url, member.token, { question_text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<Body>().errors[0]?.message).toBe('Write your question.');
    expect(
      (await call('POST', '/api/videos/live/no-such-stream/questions', member.token, { question_text: 'Hi?' })).statusCode,
    ).toBe(404);
    for (let i = 0; i < 3; i += 1) {
      expect((await call('POST', url, member.token, { question_text: `Question ${i}` })).statusCode).toBe(201);
    }
    const flood = await call('POST', url, member.token, { question_text: 'One more' });
    expect(flood.statusCode).toBe(429);
    // Someone else's stream id in the answer path is not found.
    const [q] = (await call('GET', `${BASE}/${stream.id_live_stream}/questions`, editor.token)).json<Body>().data.questions;
    expect((await call('POST', `${BASE}/999999/questions/${q!.id_live_question}/answer`, editor.token)).statusCode).toBe(404);
    expect(
      (await call('POST', `${BASE}/${stream.id_live_stream}/questions/${q!.id_live_question}/answer`, member.token)).statusCode,
    ).toBe(403);
  });

  it('takes a pushed stream live, answers a question as a chapter, and publishes the replay', async () => {
    const stream = await createLiveStream('jam-live');
    const key = (await call('GET', `${BASE}/${stream.id_live_stream}`, admin.token)).json<Body>().data.stream.stream_key!;
    const ask = await call('POST', `/api/videos/live/${stream.stream_slug}/questions`, asker.token, {
      question_text: 'Which scale over the IV chord?',
    });
    expect(ask.statusCode, ask.body).toBe(201);
    const idQuestion = ask.json<Body>().data.question.id_live_question;

    const pushed = push(key, 8);
    const live = await until(async () => {
      const s = (await call('GET', `/api/videos/live/${stream.stream_slug}`)).json<Body>().data.stream;
      return s.stream_on_air === 'live' && s.stream_manifest_signed ? s : null;
    });
    expect(live.stream_status).toBe('live');
    // The signed live playlist names signed segments the store has; it is never cached.
    const playlist = await until(async () => {
      const res = await t.app.inject({ url: live.stream_manifest_signed! });
      return res.statusCode === 200 && res.body.includes('seg_') ? res : null;
    });
    expect(playlist.headers['cache-control']).toBe('private, no-cache');
    expect(playlist.body).not.toContain('#EXT-X-ENDLIST');
    const segment = playlist.body.split('\n').find((line) => line.includes('seg_'))!;
    const segUrl = new URL(segment, `http://x${live.stream_manifest_signed!}`);
    expect((await t.app.inject({ url: `${segUrl.pathname}${segUrl.search}` })).statusCode).toBe(200);

    // A second encoder on the same key is refused while the first sends.
    expect(await push(key, 1)).not.toBe(0);

    await new Promise((r) => setTimeout(r, 1500));
    const answered = await call('POST', `${BASE}/${stream.id_live_stream}/questions/${idQuestion}/answer`, editor.token);
    expect(answered.statusCode, answered.body).toBe(200);
    const moment = answered.json<Body>().data.question.question_moment!;
    expect(moment).toBeGreaterThan(0);
    expect((await call('POST', `${BASE}/${stream.id_live_stream}/questions/${idQuestion}/answer`, editor.token)).statusCode).toBe(
      409,
    );
    const mails = await t.db.select().from(tables.jobs).where(eq(tables.jobs.type, 'mail.send'));
    const sent = JSON.stringify(mails.map((m) => m.payload));
    expect(sent).toContain('Your question was answered: Blues Jam Live');
    // Its link is the moment: the live page sends `?t=` on to the replay once it is out.
    expect(sent).toContain(`/live/jam-live?t=${Math.floor(moment)}`);

    expect(await pushed).toBe(0);
    await until(async () => (await streamRow(stream.id_live_stream)).ingestState === 'reconnecting');
    // After the reconnect window the run ends: the replay is joined, processed and published.
    const ended = await until(async () => {
      await runDueJobs(t.app);
      const row = await streamRow(stream.id_live_stream);
      return row.ingestState === 'ended' && row.idVideoReplay ? row : null;
    }, 60_000); // joining and transcoding the replay: slower on a busy machine
    await runDueJobs(t.app);
    const [video] = await t.db.select().from(tables.videos).where(eq(tables.videos.idVideo, ended.idVideoReplay!));
    expect(video).toMatchObject({
      videoCategory: 'Live Replay',
      videoPublished: true,
      streamStatus: 'ready',
      videoSlug: 'jam-live-replay',
    });
    expect(video!.streamDuration).toBeGreaterThanOrEqual(6);
    const chapters = await t.db.select().from(tables.videoChapters).where(eq(tables.videoChapters.idVideo, video!.idVideo));
    expect(chapters).toEqual([expect.objectContaining({ chapterTitle: 'Which scale over the IV chord?', chapterTime: moment })]);
    const after = (await call('GET', `/api/videos/live/${stream.stream_slug}`)).json<Body>().data.stream;
    expect(after).toMatchObject({
      stream_status: 'past',
      stream_on_air: 'ended',
      stream_replay: { video_slug: 'jam-live-replay' },
    });
  }, 90_000);
});
