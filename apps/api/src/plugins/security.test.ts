import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { isTestRedisUp, testRedisUrl } from '../../test/redis.ts';
import { createTestApp, createTestDatabase, type TestApp } from '../../test/test-app.ts';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('put the page policy on pages, error pages and the development mailbox', async () => {
    for (const url of ['/dev/mail', '/a-page-that-does-not-exist', '/videos', '/%E0%A4%A']) {
      const res = await t.app.inject({ url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self' 'unsafe-inline' https://js.stripe.com");
      for (const host of [
        'https://www.youtube-nocookie.com',
        'https://open.spotify.com',
        'https://www.soundslice.com',
        'https://js.stripe.com',
      ])
        expect(csp, url).toContain(host);
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('put a policy that lets nothing load or frame on API answers, errors included', async () => {
    for (const url of ['/api/health', '/api/nothing-here', '/api/videos/videos/no-such-video', '/api/videos/videos/%E0%A4%A']) {
      const res = await t.app.inject({ url });
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});

describe('rate limiting', () => {
  let t: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    t = await createTestDatabase();
    app = await buildApp({ config: testConfig(), db: t.handle, rateLimit: { max: 3, timeWindow: 60_000 } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  it('answers 429 with the error body once an IP spends its /api budget', async () => {
    const from = { remoteAddress: '203.0.113.7' };
    for (let i = 0; i < 3; i++) expect((await app.inject({ url: '/api/videos/videos', ...from })).statusCode).toBe(200);
    const limited = await app.inject({ url: '/api/videos/videos', ...from });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      errors: [{ message: 'Too many attempts, please wait a moment and try again.', code: 'RATE_LIMITED' }],
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another visitor still gets through.
    expect((await app.inject({ url: '/api/videos/videos', remoteAddress: '203.0.113.8' })).statusCode).toBe(200);
  });

  it('counts a route limit in Postgres, so two app instances share it', async () => {
    const other = await buildApp({ config: testConfig(), db: t.handle });
    try {
      const from = { remoteAddress: '203.0.113.60' };
      for (let i = 0; i < 15; i++)
        expect((await app.inject({ url: '/api/error?message=a', ...from })).statusCode).toBeLessThan(300);
      for (let i = 0; i < 15; i++)
        expect((await other.inject({ url: '/api/error?message=b', ...from })).statusCode).toBeLessThan(300);
      // The 31st report in the minute is refused by whichever instance receives it.
      expect((await other.inject({ url: '/api/error?message=c', ...from })).statusCode).toBe(429);
      expect((await app.inject({ url: '/api/error?message=d', ...from })).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it('believes X-Forwarded-For from loopback only', async () => {
    // From loopback (a proxy or an SSR loader) the forwarded address is the key…
    for (let i = 0; i < 3; i++)
      await app.inject({ url: '/api/videos/videos', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.1' } });
    const viaProxy = await app.inject({
      url: '/api/videos/videos',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '198.51.100.1' },
    });
    expect(viaProxy.statusCode).toBe(429);
    // …from anywhere else it is ignored, so a forged header does not buy a fresh budget.
    const forged = await app.inject({
      url: '/api/videos/videos',
      remoteAddress: '203.0.113.7',
      headers: { 'x-forwarded-for': '198.51.100.99' },
    });
    expect(forged.statusCode).toBe(429);
  });

  it('security headers add HSTS in production only', async () => {
    const prod = await buildApp({ config: testConfig({ isProduction: true }), db: t.handle });
    try {
      const api = await prod.inject({ url: '/api/health', remoteAddress: '203.0.113.99' });
      expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const page = await prod.inject({ url: '/a-page-that-does-not-exist', remoteAddress: '203.0.113.99' });
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(page.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await prod.close();
    }
  });

  it('does not limit loopback outside production (browser suite, local tools)', async () => {
    for (let i = 0; i < 5; i++)
      expect((await app.inject({ url: '/api/videos/videos', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
  });

  it('does not limit pages', async () => {
    for (let i = 0; i < 5; i++)
      expect((await app.inject({ url: '/dev/mail', remoteAddress: '203.0.113.50' })).statusCode).toBe(200);
  });
});

const redisUrl = testRedisUrl;
const redisUp = await isTestRedisUp();

describe.skipIf(!redisUp)('rate limiting with REDIS_URL', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    db = await createTestDatabase();
    app = await buildApp({
      config: testConfig({ REDIS_URL: redisUrl }),
      db: db.handle,
      rateLimit: { max: 2, timeWindow: 60_000 },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('counts in Redis, shared by every instance', async () => {
    // A fresh address per run: the counters outlive this test in the shared Redis.
    const ip = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
    expect((await app.inject({ url: '/api/videos/videos', remoteAddress: ip })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/videos/videos', remoteAddress: ip })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/videos/videos', remoteAddress: ip })).statusCode).toBe(429);
    expect(app.redis?.status).toBe('ready');
  });
});
