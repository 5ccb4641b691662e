import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_ERRORS, VISITOR_ME } from '@fretline/contract';
import { eq, tables } from '@fretline/db';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';
import { runDueJobs } from '../../platform/jobs/index.ts';
import { findDevMail } from '../../platform/mail/index.ts';
import { unsubscribeLinks } from '../../platform/mail/index.ts';

let t: TestApp;
let n = 0;
/** A fresh address per test keeps the per-address limits of one test out of the next. */
const freshEmail = (label = 'user') => `${label}-${++n}-${Date.now().toString(36)}@example.com`;
const SITE = { origin: 'http://localhost:3000' };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function signUp(email: string, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/me',
    payload: { first_name: 'Ada', last_name: 'Lovelace', email, ...extra },
  });
}

function requestCode(email: string, remoteAddress?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/me/passcodes',
    payload: { email },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

function redeem(email: string, passcode: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'PUT', url: '/api/auth/me/passcodes', payload: { email, passcode }, headers });
}

/** Runs the mail worker and reads the newest code sent to the address from the development mailbox. */
async function latestMail(email: string) {
  await runDueJobs(t.app);
  const [mail] = await findDevMail(t.db, email);
  return mail;
}
async function latestCode(email: string): Promise<string> {
  const mail = await latestMail(email);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function signedUpUser(label = 'user') {
  const email = freshEmail(label);
  await signUp(email);
  const code = await latestCode(email);
  const res = await redeem(email, code);
  expect(res.statusCode).toBe(200);
  return { email, token: res.json<{ data: { token: string } }>().data.token };
}

const errorOf = (res: { json: <T>() => T }) =>
  res.json<{ errors: Array<{ message: string; code: string; field?: string }> }>().errors[0];

describe('GET me', () => {
  it('answers a signed-out caller with the visitor: no membership, eligible for the trial', async () => {
    const res = await t.app.inject({ url: '/api/auth/me' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { user: VISITOR_ME } });
  });

  it('answers a caller whose token no longer works with the visitor too, while other calls get 401', async () => {
    const res = await t.app.inject({ url: '/api/auth/me', headers: bearer('not-a-real-token') });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { user: { id_user: null } } }>().data.user.id_user).toBeNull();
    const sessions = await t.app.inject({ url: '/api/auth/me/sessions', headers: bearer('not-a-real-token') });
    expect(sessions.statusCode).toBe(401);
  });

  it('clears a dead token cookie and treats the caller as signed out', async () => {
    const res = await t.app.inject({ url: '/api/auth/me', cookies: { token: 'dead-token' } });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/^token=;/);
  });

  it('returns the user with roles and membership facts, and no community link for a non-member', async () => {
    const u = await createUserWithSession(t.db, { roles: ['Staff'], firstName: 'Sam', lastName: 'Staff' });
    const res = await t.app.inject({ url: '/api/auth/me', headers: bearer(u.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { user: unknown } }>().data.user).toMatchObject({
      id_user: u.idUser,
      first_name: 'Sam',
      last_name: 'Staff',
      email: u.email,
      telephone: null,
      roles: ['Staff'],
      has_aaa_membership: false,
      eligible_for_aaa_free_trial: true,
      aaa_community_discord_link: null,
      left_handed: false,
    });
  });
});

describe('sign-up and sign-in by passcode', () => {
  it('signs up, e-mails a 6-digit code with a /login/{code} link in text and HTML, and signs in with it', async () => {
    const email = freshEmail('signup');
    const res = await signUp(email, { notifications_mailers: 'true' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { user: { emailed: boolean; id_user: null } } }>().data.user).toMatchObject({
      emailed: true,
      id_user: null,
    });

    const mail = await latestMail(email);
    const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;
    // The link carries the address too, so it signs in on a device that has never seen it, and the
    // code's own 128-bit key (ADR 0010).
    const key = /[?&]key=([A-Za-z0-9_-]{22})\n/.exec(mail!.text)?.[1];
    expect(key).toBeDefined();
    const link = `${t.config.SITE_URL}/login/${code}?email=${encodeURIComponent(email)}&key=${key}`;
    expect(mail!.text).toContain(`${link}\n`);
    expect(mail!.html).toContain(code);
    expect(mail!.html).toContain(`href="${link.replace('&', '&amp;')}"`);
    expect(mail!.headers['List-Unsubscribe']).toBeUndefined();

    const signedIn = await redeem(email.toUpperCase(), code);
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json<{ data: { token: string } }>().data.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = String(signedIn.headers['set-cookie']);
    expect(cookie).toContain(`token=${token}`);
    expect(cookie).toContain('Max-Age=31536000');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    // The test site is http://localhost: the only place a cookie may go without Secure.
    expect(cookie).not.toContain('Secure');

    const me = await t.app.inject({ url: '/api/auth/me', cookies: { token } });
    expect(me.json<{ data: { user: unknown } }>().data.user).toMatchObject({
      email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      welcome_pending: true,
      notifications_mailers: true,
    });
    // Only the token's hash is stored.
    const rows = await t.db.select({ tokenHash: tables.sessions.tokenHash }).from(tables.sessions);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
  });

  it('marks the token cookie Secure when the site is not plain-HTTP localhost', async () => {
    const other = await createTestApp({ config: { SITE_URL: 'https://fretline.example' } });
    try {
      const email = freshEmail('secure');
      await other.app.inject({ method: 'POST', url: '/api/auth/me', payload: { first_name: 'A', last_name: 'B', email } });
      await runDueJobs(other.app);
      const [mail] = await findDevMail(other.db, email);
      const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;
      const res = await other.app.inject({ method: 'PUT', url: '/api/auth/me/passcodes', payload: { email, passcode: code } });
      expect(String(res.headers['set-cookie'])).toContain('Secure');
    } finally {
      await other.close();
    }
    // A second app means a second database: allow for its start-up on a busy machine.
  }, 60_000);

  it('answers POST me/passcodes the same for an address with and without an account', async () => {
    const { email } = await signedUpUser('known');
    t.clock.advance(61_000);
    const known = await requestCode(email);
    const unknown = await requestCode(freshEmail('nobody'));
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
  });

  it('e-mails an unknown address a sign-up link instead of a code, and no code works for it', async () => {
    const email = freshEmail('nobody');
    await requestCode(email);
    const mail = await latestMail(email);
    expect(mail!.text).toContain(`/signup?email=${encodeURIComponent(email)}`);
    expect(mail!.text).not.toMatch(/\b\d{6}\b/);
    const res = await redeem(email, '123456');
    expect(res.statusCode).toBe(400);
    // The same answer as a wrong code for an address with an account: it must not tell them apart (ADR 0010).
    expect(errorOf(res)).toMatchObject({ message: LOGIN_ERRORS.wrongCode, code: 'PASSCODE_WRONG' });
  });

  it('signing up with an address that has an account sends a sign-in code and changes nothing else', async () => {
    const { email } = await signedUpUser('twice');
    t.clock.advance(61_000);
    const again = await signUp(email, { first_name: 'Mallory' });
    expect(again.statusCode).toBe(200);
    const code = await latestCode(email);
    const res = await redeem(email, code);
    expect(res.statusCode).toBe(200);
    const [user] = await t.db.select().from(tables.users).where(eq(tables.users.email, email));
    expect(user?.firstName).toBe('Ada');
  });

  it('requires the e-mail before sending a code, and both e-mail and code before validating (product.md#validation)', async () => {
    const noEmail = await t.app.inject({ method: 'POST', url: '/api/auth/me/passcodes', payload: {} });
    expect(noEmail.statusCode).toBe(400);
    expect(errorOf(noEmail)?.field).toBe('email');
    const badEmail = await requestCode('not-an-email');
    expect(badEmail.statusCode).toBe(400);
    const noCode = await t.app.inject({ method: 'PUT', url: '/api/auth/me/passcodes', payload: { email: freshEmail() } });
    expect(noCode.statusCode).toBe(400);
    expect(errorOf(noCode)?.field).toBe('passcode');
    const shortCode = await redeem(freshEmail(), '123');
    expect(shortCode.statusCode).toBe(400);
  });

  it("rejects a passcode used twice with the 'already used' text", async () => {
    const email = freshEmail('reuse');
    await signUp(email);
    const code = await latestCode(email);
    expect((await redeem(email, code)).statusCode).toBe(200);
    const again = await redeem(email, code);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toMatchObject({ message: LOGIN_ERRORS.alreadyUsed, code: 'PASSCODE_USED' });
  });

  it("rejects a passcode older than 10 minutes with the 'too old' text", async () => {
    const email = freshEmail('expiry');
    await signUp(email);
    const code = await latestCode(email);
    t.clock.advance(10 * 60_000 + 1_000);
    const res = await redeem(email, code);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ message: LOGIN_ERRORS.tooOld, code: 'PASSCODE_EXPIRED' });
  });

  it('accepts a passcode just before its 10 minutes are up', async () => {
    const email = freshEmail('nearly');
    await signUp(email);
    const code = await latestCode(email);
    t.clock.advance(9 * 60_000 + 50_000);
    expect((await redeem(email, code)).statusCode).toBe(200);
  });

  it('rejects a wrong passcode saying the code is wrong, not to check the address', async () => {
    const email = freshEmail('wrong');
    await signUp(email);
    const code = await latestCode(email);
    const res = await redeem(email, wrongCode(code));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ message: LOGIN_ERRORS.wrongCode, code: 'PASSCODE_WRONG' });
    expect(errorOf(res)?.message).not.toBe(LOGIN_ERRORS.failed);
    // A code is bound to its address.
    const other = await redeem(freshEmail(), code);
    expect(errorOf(other)).toMatchObject({ message: LOGIN_ERRORS.wrongCode, code: 'PASSCODE_WRONG' });
  });

  it('burns a passcode after five wrong tries, so even the right code then fails', async () => {
    const email = freshEmail('burn');
    await signUp(email);
    const code = await latestCode(email);
    for (let i = 0; i < 5; i++) expect((await redeem(email, wrongCode(code))).statusCode).toBe(400);
    const res = await redeem(email, code);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)?.code).toBe('PASSCODE_BURNED');
  });

  it('accepts the right code after four wrong tries', async () => {
    const email = freshEmail('four');
    await signUp(email);
    const code = await latestCode(email);
    for (let i = 0; i < 4; i++) await redeem(email, wrongCode(code));
    expect((await redeem(email, code)).statusCode).toBe(200);
  });

  it('replaces the old code when a new one is requested', async () => {
    const email = freshEmail('replace');
    await signUp(email);
    const first = await latestCode(email);
    t.clock.advance(61_000);
    expect((await requestCode(email)).statusCode).toBe(200);
    const second = await latestCode(email);
    if (first !== second) {
      const old = await redeem(email, first);
      expect(errorOf(old)?.message).toBe(LOGIN_ERRORS.tooOld);
    }
    expect((await redeem(email, second)).statusCode).toBe(200);
  });

  it('locks an address after 10 wrong tries in an hour, across new codes, even for the right code', async () => {
    const email = freshEmail('cap');
    await signUp(email);
    let code = await latestCode(email);
    for (let i = 0; i < 4; i++) await redeem(email, wrongCode(code));
    t.clock.advance(61_000);
    await requestCode(email);
    code = await latestCode(email);
    for (let i = 0; i < 4; i++) await redeem(email, wrongCode(code));
    t.clock.advance(61_000);
    await requestCode(email);
    code = await latestCode(email);
    for (let i = 0; i < 2; i++) await redeem(email, wrongCode(code));
    const locked = await redeem(email, code);
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked)?.code).toBe('PASSCODE_LOCKED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // An hour after the first wrong tries the address may try again.
    t.clock.advance(60 * 60_000);
    await requestCode(email);
    code = await latestCode(email);
    expect((await redeem(email, code)).statusCode).toBe(200);
  });

  it('locks an address after 30 wrong tries in a day, even when spread over hours', async () => {
    const email = freshEmail('daycap');
    await signUp(email);
    for (let hour = 0; hour < 3; hour++) {
      if (hour > 0) await requestCode(email);
      const code = await latestCode(email);
      for (let i = 0; i < 10; i++) await redeem(email, wrongCode(code));
      t.clock.advance(61 * 60_000);
    }
    await requestCode(email);
    const code = await latestCode(email);
    const res = await redeem(email, code);
    expect(res.statusCode).toBe(429);
    expect(errorOf(res)?.code).toBe('PASSCODE_LOCKED');
  });

  it('two simultaneous redemptions of one code make exactly one session', async () => {
    const email = freshEmail('race');
    await signUp(email);
    const code = await latestCode(email);
    const results = await Promise.all([redeem(email, code), redeem(email, code), redeem(email, code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    const [user] = await t.db.select().from(tables.users).where(eq(tables.users.email, email));
    const sessions = await t.db.select().from(tables.sessions).where(eq(tables.sessions.idUser, user!.idUser));
    expect(sessions).toHaveLength(1);
  });

  it('refuses a sign-in posted by another site (login CSRF)', async () => {
    const res = await redeem(freshEmail(), '123456', { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
  });
});

describe('send limits', () => {
  it('sends at most one code a minute to an address, with Retry-After', async () => {
    const email = freshEmail('minute');
    expect((await requestCode(email)).statusCode).toBe(200);
    const again = await requestCode(email);
    expect(again.statusCode).toBe(429);
    expect(errorOf(again)?.message).toBe('Please wait a minute before asking for another code.');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(60);
    t.clock.advance(61_000);
    expect((await requestCode(email)).statusCode).toBe(200);
  });

  it('sends at most five codes in 15 minutes and ten in an hour to an address', async () => {
    const email = freshEmail('window');
    for (let i = 0; i < 5; i++) {
      expect((await requestCode(email)).statusCode).toBe(200);
      t.clock.advance(61_000);
    }
    expect((await requestCode(email)).statusCode).toBe(429);
    t.clock.advance(10 * 60_000);
    for (let i = 0; i < 5; i++) {
      expect((await requestCode(email)).statusCode).toBe(200);
      t.clock.advance(61_000);
    }
    // Ten sent within the hour: the 15-minute window has room, the hourly one has not.
    t.clock.advance(10 * 60_000);
    const hourly = await requestCode(email);
    expect(hourly.statusCode).toBe(429);
    expect(errorOf(hourly)?.message).toMatch(/try again in \d+ minutes/);
  });

  it('limits sending per IP across different addresses', async () => {
    const ip = '203.0.113.7';
    expect((await requestCode(freshEmail('ip'), ip)).statusCode).toBe(200);
    expect((await requestCode(freshEmail('ip'), ip)).statusCode).toBe(429);
    // Another address from another IP is unaffected.
    expect((await requestCode(freshEmail('ip'), '203.0.113.8')).statusCode).toBe(200);
  });

  it('counts sign-ups against the same limits', async () => {
    const email = freshEmail('signuplimit');
    expect((await signUp(email)).statusCode).toBe(200);
    expect((await requestCode(email)).statusCode).toBe(429);
  });
});

describe('sessions', () => {
  it('lists the sessions newest access first, marks this device and shows Open/Closed data', async () => {
    const { email, token: first } = await signedUpUser('list');
    await t.app.inject({ method: 'POST', url: '/api/auth/me/logout', headers: bearer(first) });
    t.clock.advance(61_000);
    await requestCode(email);
    const code = await latestCode(email);
    const second = (await redeem(email, code, { 'user-agent': 'Second Browser' })).json<{ data: { token: string } }>().data.token;
    const res = await t.app.inject({ url: '/api/auth/me/sessions', headers: bearer(second) });
    expect(res.statusCode).toBe(200);
    const sessions = res.json<{ data: { sessions: Array<Record<string, unknown>> } }>().data.sessions;
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({
      session_current: true,
      session_deleted: null,
      session_user_agent: 'Second Browser',
      session_ip: '127.0.0.1',
    });
    expect(sessions[1]).toMatchObject({ session_current: false });
    expect(sessions[1]!.session_deleted).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("answers another user's session id with 404 and leaves that session working", async () => {
    const alice = await createUserWithSession(t.db);
    const bob = await createUserWithSession(t.db);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/me/sessions/${bob.idSession}`,
      headers: bearer(alice.token),
    });
    expect(res.statusCode).toBe(404);
    const me = await t.app.inject({ url: '/api/auth/me/sessions', headers: bearer(bob.token) });
    expect(me.statusCode).toBe(200);
  });

  it('a session signed out from the list stops working on its very next request', async () => {
    const { email, token: laptop } = await signedUpUser('revoke');
    t.clock.advance(61_000);
    await requestCode(email);
    const phone = (await redeem(email, await latestCode(email))).json<{ data: { token: string } }>().data.token;
    const list = (await t.app.inject({ url: '/api/auth/me/sessions', headers: bearer(laptop) })).json<{
      data: { sessions: Array<{ id_session: number; session_current: boolean }> };
    }>().data.sessions;
    const phoneSession = list.find((s) => !s.session_current)!;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/me/sessions/${phoneSession.id_session}`,
      headers: bearer(laptop),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { session: { session_deleted: string | null } } }>().data.session.session_deleted).not.toBeNull();
    expect((await t.app.inject({ url: '/api/auth/me/sessions', headers: bearer(phone) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/me/sessions', headers: bearer(laptop) })).statusCode).toBe(200);
  });

  it('logout ends the session, clears the cookie and the token stops working', async () => {
    const { token } = await signedUpUser('logout');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/me/logout', cookies: { token }, headers: SITE });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/^token=;/);
    expect((await t.app.inject({ url: '/api/auth/me/sessions', headers: bearer(token) })).statusCode).toBe(401);
    // Logging out when already signed out is harmless.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/me/logout' })).statusCode).toBe(200);
  });

  it('ends staff sessions after 12 hours while a learner stays signed in', async () => {
    const { email: staffEmail } = await signedUpUser('staff');
    const [staff] = await t.db.select().from(tables.users).where(eq(tables.users.email, staffEmail));
    await t.db.insert(tables.userRoles).values({ idUser: staff!.idUser, role: 'Staff' });
    t.clock.advance(61_000);
    await requestCode(staffEmail);
    const staffToken = (await redeem(staffEmail, await latestCode(staffEmail))).json<{ data: { token: string } }>().data.token;
    const learner = await signedUpUser('learner');
    t.clock.advance(11 * 60 * 60_000);
    expect((await t.app.inject({ url: '/api/auth/me/sessions', headers: bearer(staffToken) })).statusCode).toBe(200);
    t.clock.advance(60 * 60_000 + 1_000);
    expect((await t.app.inject({ url: '/api/auth/me/sessions', headers: bearer(staffToken) })).statusCode).toBe(401);
    const l = await t.app.inject({ url: '/api/auth/me/sessions', headers: bearer(learner.token) });
    expect(l.statusCode).toBe(200);
  });

  it('ends a learner session after a year', async () => {
    const { token } = await signedUpUser('year');
    t.clock.advance(365 * 24 * 60 * 60_000 + 1_000);
    expect((await t.app.inject({ url: '/api/auth/me/sessions', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('refuses cookie-authenticated changes from another origin but allows our own', async () => {
    const { token } = await signedUpUser('origin');
    const foreign = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/me/welcome',
      cookies: { token },
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    const own = await t.app.inject({ method: 'PUT', url: '/api/auth/me/welcome', cookies: { token }, headers: SITE });
    expect(own.statusCode).toBe(200);
  });
});

describe('profile, welcome and notifications', () => {
  it('PATCH me changes names and telephone and validates them', async () => {
    const { token } = await signedUpUser('profile');
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: bearer(token),
      payload: { first_name: 'Grace', last_name: 'Hopper', telephone: '+44 20 7946 0000' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { user: unknown; pending_email: null } }>().data).toMatchObject({
      user: { first_name: 'Grace', last_name: 'Hopper', telephone: '+44 20 7946 0000' },
      pending_email: null,
    });
    const bad = await t.app.inject({ method: 'PATCH', url: '/api/auth/me', headers: bearer(token), payload: { first_name: '' } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)?.field).toBe('first_name');
  });

  it('refuses names with line breaks or control characters, changing nothing', async () => {
    const { token } = await signedUpUser('crlf');
    for (const [field, value] of [
      ['first_name', 'Eve\r\nBcc: everyone@example.com'],
      ['last_name', 'Mallory\n'],
      ['first_name', 'Tab\tbed'],
      ['last_name', 'Esc\u001b[31m'],
      ['first_name', 'Line\u2028sep'],
    ] as const) {
      const bad = await t.app.inject({
        method: 'PATCH',
        url: '/api/auth/me',
        headers: bearer(token),
        payload: { [field]: value },
      });
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad)).toMatchObject({
        field,
        message: expect.stringMatching(/cannot contain line breaks or control characters/),
      });
    }
    const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    expect(me.json<{ data: { user: unknown } }>().data.user).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });

    const email = freshEmail('crlf-signup');
    const refused = await signUp(email, { first_name: 'Eve\r\nX-Injected: 1' });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)?.field).toBe('first_name');
    expect(await t.db.select().from(tables.users).where(eq(tables.users.email, email))).toHaveLength(0);
    await runDueJobs(t.app);
    expect(await findDevMail(t.db, email)).toHaveLength(0);
    // Accents, apostrophes and other scripts are names like any other.
    const kept = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: bearer(token),
      payload: { first_name: 'Zoë-Anne', last_name: "O'Brien 李" },
    });
    expect(kept.statusCode).toBe(200);
  });

  it('changes the e-mail only with the code sent to the new address', async () => {
    const { email, token } = await signedUpUser('move');
    const newEmail = freshEmail('moved');
    const ask = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: bearer(token),
      payload: { email: newEmail },
    });
    expect(ask.statusCode).toBe(200);
    expect(ask.json<{ data: { user: { email: string }; pending_email: string } }>().data).toMatchObject({
      user: { email },
      pending_email: newEmail,
    });
    const code = await latestCode(newEmail);
    const wrong = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: bearer(token),
      payload: { email: newEmail, passcode: wrongCode(code) },
    });
    expect(errorOf(wrong)?.message).toBe(LOGIN_ERRORS.wrongCode);
    // The e-mail confirmation code is not a sign-in code.
    expect((await redeem(newEmail, code)).statusCode).toBe(400);
    const confirm = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: bearer(token),
      payload: { email: newEmail, passcode: code },
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json<{ data: { user: { email: string } } }>().data.user.email).toBe(newEmail);
  });

  it("answers a change to another account's address the same, and tells that address instead of sending a code", async () => {
    const { token } = await signedUpUser('mover');
    const { email: taken } = await signedUpUser('owner');
    t.clock.advance(61_000);
    const res = await t.app.inject({ method: 'PATCH', url: '/api/auth/me', headers: bearer(token), payload: { email: taken } });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { pending_email: string } }>().data.pending_email).toBe(taken);
    const mail = await latestMail(taken);
    expect(mail?.text).toContain('already belongs to an account');
  });

  it('PUT me/welcome clears the welcome flag', async () => {
    const { token } = await signedUpUser('welcome');
    const res = await t.app.inject({ method: 'PUT', url: '/api/auth/me/welcome', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { user: { welcome_pending: boolean } } }>().data.user.welcome_pending).toBe(false);
  });

  it('PUT me/notifications-mailers saves the preference from a form body', async () => {
    const { token } = await signedUpUser('prefs');
    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/me/notifications-mailers',
      headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'notifications_mailers=true&notifications_emails=false',
    });
    expect(on.statusCode).toBe(200);
    expect(on.json<{ data: { user: unknown } }>().data.user).toMatchObject({
      notifications_mailers: true,
      notifications_emails: false,
    });
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/me/notifications-mailers',
      headers: bearer(token),
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
  });
});

describe('unsubscribe', () => {
  async function prefs(email: string) {
    const [u] = await t.db
      .select({ mailers: tables.users.notificationsMailers, emails: tables.users.notificationsEmails })
      .from(tables.users)
      .where(eq(tables.users.email, email));
    return u;
  }

  it('builds links and RFC 8058 headers bound to the address', () => {
    const links = unsubscribeLinks(t.config, 'Ada@Example.com');
    expect(links.unsubscribeUrl).toMatch(new RegExp(`^${t.config.SITE_URL}/unsubscribe/ada%40example\\.com/[A-Za-z0-9_-]{43}$`));
    expect(links.mailersUrl).toMatch(
      new RegExp(`^${t.config.SITE_URL}/unsubscribe-mailers/ada%40example\\.com/[A-Za-z0-9_-]{43}$`),
    );
    expect(links.listUnsubscribeHeaders['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(links.listUnsubscribeHeaders['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/api\/auth\/me\/unsubscribes\?email=/,
    );
  });

  it('unsubscribes from mailers, then from every e-mail, without signing in', async () => {
    const email = freshEmail('unsub');
    await signUp(email, { notifications_mailers: true });
    const links = unsubscribeLinks(t.config, email);
    const mailersToken = links.mailersUrl.split('/').pop()!;
    const emailsToken = links.unsubscribeUrl.split('/').pop()!;
    const mailers = await t.app.inject({
      method: 'POST',
      url: '/api/auth/me/unsubscribes/mailers',
      payload: { email, token: mailersToken },
    });
    expect(mailers.statusCode).toBe(200);
    expect(mailers.json()).toEqual({ data: { success: true } });
    expect(await prefs(email)).toEqual({ mailers: false, emails: true });
    const all = await t.app.inject({ method: 'POST', url: '/api/auth/me/unsubscribes', payload: { email, token: emailsToken } });
    expect(all.statusCode).toBe(200);
    expect(await prefs(email)).toEqual({ mailers: false, emails: false });
  });

  it('refuses a tampered token, or one for another address or list, and changes nothing', async () => {
    const email = freshEmail('tamper');
    await signUp(email, { notifications_mailers: true });
    const token = unsubscribeLinks(t.config, email).unsubscribeUrl.split('/').pop()!;
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const [url, payload] of [
      ['/api/auth/me/unsubscribes', { email, token: tampered }],
      ['/api/auth/me/unsubscribes', { email: freshEmail(), token }],
      ['/api/auth/me/unsubscribes/mailers', { email, token }],
      ['/api/auth/me/unsubscribes', { email }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)?.message).toBe('That unsubscribe link is not valid. Please use the link from your most recent email.');
    }
    expect(await prefs(email)).toEqual({ mailers: true, emails: true });
  });

  it('handles the RFC 8058 one-click POST to the List-Unsubscribe URL', async () => {
    const email = freshEmail('oneclick');
    await signUp(email, { notifications_mailers: true });
    const header = unsubscribeLinks(t.config, email, 'mailers').listUnsubscribeHeaders['List-Unsubscribe'];
    const url = new URL(header.slice(1, -1));
    const res = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(await prefs(email)).toEqual({ mailers: false, emails: true });
  });

  it('handles the one-click POST sent as multipart/form-data, as RFC 8058 asks providers to', async () => {
    const email = freshEmail('multipart');
    await signUp(email, { notifications_mailers: true });
    const header = unsubscribeLinks(t.config, email).listUnsubscribeHeaders['List-Unsubscribe'];
    const url = new URL(header.slice(1, -1));
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode).toBe(200);
    expect(await prefs(email)).toEqual({ mailers: false, emails: false });
  });

  it('refuses a malformed multipart body with a clear 400 and changes nothing', async () => {
    const email = freshEmail('badform');
    await signUp(email, { notifications_mailers: true });
    const token = unsubscribeLinks(t.config, email).unsubscribeUrl.split('/').pop()!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/auth/me/unsubscribes?email=${encodeURIComponent(email)}&token=${token}`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: 'not a multipart body',
    });
    expect(res.statusCode).toBe(400);
    expect(await prefs(email)).toEqual({ mailers: true, emails: true });
  });
});

describe('account deletion', () => {
  it('removes personal data, ends every session, clears the cookie and frees the address', async () => {
    const { email, token } = await signedUpUser('delete');
    const res = await t.app.inject({ method: 'DELETE', url: '/api/auth/me', cookies: { token }, headers: SITE });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/^token=;/);
    const [gone] = await t.db.select().from(tables.users).where(eq(tables.users.email, email));
    expect(gone).toBeUndefined();
    expect((await t.app.inject({ url: '/api/auth/me/sessions', headers: bearer(token) })).statusCode).toBe(401);
    const rows = await t.db.select().from(tables.users);
    const anonymised = rows.find((r) => r.deletedAt && r.email.startsWith('deleted-'));
    expect(anonymised).toMatchObject({ firstName: null, lastName: null, telephone: null });
    t.clock.advance(61_000);
    expect((await signUp(email)).statusCode).toBe(200);
    expect((await redeem(email, await latestCode(email))).statusCode).toBe(200);
  });
});

describe('signed-out access', () => {
  it.each([
    ['PATCH', '/api/auth/me'],
    ['DELETE', '/api/auth/me'],
    ['PUT', '/api/auth/me/welcome'],
    ['PUT', '/api/auth/me/notifications-mailers'],
    ['GET', '/api/auth/me/sessions'],
    ['DELETE', '/api/auth/me/sessions/1'],
  ] as const)('%s %s answers 401 to a signed-out caller', async (method, url) => {
    const res = await t.app.inject({
      method,
      url,
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: { notifications_mailers: true } }),
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 before looking at the body: a signed-out caller learns nothing from validation', async () => {
    const bad = { email: 'not an address', notifications_mailers: 'maybe' };
    expect((await t.app.inject({ method: 'PATCH', url: '/api/auth/me', payload: bad })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/auth/me/notifications-mailers', payload: bad })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/me/sessions/not-an-id' })).statusCode).toBe(401);
  });
});
