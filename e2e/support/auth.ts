import { closeSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, request as playwrightRequest, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

/*
 * Shared sign-in for the browser tests: codes come from the development mailbox (GET
 * /api/dev/mail), are redeemed through the passcode calls (product.md#calls), and the session token is put
 * into a browser context as the `token` cookie. Codes go out once a minute per address (ADR 0010),
 * so a token is kept per e-mail for the whole run (a module-level cache, and a file the workers
 * share) and a refused request waits out the minute and asks again.
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

const tokens = new Map<string, Promise<string>>();

/*
 * The workers of a run (desktop and phone projects alike) also share their sessions through a file,
 * so the same demo user is not asked for a second code within the minute, nor five within the
 * quarter hour (ADR 0010). A token left by an earlier run fails tokenWorks and is replaced.
 */
const sharedFile = (baseURL: string | undefined) =>
  path.join(os.tmpdir(), `fretline-e2e-sessions-${(baseURL ?? 'default').replace(/[^a-z0-9]+/gi, '-')}.json`);

function readShared(baseURL: string | undefined): Record<string, string> {
  try {
    return JSON.parse(readFileSync(sharedFile(baseURL), 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

function writeShared(baseURL: string | undefined, key: string, token: string): void {
  const file = sharedFile(baseURL);
  const temporary = `${file}.${process.pid}`;
  writeFileSync(temporary, JSON.stringify({ ...readShared(baseURL), [key]: token }));
  renameSync(temporary, file);
}

/**
 * A session token for an existing user (the demo users: admin@, staff@, editor@, member@,
 * learner@example.com), one per address for the whole run. A cached session that has since been
 * signed out is replaced by a new one.
 */
export async function signIn(baseURL: string | undefined, email: string): Promise<string> {
  const key = email.toLowerCase();
  const cached = await tokens.get(key)?.catch(() => undefined);
  if (cached && (await tokenWorks(baseURL, email, cached))) return cached;
  const fresh = signInOncePerRun(baseURL, email, key);
  tokens.set(key, fresh);
  fresh.catch(() => tokens.delete(key));
  return fresh;
}

/** A lock older than this was left by a worker that died (a sign-in takes a few seconds). */
const STALE_LOCK_MS = 90_000;

/**
 * The shared session for the address, or a new one asked for by exactly one worker at a time
 * while the others wait for it: two workers starting together would otherwise both ask for a
 * code, and the second would wait out the minute.
 */
async function signInOncePerRun(baseURL: string | undefined, email: string, key: string): Promise<string> {
  const lock = `${sharedFile(baseURL)}.${key}.lock`;
  const giveUpAt = Date.now() + 2 * STALE_LOCK_MS;
  while (Date.now() < giveUpAt) {
    const shared = readShared(baseURL)[key];
    if (shared && (await tokenWorks(baseURL, email, shared))) return shared;
    try {
      closeSync(openSync(lock, 'wx'));
    } catch {
      // Another worker is signing in: wait for its token, unless its lock was abandoned.
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(lock, { force: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    try {
      const token = await requestToken(baseURL, email);
      writeShared(baseURL, key, token);
      return token;
    } finally {
      rmSync(lock, { force: true });
    }
  }
  throw new Error(`no session for ${email}: another worker held the sign-in lock too long`);
}

/** Signs a new user up (a fresh address unless one is given) and returns the address and its token. */
export async function signUp(
  baseURL: string | undefined,
  user: NewUser & { email?: string; label?: string },
): Promise<{ email: string; token: string }> {
  const email = user.email ?? freshEmail(user.label ?? 'user');
  const token = await requestToken(baseURL, email, { first_name: user.first_name, last_name: user.last_name });
  tokens.set(email.toLowerCase(), Promise.resolve(token));
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
