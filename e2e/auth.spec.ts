import { expect, test } from '@playwright/test';

import {
  askForCodeInPage,
  codeFor,
  freshEmail,
  lastMailId,
  signUpInPage as signUp,
  testSessionInContext,
} from './support/auth.ts';

// Each test makes its own users (freshEmail), so runs never share an address (or its send limits).

test('sign up, enter the e-mailed code, see the welcome, edit the profile and sign out @phone', async ({ page, request }) => {
  test.setTimeout(90_000);
  const email = freshEmail('signup');
  await signUp(page, email);
  const code = await codeFor(request, email);
  // Pasting the whole code, spaces and all, works and signs in at once.
  await page.getByLabel('Your 6-digit code').fill(`${code.slice(0, 3)} ${code.slice(3)}`);
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Fretline, Ada!' })).toBeVisible();
  await expect(page.getByText('Try the full membership free.')).toBeVisible();

  await page.goto('/me/edit');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Telephone').fill('+44 20 7946 0000');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your details have been saved.')).toBeVisible();

  await page.goto('/me');
  await expect(page.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  await expect(page.getByText('Not a member')).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).last().click();
  await expect(page).toHaveURL(/\/$/);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'token')).toBeUndefined();
  expect(cookies.find((c) => c.name === 'email')?.value).toBe(encodeURIComponent(email));
  await page.goto('/me');
  await expect(page).toHaveURL(/\/login$/);
});

test('a wrong code says the code is wrong, with the restart option', async ({ page, request }) => {
  const email = freshEmail('wrong');
  await signUp(page, email);
  const code = await codeFor(request, email);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await page.getByLabel('Your 6-digit code').fill(wrong);
  await expect(
    page.getByText("That code isn't right. Please check the code in our latest email to you and try again."),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Restart login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('signs in by the e-mailed link, asking for the address when this browser does not know it', async ({
  page,
  request,
  browser,
}) => {
  const email = freshEmail('link');
  // The account exists; this browser has never seen the address.
  const signup = await request.post('/api/auth/me', { form: { first_name: 'Lin', last_name: 'Link', email } });
  expect(signup.ok()).toBeTruthy();
  const code = await codeFor(request, email);

  // Opening the link without JavaScript (a mail scanner) does not use the code up.
  const scanner = await browser.newContext({ javaScriptEnabled: false });
  const scan = await scanner.newPage();
  await scan.goto(`/login/${code}`);
  await scanner.close();

  await page.goto(`/login/${code}`);
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: /Welcome to Fretline/ })).toBeVisible();

  // Someone signed in who opens a sign-in link again goes to their account.
  await page.goto(`/login/${code}`);
  await expect(page).toHaveURL(/\/me$/);
});

test('signs in by the link straight away when the address is remembered, and goes back to the return route', async ({
  page,
  request,
}) => {
  // Two codes for one address: the second waits out the one-a-minute limit (ADR 0010).
  test.setTimeout(150_000);
  const email = freshEmail('return');
  await signUp(page, email);
  // The welcome page marks itself seen once hydrated; leaving before that keeps the account's
  // welcome pending, and the next sign-in would show /welcome again instead of the return route.
  const welcomed = page.waitForResponse((r) => r.url().endsWith('/api/auth/me/welcome') && r.request().method() === 'PUT');
  await page.getByLabel('Your 6-digit code').fill(await codeFor(request, email));
  await expect(page).toHaveURL(/\/welcome$/);
  expect((await welcomed).ok()).toBe(true);
  await page.goto('/me');
  await page.getByRole('button', { name: 'Sign out' }).last().click();
  await expect(page).toHaveURL(/\/$/);
  // Let the home page finish loading: it records itself as the return route once hydrated.
  await page.waitForLoadState('networkidle');

  // Visit a page, then sign in: sign-in comes back to it.
  await page.goto('/me/notifications');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue(email);
  const before = await lastMailId(request, email);
  await askForCodeInPage(page);
  const code = await codeFor(request, email, before);
  // The link in a new tab: the remembered address means validation runs at once.
  const tab = await page.context().newPage();
  await tab.goto(`/login/${code}`);
  await expect(tab).toHaveURL(/\/me\/notifications$/);
  await expect(tab.getByRole('heading', { name: 'Email preferences' })).toBeVisible();
});

test('signs a second browser out from the sessions list', async ({ browser, request }) => {
  const email = freshEmail('devices');
  const laptop = await browser.newContext();
  const phone = await browser.newContext({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1' });
  const laptopPage = await laptop.newPage();
  const phonePage = await phone.newPage();

  await signUp(laptopPage, email);
  await laptopPage.getByLabel('Your 6-digit code').fill(await codeFor(request, email));
  await expect(laptopPage).toHaveURL(/\/welcome$/);

  // The phone's session comes from the test fixture (ADR 0075): a second code for the address
  // would wait out the one-a-minute limit, and the pages it skips are the other tests' subject.
  await testSessionInContext(phone, email);
  await phonePage.goto('/me');
  await expect(phonePage).toHaveURL(/\/(me|welcome)$/);

  await laptopPage.goto('/me/sessions');
  const rows = laptopPage.getByTestId('session');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
  const phoneRow = rows.filter({ hasText: 'iOS' });
  await phoneRow.getByRole('button', { name: 'Sign out' }).click();
  await expect(phoneRow.getByText('Closed')).toBeVisible();

  await phonePage.goto('/me');
  await expect(phonePage).toHaveURL(/\/login$/);
  await laptop.close();
  await phone.close();
});
