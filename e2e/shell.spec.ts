import { expect, test, type BrowserContext } from '@playwright/test';

import { signInContext } from './support/auth.ts';

// The shell: home, header navigation (desktop and the phone menu), the 404 page, the content
// pages (product.md#pages) and the SEO resources.

/** Answers the cookie banner up front so it never sits over what a test clicks. */
async function skipConsentBanner(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([{ name: 'consent_asked', value: 'true', url: baseURL ?? 'http://localhost:3100' }]);
}

test.beforeEach(async ({ context, baseURL }) => {
  await skipConsentBanner(context, baseURL);
});

test('the home page shows the hero, the seeded courses and the membership pitch', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Fretline/);
  await expect(page.getByRole('heading', { level: 1, name: /Play the songs you love/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start your free trial' }).first()).toBeVisible();
  // Courses come from the catalogue, ordered by course_order.
  const courses = page.getByRole('region', { name: 'A clear path, whatever your level' });
  await expect(courses.getByRole('heading', { name: 'Beginner Guitar Course' })).toBeVisible();
  // The pitch carries the seeded product's prices in GBP and, for a visitor, the free trial.
  const pitch = page.getByRole('region', { name: 'Access All Areas' });
  await expect(pitch.getByRole('heading', { name: 'Access All Areas' })).toBeVisible();
  await expect(pitch.getByText(/^£\d+\.\d{2}$/).first()).toBeVisible();
  await expect(pitch.getByText(/day free trial for new members/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Questions, answered' })).toBeVisible();
  // The FAQ is a native disclosure: the answer shows once its question is opened.
  const question = page.getByText('How does the free trial work?');
  await question.click();
  await expect(page.getByText(/Nothing is charged until it ends/)).toBeVisible();
  // featuresLinkInFooter is false for every visitor (product.md#entities).
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Features' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Terms' })).toBeVisible();
});

test('the desktop header links to each section and back home', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/terms');
  const nav = page.getByRole('navigation', { name: 'Main', exact: true });
  for (const [label, path] of [
    ['Videos', '/videos'],
    ['Courses', '/courses'],
    ['Live', '/live'],
    ['Free resources', '/free-resources'],
    ['Membership', '/membership'],
    ['Help', '/helpdesk'],
  ] as const) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', path);
  }
  await expect(nav.getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/shop');
  await nav.getByRole('link', { name: 'Courses', exact: true }).click();
  await expect(page).toHaveURL(/\/courses$/);
  await page.getByRole('link', { name: 'Fretline home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('link', { name: 'Join' })).toHaveAttribute('href', '/signup');
});

test('the phone menu opens and closes with the keyboard and navigates @phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu).toBeVisible();
  // Escape closes it and gives focus back to the button.
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused();
  // Nothing spills sideways on a phone.
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);

  await page.getByRole('button', { name: 'Menu' }).click();
  await menu.getByRole('link', { name: 'Free resources' }).click();
  await expect(page).toHaveURL(/\/free-resources$/);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
});

test('a signed-in user gets the profile letter menu with their pages @phone', async ({ page, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  // Each project signs in a different seeded user, so parallel runs never race for one code.
  const [email, name, letter] =
    testInfo.project.name === 'phone'
      ? ['member@example.com', 'Morgan Member', 'M']
      : ['learner@example.com', 'Lee Learner', 'L'];
  await signInContext(page.context(), baseURL, email);
  await page.goto('/terms');
  const account = page.getByRole('button', { name: `Account menu for ${name}` });
  await expect(account).toHaveText(new RegExp(letter));
  await expect(page.getByRole('link', { name: 'Join' })).toHaveCount(0);
  await account.click();
  await expect(account).toHaveAttribute('aria-expanded', 'true');
  const panel = page.locator(`[id="${await account.getAttribute('aria-controls')}"]`);
  await expect(panel.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/me');
  await expect(panel.getByRole('link', { name: 'My List' })).toHaveAttribute('href', '/my-list');
  await expect(panel.getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/messages');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(account).toBeFocused();
  await account.click();
  await panel.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Join' })).toBeVisible();
});

test('the server renders: HEAD gets headers only, a crawler gets the whole page in one piece (ADR 0040)', async ({ request }) => {
  const head = await request.head('/videos');
  expect(head.status()).toBe(200);
  expect(head.headers()['content-type']).toContain('text/html');
  expect(await head.text()).toBe('');

  const crawled = await request.get('/courses', { headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' } });
  expect(crawled.status()).toBe(200);
  const html = await crawled.text();
  expect(html).toMatch(/^<!DOCTYPE html>/i);
  expect(html).toContain('<h1');
  expect(html.trimEnd()).toMatch(/<\/html>$/);
});

test('an unknown path answers 404 with the error page', async ({ page }) => {
  for (const path of ['/no-such-page', '/some/deep/unknown/path', '/about-someone-else']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page).toHaveTitle('Page Not Found');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Not Found');
    await expect(page.getByText('Something went wrong, please contact support.')).toBeVisible();
    // The error page keeps the site's header, so the visitor can find their way.
    await expect(page.getByRole('link', { name: 'Fretline home' })).toBeVisible();
  }
});

const CONTENT_PAGES: Array<[string, string, RegExp]> = [
  ['/terms', 'Terms of use', /Terms of use \| Fretline/],
  ['/privacy', 'Privacy notice', /Privacy notice \| Fretline/],
  ['/features', 'Everything you need to keep playing', /Features \| Fretline/],
  ['/about-jamie', 'About Jamie', /About Jamie \| Fretline/],
  ['/jamie-guitar-app', 'The Jamie Guitar app', /The Jamie Guitar app \| Fretline/],
  ['/brand-guidelines', 'Brand guidelines', /Brand guidelines \| Fretline/],
  ['/signature-products', 'Jamie’s signature products', /signature products \| Fretline/],
  ['/free-christmas-mini-songbook', 'Free Christmas mini songbook', /Christmas mini songbook \| Fretline/],
  ['/donations', 'Support Fretline', /Donations \| Fretline/],
  ['/events', 'Events', /Events \| Fretline/],
];

test('every content page answers 200 with its heading, title, description and canonical link', async ({ page, baseURL }) => {
  for (const [path, heading, title] of CONTENT_PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{60,}/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${path}`);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/og-image\.png$/);
  }
});

test('a lesson’s and a course’s link previews are stable public JPEGs a social network can fetch', async ({ page, request }) => {
  for (const [path, share] of [
    ['/videos/first-chords-em-and-g', /\/api\/videos\/share\/videos\/first-chords-em-and-g\.jpg$/],
    ['/courses/beginner-guitar-course', /\/api\/videos\/share\/courses\/beginner-guitar-course\.jpg$/],
  ] as const) {
    await page.goto(path);
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(image, path).toMatch(share);
    await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute('content', image!);
    // Fetched as a crawler would: no cookie, no signature, any origin may embed it.
    const picture = await request.get(image!, { headers: { cookie: '' } });
    expect(picture.status(), image!).toBe(200);
    expect(picture.headers()['content-type']).toBe('image/jpeg');
    expect(picture.headers()['cross-origin-resource-policy']).toBe('cross-origin');
  }
});

test('the app page explains why there is no App Store app', async ({ page }) => {
  await page.goto('/jamie-guitar-app');
  await expect(page.getByRole('heading', { name: 'Why is there no iPhone app in the App Store?' })).toBeVisible();
  await expect(page.getByText(/up to 30% of every payment/)).toBeVisible();
});

test('sitemap.xml, robots.txt, the manifest and the icons are served', async ({ request, baseURL }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toContain('application/xml');
  const xml = await sitemap.text();
  expect(xml).toContain(`<loc>${baseURL}/terms</loc>`);
  expect(xml).toContain(`<loc>${baseURL}/about-jamie</loc>`);
  // Published courses come from the catalogue.
  expect(xml).toContain(`<loc>${baseURL}/courses/beginner-guitar-course</loc>`);

  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const text = await robots.text();
  for (const rule of ['Disallow: /staff', 'Disallow: /me/', 'Disallow: /messages', 'Disallow: /api'])
    expect(text).toContain(rule);
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  expect(((await manifest.json()) as { short_name: string }).short_name).toBe('Fretline');
  for (const icon of ['/favicon.svg', '/favicon.ico', '/icon-192.png', '/apple-touch-icon.png', '/og-image.png']) {
    expect((await request.get(icon)).status(), icon).toBe(200);
  }
});
