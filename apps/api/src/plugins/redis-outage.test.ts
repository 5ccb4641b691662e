import { connect, createServer, type Server, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { isTestRedisUp, testRedisUrl } from '../../test/redis.ts';
import { createTestDatabase } from '../../test/test-app.ts';

const redisUrl = new URL(testRedisUrl);
const redisUp = await isTestRedisUp();

/** A TCP relay to the real Redis that the test can cut and restore, as an outage would. */
function relay() {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect({ host: redisUrl.hostname, port: Number(redisUrl.port || 6379) });
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('error', () => s.destroy());
          s.on('close', () => sockets.delete(s));
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.listen(port, '127.0.0.1', () => {
        const address = server?.address();
        if (address && typeof address === 'object') port = address.port;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (server) server.close(() => resolve());
      else resolve();
      server = null;
    });
  return { open, cut, url: () => `redis://127.0.0.1:${port}${redisUrl.pathname}` };
}

async function until(what: string, check: () => boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!redisUp)('a Redis outage in the logs (ADR 0059)', () => {
  let t: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: FastifyInstance;
  const lines: { level: number; msg: string }[] = [];
  const link = relay();

  beforeAll(async () => {
    t = await createTestDatabase();
    await link.open();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as { level: number; msg: string });
        done();
      },
    });
    app = await buildApp({ config: testConfig({ REDIS_URL: link.url() }), db: t.handle, logger: { level: 'warn', stream } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await link.cut();
    await t?.drop();
  });

  const said = (text: string) => lines.filter((l) => l.msg.startsWith(text)).length;

  it('says once that Redis is down, however many reconnections fail, and once that it is back', async () => {
    const redis = app.redis;
    if (!redis) throw new Error('no redis client');
    await until('redis ready', () => redis.status === 'ready');
    let attempts = 0;
    redis.on('reconnecting', () => attempts++);

    await link.cut();
    await until('several failed reconnections', () => attempts >= 4);
    expect(said('redis is down')).toBe(1);

    await link.open();
    await until('redis ready again', () => redis.status === 'ready');
    expect(said('redis is back')).toBe(1);
    expect(said('redis is down')).toBe(1);
  });
});
