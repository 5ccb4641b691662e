import { expect, test } from '@playwright/test';

/*
 * The Practice area (docs/product.md#practice-log): one tap from the header on a phone, open to
 * visitors, with the tuner and metronome usable without an account.
 */

test('a visitor on a phone reaches the tuner and the metronome from the header’s Practice link @phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  // One tap: the header shows Practice without opening the menu.
  await page.getByRole('banner').getByRole('link', { name: 'Practice', exact: true }).click();
  await expect(page).toHaveURL('/practice');
  await expect(page.getByRole('heading', { name: 'Practice', level: 1 })).toBeVisible();
  for (const tool of ['Practice log', 'One Minute Changes', 'Chords I know']) {
    await expect(page.getByRole('listitem').filter({ hasText: tool })).toContainText('Sign in to keep your record');
  }
  await expect(page.getByRole('listitem').filter({ hasText: 'Metronome' })).not.toContainText('Sign in');

  await page.getByRole('main').getByRole('link', { name: 'Tuner', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Tuner and metronome', level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Practice tools' }).getByRole('link', { name: 'Metronome' }).click();
  await expect(page.getByRole('heading', { name: 'Metronome', level: 1 })).toBeVisible();

  // Keyboard only: tempo up, start and stop (the buttons are enabled once the page's script runs).
  await expect(page.getByRole('button', { name: 'Start the metronome' })).toBeEnabled();
  await page.getByRole('button', { name: '+5 beats a minute' }).press('Enter');
  await expect(page.getByText('85 beats a minute')).toBeVisible();
  await page.getByRole('button', { name: 'Start the metronome' }).press('Enter');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Start the metronome' })).toBeVisible();
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the desktop header lists Practice among the sections', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/videos');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Practice' }).click();
  await expect(page.getByRole('heading', { name: 'Practice', level: 1 })).toBeVisible();
});
