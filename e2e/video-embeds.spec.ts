import { expect, test, type Page } from '@playwright/test';

/*
 * Video page embeds behind the shared consent gate (ADR 0005): YouTube waits for `video`
 * consent, Spotify and Soundslice for `audio`. Nothing is requested from those sites before the
 * visitor allows it; afterwards their frames are answered locally (the test machine is offline).
 */

const THIRD_PARTY = /youtube-nocookie\.com|youtube\.com|open\.spotify\.com|soundslice\.com/;

function watchThirdParty(page: Page): string[] {
  const asked: string[] = [];
  void page.route(THIRD_PARTY, async (route) => {
    asked.push(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<p>embed</p>' });
  });
  return asked;
}

test('a YouTube lesson shows its poster and the consent placeholder until video cookies are allowed @phone', async ({ page }) => {
  const asked = watchThirdParty(page);
  await page.goto('/videos/why-practise-slowly');
  const gate = page.getByTestId('consent-gate');
  await expect(gate).toContainText('provided by YouTube');
  await expect(gate.getByRole('link', { name: 'Open on YouTube' })).toHaveAttribute(
    'href',
    'https://www.youtube.com/watch?v=M7lc1UVf-VE',
  );
  await expect(page.locator('iframe')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);

  await gate.getByRole('button', { name: 'Allow video cookies' }).click();
  const frame = page.locator('iframe[src*="youtube-nocookie.com/embed/M7lc1UVf-VE"]');
  await expect(frame).toBeVisible();
  await expect(page.getByTestId('consent-gate')).toHaveCount(0);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'consent_video')?.value).toBe('true');
  expect(cookies.find((c) => c.name === 'consent_audio')?.value).toBe('false');
});

test("a song's Soundslice and Spotify sections wait for audio cookies, allowed once for both", async ({ page }) => {
  const asked = watchThirdParty(page);
  await page.goto('/videos/the-lantern-road');
  const gates = page.getByTestId('consent-gate');
  await expect(gates.filter({ hasText: 'provided by Soundslice' })).toBeVisible();
  await expect(gates.filter({ hasText: 'provided by Spotify' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);

  await gates.filter({ hasText: 'provided by Spotify' }).getByRole('button', { name: 'Allow audio cookies' }).click();
  await expect(page.locator('iframe[src^="https://open.spotify.com/embed/track/"]')).toBeVisible();
  await expect(page.locator('iframe[src^="https://www.soundslice.com/slices/"]')).toBeAttached();
  await expect(gates.filter({ hasText: /provided by (Spotify|Soundslice)/ })).toHaveCount(0);
});
