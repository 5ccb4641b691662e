import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_FREE_DAYS, OFFLINE_PREMIUM_DAYS, OFFLINE_TEXTS, type OfflineAllowance } from '@fretline/contract';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';
import { makeMember } from '../../../test/membership.ts';

/** A kept lesson's check-in (product.md#offline-practice, ADR 0079). */
interface Body {
  data: { offline: OfflineAllowance };
  errors: { message: string; code: string }[];
}

let t: TestApp;
let learner: Awaited<ReturnType<typeof createUserWithSession>>;
let member: Awaited<ReturnType<typeof createUserWithSession>>;

// Seeded demo content (packages/db/src/seed/catalogue.ts).
const FREE_VIDEO = 'holding-the-guitar';
const PREMIUM_VIDEO = 'c-and-d-chords';
const YOUTUBE_VIDEO = 'why-practise-slowly';
const DAY_MS = 86_400_000;

const checkIn = (slug: string, token?: string) =>
  t.app.inject({ url: `/api/videos/me/offline/${slug}`, headers: token ? bearer(token) : {} });

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  learner = await createUserWithSession(t.db);
  member = await createUserWithSession(t.db);
  await makeMember(t.db, member.idUser);
});
afterAll(() => t.close());

describe('GET /api/videos/me/offline/:videoSlug', () => {
  it('refuses a signed-out caller', async () => {
    expect((await checkIn(FREE_VIDEO)).statusCode).toBe(401);
  });

  it('lets a member keep a premium lesson for a week from now', async () => {
    const before = Date.now();
    const res = await checkIn(PREMIUM_VIDEO, member.token);
    expect(res.statusCode, res.body).toBe(200);
    const offline = res.json<Body>().data.offline;
    expect(offline).toMatchObject({ video_slug: PREMIUM_VIDEO, video_premium: true });
    const until = Date.parse(offline.allowed_until);
    expect(until).toBeGreaterThanOrEqual(before + OFFLINE_PREMIUM_DAYS * DAY_MS - 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + OFFLINE_PREMIUM_DAYS * DAY_MS + 60_000);
  });

  it('lets anyone signed in keep a free lesson for a month', async () => {
    const res = await checkIn(FREE_VIDEO, learner.token);
    expect(res.statusCode, res.body).toBe(200);
    const offline = res.json<Body>().data.offline;
    expect(offline.video_premium).toBe(false);
    expect(Date.parse(offline.allowed_until)).toBeGreaterThan(Date.now() + (OFFLINE_FREE_DAYS - 1) * DAY_MS);
  });

  it('refuses a premium lesson to a learner without a membership, saying the copy was removed', async () => {
    const res = await checkIn(PREMIUM_VIDEO, learner.token);
    expect(res.statusCode).toBe(403);
    expect(res.json<Body>().errors[0]).toMatchObject({ code: 'OFFLINE_NOT_ALLOWED', message: OFFLINE_TEXTS.refused });
  });

  it('answers 404 for a lesson that does not exist, or an address too long to be one', async () => {
    expect((await checkIn('no-such-lesson', member.token)).statusCode).toBe(404);
    expect((await checkIn('a'.repeat(201), member.token)).statusCode).toBe(404);
  });

  it('refuses a YouTube lesson: there is no stream to keep', async () => {
    const res = await checkIn(YOUTUBE_VIDEO, member.token);
    expect(res.statusCode).toBe(409);
    expect(res.json<Body>().errors[0]).toMatchObject({ code: 'OFFLINE_NO_STREAM', message: OFFLINE_TEXTS.noStream });
  });
});
