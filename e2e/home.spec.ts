import { expect, test, type APIRequestContext } from '@playwright/test';
import { signUp, useToken } from './support/auth';

/*
 * A learner's home (docs/product.md#learners-home): anyone signed in meets their own lesson,
 * practice, courses, songs, live lesson and messages at /; visitors keep the shared marketing home.
 */

const COURSE = 'beginner-guitar-course';
/** The learner's calendar day as the browser (same machine, same zone) will say it. */
const localDay = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

async function learner(request: APIRequestContext, baseURL: string | undefined, first_name: string, label: string) {
  const { token } = await signUp(baseURL, { first_name, last_name: 'Learner', label });
  const headers = { authorization: `Bearer ${token}` };
  expect((await request.put('/api/auth/me/welcome', { headers })).ok()).toBe(true);
  return { token, headers };
}

test('a learner’s home shows their own lesson to continue, today’s practice, streak, next lessons and songs @phone', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const { token, headers } = await learner(request, baseURL, 'Hana', 'home-learner');
  // Five seconds into a lesson, twenty minutes practised today, four chords known.
  const played = await request.patch(`/api/videos/videos/tuning-up?courseSlug=${COURSE}`, {
    headers,
    data: { video_play_total_time: 16, video_play_current_time: 5, video_play_watched: '0-5' },
  });
  expect(played.status(), await played.text()).toBe(200);
  // Then a free song in a second course: that course is the one touched last, so Continue opens it.
  const song = await request.patch('/api/videos/videos/midnight-diner-blues?courseSlug=lead-guitar-1', {
    headers,
    data: { video_play_total_time: 16, video_play_current_time: 3, video_play_watched: '0-3' },
  });
  expect(song.status(), await song.text()).toBe(200);
  const logged = await request.post('/api/videos/me/practice-sessions', {
    headers,
    data: { id_video: null, seconds: 20 * 60, practised_on: localDay() },
  });
  expect(logged.status(), await logged.text()).toBe(201);
  expect((await request.put('/api/videos/me/chords', { headers, data: { chords: ['g', 'c', 'd', 'em'] } })).ok()).toBe(true);

  await useToken(context, baseURL, token);
  const answer = await page.goto('/');
  // Rendered for this learner alone: never stored for visitors (ADR 0056).
  expect(answer?.headers()['x-page-cache']).toBe('bypass');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Hana');
  await expect(page.getByTestId('continue-learning')).toContainText('Continue: Midnight Diner Blues');
  const practice = page.getByTestId('home-practice');
  await expect(practice).toContainText('20 of 15 min');
  await expect(practice).toContainText('Goal met today.');
  await expect(practice).toContainText('Goal met on 1 of 4 days this week.');
  await expect(page.getByTestId('home-streak')).toContainText(/\d+ weeks? in a row at your goal/);
  // The other course, at the lesson and moment it reopens.
  const next = page.getByRole('region', { name: 'Next in your other courses' });
  await expect(next.getByRole('link', { name: /Beginner Guitar Course/ })).toHaveAttribute(
    'href',
    `/videos/tuning-up?course=${COURSE}&t=5`,
  );
  const songs = page.getByRole('region', { name: 'Songs you can play now' });
  await expect(songs.getByRole('link').first()).toBeVisible();
  // Songs only: the lesson that teaches Em and G is playable too, but it is a lesson.
  await expect(songs.getByText('Your First Chords: E minor and G')).toHaveCount(0);
  await expect(page.getByTestId('home-messages')).toContainText('No replies waiting.');
  await expect(page.getByRole('region', { name: /Live now|Next live lesson/ })).toBeVisible();

  // The visitors' home afterwards holds nothing of hers.
  const visitor = await request.get('/', { headers: { cookie: '' } });
  const html = await visitor.text();
  expect(html).toContain('Play the songs you love');
  expect(html).not.toContain('Hana');
});

test('a brand-new learner is pointed at the beginner course, and a visitor keeps the marketing home @phone', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Play the songs you love');

  const { token } = await learner(request, baseURL, 'Nell', 'home-new');
  await useToken(context, baseURL, token);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Nell');
  const start = page.getByTestId('home-start');
  await expect(start).toContainText('Beginner Guitar Course');
  await expect(page.getByTestId('home-practice')).toContainText('0 of 15 min');
  await expect(page.getByRole('link', { name: 'Chords I know' }).first()).toBeVisible();
  // Nothing is wider than the phone: the header's Practice shortcut still fits beside the account's buttons.
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  expect(overflow).toBeLessThanOrEqual(0);
  await start.getByRole('link', { name: 'Begin this course' }).click();
  await expect(page).toHaveURL(`/courses/${COURSE}`);
});
