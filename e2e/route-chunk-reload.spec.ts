import { expect, test, type Page } from '@playwright/test';

// product.md#constants (page-reload guard, 10 s): a route module that fails to load after a deploy
// loads the page the reader clicked, in full, once per ttl; within the ttl the error page is shown
// instead of reloading again.

const GUARD_KEY = 'fretline:chunk-reload-at';

interface RouterWindow {
  __reactRouterManifest?: { routes: Record<string, { module: string } | undefined> };
  __reactRouterDataRouter?: unknown;
  documentMark?: string;
  sessionStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
}

/** Opens the home page and makes the /courses route's module answer 404, as a stale deploy would. */
async function openHomeWithCoursesChunkGone(page: Page): Promise<void> {
  await page.goto('/');
  await page.waitForFunction(() => {
    const w = globalThis as unknown as RouterWindow;
    return Boolean(w.__reactRouterDataRouter && w.__reactRouterManifest?.routes['courses']);
  });
  const module = await page.evaluate(
    () => (globalThis as unknown as RouterWindow).__reactRouterManifest!.routes['courses']!.module,
  );
  await page.route(
    (url) => url.pathname === module,
    (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'gone' }),
  );
  // Survives a client navigation, not a document load: tells the two apart.
  await page.evaluate(() => {
    (globalThis as unknown as RouterWindow).documentMark = 'home';
  });
}

test('a route chunk that fails to load takes the reader to the page they clicked, in full', async ({ page }) => {
  await openHomeWithCoursesChunkGone(page);
  await page.getByRole('banner').getByRole('link', { name: 'Courses', exact: true }).first().click();

  await expect(page).toHaveURL(/\/courses$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (globalThis as unknown as RouterWindow).documentMark)).toBeUndefined();
  const claimedAt = Number(
    await page.evaluate((key) => (globalThis as unknown as RouterWindow).sessionStorage.getItem(key), GUARD_KEY),
  );
  expect(Date.now() - claimedAt).toBeLessThan(10_000);
});

test('within the reload guard’s 10 s a failing route chunk shows the error page instead of loading again', async ({ page }) => {
  await openHomeWithCoursesChunkGone(page);
  await page.evaluate(
    (key) => (globalThis as unknown as RouterWindow).sessionStorage.setItem(key, String(Date.now())),
    GUARD_KEY,
  );
  await page.getByRole('banner').getByRole('link', { name: 'Courses', exact: true }).first().click();

  await expect(page.getByRole('heading', { name: '500 Server Error' })).toBeVisible();
  await expect(page.getByText('Something went wrong, please contact support.')).toBeVisible();
  expect(await page.evaluate(() => (globalThis as unknown as RouterWindow).documentMark)).toBe('home');
});
