import { expect, test, type BrowserContext } from '@playwright/test';
import { signIn, useToken } from './support/auth';

// Content editing (ADR 0037): an editor writes a lesson with a text section, previews the draft,
// publishes it, and it is on /videos with its section; the editor's list works at 375 px.

async function asEditor(context: BrowserContext, baseURL: string, token: string): Promise<void> {
  await useToken(context, baseURL, token);
  // The cookie banner is another journey's; keep it out of the way.
  await context.addCookies([{ name: 'consent_asked', value: 'true', url: baseURL }]);
}

test('an editor writes a lesson, previews the draft, publishes it and it is on /videos', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const base = baseURL ?? '';
  const token = await signIn(baseURL, 'editor@example.com');
  const stamp = Date.now().toString(36);
  const title = `Slow Practice ${stamp}`;
  const slug = `slow-practice-${stamp}`;
  const sectionText = `Play it at half speed first ${stamp}.`;

  const context = await browser.newContext();
  await asEditor(context, base, token);
  const page = await context.newPage();

  await page.goto('/staff/content/videos');
  await page.getByRole('link', { name: 'New video' }).click();
  await expect(page.getByRole('heading', { name: 'New video', level: 1 })).toBeVisible();

  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await expect(page.getByRole('textbox', { name: 'Slug', exact: true })).toHaveValue(slug);
  await page.getByRole('textbox', { name: 'Excerpt', exact: true }).fill('A short lesson on practising slowly.');
  await page.getByRole('radio', { name: 'YouTube' }).check();
  await page.getByRole('textbox', { name: 'YouTube video id', exact: true }).fill('M7lc1UVf-VE');
  await page.getByRole('combobox', { name: 'Difficulty', exact: true }).fill('Beginner');
  await page.getByRole('combobox', { name: 'Tags', exact: true }).fill('Practice habits');
  await page.getByRole('combobox', { name: 'Tags', exact: true }).press('Enter');
  await expect(page.getByRole('button', { name: 'Remove tag Practice habits' })).toBeVisible();

  // A text section: added, focused, filled.
  await page.getByRole('combobox', { name: 'New section type' }).selectOption('text');
  await page.getByRole('button', { name: 'Add section' }).click();
  const section = page.getByRole('group', { name: 'Section 1: Text' });
  await section.getByRole('textbox', { name: 'Heading', exact: true }).fill('Warm up');
  await section.getByRole('textbox', { name: 'Text', exact: true }).fill(sectionText);

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft created' })).toBeVisible();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const editUrl = page.url();
  expect(editUrl).toMatch(/\/staff\/content\/videos\/\d+/);

  // The draft's public page: editors see it with the banner; a visitor gets the 404 page.
  await page.goto(`/videos/${slug}`);
  await expect(page.getByText('Draft — not published.')).toBeVisible();
  await expect(page.getByText(sectionText)).toBeVisible();
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  expect((await visitorPage.goto(`/videos/${slug}`))?.status()).toBe(404);

  await page.goto(editUrl);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved and published.' })).toBeVisible();

  // Published: on the list (newest first) for anyone, with its section.
  await visitorPage.goto('/videos');
  await visitorPage
    .getByRole('link', { name: new RegExp(title) })
    .first()
    .click();
  await expect(visitorPage).toHaveURL(new RegExp(`/videos/${slug}$`));
  await expect(visitorPage.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(visitorPage.getByRole('heading', { name: 'Warm up' })).toBeVisible();
  await expect(visitorPage.getByText(sectionText)).toBeVisible();
  await expect(visitorPage.getByText('Draft — not published.')).toHaveCount(0);

  // A new slug: the old address answers 301 to the new one.
  await page.getByRole('textbox', { name: 'Slug', exact: true }).fill(`${slug}-renamed`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  const old = await visitorPage.request.get(`/videos/${slug}?course=none`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(`/videos/${slug}-renamed?course=none`);
  await visitorPage.goto(`/videos/${slug}`);
  await expect(visitorPage).toHaveURL(new RegExp(`/videos/${slug}-renamed$`));
  await expect(visitorPage.getByRole('heading', { name: title, level: 1 })).toBeVisible();

  // The editor's list at phone width: the new video, its badge and the New video button fit.
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  await asEditor(phone, base, token);
  const phonePage = await phone.newPage();
  await phonePage.goto(`/staff/content/videos?q=${encodeURIComponent(stamp)}`);
  const row = phonePage.getByRole('link', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Published')).toBeVisible();
  const button = await phonePage.getByRole('link', { name: 'New video' }).boundingBox();
  expect(button && button.x + button.width).toBeLessThanOrEqual(375);
  expect(await phonePage.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);

  await Promise.all([context.close(), visitor.close(), phone.close()]);
});
