import { expect, test, type Locator, type Page } from '@playwright/test';

import { signUpContext } from './support/auth.ts';

/*
 * The practice player (product.md#practice): loop a passage of the demo HLS clip and check the
 * position stays between A and B; climb the tempo ladder; mirror; save a moment and reopen it
 * from My List; and find the settings again on the next visit.
 */

/** The parts of the media element the tests touch (the e2e project has no DOM types). */
interface MediaElement {
  muted: boolean;
  currentTime: number;
  paused: boolean;
  playbackRate: number;
  preservesPitch: boolean;
  style: { transform: string };
  pause(): void;
}

const LESSON = '/videos/first-chords-em-and-g';

const lessonVideo = (page: Page) => page.getByTestId('practice-player').getByTestId('video-player');

async function seekTo(video: Locator, seconds: number): Promise<void> {
  await video.evaluate((el, to) => {
    const media = el as unknown as MediaElement;
    media.muted = true;
    media.currentTime = to;
  }, seconds);
  await expect.poll(() => video.evaluate((el) => (el as unknown as MediaElement).currentTime)).toBeCloseTo(seconds, 1);
}

/** A phone keeps the less used tools behind "More" (from lg they are always shown). */
async function openMoreTools(page: Page): Promise<void> {
  const more = page.getByTestId('more-tools');
  if ((await more.isVisible()) && (await more.getAttribute('aria-expanded')) === 'false') await more.click();
}

async function dismissCookieBanner(page: Page): Promise<void> {
  const reject = page.getByRole('button', { name: 'Reject non-essential' });
  if (await reject.isVisible()) await reject.click();
}

test('a learner loops a passage, climbs the ladder, mirrors, saves a moment and finds it all again @phone', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signUpContext(context, baseURL, { first_name: 'Lou', last_name: 'Looper', label: 'practice' });

  await page.goto(LESSON);
  await dismissCookieBanner(page);
  const video = lessonVideo(page);
  await expect(page.getByTestId('mark-a')).toBeEnabled({ timeout: 20_000 });
  await expect(page.getByTestId('practice-player').locator('[data-loaded="true"]')).toBeVisible();

  // Mark A at 3 s and B at 6 s with the keys. A alone is a half loop, kept on screen and never
  // saved: a save meanwhile (the speed) goes through without "Set both ends of the loop".
  await seekTo(video, 3);
  await page.locator('body').press('a');
  await expect(page.getByTestId('mark-a')).toHaveText('A 0:03');
  const speedSaved = page.waitForResponse((res) => res.request().method() === 'PUT' && res.url().includes('/practice'));
  await page.getByRole('button', { name: 'Faster by 5 %' }).click();
  expect((await speedSaved).status()).toBe(200);
  await page.getByRole('button', { name: 'Slower by 5 %' }).click();
  await expect(page.getByTestId('practice-player').getByRole('alert')).toHaveCount(0);
  await seekTo(video, 6);
  await page.locator('body').press('b');
  await expect(page.getByTestId('mark-a')).toHaveText('A 0:03');
  await expect(page.getByTestId('mark-b')).toHaveText('B 0:06');
  await expect(page.getByTestId('loop-region')).toBeVisible();

  // Play: it starts at A and comes back to A at B, pass after pass. The practice timer runs with it.
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => video.evaluate((el) => !(el as unknown as MediaElement).paused)).toBe(true);
  const timer = page.getByRole('region', { name: 'Practice timer' });
  await expect(timer.getByRole('button', { name: 'Pause' })).toBeVisible();
  const samples = await video.evaluate(
    (el) =>
      new Promise<number[]>((resolve) => {
        const media = el as unknown as MediaElement;
        const seen: number[] = [];
        const started = Date.now();
        const timer = setInterval(() => {
          seen.push(media.currentTime);
          if (Date.now() - started > 7_500) {
            clearInterval(timer);
            resolve(seen);
          }
        }, 40);
      }),
  );
  expect(Math.min(...samples)).toBeGreaterThanOrEqual(2.9);
  expect(Math.max(...samples)).toBeLessThanOrEqual(6.3);
  // It wrapped at least once: the time fell back from near B to near A.
  expect(samples.some((t, i) => i > 0 && samples[i - 1]! > 5.5 && t < 3.6)).toBe(true);
  await video.evaluate((el) => (el as unknown as MediaElement).pause());
  await expect(timer.getByRole('button', { name: 'Resume' })).toBeVisible();

  // Space plays and pauses, as K does.
  await page.locator('body').press('Space');
  await expect.poll(() => video.evaluate((el) => !(el as unknown as MediaElement).paused)).toBe(true);
  await page.locator('body').press('Space');
  await expect.poll(() => video.evaluate((el) => (el as unknown as MediaElement).paused)).toBe(true);

  // The ladder: starts at 60 %, three clean loops climb one 5 % step, with the pitch kept.
  await openMoreTools(page);
  await page.getByTestId('ladder-toggle').click();
  await expect(page.getByTestId('speed-value')).toHaveText('60 %');
  await expect(page.getByTestId('ladder-status')).toHaveText('At 60 %: 0 of 3 clean loops');
  const clean = page.getByTestId('ladder-clean');
  await clean.click();
  await clean.click();
  await expect(page.getByTestId('ladder-status')).toHaveText('At 60 %: 2 of 3 clean loops');
  await clean.click();
  await expect(page.getByTestId('speed-value')).toHaveText('65 %');
  await expect(page.getByTestId('ladder-status')).toHaveText('At 65 %: 0 of 3 clean loops');
  await expect.poll(() => video.evaluate((el) => (el as unknown as MediaElement).playbackRate)).toBeCloseTo(0.65, 2);
  expect(await video.evaluate((el) => (el as unknown as MediaElement).preservesPitch)).toBe(true);

  // Mirror flips the video and the chord diagrams; the settings are saved a moment later.
  const saved = page.waitForResponse((res) => res.request().method() === 'PUT' && res.url().includes('/practice'));
  await page.getByTestId('mirror-toggle').click();
  expect((await saved).status()).toBe(200);
  await expect.poll(() => video.evaluate((el) => (el as unknown as MediaElement).style.transform)).toBe('scaleX(-1)');
  await expect(page.getByTestId('chord-diagram').first()).toHaveAttribute('data-mirror', 'true');

  // The practice view: the workspace full screen, with the tools and the chords in it.
  await page.getByTestId('practice-view').click();
  const workspace = page.locator('[data-practice-view]');
  await expect(workspace).toHaveAttribute('data-practice-view', 'true');
  await expect(workspace.getByRole('region', { name: 'Practice tools' })).toBeVisible();
  // The Now / Next chords are drawn twice, one shown per width (ADR 0077): any shown one will do.
  await expect(workspace.getByTestId('chord-diagram').filter({ visible: true }).first()).toBeVisible();
  await page.getByTestId('practice-view').click();
  await expect(workspace).toHaveAttribute('data-practice-view', 'false');

  // Save this moment, with a note.
  await seekTo(video, 4);
  await page.getByTestId('save-moment').click();
  await page.getByTestId('moment-note').fill('Watch the ring finger on the change');
  await page.getByTestId('moment-submit').click();
  await expect(page.getByTestId('moment-saved')).toContainText('Saved 0:04');

  // Next visit: everything where it was left. For a moment after a reload the server's player,
  // hidden, and the hydrated one can both be in the page.
  await page.reload();
  await expect(page.getByTestId('practice-player').locator('[data-loaded="true"]')).toBeVisible();
  await expect(page.getByTestId('speed-value')).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByTestId('speed-value')).toHaveText('65 %');
  await expect(page.getByTestId('mark-a')).toHaveText('A 0:03');
  await expect(page.getByTestId('mark-b')).toHaveText('B 0:06');
  await expect(page.getByTestId('mirror-toggle')).toHaveAttribute('aria-pressed', 'true');

  // My List opens the lesson at the moment.
  await page.goto('/my-list');
  const moment = page.getByTestId('saved-moment');
  await expect(moment).toContainText('Moment at 0:04');
  await expect(moment).toContainText('Watch the ring finger on the change');
  await moment.click();
  await expect(page).toHaveURL(/\/videos\/first-chords-em-and-g\?t=4$/);
  // The stream loads on the first play (ADR 0056), and starts at the moment.
  await expect(page.getByTestId('practice-player')).toContainText('0:04');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect
    .poll(() => lessonVideo(page).evaluate((el) => (el as unknown as MediaElement).currentTime), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(3.9);
});

test('a visitor’s practice settings stay in the browser, and the "?" panel lists the keys', async ({ page }) => {
  await page.goto(LESSON);
  await dismissCookieBanner(page);
  await expect(page.getByTestId('mark-a')).toBeEnabled({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Faster by 5 %' }).click();
  await expect(page.getByTestId('speed-value')).toHaveText('105 %');
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          Object.keys((globalThis as unknown as { localStorage: Record<string, string> }).localStorage).filter((k) =>
            k.startsWith('fretline:practice:'),
          ).length,
      ),
    )
    .toBe(1);
  await page.reload();
  // For a moment after a reload the server's player and the hydrated one can both be in the page.
  await expect(page.getByTestId('speed-value')).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByTestId('speed-value')).toHaveText('105 %');

  await page.locator('body').press('?');
  const dialog = page.getByRole('dialog', { name: 'Practice shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Mark the loop start (A) here')).toBeVisible();
  await expect(dialog.getByText('Space or K')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});
