import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LearnerHome } from '@fretline/contract';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';

/** GET me/home, the signed-in learner's home (docs/product.md#learners-home). */
interface Body {
  data: { home: LearnerHome };
  errors: { message: string }[];
}

let t: TestApp;
const COURSE = 'beginner-guitar-course';

const home = (token?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: '/api/videos/me/home', headers: { ...(token ? bearer(token) : {}), ...headers } });
const homeOf = async (token: string) => {
  const res = await home(token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Body>().data.home;
};
const today = () => t.clock.now().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

describe('GET me/home', () => {
  it('answers 401 signed out, and to a token that is not a session', async () => {
    expect((await home()).statusCode).toBe(401);
    expect((await home('not-a-token')).statusCode).toBe(401);
    expect((await home(undefined, { cookie: 'token=forged' })).statusCode).toBe(401);
  });

  it('points a brand-new learner at the course for someone who has never played', async () => {
    const u = await createUserWithSession(t.db);
    const mine = await homeOf(u.token);
    expect(mine).toMatchObject({
      continue: null,
      courses: [],
      songs: [],
      practice: { days: [], goal: { goal_minutes: 15, goal_days: 4 } },
      first_steps: { answers: null, recommendation: null },
      start_course: { course_slug: COURSE },
    });
    // The next live lesson (or the one on now), never a past one.
    expect(mine.live).not.toBeNull();
    expect(mine.live!.stream_status).not.toBe('past');
  });

  it('shows the learner their own continue, courses, practice and playable songs, and nothing of another', async () => {
    const ada = await createUserWithSession(t.db);
    const bob = await createUserWithSession(t.db);
    const played = await t.app.inject({
      method: 'PATCH',
      url: `/api/videos/videos/tuning-up?courseSlug=${COURSE}`,
      headers: bearer(ada.token),
      payload: { video_play_total_time: 16, video_play_current_time: 5, video_play_watched: '0-5' },
    });
    expect(played.statusCode, played.body).toBe(200);
    const logged = await t.app.inject({
      method: 'POST',
      url: '/api/videos/me/practice-sessions',
      headers: bearer(ada.token),
      payload: { id_video: null, seconds: 600, practised_on: today() },
    });
    expect(logged.statusCode, logged.body).toBe(201);
    const chords = await t.app.inject({
      method: 'PUT',
      url: '/api/videos/me/chords',
      headers: bearer(ada.token),
      payload: { chords: ['g', 'c', 'd', 'em'] },
    });
    expect(chords.statusCode, chords.body).toBe(200);

    const mine = await homeOf(ada.token);
    expect(mine.continue).toMatchObject({ course: { course_slug: COURSE }, video: { video_slug: 'tuning-up' } });
    expect(mine.courses.map((c) => c.course_slug)).toEqual([COURSE]);
    expect(mine.courses[0]!.course_video_active).toMatchObject({ video_slug: 'tuning-up' });
    expect(mine.practice.days).toEqual([{ practised_on: today(), seconds: 600 }]);
    expect(mine.start_course).toBeNull();
    // Songs only: the lesson that teaches Em and G uses only known chords but is not a song.
    expect(mine.songs.length).toBeGreaterThan(0);
    expect(mine.songs.length).toBeLessThanOrEqual(4);
    expect(mine.songs.every((s) => s.video_category === 'Song')).toBe(true);
    expect(mine.songs.some((s) => s.video_slug === 'first-chords-em-and-g')).toBe(false);

    const theirs = await homeOf(bob.token);
    expect(theirs).toMatchObject({ continue: null, courses: [], songs: [], practice: { days: [] } });
    expect(theirs.start_course).toMatchObject({ course_slug: COURSE });
  });

  it('starts a learner who answered the quiz at the quiz’s course', async () => {
    const u = await createUserWithSession(t.db);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/videos/me/first-steps',
      headers: bearer(u.token),
      payload: { first_steps_level: 'new', first_steps_style: 'pop', first_steps_guitar: 'ukulele', first_steps_goals: [] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await homeOf(u.token)).start_course).toMatchObject({ course_slug: 'ukulele-course' });
  });
});
