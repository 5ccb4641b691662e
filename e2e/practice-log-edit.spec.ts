import { expect, test, type APIRequestContext } from '@playwright/test';
import { signUp, useToken } from './support/auth';

/*
 * The practice log made trustworthy (product.md#practice-log): a learner on a phone logs a session,
 * corrects it, deletes it, and the charts' tables follow each step; then opts into reminders.
 */

// Each journey makes many round trips (log, edit, delete, each revalidating the page): slow on a
// loaded machine, so they get three times the usual time.
test.beforeEach(() => test.slow());

async function learner(request: APIRequestContext, baseURL: string | undefined, label: string) {
  const { token } = await signUp(baseURL, { first_name: 'Robin', last_name: 'Logger', label });
  const headers = { authorization: `Bearer ${token}` };
  expect((await request.put('/api/auth/me/welcome', { headers })).ok()).toBe(true);
  return { token, headers };
}

test('a learner logs a session, edits it and deletes it, and the charts follow @phone', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const { token, headers } = await learner(request, baseURL, 'edit-log');
  await useToken(context, baseURL, token);
  await page.goto('/me/practice');
  await expect(page.getByRole('heading', { name: 'Practice log', level: 1 })).toBeVisible();

  const log = page.getByRole('form', { name: 'Log practice away from the lessons' });
  await log.getByLabel('Minutes').fill('25');
  await log.getByRole('button', { name: 'Log practice' }).click();
  await expect(log.getByRole('status')).toHaveText('Logged 25 min.');
  // The page reloads its data after the log: the new row shows once that lands.
  const session = page.getByTestId('practice-session');
  await expect(session).toHaveCount(1, { timeout: 30_000 });
  const daily = page.getByRole('table', { name: /Minutes practised each day/ });
  await expect(daily.getByRole('cell', { name: '25', exact: true })).toBeAttached();

  // Edit: the form opens on the minutes, with the keyboard.
  await session.getByRole('button', { name: /^Edit 25 min on / }).click();
  const minutes = session.getByLabel('Minutes');
  await expect(minutes).toBeFocused();
  await minutes.fill('40');
  await minutes.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /^Changed to 40 min on / })).toBeVisible();
  await expect(session).toContainText('40 min');
  await expect(daily.getByRole('cell', { name: '40', exact: true })).toBeAttached();
  await expect(daily.getByRole('cell', { name: '25', exact: true })).toHaveCount(0);

  // Delete asks once more; "Keep it" keeps it.
  await session.getByRole('button', { name: /^Delete 40 min on / }).click();
  await expect(session.getByRole('button', { name: 'Yes, delete' })).toBeFocused();
  await session.getByRole('button', { name: 'Keep it' }).click();
  await expect(session.getByRole('button', { name: /^Edit 40 min on / })).toBeFocused();
  await session.getByRole('button', { name: /^Delete 40 min on / }).click();
  await session.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Deleted 40 min on / })).toBeVisible();
  await expect(page.getByTestId('practice-session')).toHaveCount(0);
  await expect(page.getByText('Nothing logged yet')).toBeVisible();

  const after = (await (await request.get('/api/videos/me/practice-sessions', { headers })).json()) as {
    data: { sessions: unknown[]; days: unknown[] };
  };
  expect(after.data).toMatchObject({ sessions: [], days: [] });
});

test('a learner opts into reminders in their own time zone @phone', async ({ page, context, request, baseURL }) => {
  const { token, headers } = await learner(request, baseURL, 'reminder');
  await useToken(context, baseURL, token);
  await page.goto('/me/practice#reminders');
  const form = page.getByRole('form', { name: 'Reminders' });
  // The browser's zone is offered until the learner saves another.
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(form.getByLabel('Time zone')).toHaveValue(zone);
  await form.getByLabel('E-mail me on days I haven’t practised').check();
  await form.getByLabel('Time of day').fill('19:45');
  await form.getByLabel('Time zone').fill('Mars/Base');
  await form.getByRole('button', { name: 'Save reminder' }).click();
  await expect(form.getByText('That time zone is not known.')).toBeVisible();
  await form.getByLabel('Time zone').fill('Europe/Lisbon');
  await form.getByRole('button', { name: 'Save reminder' }).click();
  await expect(form.getByRole('status')).toContainText('Reminders on: 19:45 (Europe/Lisbon)');
  const saved = (await (await request.get('/api/videos/me/practice-reminder', { headers })).json()) as { data: unknown };
  expect(saved.data).toEqual({ reminder: { reminder_on: true, reminder_time: '19:45', reminder_time_zone: 'Europe/Lisbon' } });
});

test('One Minute Changes counts taps anywhere on the panel and ends with Time! @phone', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const { token } = await learner(request, baseURL, 'tap-panel');
  await useToken(context, baseURL, token);
  await page.clock.install();
  await page.goto('/me/chord-changes');
  await page.getByLabel('First chord').selectOption('g');
  await page.getByLabel('Second chord').selectOption('d');
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
  await page.getByRole('button', { name: 'Start the minute' }).click();
  await page.clock.runFor(100);
  const panel = page.getByRole('button', { name: /Change!/ });
  await expect(panel).toBeFocused();
  // Taps land anywhere on the panel: its corners as well as its middle.
  const box = (await panel.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(280);
  await page.mouse.click(box.x + 10, box.y + 10);
  await page.mouse.click(box.x + box.width - 10, box.y + box.height - 10);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.keyboard.press('Space');
  await expect(page.getByTestId('changes-count')).toHaveText('4');
  await page.clock.runFor(60_100);
  await expect(page.getByTestId('changes-time-up')).toHaveText('Time!');
  await expect(page.getByRole('status').filter({ hasText: /Saved: 4 changes from (G to D|D to G)\./ })).toBeVisible();
});
