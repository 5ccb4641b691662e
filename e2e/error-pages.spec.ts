import { expect, test, type Page } from '@playwright/test';

import { analyticsBodies, keepAnalyticsBodies } from './support/analytics.ts';

// product.md#pages: the error page says '404 Not Found' with the default message, keeps the site's
// header and footer (an address that does not decode included), and records its page load.

const DEFAULT_MESSAGE = 'Something went wrong, please contact support.';

async function actionsSent(page: Page): Promise<Array<{ name: string | null; values: unknown }>> {
  return (await analyticsBodies(page)).map((form) => ({
    name: form.get('action_type_name'),
    values: JSON.parse(form.get('action_values') ?? '[]') as unknown,
  }));
}

test('an address that does not decode gets the site’s own 404 page, header and footer included @phone', async ({ page }) => {
  const response = await page.goto('/%E0%A4%A');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle('Page Not Found');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Not Found');
  await expect(page.getByText(DEFAULT_MESSAGE)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Fretline home' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test('the 404 page records a page-load action like any page, besides its not-found action', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([
    { name: 'consent_asked', value: 'true', url: baseURL ?? '' },
    { name: 'consent_analytic', value: 'true', url: baseURL ?? '' },
  ]);
  await keepAnalyticsBodies(page);
  const response = await page.goto('/no-such-page-here');
  expect(response?.status()).toBe(404);
  await expect(page.getByText(DEFAULT_MESSAGE)).toBeVisible();
  await expect.poll(async () => (await actionsSent(page)).map((a) => a.name).sort()).toEqual(['not_found', 'page_load']);
  expect((await actionsSent(page)).find((a) => a.name === 'page_load')?.values).toEqual([
    { key: 'path', value: '/no-such-page-here', type: 'S' },
  ]);
});
