import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { HELPDESK_LIMIT_PER_EMAIL, HELPDESK_LIMIT_PER_IP } from '../services/messages/helpdesk-limits.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Every check-and-count limit holds under 50 simultaneous requests (ADR 0004, 0010, 0028): the
 * check and the count are one atomic step, so parallel requests cannot all read "under the limit"
 * before any of them is counted. Only meaningful on a real PostgreSQL server with a connection
 * pool (PGlite runs one statement at a time), so CI sets TEST_DATABASE_URL.
 */
const PARALLEL = 50;

let t: TestApp;
/** The same app without a captcha, so the limit tests don't spend their time solving 50 of them. */
let noCaptcha: TestApp;
let n = 0;
const unique = () => `${++n}-${Date.now().toString(36)}`;

beforeAll(async () => {
  t = await createTestApp();
  noCaptcha = await createTestApp({ config: { CAPTCHA: 'off' } });
});
afterAll(async () => {
  await t.close();
  await noCaptcha.close();
});

async function solvedCaptcha(): Promise<string> {
  const res = await t.app.inject({ url: '/api/messages/helpdesks/challenge' });
  const challenge = res.json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

function sendHelpdesk(input: { ip: string; email: string; captcha?: string }, app = noCaptcha.app) {
  return app.inject({
    method: 'POST',
    url: '/api/messages/helpdesks',
    remoteAddress: input.ip,
    payload: {
      first_name: 'Par',
      last_name: 'Allel',
      email: input.email,
      message: 'Many at once.',
      ...(input.captcha ? { recaptcha_response: input.captcha } : {}),
    },
  });
}

/**
 * Exactly `max` of the requests get `accepted` and the rest `refused`. A machine too busy to hand
 * out database connections in time may answer some with 503 (never a limit's answer); then at most
 * `max` are accepted.
 */
function expectLimited(results: Array<{ statusCode: number }>, expected: { max: number; accepted: number; refused: number }) {
  const counts: Record<number, number> = {};
  for (const r of results) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  const busy = counts[503] ?? 0;
  expect(Object.keys(counts).map(Number).sort()).toEqual([expected.accepted, expected.refused, ...(busy ? [503] : [])].sort());
  if (busy) expect(counts[expected.accepted]).toBeLessThanOrEqual(expected.max);
  else expect(counts).toEqual({ [expected.accepted]: expected.max, [expected.refused]: PARALLEL - expected.max });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(`${PARALLEL} simultaneous requests on PostgreSQL`, () => {
  it(`helpdesk: at most ${HELPDESK_LIMIT_PER_IP} an hour per IP`, async () => {
    const ip = `198.51.100.${(n % 200) + 1}`;
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () => sendHelpdesk({ ip, email: `ip-${unique()}@example.com` })),
    );
    expectLimited(results, { max: HELPDESK_LIMIT_PER_IP, accepted: 200, refused: 429 });
  });

  it(`helpdesk: at most ${HELPDESK_LIMIT_PER_EMAIL} an hour per e-mail`, async () => {
    const email = `addr-${unique()}@example.com`;
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => sendHelpdesk({ ip: `203.0.113.${i + 1}`, email })),
    );
    expectLimited(results, { max: HELPDESK_LIMIT_PER_EMAIL, accepted: 200, refused: 429 });
  });

  it('helpdesk: one solved captcha is accepted once', async () => {
    const captcha = await solvedCaptcha();
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        sendHelpdesk({ ip: `192.0.2.${i + 1}`, email: `replay-${unique()}@example.com`, captcha }, t.app),
      ),
    );
    expectLimited(results, { max: 1, accepted: 200, refused: 400 });
  });

  it('passcodes: at most one code a minute per IP', async () => {
    const ip = '198.18.0.7';
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/me/passcodes',
          remoteAddress: ip,
          payload: { email: `send-${unique()}@example.com` },
        }),
      ),
    );
    expectLimited(results, { max: 1, accepted: 200, refused: 429 });
  });

  it('passcodes: at most one code a minute per address', async () => {
    const email = `one-${unique()}@example.com`;
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/me/passcodes',
          remoteAddress: `198.18.1.${i + 1}`,
          payload: { email },
        }),
      ),
    );
    expectLimited(results, { max: 1, accepted: 200, refused: 429 });
  });

  it('passcodes: wrong codes from one IP are stopped after 10 an hour', async () => {
    const email = `guess-${unique()}@example.com`;
    await t.app.inject({ method: 'POST', url: '/api/auth/me', payload: { first_name: 'G', last_name: 'Uess', email } });
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/auth/me/passcodes',
          remoteAddress: '198.18.2.1',
          payload: { email, passcode: String(100_000 + i) },
        }),
      ),
    );
    // A wrong code that is checked answers 400; over the cap, 429.
    expectLimited(results, { max: 10, accepted: 400, refused: 429 });
  });

  it('route limits of the rate-limit plugin: error reports, 30 a minute per IP', async () => {
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () => t.app.inject({ url: '/api/error?message=boom', remoteAddress: '198.18.3.1' })),
    );
    expectLimited(results, { max: 30, accepted: 200, refused: 429 });
  });
});
