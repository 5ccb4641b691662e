import { expect, test, type Page } from '@playwright/test';

import { signUpContext } from './support/auth.ts';

/*
 * Catalogue journeys: browse → filter → open a video → it plays → save → My List → remove; and watch
 * part of a course lesson → the course page offers to resume at it. Each test signs up its own user.
 */

/** The parts of the media element the tests touch (the e2e project has no DOM types). */
interface MediaElement {
  muted: boolean;
  currentTime: number;
  paused: boolean;
  play(): Promise<void>;
  pause(): void;
}

/**
 * The player a learner sees. Once in a CI run a second, hidden copy of the lazily loaded player
 * was in the page for a moment (React keeping a suspended tree hidden); it is not what anyone watches.
 */
const visiblePlayer = (page: Page) => page.getByTestId('video-player').filter({ visible: true });

/**
 * Starts the player muted (autoplay rules) and waits until the media element's time moves past
 * `seconds`. The stream loads on the first play (ADR 0056), and only a hydrated player listens for
 * it: a play() before that leaves a source-less element "playing" forever. So it waits first for
 * the real condition, the practice player's Play button enabled (the page is hydrated and the player
 * holds the media element), then asks to play without awaiting play()'s promise (hls.js attaching
 * interrupts it and plays again itself), and asks again only if the time has not moved.
 */
async function playFor(page: Page, seconds: number): Promise<void> {
  const video = visiblePlayer(page);
  await expect(video).toBeVisible();
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

test('browse, filter, open a video that plays, save it to My List and remove it @phone', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  await signUpContext(context, baseURL, { first_name: 'Robin', last_name: 'Strummer', label: 'catalogue-browse' });

  await page.goto('/videos');
  await expect(page.getByRole('heading', { name: 'Lessons and songs' })).toBeVisible();
  // On a phone the facet selects fold behind the "Filters" button.
  const filters = page.getByRole('button', { name: 'Filters' });
  if (await filters.isVisible()) {
    await expect(async () => {
      if ((await filters.getAttribute('aria-expanded')) !== 'true') await filters.click();
      await expect(page.getByLabel('Category')).toBeVisible({ timeout: 1_000 });
    }).toPass();
  }
  await page.getByLabel('Category').selectOption('Lesson');
  await expect(page).toHaveURL(/category=Lesson/);
  await page.getByLabel('Search').fill('Holding the Guitar');
  await expect(page).toHaveURL(/search=Holding(\+|%20)the(\+|%20)Guitar/);
  await expect(page.getByText('1 video', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: /Holding the Guitar and Pick/ }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Holding the Guitar and Pick' })).toBeVisible();
  await playFor(page, 0);

  await page.getByRole('button', { name: 'Save to My List' }).click();
  await expect(page.getByRole('button', { name: 'Remove from My List' })).toBeVisible();

  await page.goto('/my-list');
  const list = page.getByTestId('my-list');
  await expect(list.getByText('Holding the Guitar and Pick')).toBeVisible();
  await list.getByRole('button', { name: 'Remove from My List' }).click();
  await expect(page.getByText('Your list is empty')).toBeVisible();
});

test('watching part of a course lesson makes the course page offer to resume at it', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  await signUpContext(context, baseURL, { first_name: 'Robin', last_name: 'Strummer', label: 'catalogue-resume' });

  await page.goto('/courses/beginner-guitar-course');
  await expect(page.getByRole('link', { name: 'Start the course' })).toBeVisible();

  await page.goto('/videos/tuning-up?course=beginner-guitar-course');
  await playFor(page, 1);
  const reported = page.waitForResponse(
    (res) => res.request().method() === 'PATCH' && res.url().includes('/api/videos/videos/tuning-up'),
  );
  await visiblePlayer(page).evaluate((el) => (el as unknown as MediaElement).pause());
  expect((await reported).status()).toBe(200);

  await page.goto('/courses/beginner-guitar-course');
  await expect(page.getByTestId('resume-course')).toHaveText('Resume: Tuning Up by Ear and with a Tuner');
  await page.getByTestId('resume-course').click();
  // It opens where the learner stopped (docs/product.md#learning-progress).
  await expect(page).toHaveURL(/\/videos\/tuning-up\?course=beginner-guitar-course&t=\d+$/);
});

test('a learner’s video page is their class’s, and what is theirs fills in after it loads @phone', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const email = await signUpContext(context, baseURL, { first_name: 'Quincy', last_name: 'Fretwell', label: 'shared-page' });
  const response = await page.goto('/videos/holding-the-guitar');
  // One render serves every learner of the class (ADR 0056): it names nobody.
  expect(['miss', 'hit']).toContain(response?.headers()['x-page-cache']);
  const html = (await response?.text()) ?? '';
  expect(html).not.toContain(email);
  expect(html).not.toContain('Quincy');
  // The header then learns who is reading.
  const menu = page.getByRole('button', { name: 'Account menu for Quincy Fretwell' });
  await expect(menu.locator('[aria-hidden="true"]')).toHaveText('Q');
  await page.getByRole('button', { name: 'Save to My List' }).click();
  await expect(page.getByRole('button', { name: 'Remove from My List' })).toBeVisible();

  // Their save comes back with the same shared page.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Remove from My List' })).toBeVisible();

  // Another learner of the same class gets the same page, with their own header and list.
  const other = await browser.newContext();
  try {
    await signUpContext(other, baseURL, { first_name: 'Wren', last_name: 'Plectrum', label: 'shared-page-other' });
    const otherPage = await other.newPage();
    const otherResponse = await otherPage.goto('/videos/holding-the-guitar');
    const otherHtml = (await otherResponse?.text()) ?? '';
    expect(otherHtml).not.toContain('Quincy');
    const otherMenu = otherPage.getByRole('button', { name: 'Account menu for Wren Plectrum' });
    await expect(otherMenu.locator('[aria-hidden="true"]')).toHaveText('W');
    await expect(otherPage.getByRole('button', { name: 'Save to My List' })).toBeVisible();
  } finally {
    await other.close();
  }
});

test('a lesson keeps playing when the window regains focus and the page refreshes its data', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signUpContext(context, baseURL, { first_name: 'Robin', last_name: 'Strummer', label: 'catalogue-focus' });
  await page.goto('/videos/tuning-up?course=beginner-guitar-course');
  await playFor(page, 1);
  // A pause reports where the learner is, so the refreshed data has a new place to resume from.
  const reported = page.waitForResponse(
    (res) => res.request().method() === 'PATCH' && res.url().includes('/api/videos/videos/tuning-up'),
  );
  const video = visiblePlayer(page);
  await video.evaluate((el) => (el as unknown as MediaElement).pause());
  expect((await reported).status()).toBe(200);
  await playFor(page, 2);

  // Coming back to the window refreshes the page's data (product.md#states), at most once in 5 s:
  // a focus the browser itself gave the page a moment ago can hold this one back, so ask until it runs.
  await expect(async () => {
    const refreshed = page.waitForResponse((res) => res.url().includes('/videos/tuning-up.data'), { timeout: 3_000 });
    // A string: this project compiles without the DOM's types.
    await page.evaluate("window.dispatchEvent(new Event('focus'))");
    expect((await refreshed).status()).toBe(200);
  }).toPass({ timeout: 20_000 });
  const at = await video.evaluate((el) => (el as unknown as MediaElement).currentTime);
  await expect
    .poll(() => video.evaluate((el) => (el as unknown as MediaElement).currentTime), { timeout: 10_000 })
    .toBeGreaterThan(at + 1);
  expect(await video.evaluate((el) => (el as unknown as MediaElement).paused)).toBe(false);
});

test('an unknown course shows the Page Not Found page', async ({ page }) => {
  const res = await page.goto('/courses/no-such-course');
  expect(res?.status()).toBe(404);
  await expect(page).toHaveTitle(/Page Not Found/);
});
