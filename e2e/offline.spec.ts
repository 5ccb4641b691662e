import { expect, test, type Locator, type Page } from '@playwright/test';

import { signInContext } from './support/auth.ts';

/*
 * Offline practice (product.md#offline-practice, ADR 0079): a member keeps a premium lesson, the
 * network goes, the lesson's page opens from its kept copy and plays its stored rendition with
 * the A–B loop, practice logged meanwhile arrives once the network is back; with the service
 * worker installed the rest of the site works as before.
 */

/** The parts of the media element the test touches (the e2e project has no DOM types). */
interface MediaElement {
  muted: boolean;
  currentTime: number;
  paused: boolean;
}

const SLUG = 'c-and-d-chords';
const LESSON = `/videos/${SLUG}`;

const lessonVideo = (page: Page) => page.getByTestId('practice-player').getByTestId('video-player');
const currentTime = (video: Locator) => video.evaluate((el) => (el as unknown as MediaElement).currentTime);

async function seekTo(video: Locator, seconds: number): Promise<void> {
  await video.evaluate((el, to) => {
    const media = el as unknown as MediaElement;
    media.muted = true;
    media.currentTime = to;
  }, seconds);
  await expect.poll(() => currentTime(video)).toBeCloseTo(seconds, 1);
}

async function dismissCookieBanner(page: Page): Promise<void> {
  const reject = page.getByRole('button', { name: 'Reject non-essential' });
  if (await reject.isVisible()) await reject.click();
}

test('a member keeps a lesson, practises it offline with a loop, and the practice arrives once back online', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  test.setTimeout(300_000);
  const token = await signInContext(context, baseURL, 'member@example.com');
  const headers = { authorization: `Bearer ${token}` };
  const sessionsBefore = (
    (await (await request.get('/api/videos/me/practice-sessions', { headers })).json()) as {
      data: { sessions: unknown[] };
    }
  ).data.sessions.length;

  await page.goto(LESSON);
  await dismissCookieBanner(page);
  await expect(page.getByTestId('mark-a')).toBeEnabled({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Keep for offline' }).click();
  await expect(page.getByTestId('kept-offline')).toHaveText('Kept offline', { timeout: 30_000 });
  await expect(page.getByTestId('keep-offline')).toContainText(/MB, until /);
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (globalThis as unknown as { navigator: { serviceWorker: { controller: unknown } } }).navigator.serviceWorker
            .controller !== null,
      ),
    )
    .toBe(true);
  // What the learner sees, at a laptop's width and a phone's (kept with the test's output).
  const keep = page.getByTestId('keep-offline');
  await keep.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('kept-1280.png') });
  await page.setViewportSize({ width: 375, height: 740 });
  await keep.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('kept-375.png') });
  await page.setViewportSize({ width: 1280, height: 720 });

  // The network goes; the lesson's address opens from its kept copy.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Adding C and D' })).toBeVisible();
  await expect(page.getByTestId('kept-offline')).toHaveText('Playing the offline copy', { timeout: 15_000 });
  const video = lessonVideo(page);
  await expect(page.getByTestId('mark-a')).toBeEnabled({ timeout: 20_000 });

  // It plays the stored rendition: the time moves.
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => currentTime(video), { timeout: 60_000 }).toBeGreaterThan(1);
  await video.evaluate((el) => (el as unknown as { pause(): void }).pause());

  // An A–B loop from 3 s to 6 s holds the position between its ends.
  await seekTo(video, 3);
  await page.locator('body').press('a');
  await expect(page.getByTestId('mark-a')).toHaveText('A 0:03');
  await seekTo(video, 6);
  await page.locator('body').press('b');
  await expect(page.getByTestId('mark-b')).toHaveText('B 0:06');
  // It wraps: past 5 s the time comes back near A (watched in the page, so no sample misses it).
  const wrapped = video.evaluate(
    (el) =>
      new Promise<boolean>((resolve) => {
        const media = el as unknown as MediaElement & { addEventListener(type: string, fn: () => void): void };
        let nearB = false;
        const check = () => {
          if (media.currentTime > 5) nearB = true;
          else if (nearB && media.currentTime < 4) resolve(true);
        };
        media.addEventListener('timeupdate', check);
        media.addEventListener('seeked', check);
        setTimeout(() => resolve(false), 60_000);
      }),
  );
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  expect(await wrapped).toBe(true);
  expect(await currentTime(video)).toBeLessThanOrEqual(6.3);
  await video.evaluate((el) => (el as unknown as { pause(): void }).pause());

  // Practice logged offline is kept.
  const timer = page.getByRole('region', { name: 'Practice timer' });
  await expect(timer.getByRole('button', { name: 'Stop and log' })).toBeVisible();
  await timer.getByRole('button', { name: 'Stop and log' }).click();
  await expect(timer.getByRole('status')).toHaveText('Logged offline: it is sent when you are back online.');

  // Back online: it arrives.
  await context.setOffline(false);
  const sessions = async () =>
    (
      (await (await request.get('/api/videos/me/practice-sessions', { headers })).json()) as {
        data: { sessions: { video_slug: string }[] };
      }
    ).data.sessions;
  await expect.poll(async () => (await sessions()).length, { timeout: 30_000 }).toBe(sessionsBefore + 1);
  const after = { data: { sessions: await sessions() } };
  expect(after.data.sessions.some((s) => s.video_slug === SLUG)).toBe(true);

  // With the worker installed the rest of the site works as before, and the kept lesson is listed.
  await page.goto('/me/practice');
  await expect(page.getByRole('heading', { name: 'Practice log', level: 1 })).toBeVisible();
  const kept = page.getByTestId('kept-lessons');
  await expect(kept.getByRole('link', { name: 'Adding C and D' })).toBeVisible();
  await kept.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('kept-list-1280.png') });
  await page.getByRole('link', { name: 'Videos', exact: true }).first().click();
  await expect(page).toHaveURL(/\/videos$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Removed, the copy is gone and the list with it.
  await page.goto('/me/practice');
  await kept.getByRole('button', { name: 'Remove Adding C and D' }).click();
  await expect(kept).toHaveCount(0);
});
