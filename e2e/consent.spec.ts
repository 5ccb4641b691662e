import { expect, test, type Page, type Request } from '@playwright/test';

import { analyticsBodies, keepAnalyticsBodies } from './support/analytics.ts';

// Cookie consent and the analytics gating of ADR 0005 (product.md#entities, #roles).

function watchAnalytics(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/analytics/actions') sent.push(request);
  });
  return sent;
}

async function consentCookie(page: Page, category: string): Promise<string | undefined> {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === `consent_${category}`)?.value;
}

test('the banner asks on the first visit; no analytics action is sent until the visitor accepts', async ({ page }) => {
  const sent = watchAnalytics(page);
  await keepAnalyticsBodies(page);
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookies on Fretline' });
  await expect(banner).toBeVisible();
  // Give the page time to have sent anything it was going to send.
  await page.waitForLoadState('networkidle');
  expect(sent).toHaveLength(0);

  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/analytics/actions'));
  await banner.getByRole('button', { name: 'Accept all' }).click();
  const response = await (await posted).response();
  expect(response?.status()).toBe(201);
  const [body] = await analyticsBodies(page);
  expect(body?.get('action_type_name')).toBe('page_load');
  expect(JSON.parse(body?.get('action_values') ?? '[]')).toEqual([{ key: 'path', value: '/', type: 'S' }]);
  await expect(banner).toBeHidden();

  // The choice persists across a reload, kept in one 1-year cookie per category.
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('region', { name: 'Cookies on Fretline' })).toHaveCount(0);
  const cookies = await page.context().cookies();
  const analytic = cookies.find((c) => c.name === 'consent_analytic');
  expect(analytic?.value).toBe('true');
  expect((analytic?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
});

test('rejecting non-essential cookies sends no analytics, and the choice can be changed on /cookies', async ({ page }) => {
  const sent = watchAnalytics(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Reject non-essential' }).click();
  await expect(page.getByRole('region', { name: 'Cookies on Fretline' })).toHaveCount(0);
  expect(await consentCookie(page, 'asked')).toBe('true');
  expect(await consentCookie(page, 'analytic')).toBe('false');

  await page.goto('/cookies');
  await page.waitForLoadState('networkidle');
  expect(sent).toHaveLength(0);
  await expect(page.getByRole('heading', { name: 'Cookie settings' })).toBeVisible();
  const analytics = page.getByRole('switch', { name: 'Analytics' });
  const video = page.getByRole('switch', { name: 'Video' });
  await expect(analytics).not.toBeChecked();
  await analytics.check();
  await video.check();
  await page.getByRole('button', { name: 'Save my choices' }).click();
  await expect(page.getByRole('status')).toHaveText('Your cookie choices have been saved.');
  expect(await consentCookie(page, 'analytic')).toBe('true');
  expect(await consentCookie(page, 'video')).toBe('true');
  expect(await consentCookie(page, 'marketing')).toBe('false');

  // From now on navigations are recorded.
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/analytics/actions'));
  await page.goto('/');
  await posted;

  await page.goto('/cookies');
  await expect(page.getByRole('switch', { name: 'Analytics' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Video' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Audio' })).not.toBeChecked();
});

test('the banner is keyboard-usable and leaves the page reachable on a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookies on Fretline' });
  await expect(banner).toBeVisible();
  const box = await banner.boundingBox();
  expect(box?.height ?? 0).toBeLessThan(740 * 0.45);
  // At the bottom of the page the banner sits below the content instead of over it.
  await page.mouse.wheel(0, 100_000);
  // Polled from the test: waitForFunction with a string would evaluate it in the page, which the CSP forbids.
  await expect
    .poll(() => page.evaluate<boolean>('window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1'))
    .toBe(true);
  const footer = page.locator('footer').last();
  if (await footer.count()) {
    const footerBox = await footer.boundingBox();
    const bannerBox = await banner.boundingBox();
    expect((footerBox?.y ?? 0) + (footerBox?.height ?? 0)).toBeLessThanOrEqual((bannerBox?.y ?? 0) + 1);
  }
  // Keyboard: focus the button and press Enter.
  await banner.getByRole('button', { name: 'Reject non-essential' }).focus();
  await page.keyboard.press('Enter');
  await expect(banner).toBeHidden();
});

test.describe('before scripts load', () => {
  test.use({ javaScriptEnabled: false });

  test('the server-rendered banner still stores the choice', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookies on Fretline' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Accept all' }).click();
    await expect(page.getByRole('heading', { name: 'Cookie settings' })).toBeVisible();
    expect(await consentCookie(page, 'analytic')).toBe('true');
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Cookies on Fretline' })).toHaveCount(0);
  });
});
