import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, tables } from '@fretline/db';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';
import { ConfigError, loadConfig } from '../../config.ts';

/** POST /api/test/sessions, the browser tests' session fixture (ADR 0075). */
const open = (t: TestApp, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/test/sessions', payload: payload as object, headers });

describe('with TEST_SESSIONS on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { TEST_SESSIONS: true } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('opens a session for an existing account, as a redeemed code would', async () => {
    const { email, idUser } = await createUserWithSession(t.db, { roles: ['Staff'] });
    const res = await open(t, { email: email.toUpperCase() }, { 'user-agent': 'Mozilla/5.0 (iPhone)' });
    expect(res.statusCode, res.body).toBe(200);
    const { token } = res.json<{ data: { token: string } }>().data;
    expect(res.cookies.find((c) => c.name === 'token')?.value).toBe(token);
    const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    expect(me.json<{ data: { user: { id_user: number } } }>().data.user.id_user).toBe(idUser);
    const sessions = await t.db.select().from(tables.sessions).where(eq(tables.sessions.idUser, idUser));
    const opened = sessions.find((s) => s.sessionUserAgent === 'Mozilla/5.0 (iPhone)');
    // A Staff session ends after 12 hours (ADR 0011), as through the passcode.
    expect(opened!.expiresAt.getTime() - opened!.sessionCreated.getTime()).toBeLessThanOrEqual(12 * 3_600_000 + 1_000);
  });

  it('with names, makes the account as sign-up does and opens its session', async () => {
    const res = await open(t, { email: 'New.Learner@example.com', first_name: 'Ada', last_name: 'Lovelace' });
    expect(res.statusCode, res.body).toBe(200);
    const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(res.json<{ data: { token: string } }>().data.token) });
    expect(me.json<{ data: { user: object } }>().data.user).toMatchObject({
      email: 'new.learner@example.com',
      first_name: 'Ada',
      welcome_pending: true,
      notifications_mailers: false,
    });
  });

  it('refuses an address without an account, and bad input, opening nothing', async () => {
    const before = await t.db.select().from(tables.sessions);
    expect((await open(t, { email: 'nobody@example.com' })).statusCode).toBe(404);
    expect((await open(t, { email: 'not an address' })).statusCode).toBe(400);
    expect((await open(t, {})).statusCode).toBe(400);
    expect((await open(t, { email: 'named@example.com', first_name: '', last_name: 'X' })).statusCode).toBe(400);
    expect(await t.db.select().from(tables.sessions)).toHaveLength(before.length);
    expect(await t.db.select().from(tables.users).where(eq(tables.users.email, 'named@example.com'))).toHaveLength(0);
  });
});

describe('without TEST_SESSIONS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('has no such call', async () => {
    const { email } = await createUserWithSession(t.db);
    expect((await open(t, { email })).statusCode).toBe(404);
  });

  it('is refused by a production configuration', () => {
    const production = {
      NODE_ENV: 'production',
      SECRET_KEY: 'x'.repeat(32),
      SITE_URL: 'https://fretline.example',
      PAYMENTS: 'sandbox',
      MAIL_FROM: 'Fretline <hello@fretline.example>',
    };
    expect(() => loadConfig({ ...production, TEST_SESSIONS: 'yes' })).toThrow(ConfigError);
    expect(loadConfig(production).TEST_SESSIONS).toBe(false);
  });

  it('is absent in production even if a configuration says otherwise', async () => {
    const production = await createTestApp({ config: { isProduction: true, TEST_SESSIONS: true } });
    try {
      const { email } = await createUserWithSession(production.db);
      expect((await open(production, { email })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
