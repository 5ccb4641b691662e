import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signIn, useToken } from './support/auth';

// Content editing (ADR 0037): an editor creates a course, adds two existing videos and puts them in
// order, publishes it, and it is on /courses with those videos in that order; renaming its slug
// keeps the old address working with a redirect.

const HOLDING = 'Holding the Guitar and Pick';
const TUNING = 'Tuning Up by Ear and with a Tuner';

async function asEditor(context: BrowserContext, baseURL: string, token: string): Promise<void> {
  await useToken(context, baseURL, token);
  // The cookie banner is another journey's; keep it out of the way.
  await context.addCookies([{ name: 'consent_asked', value: 'true', url: baseURL }]);
}

async function addLesson(page: Page, search: string, title: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Find videos to add' });
  await box.fill(search);
  await page.getByRole('button', { name: `Add “${title}” to the lessons` }).click();
  // Focus goes back to the search, ready for the next one.
  await expect(box).toBeFocused();
}

test('an editor creates a course with two videos in order, publishes it, and it is on /courses', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const base = baseURL ?? '';
  const token = await signIn(baseURL, 'editor@example.com');
  const stamp = Date.now().toString(36);
  const title = `First Week ${stamp}`;
  const slug = `first-week-${stamp}`;

  const context = await browser.newContext();
  await asEditor(context, base, token);
  const page = await context.newPage();

  await page.goto('/staff');
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Courses' }).click();
  await expect(page.getByRole('heading', { name: 'Courses', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'New course' }).first().click();
  await expect(page.getByRole('heading', { name: 'New course', level: 1 })).toBeVisible();

  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await expect(page.getByRole('textbox', { name: 'Slug', exact: true })).toHaveValue(slug);
  await page.getByRole('textbox', { name: 'Excerpt', exact: true }).fill('Seven days, two lessons, one song.');

  // Two existing videos, added in one order and then moved into the other.
  await addLesson(page, 'holding', HOLDING);
  await addLesson(page, 'tuning', TUNING);
  const lessons = page.getByRole('list', { name: /^Lessons/ });
  await expect(lessons.getByRole('listitem')).toHaveText([new RegExp(HOLDING), new RegExp(TUNING)]);
  const moveUp = page.getByRole('button', { name: `Move lesson 2, ${TUNING} up` });
  await moveUp.click();
  await expect(lessons.getByRole('listitem')).toHaveText([new RegExp(TUNING), new RegExp(HOLDING)]);
  // At the top its "up" is disabled, so focus moved to its "down" button.
  await expect(page.getByRole('button', { name: `Move lesson 1, ${TUNING} down` })).toBeFocused();

  // Publishing asks once more.
  await page.getByRole('button', { name: 'Save and publish…' }).click();
  await page.getByRole('button', { name: 'Yes, publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Created and published.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: /^Lessons/ }).getByRole('listitem')).toHaveText([
    new RegExp(TUNING),
    new RegExp(HOLDING),
  ]);
  const editUrl = page.url();

  // A visitor finds it on /courses and its page lists the lessons in that order.
  const visitor = await browser.newContext();
  await visitor.addCookies([{ name: 'consent_asked', value: 'true', url: base }]);
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/courses');
  await visitorPage
    .getByRole('link', { name: new RegExp(title) })
    .first()
    .click();
  await expect(visitorPage).toHaveURL(new RegExp(`/courses/${slug}$`));
  await expect(visitorPage.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const publicLessons = visitorPage.getByRole('region', { name: 'Lessons' }).getByRole('listitem');
  await expect(publicLessons).toHaveText([new RegExp(TUNING), new RegExp(HOLDING)]);
  await expect(visitorPage.getByText('Draft — not published.')).toHaveCount(0);

  // A new slug: the old address answers with a permanent redirect to the new one.
  await page.goto(editUrl);
  await page.getByRole('textbox', { name: 'Slug', exact: true }).fill(`${slug}-renamed`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(page.getByText(`/courses/${slug}`, { exact: true })).toBeVisible();
  const old = await visitorPage.request.get(`/courses/${slug}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(`/courses/${slug}-renamed`);
  await visitorPage.goto(`/courses/${slug}`);
  await expect(visitorPage).toHaveURL(new RegExp(`/courses/${slug}-renamed$`));

  await visitor.close();
  await context.close();
});

test('a draft course previews for editors with a banner and is a 404 for everyone else at phone width', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL ?? '';
  const token = await signIn(baseURL, 'editor@example.com');
  const stamp = Date.now().toString(36);
  const title = `Draft Course ${stamp}`;

  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  await asEditor(context, base, token);
  const page = await context.newPage();
  await page.goto('/staff/content/courses/new');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft created' })).toBeVisible();
  // Nothing spills sideways at phone width.
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);

  await page.goto(`/courses/draft-course-${stamp}`);
  await expect(page.getByText('Draft — not published.')).toBeVisible();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  expect((await visitorPage.goto(`/courses/draft-course-${stamp}`))?.status()).toBe(404);
  await visitor.close();
  await context.close();
});
