import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, tables } from '@fretline/db';
import type { EditorLiveStream, LiveStream } from '@fretline/contract';
import {
  createEditorCalls,
  createEditorTestApp,
  createSlugMaker,
  findAuditEntries,
  type EditorTestBody,
  type TestUser,
} from '../../../../test/editor-helpers.ts';
import type { TestApp } from '../../../../test/test-app.ts';

/** The wire bodies these tests read. */
type Body = EditorTestBody<{ stream: EditorLiveStream & LiveStream; streams: EditorLiveStream[] & LiveStream[]; total: number }>;

let t: TestApp;
let editor: TestUser;
let director: TestUser;
let staff: TestUser;
let learner: TestUser;

const BASE = '/api/videos/editor/live-streams';
// Seeded demo content (packages/db/src/seed/catalogue.ts).
const SEEDED_STREAM = 'practice-along-live';

const { call, callForm } = createEditorCalls(() => t);

const uniqueSlug = createSlugMaker('stream-test');

function streamBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    stream_title: 'Campfire Songs Live',
    stream_slug: uniqueSlug(),
    stream_description: 'Bring a capo.',
    stream_starts: '2030-06-01 18:00:00',
    stream_ends: '2030-06-01 19:00:00',
    stream_poster: 'demo/posters/campfire.svg',
    stream_premium: 'false',
    id_video_replay: '',
    ...overrides,
  };
}

async function createStream(overrides: Record<string, unknown> = {}): Promise<EditorLiveStream> {
  const res = await call('POST', BASE, editor.token, streamBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Body>().data.stream;
}

const auditFor = (id: number) => findAuditEntries(t.db, 'live_stream', id);

beforeAll(async () => {
  ({
    t,
    users: { editor, otherEditor: director, staff, learner },
  } = await createEditorTestApp({ otherEditorRole: 'Director' }));
});
afterAll(async () => {
  await t.close();
});

describe('guards', () => {
  it('answers 401 signed out and 403 to Staff and learners, before looking at the body', async () => {
    expect((await call('GET', BASE)).statusCode).toBe(401);
    // Staff run live lessons (ADR 0063): they read the streams, but make and edit none.
    expect((await call('GET', BASE, staff.token)).statusCode).toBe(200);
    expect((await call('POST', BASE, staff.token, { stream_title: '' })).statusCode).toBe(403);
    expect((await call('GET', BASE, learner.token)).statusCode).toBe(403);
    expect((await call('POST', BASE, learner.token, { stream_title: '' })).statusCode).toBe(403);
    expect((await call('DELETE', `${BASE}/1`)).statusCode).toBe(401);
    expect((await call('GET', BASE, director.token)).statusCode).toBe(200);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    expect((await call('GET', `${BASE}/999999`, editor.token)).statusCode).toBe(404);
    expect((await call('PUT', `${BASE}/999999`, editor.token, streamBody())).statusCode).toBe(404);
    expect((await call('PUT', `${BASE}/999999/published`, editor.token, { stream_published: true })).statusCode).toBe(404);
    expect((await call('DELETE', `${BASE}/999999`, editor.token)).statusCode).toBe(404);
    expect((await call('GET', `${BASE}/x1`, editor.token)).statusCode).toBe(400);
  });
});

describe('list and read', () => {
  it('pages every stream, drafts included, newest start first, with replays', async () => {
    const draft = await createStream({ stream_starts: '2031-01-01 10:00:00', stream_ends: '2031-01-01 11:00:00' });
    const res = await call('GET', `${BASE}?limit=3`, editor.token);
    expect(res.statusCode).toBe(200);
    const { streams, total } = res.json<Body>().data;
    expect(streams).toHaveLength(3);
    expect(total).toBeGreaterThan(3);
    expect(streams[0]).toMatchObject({ id_live_stream: draft.id_live_stream, stream_published: false });
    const all = (await call('GET', `${BASE}?limit=100`, editor.token)).json<Body>().data.streams;
    expect(all.some((s) => s.stream_replay !== null)).toBe(true);
    expect((await call('GET', `${BASE}?limit=0`, editor.token)).statusCode).toBe(400);
  });
});

describe('create and update', () => {
  it('creates a draft with UTC times, a replay link and an audit record; the public cannot see it', async () => {
    const [replay] = await t.db
      .select({ idVideo: tables.videos.idVideo })
      .from(tables.videos)
      .where(eq(tables.videos.videoCategory, 'Live Replay'))
      .limit(1);
    const res = await callForm(
      'POST',
      BASE,
      editor.token,
      streamBody({ id_video_replay: String(replay!.idVideo), stream_premium: 'true' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const stream = res.json<Body>().data.stream;
    expect(stream).toMatchObject({
      stream_published: false,
      stream_premium: true,
      stream_starts: '2030-06-01 18:00:00',
      stream_ends: '2030-06-01 19:00:00',
      id_video_replay: replay!.idVideo,
      stream_description: '<p>Bring a capo.</p>',
    });
    expect(stream.stream_replay?.id_video).toBe(replay!.idVideo);
    expect(stream.stream_poster_signed).toMatch(/sig=/);
    expect((await auditFor(stream.id_live_stream)).map((a) => a.auditAction)).toEqual(['live_stream.create']);
    expect((await call('GET', `/api/videos/live/${stream.stream_slug}`)).statusCode).toBe(404);
  });

  it('refuses an end that is not after the start, a missing start and an unknown replay', async () => {
    const same = await call('POST', BASE, editor.token, streamBody({ stream_ends: '2030-06-01 18:00:00' }));
    expect(same.statusCode).toBe(400);
    expect(same.json<Body>().errors[0]).toMatchObject({
      field: 'stream_ends',
      message: expect.stringMatching(/after the start/),
    });
    const missing = await call('POST', BASE, editor.token, streamBody({ stream_starts: '' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json<Body>().errors[0]).toMatchObject({
      field: 'stream_starts',
      message: expect.stringContaining('Enter when the stream starts.'),
    });
    const garbled = await call('POST', BASE, editor.token, streamBody({ stream_starts: 'next tuesday' }));
    expect(garbled.statusCode).toBe(400);
    const replay = await call('POST', BASE, editor.token, streamBody({ id_video_replay: 999999 }));
    expect(replay.statusCode).toBe(400);
    expect(replay.json<Body>().errors[0]?.field).toBe('id_video_replay');
  });

  it('refuses a taken slug with a 409, and a badly formed one with a 400', async () => {
    const taken = await call('POST', BASE, editor.token, streamBody({ stream_slug: SEEDED_STREAM }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json<Body>().errors[0]).toMatchObject({ field: 'stream_slug', code: 'SLUG_TAKEN' });
    expect((await call('POST', BASE, editor.token, streamBody({ stream_slug: 'Under_Score' }))).statusCode).toBe(400);
  });

  it('updates the fields (audited) and an end before the start changes nothing', async () => {
    const stream = await createStream();
    const res = await call('PUT', `${BASE}/${stream.id_live_stream}`, editor.token, {
      ...streamBody({ stream_slug: stream.stream_slug }),
      stream_title: 'Campfire Songs Live (moved)',
      stream_starts: '2030-06-02 18:00:00',
      stream_ends: '2030-06-02 20:00:00',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Body>().data.stream).toMatchObject({
      stream_title: 'Campfire Songs Live (moved)',
      stream_ends: '2030-06-02 20:00:00',
    });
    const update = (await auditFor(stream.id_live_stream)).find((a) => a.auditAction === 'live_stream.update');
    expect(Object.keys(update!.auditDiff as object).sort()).toEqual(['stream_ends', 'stream_starts', 'stream_title']);

    const bad = await call('PUT', `${BASE}/${stream.id_live_stream}`, editor.token, {
      ...streamBody({ stream_slug: stream.stream_slug }),
      stream_ends: '2030-06-01 17:00:00',
    });
    expect(bad.statusCode).toBe(400);
    const after = (await call('GET', `${BASE}/${stream.id_live_stream}`, editor.token)).json<Body>().data.stream;
    expect(after.stream_title).toBe('Campfire Songs Live (moved)');
  });

  it('makes a replay by default, keeps "no replay" when asked, and refuses a value that is not yes or no', async () => {
    const stream = await createStream();
    expect(stream.stream_auto_replay).toBe(true);
    const url = `${BASE}/${stream.id_live_stream}`;
    const off = await callForm(
      'PUT',
      url,
      editor.token,
      streamBody({ stream_slug: stream.stream_slug, stream_auto_replay: 'false' }),
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<Body>().data.stream.stream_auto_replay).toBe(false);
    const [row] = await t.db
      .select({ auto: tables.liveStreams.streamAutoReplay })
      .from(tables.liveStreams)
      .where(eq(tables.liveStreams.idLiveStream, stream.id_live_stream));
    expect(row?.auto).toBe(false);
    const update = (await auditFor(stream.id_live_stream)).find((a) => a.auditAction === 'live_stream.update');
    expect(Object.keys(update!.auditDiff as object)).toEqual(['stream_auto_replay']);

    const bad = await call('PUT', url, editor.token, {
      ...streamBody({ stream_slug: stream.stream_slug }),
      stream_auto_replay: 'maybe',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Body>().errors[0]?.field).toBe('stream_auto_replay');
    const after = (await call('GET', url, editor.token)).json<Body>().data.stream;
    expect(after.stream_auto_replay).toBe(false);
  });

  it('keeps the old slug working: the public call finds the stream under its new slug', async () => {
    const stream = await createStream();
    await call('PUT', `${BASE}/${stream.id_live_stream}/published`, editor.token, { stream_published: true });
    const next = uniqueSlug('renamed-stream');
    const res = await call('PUT', `${BASE}/${stream.id_live_stream}`, editor.token, streamBody({ stream_slug: next }));
    expect(res.json<Body>().data.stream.stream_slug_history).toEqual([stream.stream_slug]);
    const old = await call('GET', `/api/videos/live/${stream.stream_slug}`);
    expect(old.statusCode).toBe(200);
    expect(old.json<Body>().data.stream.stream_slug).toBe(next);
    // Another stream cannot take the old slug while it redirects.
    const other = await call('POST', BASE, editor.token, streamBody({ stream_slug: stream.stream_slug }));
    expect(other.statusCode).toBe(409);
    expect(other.json<Body>().errors[0]?.message).toMatch(/still redirects/);
  });
});

describe('publish and delete', () => {
  it('publishes (public list shows it), unpublishes (hidden again), and audits each change once', async () => {
    const stream = await createStream();
    const publicSlugs = async () => (await call('GET', '/api/videos/live')).json<Body>().data.streams.map((s) => s.stream_slug);
    expect(await publicSlugs()).not.toContain(stream.stream_slug);
    const res = await callForm('PUT', `${BASE}/${stream.id_live_stream}/published`, editor.token, { stream_published: '1' });
    expect(res.json<Body>().data.stream.stream_published).toBe(true);
    expect(await publicSlugs()).toContain(stream.stream_slug);
    await call('PUT', `${BASE}/${stream.id_live_stream}/published`, editor.token, { stream_published: true });
    await call('PUT', `${BASE}/${stream.id_live_stream}/published`, editor.token, { stream_published: false });
    expect(await publicSlugs()).not.toContain(stream.stream_slug);
    const actions = (await auditFor(stream.id_live_stream)).map((a) => a.auditAction);
    expect(actions.filter((a) => a === 'live_stream.publish')).toHaveLength(1);
    expect(actions).toContain('live_stream.unpublish');
    expect((await call('PUT', `${BASE}/${stream.id_live_stream}/published`, editor.token, {})).statusCode).toBe(400);
  });

  it('deletes a stream; its replay video stays', async () => {
    const [replay] = await t.db.select({ idVideo: tables.videos.idVideo }).from(tables.videos).limit(1);
    const stream = await createStream({ id_video_replay: replay!.idVideo });
    expect((await call('DELETE', `${BASE}/${stream.id_live_stream}`, editor.token)).statusCode).toBe(204);
    expect((await call('GET', `${BASE}/${stream.id_live_stream}`, editor.token)).statusCode).toBe(404);
    expect(await t.db.select().from(tables.videos).where(eq(tables.videos.idVideo, replay!.idVideo))).toHaveLength(1);
    expect((await auditFor(stream.id_live_stream)).map((a) => a.auditAction)).toContain('live_stream.delete');
  });
});
