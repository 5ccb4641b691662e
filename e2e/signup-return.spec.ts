import { expect, test, type Page } from '@playwright/test';

import { codeFor, freshEmail } from './support/auth.ts';

/*
 * Sign-up keeps the return route (product.md#pages). A visitor who signs up from a premium lesson (or
 * /membership) is offered the way back on /welcome, and lands where they were, hash included.
 */

async function lockedPremiumVideo(page: Page): Promise<{ slug: string; title: string }> {
  const res = await page.request.get('/api/videos/videos?limit=100');
  const { data } = (await res.json()) as {
    data: { videos: Array<{ video_slug: string; video_title: string; video_premium: boolean; video_locked: boolean }> };
  };
  const video = data.videos.find((v) => v.video_premium && v.video_locked);
  expect(video, 'the catalogue seeds a premium video locked for a visitor').toBeTruthy();
  return { slug: video!.video_slug, title: video!.video_title };
}

/** Waits until the page, once hydrated, has stored itself as the return route. */
async function waitForReturnRoute(page: Page, route: string) {
  await expect
    .poll(async () => {
      const cookie = (await page.context().cookies()).find((c) => c.name === 'return');
      return cookie ? decodeURIComponent(cookie.value) : null;
    })
    .toBe(route);
}

async function signUpFromHeader(page: Page, email: string) {
  await page.getByRole('banner').getByRole('link', { name: 'Join' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByLabel('First name').fill('Rita');
  await page.getByLabel('Last name').fill('Return');
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/login-code$/);
}

test('signing up from a premium lesson comes back to that lesson, hash kept, after the welcome @phone', async ({
  page,
  request,
}) => {
  const { slug, title } = await lockedPremiumVideo(page);
  const lesson = `/videos/${slug}#about`;
  await page.goto(lesson);
  await waitForReturnRoute(page, lesson);

  const email = freshEmail('signup-return');
  await signUpFromHeader(page, email);
  await page.getByLabel('Your 6-digit code').fill(await codeFor(request, email));
  await expect(page).toHaveURL(/\/welcome$/);

  // Welcome first; it offers the lesson by name (and does not replace the way back with itself).
  await expect(page.getByRole('heading', { name: /Welcome to Fretline/ })).toBeVisible();
  const back = page.getByRole('link', { name: `Continue to ${title}` });
  await expect(back).toBeVisible();
  await back.click();
  await expect(page).toHaveURL(new RegExp(`/videos/${slug}#about$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test('signing up from /membership offers the way back to the membership', async ({ page, request }) => {
  await page.goto('/membership');
  await waitForReturnRoute(page, '/membership');

  const email = freshEmail('signup-membership');
  await signUpFromHeader(page, email);
  await page.getByLabel('Your 6-digit code').fill(await codeFor(request, email));
  await expect(page).toHaveURL(/\/welcome$/);
  await page.getByRole('link', { name: 'Continue to the membership' }).click();
  await expect(page).toHaveURL(/\/membership$/);
});
