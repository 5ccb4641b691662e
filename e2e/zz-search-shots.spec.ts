import { expect, test } from '@playwright/test';

// Temporary: screenshots of /videos with a suggestion and filters (not committed).
for (const width of [320, 375, 1280]) {
  test(`shots ${width}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/videos?search=blus&kind=song&instrument_family=guitar');
    await expect(page.getByText(/Did you mean/)).toBeVisible();
    await page.screenshot({ path: `/tmp/search-shots/videos-suggest-${width}.png`, fullPage: false });
    await page.goto('/videos?search=Em%20G&kind=lesson');
    await expect(page.getByRole('link', { name: /Your First Chords/ }).first()).toBeVisible();
    await page.screenshot({ path: `/tmp/search-shots/videos-chords-${width}.png`, fullPage: false });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
