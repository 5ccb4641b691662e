import { expect, test, type Page } from '@playwright/test';

/** On a phone the filters fold behind the "Filters" button: open it (its handler may attach after the first paint). */
async function openFilters(page: Page) {
  const filters = page.getByRole('button', { name: /^Filters/ });
  if (!(await filters.isVisible())) return;
  await expect(async () => {
    if ((await filters.getAttribute('aria-expanded')) !== 'true') await filters.click();
    await expect(page.getByRole('radio', { name: 'Lessons' })).toBeAttached({ timeout: 1_000 });
    await expect(page.getByText('Lessons', { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass();
}

// Search that finds what learners type (docs/product.md#search, ADR 0080): a chord set finds the
// lesson teaching it, a typo gets a "Did you mean" link, and the kind and instrument filters narrow
// the list. A visitor's journey: search needs no account.

test('a chord set finds the lesson teaching it, and a typo offers the word it meant @phone', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/videos');
  await expect(page.getByRole('heading', { name: 'Lessons and songs' })).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('Em G');
  await expect(page).toHaveURL(/search=Em(\+|%20)G/);
  // Every video teaching both chords, lessons and songs, and nothing else: 12 in the demo catalogue.
  await expect(page.getByText('12 videos', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: /Your First Chords: E minor and G/ })).toBeVisible();

  await search.fill('blus');
  await expect(page).toHaveURL(/search=blus(&|$)/);
  await expect(page.getByText('0 videos', { exact: true })).toBeVisible({ timeout: 20_000 });
  const suggestion = page.getByRole('link', { name: 'blues', exact: true });
  await expect(page.getByText(/Did you mean/)).toBeVisible();
  await suggestion.click();
  await expect(page).toHaveURL(/search=blues(&|$)/);
  await expect(search).toHaveValue('blues');
  await expect(page.getByText(/Did you mean/)).toBeHidden();
  await expect(page.getByText(/^[1-9]\d* videos?$/)).toBeVisible();
});

test('lessons or songs and an instrument narrow the list, from the keyboard @phone', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/videos?search=Em%20G');
  await expect(page.getByRole('link', { name: /Your First Chords: E minor and G/ })).toBeVisible();
  await openFilters(page);

  // The kind choices are one radio group: the arrow keys move between them.
  const all = page.getByRole('radio', { name: 'All', exact: true });
  await all.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Lessons' })).toBeChecked();
  await expect(page).toHaveURL(/kind=lesson/);
  await expect(page.getByText('2 videos', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: /Your First Chords: E minor and G/ })).toBeVisible();

  await page.getByText('Songs', { exact: true }).click();
  await expect(page).toHaveURL(/kind=song/);
  await expect(page.getByRole('link', { name: /Your First Chords: E minor and G/ })).toBeHidden({ timeout: 20_000 });

  await page.getByText('Ukulele', { exact: true }).click();
  await expect(page).toHaveURL(/instrument_family=ukulele/);
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Ukulele' }).getByRole('button', { name: 'Remove Ukulele' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Remove Ukulele' }).click();
  await expect(page).not.toHaveURL(/instrument_family/);
  await expect(page.getByRole('radio', { name: 'Any instrument' })).toBeChecked();
});
