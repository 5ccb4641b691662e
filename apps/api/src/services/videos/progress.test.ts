import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, tables } from '@fretline/db';
import type { Course, FirstSteps, FirstStepsRecommendation, LearnerProgress, MyVideo, Video } from '@fretline/contract';
import { forgetCatalogue } from './catalogue-cache.ts';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';

/** Progress, done marks, Continue and the first-visit quiz (docs/product.md#learning-progress, #first-steps). */
interface Body {
  data: { progress: LearnerProgress; video: Video; first_steps: FirstSteps; recommendation: FirstStepsRecommendation };
  errors: { message: string; field?: string }[];
}

let t: TestApp;
const COURSE = 'beginner-guitar-course';
// Seeded demo content (packages/db/src/seed/catalogue.ts): the course's first three lessons are free, 16 s each.
const FIRST = 'holding-the-guitar';
const SECOND = 'tuning-up';
const THIRD = 'first-chords-em-and-g';
const PREMIUM = 'c-and-d-chords';

const get = (url: string, token?: string) => t.app.inject({ url, headers: token ? bearer(token) : {} });
const play = (slug: string, token: string, current: number, watched?: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/videos/videos/${slug}?courseSlug=${COURSE}`,
    headers: bearer(token),
    payload: {
      video_play_total_time: 16,
      video_play_current_time: current,
      ...(watched !== undefined ? { video_play_watched: watched } : {}),
    },
  });
const done = (slug: string, token: string | undefined, method: 'PUT' | 'DELETE' = 'PUT') =>
  t.app.inject({ method, url: `/api/videos/videos/${slug}/done?courseSlug=${COURSE}`, headers: token ? bearer(token) : {} });
const progressOf = async (token: string) => (await get('/api/videos/me/progress', token)).json<Body>().data.progress;
const courseOf = (p: LearnerProgress) => p.courses.find((c) => c.course_slug === COURSE)!;

async function endMembership(idUser: number) {
  await t.db.update(tables.subscriptions).set({ subscriptionStatus: 'cancelled' }).where(eq(tables.subscriptions.idUser, idUser));
}

async function makeMember(idUser: number) {
  const [product] = await t.db
    .select()
    .from(tables.subscriptionProducts)
    .where(eq(tables.subscriptionProducts.subscriptionProductSlug, 'access-all-areas'));
  const [plan] = await t.db
    .select()
    .from(tables.subscriptionPlans)
    .where(eq(tables.subscriptionPlans.fkProductPlan, product!.idSubscriptionProduct))
    .limit(1);
  await t.db.insert(tables.subscriptions).values({
    idUser,
    idSubscriptionProduct: product!.idSubscriptionProduct,
    fkPlanSubscription: plan!.idSubscriptionPlan,
    subscriptionStatus: 'active',
    provider: 'sandbox',
    idempotencyKey: `progress-${idUser}`,
    initialPaymentMethodId: 'pm_card_visa',
  });
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

describe('the done rule on PATCH videos/{videoSlug}', () => {
  it('counts unique seconds: skipping to the end or watching one stretch twice is not done', async () => {
    const u = await createUserWithSession(t.db);
    let video = (await play(FIRST, u.token, 15.5, '0-2,14-15.5')).json<Body>().data.video;
    expect(video).toMatchObject({ video_play_completed: false, video_play_watched_time: 3.5 });
    video = (await play(FIRST, u.token, 8, '0-8')).json<Body>().data.video;
    expect(video.video_play_watched_time).toBe(9.5);
    expect(video.video_play_completed).toBe(false);
    // The rest, in a later visit: 90 % of the 16 s is watched.
    video = (await play(FIRST, u.token, 14, '8-14')).json<Body>().data.video;
    expect(video).toMatchObject({ video_play_completed: true, video_play_watched_time: 15.5 });
    // Watching the start again keeps it done.
    video = (await play(FIRST, u.token, 2, '0-2')).json<Body>().data.video;
    expect(video.video_play_completed).toBe(true);
  });

  it('refuses watched stretches that are malformed or past the end, changing nothing', async () => {
    const u = await createUserWithSession(t.db);
    for (const watched of ['nonsense', '5-2', '0-40']) {
      const res = await play(SECOND, u.token, 4, watched);
      expect(res.statusCode, watched).toBe(400);
      expect(res.json<Body>().errors[0]!.message).toMatch(/video_play_watched/);
    }
    expect((await get(`/api/videos/videos/${SECOND}`, u.token)).json<Body>().data.video.id_video_play).toBeNull();
  });
});

describe('PUT and DELETE videos/{videoSlug}/done', () => {
  it('needs a signed-in user and an existing, unlocked video', async () => {
    expect((await done(FIRST, undefined)).statusCode).toBe(401);
    expect((await done(FIRST, undefined, 'DELETE')).statusCode).toBe(401);
    const u = await createUserWithSession(t.db);
    expect((await done('no-such-video', u.token)).statusCode).toBe(404);
    const badQuery = await t.app.inject({
      method: 'PUT',
      url: `/api/videos/videos/${FIRST}/done?courseSlug=`,
      headers: bearer(u.token),
    });
    expect(badQuery.statusCode).toBe(400);
    expect((await done(PREMIUM, u.token)).statusCode).toBe(403);
    expect((await progressOf(u.token)).videos).toEqual([]);
  });

  it('marks done and not done, moving the course on and back, for the caller only', async () => {
    const u = await createUserWithSession(t.db);
    const other = await createUserWithSession(t.db);
    const marked = await done(FIRST, u.token);
    expect(marked.statusCode).toBe(200);
    expect(marked.json<Body>().data.video.video_play_completed).toBe(true);
    let course = courseOf(await progressOf(u.token));
    expect(course).toMatchObject({
      course_lessons_done: 1,
      course_video_active: { video_slug: SECOND, video_play_start_time: 0 },
    });
    expect(course.course_percent_complete).toBe(Math.floor(100 / course.course_lessons_total));

    // Another learner's progress is untouched.
    expect(courseOf(await progressOf(other.token))).toMatchObject({
      course_lessons_done: 0,
      course_video_active: { video_slug: FIRST, video_play_start_time: 0 },
      video_last_played: null,
    });

    // Watched seconds are forgotten with "not done", so the next report does not mark it again.
    await play(FIRST, u.token, 15, '0-15');
    const unmarked = await done(FIRST, u.token, 'DELETE');
    expect(unmarked.json<Body>().data.video).toMatchObject({ video_play_completed: false, video_play_watched_time: 0 });
    expect((await play(FIRST, u.token, 6, '5-6')).json<Body>().data.video.video_play_completed).toBe(false);
    course = courseOf(await progressOf(u.token));
    expect(course).toMatchObject({
      course_lessons_done: 0,
      course_video_active: { video_slug: FIRST, video_play_start_time: 6 },
    });
  });
});

describe('GET me/progress', () => {
  it('needs a signed-in user', async () => {
    expect((await get('/api/videos/me/progress')).statusCode).toBe(401);
    expect((await get('/api/videos/me/progress', 'not-a-token')).statusCode).toBe(401);
  });

  it('lists every course at its first lesson, with nothing started and no continue item, for a new learner', async () => {
    const u = await createUserWithSession(t.db);
    const p = await progressOf(u.token);
    expect(p.continue).toBeNull();
    expect(p.videos).toEqual([]);
    expect(p.courses.length).toBeGreaterThan(5);
    expect(p.courses.every((c) => c.course_percent_complete === 0 && c.video_last_played === null)).toBe(true);
    // Per course: the next lesson of a course never started is its first (docs/product.md#learning-progress).
    expect(courseOf(p).course_video_active).toMatchObject({ video_slug: FIRST, video_play_start_time: 0 });
  });

  it('leads a course that shares a done lesson on to its first lesson not done, never calling it complete', async () => {
    const [course] = await t.db
      .insert(tables.courses)
      .values({ courseSlug: 'shared-lessons-course', courseTitle: 'Shared Lessons', courseOrder: 9999 })
      .returning({ idCourse: tables.courses.idCourse });
    const ids = await t.db
      .select({ idVideo: tables.videos.idVideo, slug: tables.videos.videoSlug })
      .from(tables.videos)
      .where(inArray(tables.videos.videoSlug, [FIRST, THIRD]));
    const idOf = (slug: string) => ids.find((v) => v.slug === slug)!.idVideo;
    await t.db.insert(tables.courseVideos).values([
      { idCourse: course!.idCourse, idVideo: idOf(FIRST), courseVideoOrder: 1 },
      { idCourse: course!.idCourse, idVideo: idOf(THIRD), courseVideoOrder: 2 },
    ]);
    // Written straight to the database, not through the editor: forget the catalogue as an edit would.
    forgetCatalogue();
    try {
      const u = await createUserWithSession(t.db);
      // Watched within the beginner course only: the shared course was never opened.
      await play(FIRST, u.token, 15, '0-15');
      const p = await progressOf(u.token);
      const shared = p.courses.find((c) => c.course_slug === 'shared-lessons-course')!;
      expect(shared).toMatchObject({
        course_lessons_done: 1,
        course_lessons_total: 2,
        course_percent_complete: 50,
        course_video_active: { video_slug: THIRD, video_play_start_time: 0 },
        video_last_played: null,
      });
      // Continue stays with the course actually being followed.
      expect(p.continue).toMatchObject({ course: { course_slug: COURSE }, video: { video_slug: SECOND } });
      // The course page resumes the same way rather than offering to start on a done lesson.
      const page = (await get('/api/videos/courses/shared-lessons-course', u.token)).json<{
        data: { course: { course_video_active: { video_slug: string } | null } };
      }>();
      expect(page.data.course.course_video_active).toMatchObject({ video_slug: THIRD });
    } finally {
      await t.db.delete(tables.courses).where(eq(tables.courses.idCourse, course!.idCourse));
      forgetCatalogue();
    }
  });

  it('continues where the learner left off, at the right moment', async () => {
    const u = await createUserWithSession(t.db);
    await play(FIRST, u.token, 15, '0-15');
    // Mid-lesson: Continue opens it at the position.
    await play(SECOND, u.token, 5, '0-5');
    let p = await progressOf(u.token);
    expect(p.continue).toMatchObject({
      course: { course_slug: COURSE },
      video: { video_slug: SECOND, video_play_start_time: 5 },
    });
    expect(p.videos).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ video_play_completed: true, video_play_watched_percent: 100 }),
        expect.objectContaining({ video_play_completed: false, video_play_watched_percent: 31 }),
      ]),
    );
    // Skipped on to 7 s before the end: less than 10 s left starts at 0.
    await play(SECOND, u.token, 9, '');
    p = await progressOf(u.token);
    expect(p.continue!.video).toMatchObject({ video_slug: SECOND, video_play_start_time: 0 });
    // Finished: the next lesson, from its start, even though it was opened before.
    await play(THIRD, u.token, 7, '0-1');
    await play(SECOND, u.token, 15, '0-15');
    p = await progressOf(u.token);
    expect(p.continue!.video).toMatchObject({ video_slug: THIRD, video_play_start_time: 0 });
    expect(courseOf(p)).toMatchObject({ course_lessons_done: 2 });
  });

  it('keeps a member’s progress when the membership lapses', async () => {
    const u = await createUserWithSession(t.db);
    await makeMember(u.idUser);
    expect((await play(PREMIUM, u.token, 15, '0-15')).statusCode).toBe(200);
    await endMembership(u.idUser);
    const p = await progressOf(u.token);
    expect(courseOf(p).course_lessons_done).toBe(1);
    expect(p.videos).toEqual([expect.objectContaining({ video_play_completed: true })]);
    // Locked now: no new marks, but nothing is lost.
    expect((await done(PREMIUM, u.token, 'DELETE')).statusCode).toBe(403);
    expect(courseOf(await progressOf(u.token)).course_lessons_done).toBe(1);
  });
});

describe('GET me/videos/{videoSlug} (what a shared page fills in, ADR 0056)', () => {
  const mine = (slug: string, token?: string, query = `?courseSlug=${COURSE}`) =>
    get(`/api/videos/me/videos/${slug}${query}`, token);

  it('needs a signed-in user, an existing video and a sound course slug', async () => {
    expect((await mine(FIRST)).statusCode).toBe(401);
    const { token } = await createUserWithSession(t.db);
    const missing = await mine('no-such-video', token);
    expect(missing.statusCode).toBe(404);
    const bad = await mine(FIRST, token, `?courseSlug=${'x'.repeat(201)}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Body>().errors[0]?.field).toBe('courseSlug');
  });

  it('answers the caller’s own save, play and course percent, as the video and the course do', async () => {
    const ada = await createUserWithSession(t.db);
    const bob = await createUserWithSession(t.db);
    const fresh = (await mine(SECOND, ada.token)).json<{ data: { my_video: MyVideo } }>().data.my_video;
    expect(fresh).toEqual({
      saved_to_my_list: false,
      id_video_play: null,
      video_play_total_time: null,
      video_play_current_time: null,
      video_play_completed: false,
      video_play_watched_time: 0,
      course_percent_complete: 0,
    });

    expect((await play(SECOND, ada.token, 6, '0-6')).statusCode).toBe(200);
    expect((await done(FIRST, ada.token)).statusCode).toBe(200);
    const { id_video: idVideo } = (await get(`/api/videos/videos/${SECOND}`, ada.token)).json<Body>().data.video;
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/videos/saved',
      headers: bearer(ada.token),
      payload: { id_video: idVideo },
    });
    expect(saved.statusCode).toBe(201);

    const adas = (await mine(SECOND, ada.token)).json<{ data: { my_video: MyVideo } }>().data.my_video;
    const video = (await get(`/api/videos/videos/${SECOND}?courseSlug=${COURSE}`, ada.token)).json<Body>().data.video;
    const course = (await get(`/api/videos/courses/${COURSE}`, ada.token)).json<{ data: { course: Course } }>().data.course;
    expect(adas).toEqual({
      saved_to_my_list: video.saved_to_my_list,
      id_video_play: video.id_video_play,
      video_play_total_time: video.video_play_total_time,
      video_play_current_time: video.video_play_current_time,
      video_play_completed: video.video_play_completed,
      video_play_watched_time: video.video_play_watched_time,
      course_percent_complete: course.course_percent_complete,
    });
    expect(adas.video_play_current_time).toBe(6);
    expect(adas.course_percent_complete).toBeGreaterThan(0);

    // Another learner sees none of it.
    const bobs = (await mine(SECOND, bob.token)).json<{ data: { my_video: MyVideo } }>().data.my_video;
    expect(bobs).toEqual(fresh);
  });
});

describe('first steps (the first-visit quiz)', () => {
  const answers = {
    first_steps_level: 'new',
    first_steps_style: 'pop',
    first_steps_guitar: 'acoustic',
    first_steps_goals: ['songs', 'chords'],
  };

  it('needs a signed-in user for the stored quiz, not for a recommendation', async () => {
    expect((await get('/api/videos/me/first-steps')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/videos/me/first-steps', payload: answers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/videos/me/first-steps/dismissed' })).statusCode).toBe(401);
    const res = await get(
      '/api/videos/first-steps/recommendation?first_steps_level=new&first_steps_style=pop&first_steps_guitar=acoustic&first_steps_goals=songs',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<Body>().data.recommendation.course).toMatchObject({ course_slug: COURSE });
  });

  it('recommends a course and first songs from the catalogue, stored per user until dismissed', async () => {
    const u = await createUserWithSession(t.db);
    const other = await createUserWithSession(t.db);
    expect((await get('/api/videos/me/first-steps', u.token)).json<Body>().data.first_steps).toEqual({
      answers: null,
      first_steps_dismissed: false,
      recommendation: null,
    });
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/videos/me/first-steps',
      headers: bearer(u.token),
      payload: answers,
    });
    expect(put.statusCode).toBe(200);
    const steps = put.json<Body>().data.first_steps;
    expect(steps.answers).toEqual(answers);
    expect(steps.recommendation!.course).toMatchObject({ course_slug: COURSE });
    expect(steps.recommendation!.songs.length).toBeGreaterThan(0);
    expect(steps.recommendation!.songs.every((s) => s.video_difficulty === 'Beginner')).toBe(true);

    const dismissed = await t.app.inject({
      method: 'PUT',
      url: '/api/videos/me/first-steps/dismissed',
      headers: bearer(u.token),
    });
    expect(dismissed.json<Body>().data.first_steps).toMatchObject({ first_steps_dismissed: true, answers });
    expect((await get('/api/videos/me/first-steps', other.token)).json<Body>().data.first_steps.answers).toBeNull();
  });

  it('sends an electric player to rock rhythm and a ukulele player to the ukulele course', async () => {
    const u = await createUserWithSession(t.db);
    const ask = async (body: object) =>
      (
        await t.app.inject({ method: 'PUT', url: '/api/videos/me/first-steps', headers: bearer(u.token), payload: body })
      ).json<Body>().data.first_steps.recommendation!.course!.course_slug;
    expect(
      await ask({
        ...answers,
        first_steps_level: 'beginner',
        first_steps_style: 'rock',
        first_steps_guitar: 'electric',
        first_steps_goals: ['rhythm'],
      }),
    ).toBe('electric-rock-rhythm');
    expect(await ask({ ...answers, first_steps_guitar: 'ukulele' })).toBe('ukulele-course');
  });

  it('starts someone who has never played at the beginner course’s first lesson, whatever the style (ADR 0082)', async () => {
    const res = await get(
      '/api/videos/first-steps/recommendation?first_steps_level=new&first_steps_style=rock&first_steps_guitar=electric&first_steps_goals=rhythm',
    );
    expect(res.statusCode).toBe(200);
    const { recommendation } = res.json<Body>().data;
    expect(recommendation.course).toMatchObject({ course_slug: COURSE });
    expect(recommendation.first_lesson).toEqual({ video_slug: 'holding-the-guitar', video_title: 'Holding the Guitar and Pick' });
  });

  it('refuses answers that are not offered, changing nothing', async () => {
    const u = await createUserWithSession(t.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/videos/me/first-steps',
      headers: bearer(u.token),
      payload: { ...answers, first_steps_level: 'guru' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<Body>().errors[0]!.message).toBe('Pick how much you have played.');
    const goals = await get(
      '/api/videos/first-steps/recommendation?first_steps_level=new&first_steps_style=pop&first_steps_guitar=acoustic&first_steps_goals=fame',
    );
    expect(goals.statusCode).toBe(400);
    expect((await get('/api/videos/me/first-steps', u.token)).json<Body>().data.first_steps.answers).toBeNull();
  });
});
