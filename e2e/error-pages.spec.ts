import { expect, test, type Page } from '@playwright/test';

// product.md#pages: the error page says '404 Not Found' with the default message, keeps the site's
// header and footer (an address that does not decode included), and records its page load.

const DEFAULT_MESSAGE = 'Something went wrong, please contact support.';

// ky sends the body as a stream, which the browser's request log does not show, so the page's own
// fetch is wrapped to keep a copy of each analytics body.
const KEEP_ANALYTICS_BODIES = `
  window.__analyticsBodies = [];
  const originalFetch = window.fetch;
  window.fetch = async (input, init) => {
    if (input instanceof Request && input.url.endsWith('/api/analytics/actions')) {
      window.__analyticsBodies.push(await input.clone().text());
    }
    return originalFetch(input, init);
  };
`;

async function actionsSent(page: Page): Promise<Array<{ name: string | null; values: unknown }>> {
  const bodies = await page.evaluate<string[]>('window.__analyticsBodies');
  return bodies.map((body) => {
    const form = new URLSearchParams(body);
    return { name: form.get('action_type_name'), values: JSON.parse(form.get('action_values') ?? '[]') as unknown };
  });
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
  await page.addInitScript(KEEP_ANALYTICS_BODIES);
  const response = await page.goto('/no-such-page-here');
  expect(response?.status()).toBe(404);
  await expect(page.getByText(DEFAULT_MESSAGE)).toBeVisible();
  await expect.poll(async () => (await actionsSent(page)).map((a) => a.name).sort()).toEqual(['not_found', 'page_load']);
  expect((await actionsSent(page)).find((a) => a.name === 'page_load')?.values).toEqual([
    { key: 'path', value: '/no-such-page-here', type: 'S' },
  ]);
});
