import { expect, test, type APIRequestContext } from '@playwright/test';
import { signUp, useToken } from './support/auth';

/*
 * The practice tools (product.md#practice-log): a One Minute Changes round played with the keyboard,
 * the lesson's practice timer, and "songs I can play now". The minute runs on the browser's clock,
 * which the test installs and moves on (Playwright's clock), so production code has no test switch.
 */

async function learner(request: APIRequestContext, baseURL: string | undefined, label: string) {
  const { token } = await signUp(baseURL, { first_name: 'Robin', last_name: 'Practiser', label });
  const headers = { authorization: `Bearer ${token}` };
  expect((await request.put('/api/auth/me/welcome', { headers })).ok()).toBe(true);
  return { token, headers };
}

test('a One Minute Changes round counts space presses, ends after a minute and charts the pair @phone', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const { token, headers } = await learner(request, baseURL, 'changes');
  await useToken(context, baseURL, token);
  await page.clock.install();
  await page.goto('/me/chord-changes');
  await expect(page.getByRole('heading', { name: 'One Minute Changes', level: 1 })).toBeVisible();
  await expect(page.getByText('No rounds yet')).toBeVisible();

  await page.getByLabel('First chord').selectOption('am');
  await page.getByLabel('Second chord').selectOption('e');
  // From here the page's clock moves only when the test moves it.
  await page.clock.pauseAt(new Date(Date.now() + 5_000));
  await page.getByRole('button', { name: 'Start the minute' }).click();
  await page.clock.runFor(100);
  await expect(page.getByRole('button', { name: /Change!/ })).toBeFocused();
  for (let i = 0; i < 3; i++) await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('changes-count')).toHaveText('4');

  await page.clock.runFor(30_000);
  await expect(page.getByTestId('changes-time')).toHaveText('0:30');
  await page.clock.runFor(30_100);
  await expect(page.getByRole('status').filter({ hasText: 'Saved: 4 changes from Am to E.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Am ↔ E' })).toBeVisible();
  // The chart's numbers, as a table for screen readers.
  const table = page.getByRole('table', { name: /Changes a minute from Am to E/ });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('cell', { name: '4', exact: true })).toBeAttached();

  const rounds = await request.get('/api/videos/me/chord-changes', { headers });
  const body = (await rounds.json()) as { data: { rounds: { chord_a: string; chord_b: string; changes: number }[] } };
  expect(body.data.rounds).toEqual([expect.objectContaining({ chord_a: 'am', chord_b: 'e', changes: 4 })]);
});

test('the practice timer on a lesson logs its minutes to the practice log @phone', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const { token } = await learner(request, baseURL, 'timer');
  await useToken(context, baseURL, token);
  await page.clock.install();
  await page.goto('/videos/holding-the-guitar');
  const timer = page.getByRole('region', { name: 'Practice timer' });
  await timer.getByRole('button', { name: 'Start practising' }).click();
  await page.clock.runFor(5 * 60_000);
  await expect(timer.getByTestId('practice-timer-clock')).toHaveText('5:00');
  await timer.getByRole('button', { name: 'Pause' }).click();
  await timer.getByRole('button', { name: 'Stop and log' }).click();
  await expect(timer.getByRole('status')).toHaveText('Logged 5 min of practice.');

  await timer.getByRole('link', { name: 'Practice log' }).click();
  await expect(page.getByRole('heading', { name: 'Practice log', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Holding the Guitar and Pick' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: /Minutes practised each day/ }).getByRole('cell', { name: '5', exact: true }),
  ).toBeAttached();
});

test('"songs I can play now" and "one chord away" narrow /videos to the chords the learner knows @phone', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const { token, headers } = await learner(request, baseURL, 'playable');
  const put = await request.put('/api/videos/me/chords', { headers, data: { chords: ['g', 'c', 'd', 'em'] } });
  expect(put.status(), await put.text()).toBe(200);
  // A personal filter is never answered from the signed-out page cache.
  const visitor = await request.get('/videos?playable=now', { headers: { cookie: '' } });
  expect(visitor.headers()['x-page-cache']).toBe('bypass');

  await useToken(context, baseURL, token);
  await page.goto('/videos');
  await page.getByRole('button', { name: 'Songs I can play now', exact: true }).click();
  await expect(page).toHaveURL(/playable=now/);
  await expect(page.getByRole('button', { name: 'Songs I can play now', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { name: 'Putting It Together: Your First Song' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'A minor and E major' })).toHaveCount(0);

  // With another filter and a search too.
  await page.getByRole('searchbox').fill('first');
  await expect(page).toHaveURL(/search=first/);
  await expect(page.getByRole('heading', { name: 'Putting It Together: Your First Song' })).toBeVisible();

  await page.getByRole('button', { name: 'One chord away', exact: true }).click();
  await expect(page).toHaveURL(/playable=one-away/);
  await expect(page.getByRole('heading', { name: 'Putting It Together: Your First Song' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove Search: "first"' }).click();
  await expect(page.getByText(/Needs one more chord: /).first()).toBeVisible();
});

test('the practice pages fit a phone: nothing runs off the side at 375 px @phone', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const { token, headers } = await learner(request, baseURL, 'fit');
  // Pages with something in them: a session, a round and known chords, as a learner sees them.
  expect((await request.put('/api/videos/me/chords', { headers, data: { chords: ['g', 'c', 'd', 'em', 'f-barre'] } })).ok()).toBe(
    true,
  );
  expect(
    (await request.post('/api/videos/me/chord-changes', { headers, data: { chord_a: 'g', chord_b: 'c', changes: 31 } })).ok(),
  ).toBe(true);
  const today = new Date().toISOString().slice(0, 10);
  expect(
    (
      await request.post('/api/videos/me/practice-sessions', {
        headers,
        data: { id_video: null, seconds: 1200, practised_on: today },
      })
    ).ok(),
  ).toBe(true);
  await useToken(context, baseURL, token);
  await page.setViewportSize({ width: 375, height: 740 });
  for (const [path, heading, charts] of [
    ['/me/practice', 'Practice log', true],
    ['/me/chord-changes', 'One Minute Changes', true],
    ['/me/chords', 'Chords I know', false],
    ['/tuner', 'Tuner and metronome', false],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    // The charts draw once the page has measured its width: check them drawn, then the width.
    if (charts) await expect(page.locator('svg.recharts-surface').first()).toBeVisible();
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    expect(overflow, `${path} is wider than the phone`).toBeLessThanOrEqual(0);
  }
});
