import { expect, test } from '@playwright/test';
import { signIn, useToken } from './support/auth';

// The editor without HTML, and publishing later (ADR 0060): an editor writes a lesson's text with
// the toolbar and keyboard (bold, a list), saves the draft, sees it on the draft page as formatted
// text, and schedules it for tomorrow morning.

test('an editor writes a lesson without HTML, checks the draft page and schedules it', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const base = baseURL ?? '';
  const stamp = Date.now().toString(36);
  const title = `Scheduled Strumming ${stamp}`;
  const slug = `scheduled-strumming-${stamp}`;

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await useToken(context, base, await signIn(baseURL, 'editor@example.com'));
  await context.addCookies([{ name: 'consent_asked', value: 'true', url: base }]);
  const page = await context.newPage();

  // Through the list, so the page is running its scripts before typing (the slug follows the title).
  await page.goto('/staff/content/videos');
  await page.getByRole('link', { name: 'New video' }).click();
  await expect(page.getByRole('heading', { name: 'New video', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await expect(page.getByRole('textbox', { name: 'Slug', exact: true })).toHaveValue(slug);
  await page.getByRole('radio', { name: 'YouTube' }).check();
  await page.getByRole('textbox', { name: 'YouTube video id', exact: true }).fill('M7lc1UVf-VE');

  await page.getByRole('combobox', { name: 'New section type' }).selectOption('text');
  await page.getByRole('button', { name: 'Add section' }).click();
  const section = page.getByRole('group', { name: 'Section 1: Text' });
  const text = section.getByRole('textbox', { name: 'Text', exact: true });
  await text.click();
  await page.keyboard.type('Keep the wrist ');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('loose');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('.');
  await page.keyboard.press('Enter');
  await section.getByRole('button', { name: 'Bulleted list' }).click();
  await page.keyboard.type('Down on one');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Up on the and');

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft created' })).toBeVisible();
  const editUrl = page.url();

  // The draft page shows the formatting, never tags as text.
  await page.goto(`/videos/${slug}`);
  await expect(page.getByText('Draft — not published.')).toBeVisible();
  await expect(page.locator('strong', { hasText: 'loose' })).toBeVisible();
  await expect(page.locator('li', { hasText: 'Up on the and' })).toBeVisible();
  await expect(page.getByText('<strong>')).toHaveCount(0);

  // Publish later: tomorrow at 09:00 in the editor's zone. The page's clock is ours from here, so
  // the draft's 2 s autosave can be held while the leave warning is checked (ADR 0061).
  await page.clock.install();
  await page.goto(editUrl);
  const panel = page.getByTestId('schedule-panel');
  const tomorrow = new Date(Date.now() + 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const local = `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T09:00`;
  await panel.getByLabel('Publish on').fill(local);
  await panel.getByRole('button', { name: 'Schedule' }).click();
  await expect(panel.getByRole('status')).toContainText('Publishes on');
  await expect(panel.getByRole('status')).toContainText('9:00');

  // A change not saved yet: leaving asks first, and staying keeps it. Time is held, so the
  // autosave cannot save the change before the link is clicked.
  await page.clock.pauseAt(new Date(Date.now() + 1000));
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`${title} (edited)`);
  await page.getByRole('link', { name: '← Videos' }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('Leave without saving?');
  await ask.getByRole('button', { name: 'Stay and save' }).click();
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(`${title} (edited)`);
  await page.clock.resume();

  // Still a draft for visitors until then.
  const visitor = await browser.newContext();
  expect((await (await visitor.newPage()).goto(`/videos/${slug}`))?.status()).toBe(404);
  await visitor.close();
  await context.close();
});
