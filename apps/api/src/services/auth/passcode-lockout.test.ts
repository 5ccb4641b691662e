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
/** Five codes that are none of `codes`. */
const wrongCodes = (...codes: string[]) =>
  Array.from({ length: 5 + codes.length }, (_, i) => wrongCode(codes[0]!, i + 1))
    .filter((guess) => !codes.includes(guess))
    .slice(0, 5);
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

  it('keeps an owner who signed in before able to sign in while strangers ask for codes and burn them from many IPs', async () => {
    const email = freshEmail('besieged');
    await signUp(email, OWNER);
    expect((await redeem(email, await latestCode(email), OWNER)).statusCode).toBe(200);
    t.clock.advance(61_000);
    // The owner asks for a code just before the siege starts: they already have one.
    expect((await requestCode(email, OWNER)).statusCode).toBe(200);
    const ownersCode = await latestCode(email);
    t.clock.advance(61_000);

    let host = 0;
    // One round of the siege: a stranger asks for a code for the owner's address (spending what the
    // address may be sent this minute), then five others each enter a wrong code, burning it.
    const siege = async () => {
      expect((await requestCode(email, `192.0.2.${++host}`)).statusCode).toBe(200);
      const strangersCode = await latestCode(email);
      for (const guess of wrongCodes(strangersCode, ownersCode)) await redeem(email, guess, `198.18.0.${++host}`);
      const burned = await redeem(email, strangersCode, `198.18.0.${++host}`);
      expect(errorCode(burned)).toBe('PASSCODE_BURNED');
    };

    await siege();
    expect((await redeem(email, ownersCode, OWNER)).statusCode).toBe(200);
    for (let round = 0; round < 3; round++) {
      t.clock.advance(61_000);
      await siege();
      // Within the same minute the owner asks for a new code from where they signed in before…
      expect((await requestCode(email, OWNER)).statusCode).toBe(200);
      const fresh = await latestCode(email);
      // …strangers keep guessing at it…
      for (const guess of wrongCodes(fresh)) await redeem(email, guess, `198.18.0.${++host}`);
      // …and it still signs the owner in.
      expect((await redeem(email, fresh, OWNER)).statusCode).toBe(200);
    }
  });

  it("still burns the owner's code after five wrong tries of their own", async () => {
    const email = freshEmail('clumsy');
    await signUp(email, OWNER);
    expect((await redeem(email, await latestCode(email), OWNER)).statusCode).toBe(200);
    t.clock.advance(61_000);
    await requestCode(email, OWNER);
    const code = await latestCode(email);
    for (const guess of wrongCodes(code)) expect((await redeem(email, guess, OWNER)).statusCode).toBe(400);
    expect(errorCode(await redeem(email, code, OWNER))).toBe('PASSCODE_BURNED');
    // Strangers have five tries of their own at it, then it is burned for them too.
    for (const guess of wrongCodes(code)) await redeem(email, guess, STRANGER);
    expect(errorCode(await redeem(email, code, STRANGER))).toBe('PASSCODE_BURNED');
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

/** The code and the key of the newest sign-in link mailed to `email` (ADR 0010). */
async function latestLink(email: string): Promise<{ code: string; key: string }> {
  await runDueJobs(t.app);
  const [mail] = await findDevMail(t.db, email);
  const link = /\/login\/(\d{6})\?\S*key=([\w-]+)/.exec(mail?.text ?? '');
  if (!link) throw new Error(`no sign-in link mailed to ${email}`);
  return { code: link[1]!, key: link[2]! };
}
const redeemLink = (email: string, link: { code: string; key: string }, ip: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/auth/me/passcodes',
    remoteAddress: ip,
    payload: { email, passcode: link.code, key: link.key },
  });
/** A well-formed key that was never mailed. */
const strangersKey = 'AAAAAAAAAAAAAAAAAAAAAA';

describe("the e-mailed link's key proves the mailbox", () => {
  it('signs a brand-new owner in, on an IP never used, while strangers ask for codes and spend every budget', async () => {
    const email = freshEmail('newcomer');
    expect((await signUp(email, OWNER)).statusCode).toBe(200);
    const owners = await latestLink(email);

    let host = 0;
    for (let round = 0; round < 4; round++) {
      t.clock.advance(61_000);
      // A stranger asks for a code for the owner's address (replacing the owner's, both in the shared
      // lane), then many addresses each enter five wrong codes…
      expect((await requestCode(email, `192.0.2.${++host}`)).statusCode).toBe(200);
      const { code: strangersCode } = await latestLink(email);
      for (let ip = 0; ip < 3; ip++) {
        const from = `198.18.${round}.${++host}`;
        for (const guess of wrongCodes(strangersCode, owners.code)) await redeem(email, guess, from);
      }
      // …and some from the owner's own network (one shared public address), using up its budget too.
      for (const guess of wrongCodes(strangersCode, owners.code)) await redeem(email, guess, OWNER);
    }
    // By hand, the owner's code is refused: replaced, burned and over the address's failure cap.
    const byHand = await redeem(email, owners.code, OWNER);
    expect(byHand.statusCode).toBe(429);
    expect(errorCode(byHand)).toBe('PASSCODE_LOCKED');

    // With the link from their mailbox they are in.
    const signedIn = await redeemLink(email, owners, OWNER);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json<{ data: { token: string } }>().data.token).toBeTruthy();
    // Once.
    expect(errorCode(await redeemLink(email, owners, OWNER))).toBe('PASSCODE_USED');
  });

  it('counts a wrong key as a wrong try, and still takes the right one', async () => {
    const email = freshEmail('wrongkey');
    await signUp(email, OWNER);
    const link = await latestLink(email);
    for (let i = 1; i <= 5; i++) {
      const res = await redeemLink(email, { code: link.code, key: strangersKey }, `192.0.2.${i}`);
      expect(res.statusCode).toBe(400);
      expect(errorCode(res)).toBe('PASSCODE_WRONG');
    }
    // Five wrong keys burned the code for hand entry, like five wrong codes.
    expect(errorCode(await redeem(email, link.code, OWNER))).toBe('PASSCODE_BURNED');
    expect((await redeemLink(email, link, OWNER)).statusCode).toBe(200);
  });

  it("refuses a code with another code's key", async () => {
    const email = freshEmail('twokeys');
    await signUp(email, OWNER);
    const first = await latestLink(email);
    t.clock.advance(61_000);
    await requestCode(email, OWNER);
    const second = await latestLink(email);
    const other = freshEmail('otherbox');
    await signUp(other, `192.0.2.200`);
    const others = await latestLink(other);

    expect(errorCode(await redeemLink(email, { code: second.code, key: first.key }, OWNER))).toBe('PASSCODE_WRONG');
    expect(errorCode(await redeemLink(email, { code: first.code, key: second.key }, OWNER))).toBe('PASSCODE_WRONG');
    expect(errorCode(await redeemLink(email, { code: second.code, key: others.key }, OWNER))).toBe('PASSCODE_WRONG');
    expect(errorCode(await redeemLink(other, { code: others.code, key: second.key }, OWNER))).toBe('PASSCODE_WRONG');
    expect((await redeemLink(email, second, OWNER)).statusCode).toBe(200);
  });

  it('does not stretch the code past its ten minutes', async () => {
    const email = freshEmail('stale');
    await signUp(email, OWNER);
    const link = await latestLink(email);
    t.clock.advance(10 * 60_000 + 1);
    expect(errorCode(await redeemLink(email, link, OWNER))).toBe('PASSCODE_EXPIRED');
  });

  it('refuses a malformed key as bad input, without counting it', async () => {
    const email = freshEmail('badkey');
    await signUp(email, OWNER);
    const link = await latestLink(email);
    for (let i = 1; i <= 5; i++) {
      const res = await redeemLink(email, { code: link.code, key: 'not a key!' }, `192.0.2.${i}`);
      expect(res.statusCode).toBe(400);
      expect(errorCode(res)).toBe('VALIDATION');
    }
    expect((await redeem(email, link.code, OWNER)).statusCode).toBe(200);
  });
});
