import type { Page } from '@playwright/test';

/*
 * The analytics actions a page sends, as the browser tests read them. ky sends the body as a
 * stream, which the browser's request log does not show, so the page's own fetch is wrapped to
 * keep a copy of each analytics body.
 */
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

/** From the page's next load on, keeps every analytics body it sends (read with analyticsBodies). */
export async function keepAnalyticsBodies(page: Page): Promise<void> {
  await page.addInitScript({ content: KEEP_ANALYTICS_BODIES });
}

/** The analytics bodies the page sent since its load, as forms. */
export async function analyticsBodies(page: Page): Promise<URLSearchParams[]> {
  const bodies = await page.evaluate<string[]>('window.__analyticsBodies');
  return bodies.map((body) => new URLSearchParams(body));
}
