import { expect, test, type Page } from '@playwright/test';

import { signUpContext } from './support/auth.ts';

/*
 * The learner's journey (docs/product.md#learning-progress, #first-steps): leave a lesson part way,
 * come back from home to "Continue" at that moment; mark a lesson done and the course goes on; a
 * newcomer's quiz recommends a course. Each test signs up its own user or stays a visitor.
 */

interface MediaElement {
  muted: boolean;
  currentTime: number;
  paused: boolean;
  play(): Promise<void>;
  pause(): void;
}

const COURSE = 'beginner-guitar-course';
const player = (page: Page) => page.getByTestId('practice-player').getByTestId('video-player').filter({ visible: true });

/** Plays muted once the hydrated player holds its media element, until the time passes `seconds` (see catalogue.spec.ts). */
async function playPast(page: Page, seconds: number): Promise<void> {
  const video = player(page);
  await expect(page.getByTestId('practice-player').getByRole('button', { name: 'Play', exact: true })).toBeEnabled({
    timeout: 30_000,
  });
  await expect(async () => {
    await video.evaluate((el) => {
      const media = el as unknown as MediaElement;
      media.muted = true;
      if (media.paused) void media.play().catch(() => undefined);
    });
    await expect
      .poll(() => video.evaluate((el) => (el as unknown as MediaElement).currentTime), { timeout: 10_000 })
      .toBeGreaterThan(seconds);
  }).toPass({ timeout: 45_000 });
}

test('leaving a lesson part way, home’s Continue brings the learner back to that moment @phone', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signUpContext(context, baseURL, { first_name: 'Cora', last_name: 'Continue', label: 'learning-continue' });

  await page.goto(`/videos/tuning-up?course=${COURSE}`);
  await playPast(page, 2);
  const reported = page.waitForResponse(
    (res) => res.request().method() === 'PATCH' && res.url().includes('/api/videos/videos/tuning-up'),
  );
  const stoppedAt = await player(page).evaluate((el) => {
    const media = el as unknown as MediaElement;
    media.pause();
    return media.currentTime;
  });
  expect((await reported).status()).toBe(200);

  await page.goto('/');
  const card = page.getByTestId('continue-learning');
  await expect(card).toContainText('Continue: Tuning Up by Ear and with a Tuner');
  await expect(card).toContainText('Pick up from 0:0');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/videos/tuning-up\\?course=${COURSE}&t=${Math.floor(stoppedAt)}$`));
  // The player opens at that second, not at the start.
  await expect(page.getByTestId('practice-player')).toContainText(`0:0${Math.floor(stoppedAt)}`);

  // Marking it done moves the course on to the next lesson, from its start.
  await page.getByRole('button', { name: 'Mark done' }).click();
  await expect(page.getByRole('button', { name: 'Mark not done' })).toBeVisible();
  await page.goto(`/courses/${COURSE}`);
  const resume = page.getByTestId('resume-course');
  await expect(resume).toHaveText('Resume: Your First Chords: E minor and G');
  await expect(resume).toHaveAttribute('href', `/videos/first-chords-em-and-g?course=${COURSE}&t=0`);
  await expect(page.getByTestId('lessons-done')).toHaveText(/^1 of \d+ lessons done$/);
  await page.goto('/courses');
  await expect(page.getByTestId('course-progress').first()).toContainText('1 of');
});

test('a newcomer takes the quiz and is recommended a course that opens @phone', async ({ page }) => {
  await page.goto('/');
  const steps = page.getByTestId('first-steps');
  await steps.getByRole('button', { name: 'Take the quiz' }).click();
  await steps.getByLabel('Never played').check();
  await steps.getByLabel('Pop').check();
  await steps.getByLabel('Acoustic').check();
  await steps.getByLabel('Play songs I love').check();
  await steps.getByRole('button', { name: 'Show my path' }).click();
  const course = steps.getByTestId('recommended-course');
  await expect(course).toContainText('Beginner Guitar Course');
  // The answers stay in this browser: the path is still there after a reload.
  await page.reload();
  await expect(page.getByTestId('recommended-course')).toContainText('Beginner Guitar Course');
  await page.getByTestId('recommended-course').click();
  await expect(page).toHaveURL(`/courses/${COURSE}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beginner Guitar Course');
});
