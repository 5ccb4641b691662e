import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, tables } from '@fretline/db';
import type { ChordChangeRound, KnownChord, PracticeSession, VideoSummary } from '@fretline/contract';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';

/** The practice log, One Minute Changes, Chords I know and the playable filter (product.md#practice-log). */
interface Body {
  data: {
    session: PracticeSession;
    sessions: PracticeSession[];
    days: { practised_on: string; seconds: number }[];
    goal: { goal_minutes: number; goal_days: number };
    round: ChordChangeRound;
    rounds: ChordChangeRound[];
    chords: KnownChord[];
    videos: VideoSummary[];
    total: number;
    missing_chords?: { id_video: number; chord_key: string | null; chord_name: string }[];
  };
  errors: { message: string; field?: string }[];
}

let t: TestApp;
let learner: Awaited<ReturnType<typeof createUserWithSession>>;
let other: Awaited<ReturnType<typeof createUserWithSession>>;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api/videos${url}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const today = () => t.clock.now().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(t.clock.now().getTime() - n * 86_400_000).toISOString().slice(0, 10);

async function videoId(slug: string): Promise<number> {
  const [row] = await t.db.select({ id: tables.videos.idVideo }).from(tables.videos).where(eq(tables.videos.videoSlug, slug));
  return row!.id;
}

/** Marks a lesson done the way Mark done and watching to the end do: the one done flag. */
async function markDone(idUser: number, slug: string) {
  await t.db.insert(tables.videoPlays).values({ idUser, idVideo: await videoId(slug), videoPlayCompleted: true });
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  learner = await createUserWithSession(t.db);
  other = await createUserWithSession(t.db);
});
afterAll(() => t.close());

describe('signed out', () => {
  it('answers 401 to every call, and to the playable filter', async () => {
    for (const [method, url] of [
      ['GET', '/me/practice-sessions'],
      ['POST', '/me/practice-sessions'],
      ['PUT', '/me/practice-goal'],
      ['GET', '/me/chord-changes'],
      ['POST', '/me/chord-changes'],
      ['GET', '/me/chords'],
      ['PUT', '/me/chords'],
      ['GET', '/videos?playable=now'],
    ] as const) {
      expect((await call(method, url, undefined, method === 'GET' ? undefined : {})).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('GET and POST me/practice-sessions, PUT me/practice-goal', () => {
  it('logs seconds against a lesson or none and charts them per day, for the owner only', async () => {
    const lesson = await videoId('holding-the-guitar');
    const first = await call('POST', '/me/practice-sessions', learner.token, {
      id_video: lesson,
      seconds: 900,
      practised_on: today(),
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<Body>().data.session).toMatchObject({
      id_video: lesson,
      video_slug: 'holding-the-guitar',
      practice_seconds: 900,
    });
    const free = await call('POST', '/me/practice-sessions', learner.token, {
      id_video: null,
      seconds: 300,
      practised_on: today(),
    });
    expect(free.statusCode, free.body).toBe(201);
    await call('POST', '/me/practice-sessions', learner.token, { id_video: null, seconds: 1200, practised_on: daysAgo(1) });

    const mine = (await call('GET', '/me/practice-sessions', learner.token)).json<Body>().data;
    expect(mine.sessions).toHaveLength(3);
    expect(mine.days).toEqual([
      { practised_on: daysAgo(1), seconds: 1200 },
      { practised_on: today(), seconds: 1200 },
    ]);
    expect(mine.goal).toEqual({ goal_minutes: 15, goal_days: 4 });
    const theirs = (await call('GET', '/me/practice-sessions', other.token)).json<Body>().data;
    expect(theirs.sessions).toEqual([]);
    expect(theirs.days).toEqual([]);
  });

  it('refuses bad input and changes nothing', async () => {
    const before = (await call('GET', '/me/practice-sessions', learner.token)).json<Body>().data.sessions.length;
    const tomorrowAndMore = new Date(t.clock.now().getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
    for (const [payload, field] of [
      [{ id_video: null, seconds: 0, practised_on: today() }, 'seconds'],
      [{ id_video: null, seconds: 4 * 3600 + 1, practised_on: today() }, 'seconds'],
      [{ id_video: null, seconds: 'lots', practised_on: today() }, 'seconds'],
      [{ id_video: null, seconds: 60, practised_on: tomorrowAndMore }, 'practised_on'],
      [{ id_video: null, seconds: 60, practised_on: '2026-02-30' }, 'practised_on'],
      [{ id_video: null, seconds: 60, practised_on: 'yesterday' }, 'practised_on'],
      [{ id_video: null, seconds: 60, practised_on: daysAgo(400) }, 'practised_on'],
      [{ id_video: 99_999_999, seconds: 60, practised_on: today() }, 'id_video'],
      [{ id_video: -1, seconds: 60, practised_on: today() }, 'id_video'],
    ] as const) {
      const res = await call('POST', '/me/practice-sessions', learner.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<Body>().errors[0]!.field, JSON.stringify(payload)).toBe(field);
    }
    // A day holds at most 24 hours, whatever was logged.
    for (let i = 0; i < 6; i++)
      await call('POST', '/me/practice-sessions', other.token, { id_video: null, seconds: 14_400, practised_on: daysAgo(2) });
    const full = await call('POST', '/me/practice-sessions', other.token, {
      id_video: null,
      seconds: 14_400,
      practised_on: daysAgo(2),
    });
    expect(full.statusCode).toBe(400);
    expect(full.json<Body>().errors[0]!.message).toMatch(/24 hours/);
    expect((await call('GET', '/me/practice-sessions', learner.token)).json<Body>().data.sessions).toHaveLength(before);
  });

  it('sets the weekly goal, per learner, within bounds', async () => {
    const set = await call('PUT', '/me/practice-goal', learner.token, { goal_minutes: 20, goal_days: 5 });
    expect(set.statusCode, set.body).toBe(200);
    expect((await call('GET', '/me/practice-sessions', learner.token)).json<Body>().data.goal).toEqual({
      goal_minutes: 20,
      goal_days: 5,
    });
    expect((await call('GET', '/me/practice-sessions', other.token)).json<Body>().data.goal).toEqual({
      goal_minutes: 15,
      goal_days: 4,
    });
    for (const payload of [
      { goal_minutes: 2, goal_days: 4 },
      { goal_minutes: 20, goal_days: 8 },
      { goal_minutes: 20, goal_days: 0 },
      { goal_minutes: 'x', goal_days: 4 },
    ]) {
      expect((await call('PUT', '/me/practice-goal', learner.token, payload)).statusCode).toBe(400);
    }
    expect((await call('GET', '/me/practice-sessions', learner.token)).json<Body>().data.goal).toEqual({
      goal_minutes: 20,
      goal_days: 5,
    });
  });
});

describe('GET and POST me/chord-changes', () => {
  it('saves rounds as one pair whichever chord came first, for the owner only', async () => {
    const first = await call('POST', '/me/chord-changes', learner.token, { chord_a: 'g', chord_b: 'c', changes: 24 });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<Body>().data.round).toMatchObject({ chord_a: 'c', chord_b: 'g', changes: 24 });
    await call('POST', '/me/chord-changes', learner.token, { chord_a: 'c', chord_b: 'g', changes: 31 });
    const rounds = (await call('GET', '/me/chord-changes', learner.token)).json<Body>().data.rounds;
    expect(rounds.map((r) => [r.chord_a, r.chord_b, r.changes])).toEqual([
      ['c', 'g', 24],
      ['c', 'g', 31],
    ]);
    expect((await call('GET', '/me/chord-changes', other.token)).json<Body>().data.rounds).toEqual([]);
  });

  it('refuses chords outside the library, one chord twice and impossible counts', async () => {
    for (const payload of [
      { chord_a: 'c', chord_b: 'c', changes: 10 },
      { chord_a: 'c', chord_b: 'h7', changes: 10 },
      { chord_a: 'c', chord_b: 'g', changes: -1 },
      { chord_a: 'c', chord_b: 'g', changes: 301 },
      { chord_a: 'c', chord_b: 'g', changes: 2.5 },
      { chord_a: 'c', chord_b: 'g' },
    ]) {
      const res = await call('POST', '/me/chord-changes', learner.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call('GET', '/me/chord-changes', learner.token)).json<Body>().data.rounds).toHaveLength(2);
  });
});

describe('GET and PUT me/chords, and GET videos?playable=', () => {
  it('knows the chords of done lessons, plus added and less removed by hand', async () => {
    const fresh = await createUserWithSession(t.db);
    expect((await call('GET', '/me/chords', fresh.token)).json<Body>().data.chords).toEqual([]);
    // "Your First Chords: E minor and G" done: Em and G are known from the lesson.
    await markDone(fresh.idUser, 'first-chords-em-and-g');
    expect((await call('GET', '/me/chords', fresh.token)).json<Body>().data.chords).toEqual([
      { chord_key: 'g', chord_source: 'lesson' },
      { chord_key: 'em', chord_source: 'lesson' },
    ]);
    // Add C and D by hand, remove Em.
    const put = await call('PUT', '/me/chords', fresh.token, { chords: ['g', 'c', 'd'] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<Body>().data.chords).toEqual([
      { chord_key: 'c', chord_source: 'hand' },
      { chord_key: 'd', chord_source: 'hand' },
      { chord_key: 'g', chord_source: 'lesson' },
    ]);
    const stored = await t.db.select().from(tables.knownChords).where(eq(tables.knownChords.idUser, fresh.idUser));
    expect(stored.map((r) => [r.chordKey, r.known]).sort()).toEqual([
      ['c', true],
      ['d', true],
      ['em', false],
    ]);
    // A removed chord stays removed though its lesson is done; another user is untouched.
    expect((await call('GET', '/me/chords', other.token)).json<Body>().data.chords).toEqual([]);
    // Mark not done clears the flag: G leaves with it.
    await t.db
      .update(tables.videoPlays)
      .set({ videoPlayCompleted: false })
      .where(and(eq(tables.videoPlays.idUser, fresh.idUser)));
    expect((await call('GET', '/me/chords', fresh.token)).json<Body>().data.chords.map((c) => c.chord_key)).toEqual(['c', 'd']);
  });

  it('refuses chords outside the library and repeats, and changes nothing', async () => {
    await call('PUT', '/me/chords', learner.token, { chords: ['a'] });
    for (const payload of [{ chords: ['a', 'zz'] }, { chords: ['a', 'a'] }, { chords: 'a' }, {}]) {
      expect((await call('PUT', '/me/chords', learner.token, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call('GET', '/me/chords', learner.token)).json<Body>().data.chords).toEqual([
      { chord_key: 'a', chord_source: 'hand' },
    ]);
  });

  it('lists the songs playable now and one chord away, with the other filters, naming the missing chord', async () => {
    const fan = await createUserWithSession(t.db);
    // Songs in the demo use G C D Em or Am F C G.
    await call('PUT', '/me/chords', fan.token, { chords: ['g', 'c', 'd', 'em'] });
    const now = (await call('GET', '/videos?playable=now&limit=100', fan.token)).json<Body>().data;
    expect(now.total).toBeGreaterThan(0);
    expect(now.videos.some((v) => v.video_slug === 'your-first-song-lesson')).toBe(true);
    expect(now.videos.some((v) => v.video_slug === 'first-chords-em-and-g')).toBe(true);
    // Am F C G needs two more: never listed. Am and E needs two: neither.
    expect(now.videos.some((v) => v.video_slug === 'a-minor-and-e')).toBe(false);
    expect(now.missing_chords).toBeUndefined();

    const away = (await call('GET', '/videos?playable=one-away&limit=100', fan.token)).json<Body>().data;
    expect(away.videos.some((v) => v.video_slug === 'your-first-song-lesson')).toBe(false);
    // E5 A5 D5 and F alone are more than one away or exactly one: "F" (no library key in text only) is one away.
    for (const video of away.videos) {
      const missing = away.missing_chords!.find((m) => m.id_video === video.id_video);
      expect(missing, video.video_slug).toBeDefined();
    }
    await call('PUT', '/me/chords', fan.token, { chords: ['g', 'c', 'em', 'am', 'f-barre'] });
    const oneAway = (await call('GET', '/videos?playable=one-away&limit=100', fan.token)).json<Body>().data;
    const firstSong = oneAway.videos.find((v) => v.video_slug === 'your-first-song-lesson');
    expect(firstSong).toBeDefined();
    expect(oneAway.missing_chords!.find((m) => m.id_video === firstSong!.id_video)).toMatchObject({
      chord_key: 'd',
      chord_name: 'D',
    });

    // Combined with a facet and search: fewer or as many, never more.
    const songs = (await call('GET', '/videos?playable=now&category=Song&limit=100', fan.token)).json<Body>().data;
    expect(songs.total).toBeLessThanOrEqual(oneAway.total + now.total + 100);
    expect(songs.videos.every((v) => v.video_category === 'Song')).toBe(true);
    const searched = (await call('GET', '/videos?playable=one-away&search=first', fan.token)).json<Body>().data;
    expect(searched.videos.map((v) => v.video_slug)).toContain('your-first-song-lesson');

    // A chord outside the library is named as the song writes it, not lower-cased.
    const idSong = await videoId('your-first-song-lesson');
    const [added] = await t.db
      .insert(tables.videoChords)
      .values({ idVideo: idSong, chordOrder: 99, chordText: ' Cadd9 ' })
      .returning({ id: tables.videoChords.idVideoChord });
    try {
      await call('PUT', '/me/chords', fan.token, { chords: ['g', 'c', 'd', 'em'] });
      const custom = (await call('GET', '/videos?playable=one-away&limit=100', fan.token)).json<Body>().data;
      expect(custom.missing_chords!.find((m) => m.id_video === idSong)).toEqual({
        id_video: idSong,
        chord_key: null,
        chord_name: 'Cadd9',
      });
    } finally {
      await t.db.delete(tables.videoChords).where(eq(tables.videoChords.idVideoChord, added!.id));
    }

    expect((await call('GET', '/videos?playable=maybe', fan.token)).statusCode).toBe(400);
    // Another learner with no chords can play nothing.
    expect((await call('GET', '/videos?playable=now', other.token)).json<Body>().data.total).toBe(0);
  });
});
