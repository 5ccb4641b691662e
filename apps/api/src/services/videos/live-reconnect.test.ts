import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditorLiveStream, LiveQuestion, LiveStream } from '@fretline/contract';
import { eq, tables } from '@fretline/db';
import { enqueueJob, runDueJobs } from '../../platform/jobs/index.ts';
import { findMediaTools } from '../../platform/media/index.ts';
import { createEditorCalls, type EditorTestBody } from '../../../test/editor-helpers.ts';
import {
  LIVE_STREAMS_EDITOR,
  createPublishedLiveStream,
  encodeTestClip,
  pushTestStream,
  testRtmpPort,
  until,
} from '../../../test/live-helpers.ts';
import { makeMember } from '../../../test/membership.ts';
import { createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';

// The life of a live run (ADR 0063) with a reconnect window long enough to come back in: a dropped
// encoder continues the run, a run nobody comes back to ends with its replay (also when the
// ingesting instance died), every change of the live state moves the content version that the
// signed-out page cache follows (ADR 0056), and a premium stream plays and takes questions for
// members only. The app's clock is moved past the window instead of waiting for it.

type Body = EditorTestBody<{ stream: EditorLiveStream & LiveStream; question: LiveQuestion }>;

const tools = findMediaTools({});
const RTMP_PORT = testRtmpPort(5161);
const WINDOW_S = 30;
const FINISH_JOB = 'videos.finishLiveStream';

let t: TestApp;
let mediaDir: string;
let admin: Awaited<ReturnType<typeof createUserWithSession>>;
let editor: Awaited<ReturnType<typeof createUserWithSession>>;
const { call } = createEditorCalls(() => t);

const push = (key: string, seconds: number) =>
  pushTestStream(tools!.ffmpeg, `rtmp://127.0.0.1:${RTMP_PORT}/live/${key}`, seconds);
const streamRow = async (id: number) =>
  (await t.db.select().from(tables.liveStreams).where(eq(tables.liveStreams.idLiveStream, id)))[0]!;
const publicStream = async (slug: string, token?: string) =>
  (await call('GET', `/api/videos/live/${slug}`, token)).json<Body>().data.stream;
const keyOf = async (id: number) =>
  (await call('GET', `${LIVE_STREAMS_EDITOR}/${id}`, admin.token)).json<Body>().data.stream.stream_key!;
/** The content version moved past `before` (this instance bumps it; others read it within 250 ms). */
const versionMoved = (before: number) => until(async () => t.app.contentVersion.current > before);

/** Runs the due jobs until the stream's run is over with its replay. */
async function finished(id: number) {
  return until(async () => {
    await runDueJobs(t.app);
    const row = await streamRow(id);
    return row.ingestState === 'ended' && row.idVideoReplay ? row : null;
  }, 60_000);
}

async function replayVideo(idVideo: number) {
  await runDueJobs(t.app);
  const [video] = await t.db.select().from(tables.videos).where(eq(tables.videos.idVideo, idVideo));
  return video!;
}

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), 'fretline-live-runs-'));
  t = await createTestApp({ config: { LIVE_RTMP_PORT: RTMP_PORT, LIVE_RECONNECT_SECONDS: WINDOW_S, MEDIA_DIR: mediaDir } });
  admin = await createUserWithSession(t.db, { roles: ['Admin'] });
  editor = await createUserWithSession(t.db, { roles: ['Editor'] });
});
afterAll(async () => {
  await t?.close();
  await rm(mediaDir, { recursive: true, force: true });
});

describe.skipIf(!tools)('a live run', () => {
  it('continues the same run when the encoder comes back within the window, and ends with one replay after it', async () => {
    const stream = await createPublishedLiveStream(call, editor.token, { slug: 'reconnect-live' });
    const id = stream.id_live_stream;
    const key = await keyOf(id);

    let version = t.app.contentVersion.current;
    const first = push(key, 3);
    const live = await until(async () => ((await streamRow(id)).ingestState === 'live' ? streamRow(id) : null));
    await versionMoved(version);
    expect(await first).toBe(0);
    await until(async () => (await streamRow(id)).ingestState === 'reconnecting');
    version = t.app.contentVersion.current;

    // The encoder is back within the window: the same run, a second part.
    const second = push(key, 3);
    await until(async () => (await streamRow(id)).ingestState === 'live');
    await versionMoved(version);
    expect((await streamRow(id)).ingestRun).toBe(live.ingestRun);
    expect(await second).toBe(0);
    const dropped = await until(async () => {
      const row = await streamRow(id);
      return row.ingestState === 'reconnecting' && row.ingestParts.length === 2 ? row : null;
    });
    expect(dropped.ingestRun).toBe(live.ingestRun);
    expect((await publicStream(stream.stream_slug)).stream_on_air).toBe('reconnecting');

    // Inside the window nothing ends.
    await runDueJobs(t.app);
    expect((await streamRow(id)).ingestState).toBe('reconnecting');

    // Past it, the run ends: one replay of both parts.
    version = t.app.contentVersion.current;
    t.clock.advance((WINDOW_S + 1) * 1000);
    const ended = await finished(id);
    expect(t.app.contentVersion.current).toBeGreaterThan(version);
    const video = await replayVideo(ended.idVideoReplay!);
    expect(video).toMatchObject({ videoSlug: 'reconnect-live-replay', videoCategory: 'Live Replay', videoPublished: true });
    expect(video.streamDuration).toBeGreaterThanOrEqual(5);
    const replays = await t.db.select().from(tables.videos).where(eq(tables.videos.videoCategory, 'Live Replay'));
    expect(replays.map((v) => v.videoSlug)).toEqual(['reconnect-live-replay']);
    expect(await publicStream(stream.stream_slug)).toMatchObject({
      stream_on_air: 'ended',
      stream_replay: { video_slug: 'reconnect-live-replay' },
    });

    // A connection after the run ended starts a new run.
    const third = push(key, 1);
    await until(async () => (await streamRow(id)).ingestState === 'live');
    expect((await streamRow(id)).ingestRun).not.toBe(live.ingestRun);
    expect((await streamRow(id)).ingestParts).toEqual([]);
    await third;
  }, 120_000);

  it('ends a run whose ingesting instance died without a word, once its window has passed, with the replay', async () => {
    const stream = await createPublishedLiveStream(call, editor.token, { slug: 'orphan-live' });
    const id = stream.id_live_stream;
    const run = 'deadbeef0001';
    // What a crashed instance leaves: a stored part, the stream `live` under its name, and the finish job it queued.
    const part = `live/${id}/${run}/part-1.ts`;
    await mkdir(path.dirname(path.join(mediaDir, part)), { recursive: true });
    await encodeTestClip(tools!.ffmpeg, path.join(mediaDir, part), { seconds: 3, size: '320x240' });
    const now = t.clock.now();
    await t.db
      .update(tables.liveStreams)
      .set({
        ingestState: 'live',
        ingestInstance: 'gone-host-1234-abcd',
        ingestRun: run,
        ingestParts: [part],
        ingestSeen: now,
        ingestPartStarted: now,
        ingestPlaylist: `live/${id}/${run}/p2/index.m3u8`,
      })
      .where(eq(tables.liveStreams.idLiveStream, id));
    await enqueueJob(t.db, { type: FINISH_JOB, payload: { idLiveStream: id, run }, runAt: now });

    // Silent past the 20 s a live holder may be, but the encoder may still reconnect elsewhere: it waits.
    t.clock.advance(25_000);
    await runDueJobs(t.app);
    expect((await streamRow(id)).ingestState).toBe('live');

    // Past the window from its last sign of life: ended, with the replay of what was stored.
    const version = t.app.contentVersion.current;
    t.clock.advance(WINDOW_S * 1000);
    const ended = await finished(id);
    expect(ended).toMatchObject({ ingestInstance: null, ingestPlaylist: null, ingestParts: [] });
    expect(t.app.contentVersion.current).toBeGreaterThan(version);
    expect(await replayVideo(ended.idVideoReplay!)).toMatchObject({
      videoSlug: 'orphan-live-replay',
      videoPublished: true,
      streamStatus: 'ready',
    });
    expect(await publicStream(stream.stream_slug)).toMatchObject({
      stream_status: 'past',
      stream_on_air: 'ended',
      stream_replay: { video_slug: 'orphan-live-replay' },
    });
  }, 90_000);
});

describe('a premium live stream', () => {
  it('gives its playlist and questions to members only', async () => {
    const stream = await createPublishedLiveStream(call, editor.token, { slug: 'members-live', premium: true });
    const id = stream.id_live_stream;
    await t.db
      .update(tables.liveStreams)
      .set({
        ingestState: 'live',
        ingestInstance: 'this-host',
        ingestRun: 'cafe0001',
        ingestSeen: t.clock.now(),
        ingestPartStarted: t.clock.now(),
        ingestPlaylist: `live/${id}/cafe0001/p1/index.m3u8`,
      })
      .where(eq(tables.liveStreams.idLiveStream, id));
    const outsider = await createUserWithSession(t.db);
    const member = await createUserWithSession(t.db);
    await makeMember(t.db, member.idUser);
    const ask = (token?: string) =>
      call('POST', `/api/videos/live/${stream.stream_slug}/questions`, token, { question_text: 'Which pick do you use?' });

    for (const token of [undefined, outsider.token]) {
      expect(await publicStream(stream.stream_slug, token)).toMatchObject({
        stream_status: 'live',
        stream_locked: true,
        stream_manifest_signed: null,
      });
    }
    expect((await ask()).statusCode).toBe(401);
    const refused = await ask(outsider.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<Body>().errors[0]?.message).toBe('This live lesson is for members: join to watch it and ask questions.');

    const watched = await publicStream(stream.stream_slug, member.token);
    expect(watched.stream_locked).toBe(false);
    expect(watched.stream_manifest_signed).toContain(`live/${id}/cafe0001/p1/index.m3u8`);
    const asked = await ask(member.token);
    expect(asked.statusCode, asked.body).toBe(201);
    const queue = await call('GET', `${LIVE_STREAMS_EDITOR}/${id}/questions`, editor.token);
    expect(queue.body).toContain('Which pick do you use?');
    expect(queue.json<{ data: { questions: unknown[] } }>().data.questions).toHaveLength(1);
  });
});
