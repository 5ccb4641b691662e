import { expect, test, type Page } from '@playwright/test';

import { codeFor, freshEmail, signUpContext } from './support/auth.ts';

/*
 * An honest start (ADR 0082, docs/product.md#first-steps): the first-steps quiz is the last,
 * skippable step of sign-up, and someone who has never played starts at the beginner course's first
 * lesson whatever they like; a trial started from a locked lesson lands back on that lesson, playing,
 * with its confirmation on a phone's screen.
 */

interface MediaElement {
  muted: boolean;
  currentTime: number;
  paused: boolean;
  play(): Promise<void>;
}

const COURSE = 'beginner-guitar-course';
const PREMIUM_LESSON = 'c-and-d-chords';

/** Plays muted once the hydrated player holds its media element, until its time passes `seconds`. */
async function playPast(page: Page, seconds: number): Promise<void> {
  const video = page.getByTestId('practice-player').getByTestId('video-player').filter({ visible: true });
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

/** Whether the element lies wholly inside the viewport (the phone's screen, not below the fold). */
async function inViewport(page: Page, testId: string): Promise<boolean> {
  const box = await page.getByTestId(testId).boundingBox();
  const viewport = page.viewportSize();
  return !!box && !!viewport && box.y >= 0 && box.y + box.height <= viewport.height;
}

test('sign up, take the quiz as a never-played rock fan on an electric, and start the beginner course’s first lesson @phone', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const email = freshEmail('honest-start');
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Nina');
  await page.getByLabel('Last name').fill('Newcomer');
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/login-code$/);
  await page.getByLabel('Your 6-digit code').fill(await codeFor(request, email));
  await expect(page).toHaveURL(/\/welcome$/);

  // The quiz is sign-up's last step, open at once and skippable.
  const steps = page.getByTestId('first-steps');
  await expect(steps).toContainText('One more step (optional)');
  await expect(steps.getByRole('button', { name: 'Skip the first steps quiz' })).toBeVisible();
  await steps.getByLabel('Never played').check();
  await steps.getByLabel('Rock').check();
  await steps.getByLabel('Electric').check();
  await steps.getByLabel('Strum in time').check();
  await steps.getByRole('button', { name: 'Show my path' }).click();

  // Not Electric Rock Rhythm (power chords, palm muting): holding, tuning, first chords.
  await expect(steps.getByTestId('recommended-course')).toContainText('Beginner Guitar Course');
  const first = steps.getByTestId('recommended-first-lesson');
  await expect(first).toHaveText(/Lesson 1: Holding the Guitar and Pick/);
  await first.click();
  // The lesson page loads its player chunk: a slow machine takes a while.
  await expect(page).toHaveURL(`/videos/holding-the-guitar?course=${COURSE}`, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Holding the Guitar and Pick');
  await playPast(page, 1);
});

test('skipping the quiz at sign-up hides it and keeps the welcome', async ({ page, context, baseURL }) => {
  await signUpContext(context, baseURL, { first_name: 'Sam', last_name: 'Skipper', label: 'honest-start-skip' });
  await page.goto('/welcome');
  const steps = page.getByTestId('first-steps');
  const dismissed = page.waitForResponse((r) => r.url().endsWith('/api/videos/me/first-steps/dismissed') && r.ok());
  await steps.getByRole('button', { name: 'Skip the first steps quiz' }).click();
  await dismissed;
  await expect(steps).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: /Welcome to Fretline/ })).toBeVisible();
  await expect(page.getByTestId('first-steps')).toHaveCount(0);
});

test('a trial started from a locked lesson lands back on it, playing, with the confirmation on a phone’s screen @phone', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signUpContext(context, baseURL, { first_name: 'Tia', last_name: 'Trial', label: 'honest-start-trial' });
  const lesson = `/videos/${PREMIUM_LESSON}?course=${COURSE}`;
  await page.goto(lesson);
  await expect(page.getByText('This lesson is for members')).toBeVisible();
  await page.getByRole('link', { name: /Start (my|your) free trial|free trial/i }).click();
  await expect(page).toHaveURL(/\/membership\?back=/, { timeout: 30_000 });

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Start my free trial' }).click();

  // Back on the lesson that sold the trial, with the confirmation where a phone shows it.
  await expect(page).toHaveURL(lesson, { timeout: 30_000 });
  const joined = page.getByTestId('joined');
  await expect(joined).toHaveText(/14-day free trial has started/);
  expect(await inViewport(page, 'joined')).toBe(true);
  await expect(page.getByText('This lesson is for members')).toHaveCount(0);
  await playPast(page, 1);
});
