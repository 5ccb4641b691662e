import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, desc, tables } from '@fretline/db';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { bearer, createTestApp, createTestDatabase, createUserWithSession, type TestApp } from '../../test/test-app.ts';
import { ERROR_MESSAGE_MAX } from './error-reports.routes.ts';
import { startDraining } from './health.routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/health', () => {
  it('is 200 while the database answers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('ok');
  });

  it('is 503 with the error body when the database cannot be reached', async () => {
    // Nothing listens on port 1: every query fails to connect.
    const handle = await createDb({ url: 'postgres://postgres@127.0.0.1:1/none' });
    const app = await buildApp({ config: testConfig(), db: handle });
    try {
      const res = await app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        errors: [{ message: 'The service is briefly unavailable, please try again in a moment.', code: 'UNAVAILABLE' }],
      });
    } finally {
      await app.close();
      await handle.close();
    }
  });
});

describe('GET /api/error (client error reports)', () => {
  it('stores the message with the page, user agent, correlation id and signed-in user', async () => {
    const user = await createUserWithSession(t.db);
    const res = await t.app.inject({
      url: `/api/error?message=${encodeURIComponent('Schema mismatch on /videos')}&url=${encodeURIComponent('http://localhost/videos')}`,
      headers: { ...bearer(user.token), 'user-agent': 'TestBrowser/1.0', 'x-correlation-id': 'corrCORR1234567890' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { success: true } });
    const [row] = await t.db.select().from(tables.clientErrors).orderBy(desc(tables.clientErrors.idClientError)).limit(1);
    expect(row).toMatchObject({
      message: 'Schema mismatch on /videos',
      url: 'http://localhost/videos',
      userAgent: 'TestBrowser/1.0',
      correlationId: 'corrCORR1234567890',
      idUser: user.idUser,
    });
  });

  it(`cuts a long message to ${ERROR_MESSAGE_MAX} characters and takes the page from the referrer`, async () => {
    const res = await t.app.inject({
      url: `/api/error?message=${'x'.repeat(5_000)}`,
      headers: { referer: 'http://localhost/courses' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(tables.clientErrors).orderBy(desc(tables.clientErrors.idClientError)).limit(1);
    expect(row?.message).toHaveLength(ERROR_MESSAGE_MAX);
    expect(row?.url).toBe('http://localhost/courses');
    expect(row?.idUser).toBeNull();
  });

  it('refuses a report without a message with a 400 on that field', async () => {
    const res = await t.app.inject({ url: '/api/error' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('message');
  });

  it('limits reports per IP', async () => {
    const from = { remoteAddress: '192.0.2.44' };
    let status = 0;
    for (let i = 0; i < 31; i++) status = (await t.app.inject({ url: '/api/error?message=loop', ...from })).statusCode;
    expect(status).toBe(429);
    expect((await t.app.inject({ url: '/api/error?message=other', remoteAddress: '192.0.2.45' })).statusCode).toBe(200);
  });
});

describe('GET /api/health while shutting down (ADR 0042)', () => {
  it('answers 503 once draining starts, while other routes keep serving', async () => {
    const { handle, drop } = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), db: handle });
    try {
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      startDraining(app.server);
      const res = await app.inject({ url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.headers.connection).toBe('close');
      expect(res.json()).toEqual({
        errors: [{ message: 'The service is shutting down, please try again in a moment.', code: 'UNAVAILABLE' }],
      });
      expect((await app.inject({ url: '/api/videos/videos' })).statusCode).toBe(200);
      // Another app in the same process is not draining.
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await drop();
    }
  });
});
