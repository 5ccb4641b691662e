import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PracticeSession } from '@fretline/contract';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';

/** Correcting and deleting a logged practice session (product.md#practice-log, ADR 0081). */
interface Body {
  data: { session: PracticeSession; sessions: PracticeSession[]; days: { practised_on: string; seconds: number }[] };
  errors: { message: string; field?: string; code?: string }[];
}

let t: TestApp;
let learner: Awaited<ReturnType<typeof createUserWithSession>>;
let other: Awaited<ReturnType<typeof createUserWithSession>>;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api/videos${url}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const daysAgo = (n: number) => new Date(t.clock.now().getTime() - n * 86_400_000).toISOString().slice(0, 10);
const mine = async (token: string) => (await call('GET', '/me/practice-sessions', token)).json<Body>().data;

async function logSession(token: string, seconds: number, day: string): Promise<PracticeSession> {
  const res = await call('POST', '/me/practice-sessions', token, { id_video: null, seconds, practised_on: day });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Body>().data.session;
}

beforeAll(async () => {
  t = await createTestApp();
  learner = await createUserWithSession(t.db);
  other = await createUserWithSession(t.db);
});
afterAll(() => t.close());

describe('PUT me/practice-sessions/:id', () => {
  it('corrects the seconds and the day of the learner’s own session, and the days follow', async () => {
    const session = await logSession(learner.token, 600, daysAgo(1));
    const res = await call('PUT', `/me/practice-sessions/${session.id_practice_session}`, learner.token, {
      seconds: 1500,
      practised_on: daysAgo(2),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Body>().data.session).toMatchObject({
      id_practice_session: session.id_practice_session,
      practice_seconds: 1500,
      practised_on: daysAgo(2),
      id_video: null,
    });
    const after = await mine(learner.token);
    expect(after.days).toEqual([{ practised_on: daysAgo(2), seconds: 1500 }]);
  });

  it('refuses bad input with the field named and changes nothing', async () => {
    const session = await logSession(learner.token, 300, daysAgo(3));
    const future = new Date(t.clock.now().getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
    for (const [payload, field] of [
      [{ seconds: 0, practised_on: daysAgo(3) }, 'seconds'],
      [{ seconds: 4 * 3600 + 1, practised_on: daysAgo(3) }, 'seconds'],
      [{ seconds: 'lots', practised_on: daysAgo(3) }, 'seconds'],
      [{ seconds: 60, practised_on: future }, 'practised_on'],
      [{ seconds: 60, practised_on: '2026-02-30' }, 'practised_on'],
      [{ seconds: 60, practised_on: daysAgo(400) }, 'practised_on'],
      [{ seconds: 60 }, 'practised_on'],
    ] as const) {
      const res = await call('PUT', `/me/practice-sessions/${session.id_practice_session}`, learner.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<Body>().errors[0]!.field, JSON.stringify(payload)).toBe(field);
    }
    expect(
      (await call('PUT', '/me/practice-sessions/not-a-number', learner.token, { seconds: 60, practised_on: daysAgo(3) }))
        .statusCode,
    ).toBe(400);
    const row = (await mine(learner.token)).sessions.find((s) => s.id_practice_session === session.id_practice_session);
    expect(row).toMatchObject({ practice_seconds: 300, practised_on: daysAgo(3) });
  });

  it('holds a day to 24 hours, counting the corrected session once', async () => {
    const day = daysAgo(5);
    for (let i = 0; i < 5; i++) await logSession(learner.token, 14_400, day);
    const last = await logSession(learner.token, 7_200, day);
    // 5 × 4 h + 2 h: growing the last to 4 h fills the day exactly, since its own 2 h are not counted twice.
    const fill = await call('PUT', `/me/practice-sessions/${last.id_practice_session}`, learner.token, {
      seconds: 14_400,
      practised_on: day,
    });
    expect(fill.statusCode, fill.body).toBe(200);
    // A session moved onto the full day does not fit.
    const elsewhere = await logSession(learner.token, 600, daysAgo(4));
    const over = await call('PUT', `/me/practice-sessions/${elsewhere.id_practice_session}`, learner.token, {
      seconds: 600,
      practised_on: day,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json<Body>().errors[0]).toMatchObject({ field: 'seconds', message: expect.stringMatching(/24 hours/) });
    expect((await mine(learner.token)).days.find((d) => d.practised_on === day)).toEqual({ practised_on: day, seconds: 86_400 });
  });

  it('answers 404 to another learner’s session id and changes nothing', async () => {
    const theirs = await logSession(other.token, 900, daysAgo(1));
    const res = await call('PUT', `/me/practice-sessions/${theirs.id_practice_session}`, learner.token, {
      seconds: 60,
      practised_on: daysAgo(1),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json<Body>().errors[0]!.code).toBe('PRACTICE_SESSION_NOT_FOUND');
    expect((await mine(other.token)).sessions[0]).toMatchObject({ practice_seconds: 900, practised_on: daysAgo(1) });
    const missing = await call('PUT', '/me/practice-sessions/99999999', learner.token, { seconds: 60, practised_on: daysAgo(1) });
    expect(missing.statusCode).toBe(404);
  });
});

describe('DELETE me/practice-sessions/:id', () => {
  it('deletes the learner’s own session and the days drop its seconds', async () => {
    const day = daysAgo(8);
    const keep = await logSession(learner.token, 600, day);
    const drop = await logSession(learner.token, 900, day);
    const res = await call('DELETE', `/me/practice-sessions/${drop.id_practice_session}`, learner.token);
    expect(res.statusCode).toBe(204);
    const after = await mine(learner.token);
    expect(after.sessions.map((s) => s.id_practice_session)).toContain(keep.id_practice_session);
    expect(after.sessions.map((s) => s.id_practice_session)).not.toContain(drop.id_practice_session);
    expect(after.days.find((d) => d.practised_on === day)).toEqual({ practised_on: day, seconds: 600 });
    // Deleting it again: it is gone.
    expect((await call('DELETE', `/me/practice-sessions/${drop.id_practice_session}`, learner.token)).statusCode).toBe(404);
  });

  it('answers 404 to another learner’s session id and deletes nothing', async () => {
    const theirs = await logSession(other.token, 300, daysAgo(9));
    const res = await call('DELETE', `/me/practice-sessions/${theirs.id_practice_session}`, learner.token);
    expect(res.statusCode).toBe(404);
    expect((await mine(other.token)).sessions.map((s) => s.id_practice_session)).toContain(theirs.id_practice_session);
    expect((await call('DELETE', '/me/practice-sessions/0', learner.token)).statusCode).toBe(400);
  });
});

describe('signed out', () => {
  it('answers 401 to correcting or deleting a session', async () => {
    const session = await logSession(learner.token, 60, daysAgo(1));
    const put = await call('PUT', `/me/practice-sessions/${session.id_practice_session}`, undefined, {
      seconds: 120,
      practised_on: daysAgo(1),
    });
    expect(put.statusCode).toBe(401);
    expect((await call('DELETE', `/me/practice-sessions/${session.id_practice_session}`)).statusCode).toBe(401);
    expect((await mine(learner.token)).sessions.find((s) => s.id_practice_session === session.id_practice_session)).toMatchObject(
      {
        practice_seconds: 60,
      },
    );
  });
});
