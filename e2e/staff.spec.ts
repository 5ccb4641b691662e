import { expect, request as playwrightRequest, test } from '@playwright/test';

import { signIn, signUp, useToken } from './support/auth.ts';

// Staff console journeys (ADR 0035): an admin grants Staff to a new user, who then has the staff console (and
// still not the Director's analytics); a director's analytics page counts page loads just made.

test('an admin grants Staff to a user, who then sees the staff console but not the analytics', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { token: newcomerToken } = await signUp(baseURL, { first_name: 'Nico', last_name: 'Newcomer', label: 'new-staff' });

  // Before the grant the console is closed to them.
  const newcomer = await browser.newContext();
  await useToken(newcomer, baseURL, newcomerToken);
  const newcomerPage = await newcomer.newPage();
  const before = await newcomerPage.goto('/staff/members');
  expect(before?.status()).toBeGreaterThanOrEqual(400);

  const adminContext = await browser.newContext();
  await useToken(adminContext, baseURL, await signIn(baseURL, 'admin@example.com'));
  const admin = await adminContext.newPage();
  await admin.goto('/staff/members');
  await admin.getByRole('searchbox', { name: 'Name or e-mail' }).fill('newcomer');
  await admin.getByRole('button', { name: 'Search' }).click();
  await admin.getByRole('link', { name: /Nico Newcomer/ }).click();
  await expect(admin.getByRole('heading', { name: 'Nico Newcomer', level: 1 })).toBeVisible();
  await admin.getByRole('checkbox', { name: /^Staff/ }).check();
  await admin.getByRole('button', { name: 'Save roles' }).click();
  await expect(admin.getByRole('status')).toHaveText('Roles saved.');

  // The change is in the audit log, with who made it.
  await admin.goto('/staff/audit');
  const entry = admin.getByRole('listitem').filter({ hasText: 'Roles changed' }).first();
  await expect(entry).toContainText('admin@example.com');
  await expect(entry).toContainText('added: Staff');
  await adminContext.close();

  // Now the console opens for them, with the Staff tools in the navigation and not the Director's.
  await newcomerPage.goto('/staff');
  const nav = newcomerPage.getByRole('navigation', { name: 'Staff' });
  await expect(nav.getByRole('link', { name: 'Inbox' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Members' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Analytics' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Inbox' }).click();
  await expect(newcomerPage).toHaveURL(/\/staff\/inbox/);
  // The inbox itself answers for them: the seeded visitor's billing question waits for a reply.
  await expect(newcomerPage.getByRole('heading', { name: 'Helpdesk inbox', level: 1 })).toBeVisible();
  const waiting = newcomerPage.getByTestId('staff-thread-item').filter({ hasText: 'Priya Visitor' });
  await expect(waiting).toContainText('student discount on the yearly membership');
  await expect(waiting).toContainText('Unanswered');
  await waiting.click();
  await expect(newcomerPage.getByRole('link', { name: 'priya.visitor@example.com' })).toBeVisible();
  await expect(newcomerPage.getByTestId('message').filter({ hasText: 'I am at music college.' })).toBeVisible();
  const forbidden = await newcomerPage.goto('/staff/analytics');
  expect(forbidden?.status()).toBe(403);
  await expect(newcomerPage.getByRole('heading', { name: 'This page is not part of your role' })).toBeVisible();
  await newcomer.close();
});

test("a director's analytics page shows the page loads just made", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  await useToken(context, baseURL, await signIn(baseURL, 'admin@example.com'));
  const page = await context.newPage();
  await page.goto('/staff/analytics');
  await expect(page.getByRole('heading', { name: 'Page loads per day' })).toBeVisible();
  const total = page.getByTestId('total-page-loads');
  const before = Number(await total.textContent());

  // Three page loads, as the site records them (analytics actions, product.md#calls).
  const visitor = await playwrightRequest.newContext({ baseURL });
  for (const path of ['/videos', '/courses/beginner-guitar-course', '/courses/beginner-guitar-course']) {
    const res = await visitor.post('/api/analytics/actions', {
      form: { action_type_name: 'page_load', action_values: JSON.stringify([{ key: 'path', value: path, type: 'S' }]) },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await visitor.dispose();

  await page.getByRole('link', { name: '7 days' }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=/);
  await expect
    .poll(async () => Number(await page.getByTestId('total-page-loads').textContent()))
    .toBeGreaterThanOrEqual(before + 3);
  // The course just visited leads the top content, under its title.
  await expect(page.getByRole('table', { name: 'Top videos and courses' })).toContainText('/courses/beginner-guitar-course');
  // The chart draws in the browser.
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await context.close();
});

test('a Staff member runs a live lesson from the console: the Go live panel, and nothing to edit @phone', async ({
  browser,
  baseURL,
}, testInfo) => {
  // Staff and above hold the stream key (ADR 0063); the Staff role is not in the Editor group, so
  // the stream's page gives them the Go live panel alone.
  const context = await browser.newContext();
  await useToken(context, baseURL, await signIn(baseURL, 'staff@example.com'));
  const page = await context.newPage();
  await page.goto('/staff/content/live');
  await expect(page.getByRole('heading', { level: 1, name: 'Live streams' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New live stream' })).toHaveCount(0);
  await page.getByRole('link', { name: /Practice Along Live/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Practice Along Live' })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Go live' });
  await expect(panel).toBeVisible();
  // This suite's server takes no RTMP (ADR 0063): the panel says so, instead of the address and key.
  await expect(panel.getByRole('status')).toContainText(/LIVE_RTMP_PORT=0|ffmpeg/);
  await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await expect(page.getByLabel('Title')).toHaveCount(0);
  // Nothing overflows sideways, at 1280 px or at 375 px.
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('staff-go-live.png'), fullPage: true });
  await context.close();
});
