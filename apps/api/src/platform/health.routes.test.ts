import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '@fretline/db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import { startDraining } from './health.routes.ts';

const HEALTH_URLS = ['/api/health', '/api/health/live'];

describe('the health checks (ADR 0059)', () => {
  let t: Awaited<ReturnType<typeof createTestDatabase>>;
  const apps: FastifyInstance[] = [];
  const build = async (options: Parameters<typeof testConfig>[0] = {}, rateLimit?: { max: number; timeWindow: number }) => {
    const app = await buildApp({ config: testConfig(options), db: t.handle, ...(rateLimit ? { rateLimit } : {}) });
    apps.push(app);
    await app.ready();
    return app;
  };
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });
  afterAll(async () => {
    await t.drop();
  });

  it('GET /api/health/live answers ok without the database', async () => {
    const app = await build();
    const res = await app.inject({ url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok' } });
    expect(res.headers['cache-control']).toBe('no-store');

    // Nothing listens on port 1: the deep check fails, liveness does not.
    const unreachable = await createDb({ url: 'postgres://postgres@127.0.0.1:1/none' });
    const cut = await buildApp({ config: testConfig(), db: unreachable });
    try {
      expect((await cut.inject({ url: '/api/health' })).statusCode).toBe(503);
      expect((await cut.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await cut.close();
      await unreachable.close();
    }
  });

  it('GET /api/health/live answers 503 while draining, so the balancer takes the instance out', async () => {
    const app = await build();
    startDraining(app.server);
    const res = await app.inject({ url: '/api/health/live' });
    expect(res.statusCode).toBe(503);
    expect(res.headers.connection).toBe('close');
    expect(res.json()).toEqual({
      errors: [{ message: 'The service is shutting down, please try again in a moment.', code: 'UNAVAILABLE' }],
    });
  });

  it('never counts the health checks against the per-address budget (a balancer checks from one address)', async () => {
    // Production limits loopback too; the balancer's checks come from there.
    const app = await build({ isProduction: true }, { max: 3, timeWindow: 60_000 });
    const from = { remoteAddress: '127.0.0.1' };
    for (let i = 0; i < 10; i++)
      for (const url of HEALTH_URLS) expect((await app.inject({ url, ...from })).statusCode, `${url} #${i}`).toBe(200);
    // Everything else from that address is still limited.
    const limited = [];
    for (let i = 0; i < 4; i++) limited.push((await app.inject({ url: '/api/videos/videos', ...from })).statusCode);
    expect(limited).toEqual([200, 200, 200, 429]);
  });

  describe('under a saturating load', () => {
    let blocker: NodeJS.Timeout | undefined;
    afterEach(() => clearInterval(blocker));

    it('sheds new work with a fast 503 while the health checks still answer at once', async () => {
      const app = await build({ OVERLOAD_EVENT_LOOP_DELAY_MS: 50 });
      expect((await app.inject({ url: '/api/videos/videos' })).statusCode).toBe(200);
      // Saturate the event loop: 100 ms of work at every turn, as a flood of renders would.
      blocker = setInterval(() => {
        const until = Date.now() + 100;
        while (Date.now() < until);
      }, 1);
      const deadline = Date.now() + 10_000;
      while (!app.isUnderPressure()) {
        if (Date.now() > deadline) throw new Error('never under pressure');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }

      const timed = async (url: string) => {
        const started = Date.now();
        const res = await app.inject({ url });
        return { res, ms: Date.now() - started };
      };
      const [shed, live, ready] = await Promise.all([
        timed('/api/videos/videos'),
        timed('/api/health/live'),
        timed('/api/health'),
      ]);
      expect(shed.res.statusCode).toBe(503);
      expect(shed.res.headers['retry-after']).toBe('2');
      expect(shed.res.json()).toEqual({
        errors: [{ message: 'The service is busy, please try again in a moment.', code: 'UNAVAILABLE' }],
      });
      expect(live.res.statusCode).toBe(200);
      expect(ready.res.statusCode).toBe(200);
      // Well within the balancer's 2 s check timeout, despite the loop's 100 ms stalls.
      for (const { ms } of [shed, live]) expect(ms).toBeLessThan(1_500);

      clearInterval(blocker);
      const calm = Date.now() + 10_000;
      while (app.isUnderPressure()) {
        if (Date.now() > calm) throw new Error('still under pressure');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect((await app.inject({ url: '/api/videos/videos' })).statusCode).toBe(200);
    });
  });
});
