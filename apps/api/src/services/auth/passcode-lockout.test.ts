import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { runDueJobs } from '../../platform/jobs/index.ts';
import { findDevMail } from '../../platform/mail/index.ts';

/**
 * ADR 0010 (wrong tries): failed codes are counted per address and source IP, so guessing is
 * stopped without a stranger being able to lock the owner out of their own account (ASVS 2.2.1).
 */
let t: TestApp;
let n = 0;
const freshEmail = (label: string) => `${label}-${++n}-${Date.now().toString(36)}@example.com`;
const STRANGER = '203.0.113.66';
/** The owner's address differs per test: sending is limited per IP too. */
let OWNER = '';

beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => {
  OWNER = `198.51.100.${++n}`;
});
afterAll(async () => {
  await t.close();
});

const signUp = (email: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/me',
    remoteAddress: ip,
    payload: { first_name: 'Olive', last_name: 'Owner', email },
  });
const requestCode = (email: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/me/passcodes', remoteAddress: ip, payload: { email } });
const redeem = (email: string, passcode: string, ip: string) =>
  t.app.inject({ method: 'PUT', url: '/api/auth/me/passcodes', remoteAddress: ip, payload: { email, passcode } });

async function latestCode(email: string): Promise<string> {
  await runDueJobs(t.app);
  const [mail] = await findDevMail(t.db, email);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}
const wrongCode = (code: string, i = 1) => String((Number(code) + i) % 1_000_000).padStart(6, '0');
const errorCode = (res: { json: <T>() => T }) => res.json<{ errors: Array<{ code: string }> }>().errors[0]?.code;

describe('wrong passcodes cannot lock the owner out', () => {
  it('lets the owner sign in with a fresh code after a stranger sent many wrong codes from another IP', async () => {
    const email = freshEmail('victim');
    expect((await signUp(email, OWNER)).statusCode).toBe(200);
    const first = await latestCode(email);
    // The stranger guesses, asks for new codes (they go to the owner's mailbox) and guesses on.
    for (let i = 1; i <= 6; i++) await redeem(email, wrongCode(first, i), STRANGER);
    t.clock.advance(61_000);
    expect((await requestCode(email, STRANGER)).statusCode).toBe(200);
    const second = await latestCode(email);
    for (let i = 1; i <= 6; i++) await redeem(email, wrongCode(second, i), STRANGER);

    t.clock.advance(61_000);
    expect((await requestCode(email, OWNER)).statusCode).toBe(200);
    const fresh = await latestCode(email);
    const res = await redeem(email, fresh, OWNER);
    expect(res.statusCode).toBe(200);
  });

  it('still stops guessing from one IP after 10 wrong codes an hour, even for the right code', async () => {
    const email = freshEmail('guessed');
    await signUp(email, OWNER);
    let code = await latestCode(email);
    for (let i = 1; i <= 4; i++) expect((await redeem(email, wrongCode(code, i), STRANGER)).statusCode).toBe(400);
    for (const _ of [1, 2]) {
      t.clock.advance(61_000);
      await requestCode(email, OWNER);
      code = await latestCode(email);
      for (let i = 1; i <= 3; i++) expect((await redeem(email, wrongCode(code, i), STRANGER)).statusCode).toBe(400);
    }
    // Ten wrong tries from this IP: locked there, however many codes were involved.
    const locked = await redeem(email, code, STRANGER);
    expect(locked.statusCode).toBe(429);
    expect(errorCode(locked)).toBe('PASSCODE_LOCKED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, elsewhere, is not affected by it.
    expect((await redeem(email, code, OWNER)).statusCode).toBe(200);
  });

  it('burns a code after five wrong tries even when each comes from another IP', async () => {
    const email = freshEmail('spread');
    await signUp(email, OWNER);
    const code = await latestCode(email);
    for (let i = 1; i <= 5; i++) await redeem(email, wrongCode(code, i), `192.0.2.${i}`);
    const burned = await redeem(email, code, OWNER);
    expect(burned.statusCode).toBe(400);
    expect(errorCode(burned)).toBe('PASSCODE_BURNED');
    // A new code sent to the mailbox works.
    t.clock.advance(61_000);
    await requestCode(email, OWNER);
    expect((await redeem(email, await latestCode(email), OWNER)).statusCode).toBe(200);
  });

  it('stops one IP that sprays wrong codes over many addresses', async () => {
    const sprayer = '203.0.113.99';
    const emails = Array.from({ length: 31 }, () => freshEmail('spray'));
    for (const email of emails.slice(0, 30)) expect((await redeem(email, '000000', sprayer)).statusCode).toBe(400);
    const last = emails[30]!;
    await signUp(last, OWNER);
    const locked = await redeem(last, await latestCode(last), sprayer);
    expect(locked.statusCode).toBe(429);
    expect(errorCode(locked)).toBe('PASSCODE_LOCKED');
  });
});
