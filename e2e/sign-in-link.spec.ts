import { expect, request as playwrightRequest, test } from '@playwright/test';

import { freshEmail, waitForMail } from './support/auth.ts';

/*
 * With the address and the code both in the e-mailed link (product.md#states), validation runs at once, so
 * the link from a sign-up e-mail signs a brand-new user in on any device. ADR 0010: a bare GET of
 * the link (a mail scanner, no JavaScript) never uses the code up nor opens a session.
 */
test('the sign-up e-mail link signs a new user in on a device that has never seen them, and a bare GET does not @phone', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const email = freshEmail('new-link');
  const signup = await request.post('/api/auth/me', { form: { first_name: 'Nia', last_name: 'Newcomer', email } });
  expect(signup.ok(), await signup.text()).toBeTruthy();
  const mail = await waitForMail(request, email, /sign-in code/);
  const link = /https?:\/\/\S+\/login\/\d{6}\S*/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();

  // A mail scanner fetches the link without running it: no session, and the code stays unused.
  const scanner = await playwrightRequest.newContext({ baseURL });
  try {
    const scanned = await scanner.get(link!, { maxRedirects: 0 });
    expect(scanned.status()).toBe(200);
    expect(scanned.headers()['set-cookie'] ?? '').not.toMatch(/(^|\n|, ?)token=/);
    const me = await scanner.get('/api/auth/me');
    expect(((await me.json()) as { data: { user: { email: string | null } } }).data.user.email).toBeNull();
    expect((await scanner.storageState()).cookies.map((c) => c.name)).not.toContain('token');
  } finally {
    await scanner.dispose();
  }

  // Another device: the test's own browser context (this project's desktop or phone) starts
  // with no cookies and no remembered address, and opens the link.
  expect(await context.cookies()).toEqual([]);
  await page.goto(link!);
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: /Welcome to Fretline/ })).toBeVisible();
  expect((await context.cookies()).map((c) => c.name)).toContain('token');
  const me = await page.request.get('/api/auth/me');
  expect(((await me.json()) as { data: { user: { email: string } } }).data.user.email).toBe(email);
});
