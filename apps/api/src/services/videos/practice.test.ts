import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PracticeSettings, SavedVideo, Video } from '@fretline/contract';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';

/** The practice player's calls and saved moments (product.md#practice). */
interface Body {
  data: { practice: PracticeSettings; saved: SavedVideo[] & SavedVideo; video: Video; total: number };
  errors: { message: string; code: string; field?: string }[];
}

let t: TestApp;
let learner: Awaited<ReturnType<typeof createUserWithSession>>;
let other: Awaited<ReturnType<typeof createUserWithSession>>;

// Seeded demo content (packages/db/src/seed/catalogue.ts).
const FREE_VIDEO = 'holding-the-guitar';
const PREMIUM_VIDEO = 'c-and-d-chords';
const PRACTICE = `/api/videos/videos/${FREE_VIDEO}/practice`;

const settings = (overrides: Record<string, unknown> = {}) => ({
  practice_rate: 75,
  practice_loop_start: 2.5,
  practice_loop_end: 6,
  practice_ladder_start: 60,
  practice_ladder_step: 10,
  practice_ladder_target: 100,
  practice_ladder_loops: 2,
  practice_count_in: 4,
  practice_mirror: true,
  practice_screen: 'small',
  ...overrides,
});

const get = (url: string, token?: string) => t.app.inject({ url, headers: token ? bearer(token) : {} });
const put = (payload: Record<string, unknown>, token?: string, url = PRACTICE) =>
  t.app.inject({ method: 'PUT', url, payload, headers: token ? bearer(token) : {} });
const save = (payload: Record<string, unknown>, token: string) =>
  t.app.inject({ method: 'POST', url: '/api/videos/saved', payload, headers: bearer(token) });

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  learner = await createUserWithSession(t.db);
  other = await createUserWithSession(t.db);
});
afterAll(() => t.close());

describe('GET and PUT /api/videos/videos/:videoSlug/practice', () => {
  it('needs a signed-in user', async () => {
    expect((await get(PRACTICE)).statusCode).toBe(401);
    expect((await put(settings())).statusCode).toBe(401);
  });

  it('answers the defaults before anything was saved', async () => {
    const res = await get(`${PRACTICE}?practice_screen=small`, learner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json<Body>().data.practice).toMatchObject({
      practice_rate: 100,
      practice_loop_start: null,
      practice_loop_end: null,
      practice_mirror: false,
      practice_screen: 'small',
      practice_updated: null,
    });
  });

  it('saves the settings per screen class and gives them back to their owner only', async () => {
    const saved = await put(settings(), learner.token);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Body>().data.practice).toMatchObject({ ...settings(), practice_updated: expect.any(String) });

    const small = (await get(`${PRACTICE}?practice_screen=small`, learner.token)).json<Body>().data.practice;
    expect(small).toMatchObject(settings());
    // The large screen keeps its own settings: nothing saved there yet.
    const large = (await get(`${PRACTICE}?practice_screen=large`, learner.token)).json<Body>().data.practice;
    expect(large).toMatchObject({ practice_rate: 100, practice_screen: 'large', practice_updated: null });
    // Another learner sees their own (default) settings, never the first learner's.
    const theirs = (await get(`${PRACTICE}?practice_screen=small`, other.token)).json<Body>().data.practice;
    expect(theirs).toMatchObject({ practice_rate: 100, practice_mirror: false, practice_updated: null });

    // A PUT replaces the set; a form-encoded body (strings, '' for no loop) is read the same.
    const cleared = await t.app.inject({
      method: 'PUT',
      url: PRACTICE,
      headers: { ...bearer(learner.token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(
        Object.entries(
          settings({ practice_loop_start: '', practice_loop_end: '', practice_rate: '50', practice_mirror: 'false' }),
        ).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString(),
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<Body>().data.practice).toMatchObject({
      practice_rate: 50,
      practice_loop_start: null,
      practice_loop_end: null,
      practice_mirror: false,
    });
  });

  it.each([
    [{ practice_rate: 20 }, 'practice_rate', 'The speed must be at least 25 %.'],
    [{ practice_rate: 155 }, 'practice_rate', 'The speed must be at most 150 %.'],
    [{ practice_rate: 72 }, 'practice_rate', 'The speed goes in steps of 5 %.'],
    [{ practice_ladder_step: 3 }, 'practice_ladder_step', 'The ladder step must be at least 5 %.'],
    [
      { practice_ladder_start: 110, practice_ladder_target: 100 },
      'practice_ladder_target',
      'The ladder target must be at or above its start.',
    ],
    [{ practice_ladder_loops: 0 }, 'practice_ladder_loops', 'The ladder needs at least 1 clean loop per rung.'],
    [{ practice_loop_end: null }, 'practice_loop_end', 'Set both ends of the loop (A and B), or neither.'],
    [
      { practice_loop_start: 5, practice_loop_end: 5.2 },
      'practice_loop_end',
      'The loop end (B) must come at least 0.5 s after its start (A).',
    ],
    [{ practice_loop_start: -1 }, 'practice_loop_start', 'The loop start (A) cannot be before the start of the video.'],
    [{ practice_count_in: 9 }, 'practice_count_in', 'The count-in is at most 8 beats.'],
    [{ practice_screen: 'tv' }, 'practice_screen', 'Use small or large for practice_screen.'],
  ])('refuses %j with a clear message', async (overrides, field, message) => {
    const res = await put(settings(overrides), learner.token);
    expect(res.statusCode).toBe(400);
    const [error] = res.json<Body>().errors;
    expect(error).toMatchObject({ field, message });
  });

  it('answers 404 for an unknown video and 403 for a locked premium one', async () => {
    expect((await get('/api/videos/videos/no-such-video/practice', learner.token)).statusCode).toBe(404);
    const locked = await put(settings(), learner.token, `/api/videos/videos/${PREMIUM_VIDEO}/practice`);
    expect(locked.statusCode).toBe(403);
    expect(locked.json<Body>().errors[0]!.code).toBe('VIDEO_LOCKED');
  });
});

describe('saved moments (My List)', () => {
  it('keeps one entry per video and moment beside the whole video, with notes, and reopens at the moment', async () => {
    const video = (await get(`/api/videos/videos/${FREE_VIDEO}`)).json<Body>().data.video;
    const whole = await save({ id_video: video.id_video }, learner.token);
    expect(whole.statusCode).toBe(201);
    expect(whole.json<Body>().data.saved).toMatchObject({
      saved_time: null,
      saved_note: null,
      video_route: `/videos/${FREE_VIDEO}`,
    });

    const moment = await save(
      { id_video: video.id_video, saved_time: 83.44, saved_note: ' The slide into the chorus ' },
      learner.token,
    );
    expect(moment.statusCode, moment.body).toBe(201);
    const entry = moment.json<Body>().data.saved;
    expect(entry).toMatchObject({
      saved_time: 83.4,
      saved_note: 'The slide into the chorus',
      video_route: `/videos/${FREE_VIDEO}?t=83`,
    });

    // The same moment again is the same entry; a new note replaces the old one.
    const again = await save({ id_video: video.id_video, saved_time: 83.4, saved_note: 'Slower here' }, learner.token);
    expect(again.json<Body>().data.saved).toMatchObject({ id_user_video: entry.id_user_video, saved_note: 'Slower here' });
    // The whole video again (no time) stays one entry too.
    expect((await save({ id_video: video.id_video }, learner.token)).json<Body>().data.saved.id_user_video).toBe(
      whole.json<Body>().data.saved.id_user_video,
    );
    await save({ id_video: video.id_video, saved_time: 12 }, learner.token);

    const list = (await get(`/api/videos/saved?id_video=${video.id_video}`, learner.token)).json<Body>().data;
    expect(list.total).toBe(3);
    expect(list.saved.map((s) => s.saved_time).sort()).toEqual([12, 83.4, null].sort());
    expect(list.saved.find((s) => s.saved_time === 83.4)!.saved_note).toBe('Slower here');
    // Nobody else sees them.
    expect((await get(`/api/videos/saved?id_video=${video.id_video}`, other.token)).json<Body>().data.total).toBe(0);
  });

  it('refuses a bad time or a note over 500 characters', async () => {
    const video = (await get(`/api/videos/videos/${FREE_VIDEO}`)).json<Body>().data.video;
    const long = await save({ id_video: video.id_video, saved_time: 5, saved_note: 'x'.repeat(501) }, learner.token);
    expect(long.statusCode).toBe(400);
    expect(long.json<Body>().errors[0]).toMatchObject({
      field: 'saved_note',
      message: 'Keep the note to 500 characters or fewer.',
    });
    const negative = await save({ id_video: video.id_video, saved_time: -3 }, learner.token);
    expect(negative.statusCode).toBe(400);
    expect(negative.json<Body>().errors[0]!.field).toBe('saved_time');
  });
});

describe('the left-handed setting on the account (product.md#chords)', () => {
  it('is off by default, is set by PATCH me, read by GET me, and refuses a value that is not a boolean', async () => {
    const me = () => t.app.inject({ url: '/api/auth/me', headers: bearer(learner.token) });
    expect((await me()).json<{ data: { user: { left_handed: boolean } } }>().data.user.left_handed).toBe(false);
    const set = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: bearer(learner.token),
      payload: { left_handed: 'true' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await me()).json<{ data: { user: { left_handed: boolean } } }>().data.user.left_handed).toBe(true);
    // Another account is untouched; a visitor is right-handed.
    const theirs = await t.app.inject({ url: '/api/auth/me', headers: bearer(other.token) });
    expect(theirs.json<{ data: { user: { left_handed: boolean } } }>().data.user.left_handed).toBe(false);
    expect(
      (await t.app.inject({ url: '/api/auth/me' })).json<{ data: { user: { left_handed: boolean } } }>().data.user.left_handed,
    ).toBe(false);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: bearer(learner.token),
      payload: { left_handed: 'maybe' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
