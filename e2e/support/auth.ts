import { expect, request as playwrightRequest, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

/*
 * Shared sign-in for the browser tests. Sessions come from the e2e server's test-only fixture
 * (testSession, ADR 0075) and are put into a browser context as the `token` cookie. The sign-in
 * journey itself goes through the pages and the development mailbox (GET /api/dev/mail), where
 * codes go out once a minute per address (ADR 0010).
 */

export interface DevMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  created: string;
}

export interface NewUser {
  first_name: string;
  last_name: string;
}

/** An address no other test or run uses, so its send limits are its own. */
export const freshEmail = (label: string) =>
  `e2e-${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** The development mailbox for one address, newest first. */
export async function mailbox(request: APIRequestContext, to: string): Promise<DevMail[]> {
  const res = await request.get(`/api/dev/mail?to=${encodeURIComponent(to)}`);
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { data: { messages: DevMail[] } }).data.messages;
}

/** The id of the newest e-mail to the address (0 for none): pass it to codeFor to skip older codes. */
export async function lastMailId(request: APIRequestContext, email: string): Promise<number> {
  return (await mailbox(request, email))[0]?.id ?? 0;
}

/** The newest e-mail to `to` whose subject matches, waiting for the mail worker to deliver it. */
export async function waitForMail(request: APIRequestContext, to: string, subject: RegExp, notBefore = 0): Promise<DevMail> {
  let found: DevMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailbox(request, to)).find((m) => m.id > notBefore && subject.test(m.subject));
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

const codeOf = (mail: DevMail) => /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? /\b(\d{6})\b/.exec(mail.text)?.[1];

/** The newest sign-in code e-mailed to the address after mail `notBefore` (the worker sends within a second). */
export async function codeFor(request: APIRequestContext, email: string, notBefore = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        code = (await mailbox(request, email))
          .filter((m) => m.id > notBefore)
          .map(codeOf)
          .find(Boolean);
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

/**
 * Signs in through the API (POST me to sign up, else POST me/passcodes; the code from the
 * mailbox; PUT me/passcodes) in a request context of its own, so the cookie that PUT sets never
 * rides on a test's other calls. A send refused by the one-a-minute limit is retried until it
 * goes through. Always a new session: use signIn for the cached one.
 */
export async function requestToken(baseURL: string | undefined, email: string, signup?: NewUser): Promise<string> {
  const request = await playwrightRequest.newContext({ baseURL });
  try {
    const before = await lastMailId(request, email);
    let status = 0;
    await expect
      .poll(
        async () => {
          const asked = signup
            ? await request.post('/api/auth/me', { form: { ...signup, email } })
            : await request.post('/api/auth/me/passcodes', { form: { email } });
          status = asked.status();
          if (status !== 429) expect(asked.ok(), await asked.text()).toBeTruthy();
          return status;
        },
        { timeout: 75_000, intervals: [5_000] },
      )
      .not.toBe(429);
    const passcode = await codeFor(request, email, before);
    const res = await request.put('/api/auth/me/passcodes', { form: { email, passcode } });
    expect(res.ok(), await res.text()).toBeTruthy();
    return ((await res.json()) as { data: { token: string } }).data.token;
  } finally {
    await request.dispose();
  }
}

/**
 * A new session through the e2e server's test-only fixture (POST /api/test/sessions, ADR 0075):
 * what a redeemed code gives, without the e-mail and its one-a-minute limit. With `signup`, the
 * account is made first as sign-up makes it. Tests of the sign-in journey itself use the pages
 * and the mailbox instead (signUpInPage, askForCodeInPage, codeFor).
 */
export async function testSession(baseURL: string | undefined, email: string, signup?: NewUser): Promise<string> {
  const request = await playwrightRequest.newContext({ baseURL });
  try {
    const res = await request.post('/api/test/sessions', { data: { email, ...signup } });
    expect(res.ok(), await res.text()).toBeTruthy();
    return ((await res.json()) as { data: { token: string } }).data.token;
  } finally {
    await request.dispose();
  }
}

/**
 * Signs the browser context in through the fixture with the context's own requests, so the session
 * carries its user agent (the sessions list shows the device); the response sets the cookie.
 */
export async function testSessionInContext(context: BrowserContext, email: string): Promise<string> {
  const res = await context.request.post('/api/test/sessions', { data: { email } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** Whether the session behind the token is still open (a test may have signed it out). */
async function tokenWorks(baseURL: string | undefined, email: string, token: string): Promise<boolean> {
  const request = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
  try {
    const res = await request.get('/api/auth/me');
    if (!res.ok()) return false;
    const { data } = (await res.json()) as { data: { user: { email: string | null } } };
    return data.user.email?.toLowerCase() === email.toLowerCase();
  } finally {
    await request.dispose();
  }
}

const tokens = new Map<string, string>();

/**
 * A session token for an existing user (the demo users: admin@, staff@, editor@, member@,
 * learner@example.com), kept per address for the worker. A cached session that has since been
 * signed out is replaced by a new one.
 */
export async function signIn(baseURL: string | undefined, email: string): Promise<string> {
  const key = email.toLowerCase();
  const cached = tokens.get(key);
  if (cached && (await tokenWorks(baseURL, email, cached))) return cached;
  const token = await testSession(baseURL, email);
  tokens.set(key, token);
  return token;
}

/** Signs a new user up (a fresh address unless one is given) and returns the address and its token. */
export async function signUp(
  baseURL: string | undefined,
  user: NewUser & { email?: string; label?: string },
): Promise<{ email: string; token: string }> {
  const email = user.email ?? freshEmail(user.label ?? 'user');
  const token = await testSession(baseURL, email, { first_name: user.first_name, last_name: user.last_name });
  tokens.set(email.toLowerCase(), token);
  return { email, token };
}

/** Puts the session token into the browser context as the site's own sign-in does (an httpOnly cookie). */
export async function useToken(context: BrowserContext, baseURL: string | undefined, token: string): Promise<void> {
  if (!baseURL) throw new Error('useToken needs the baseURL fixture');
  await context.addCookies([{ name: 'token', value: token, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
}

/** Signs the context in as an existing user (the worker's cached token). */
export async function signInContext(context: BrowserContext, baseURL: string | undefined, email: string): Promise<string> {
  const token = await signIn(baseURL, email);
  await useToken(context, baseURL, token);
  return token;
}

/** Signs a new user up and the context in as them; returns their address. */
export async function signUpContext(
  context: BrowserContext,
  baseURL: string | undefined,
  user: NewUser & { email?: string; label?: string },
): Promise<string> {
  const { email, token } = await signUp(baseURL, user);
  await useToken(context, baseURL, token);
  return email;
}

/** Signs up through the /signup form as Ada Lovelace, up to the passcode page. */
export async function signUpInPage(page: Page, email: string): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/login-code$/);
}

/**
 * Presses "Email me a code" until the one-code-a-minute limit (ADR 0010) lets it through. Each try
 * awaits either outcome (the code page, or the limit's message) with one timeout, so a slow answer
 * under load is not taken for a refusal; Playwright retries the step until the code page shows.
 */
export async function askForCodeInPage(page: Page): Promise<void> {
  await expect(async () => {
    // An earlier press may have gone through after all: the code page is then already here.
    if (new URL(page.url()).pathname === '/login-code') return;
    await page.getByRole('button', { name: 'Email me a code' }).click();
    const outcome = await Promise.any([
      page.waitForURL(/\/login-code$/, { timeout: 15_000 }).then(() => 'sent' as const),
      page
        .getByText('Please wait a minute before asking for another code.')
        .waitFor({ timeout: 15_000 })
        .then(() => 'limited' as const),
    ]).catch(() => 'neither' as const);
    expect(outcome, 'asking for a code leads to the code page').toBe('sent');
  }).toPass({ intervals: [2_000], timeout: 100_000 });
}
