import { expect, test } from '@playwright/test';
import { signIn, signUp, useToken } from './support/auth';

/*
 * The page cache (ADR 0056) on the built app: a visitor's second view of a video page is served
 * from memory, compressed and revalidated with an ETag; a signed-in learner gets the page their
 * class shares, which names nobody, and their name only once the page has asked who they are;
 * staff get a page rendered for them alone; a visitor after them never sees either's name.
 */
const PAGE = '/videos/holding-the-guitar';

test('signed-out pages come from the cache; a learner’s is their class’s, and staff get their own', async ({
  page,
  context,
  browser,
  request,
  baseURL,
}) => {
  const first = await request.get(PAGE, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(first.status()).toBe(200);
  const flags = (first.headers()['set-cookie'] ?? '').split(';')[0] ?? '';
  expect(flags).toMatch(/^feature_flags=/);

  // An editor's publish in a test running beside this one forgets every stored page: ask until the
  // second of two visits comes from memory.
  let again = await request.get(PAGE, { headers: { cookie: flags, 'accept-encoding': 'br, gzip' } });
  await expect(async () => {
    await request.get(PAGE, { headers: { cookie: flags } });
    again = await request.get(PAGE, { headers: { cookie: flags, 'accept-encoding': 'br, gzip' } });
    expect(again.headers()['x-page-cache']).toBe('hit');
  }).toPass({ timeout: 30_000 });
  expect(again.headers()['content-encoding']).toBe('br');
  expect(again.headers()['cache-control']).toBe('public, no-cache');
  expect(again.headers().vary).toBe('Accept-Encoding, Cookie');
  const etag = again.headers().etag ?? '';
  const revalidated = await request.get(PAGE, { headers: { cookie: flags, 'if-none-match': etag } });
  expect(revalidated.status()).toBe(304);

  // A signed-in learner: the page their class shares, private, naming nobody; their name comes after.
  const { token } = await signUp(baseURL, { first_name: 'Quentin', last_name: 'Cachebuster', label: 'page-cache' });
  await useToken(context, baseURL, token);
  const signedIn = await page.goto(PAGE);
  expect(['miss', 'hit']).toContain(await signedIn?.headerValue('x-page-cache'));
  expect(await signedIn?.headerValue('cache-control')).toBe('private, no-cache');
  const learnerHtml = (await signedIn?.text()) ?? '';
  expect(learnerHtml).not.toContain('Cachebuster');
  expect(learnerHtml).not.toContain(token);
  await expect(page.getByRole('heading', { name: 'Holding the Guitar and Pick' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Account menu for Quentin Cachebuster/ })).toBeAttached();

  // Staff: a page rendered for them alone, never stored.
  const staffContext = await browser.newContext();
  try {
    await useToken(staffContext, baseURL, await signIn(baseURL, 'staff@example.com'));
    const staffPage = await staffContext.newPage();
    const staffView = await staffPage.goto(PAGE);
    expect(await staffView?.headerValue('x-page-cache')).toBe('bypass');
    expect(await staffView?.headerValue('cache-control')).toBe('private, no-store');
  } finally {
    await staffContext.close();
  }

  // The visitor after them gets the visitors' page (stored, unless an editor's publish in a test
  // running beside this one has just forgotten it), with nothing of the learner in it.
  const visitor = await request.get(PAGE, { headers: { cookie: flags } });
  expect(['hit', 'miss']).toContain(visitor.headers()['x-page-cache']);
  const html = await visitor.text();
  expect(html).not.toContain('Cachebuster');
  expect(html).not.toContain(token);
});
