import { Agent, request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { startServer, type ChildServer } from './support/server';

/*
 * SIGTERM under load (ADR 0042): the server fails its health check first and keeps serving while
 * the balancer drains it, then closes. A client that stops sending once the health check answers
 * 503, as a load balancer does, sees no failed, refused or reset request.
 */

const DRAIN_MS = 3_000;
const WORKERS = 8;
/** SIGTERM goes out once this many requests have been answered: the server is warm and busy. */
const SIGTERM_AFTER = 150;
const PATHS = ['/api/videos/videos', '/api/auth/me', '/'];

interface Outcome {
  path: string;
  status?: number;
  error?: string;
  afterSigterm: boolean;
}

function get(url: string, agent: Agent): Promise<{ status?: number; error?: string }> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode }));
      res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end();
  });
}

let server: ChildServer | undefined;
test.afterAll(async () => {
  await server?.stop();
});

test('SIGTERM under keep-alive load: health fails first, then 0 failed or reset requests', async () => {
  test.setTimeout(120_000);
  // Development mode: loopback is not rate limited there (ADR 0004); the shutdown path is the same.
  server = await startServer({ NODE_ENV: 'development', SHUTDOWN_DRAIN_MS: String(DRAIN_MS) });
  const base = server.url;
  const agent = new Agent({ keepAlive: true, maxSockets: WORKERS });
  const balancerAgent = new Agent({ keepAlive: true, maxSockets: 1 });

  const outcomes: Outcome[] = [];
  let inRotation = true;
  let sigtermSent = false;
  let drainedAt = 0;
  let answered = 0;
  let resolveBusy!: () => void;
  const busy = new Promise<void>((resolve) => (resolveBusy = resolve));

  // The balancer: polls the health check and takes the server out of rotation on its first 503.
  const healthAnswers: (number | string)[] = [];
  const balancer = (async () => {
    while (inRotation) {
      const res = await get(`${base}/api/health`, balancerAgent);
      healthAnswers.push(res.status ?? res.error!);
      if (res.status !== 200 && sigtermSent) {
        inRotation = false;
        drainedAt = Date.now();
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50)); // the balancer's poll interval
    }
  })();

  // The visitors: keep-alive connections, one request after another while the server is in rotation.
  const workers = Array.from({ length: WORKERS }, async (_, w) => {
    for (let i = w; inRotation; i++) {
      const path = PATHS[i % PATHS.length]!;
      const afterSigterm = sigtermSent;
      const res = await get(`${base}${path}`, agent);
      outcomes.push({ path, ...res, afterSigterm });
      if (++answered === SIGTERM_AFTER) resolveBusy();
    }
  });

  await busy;
  sigtermSent = true;
  const sigtermAt = Date.now();
  server.child.kill('SIGTERM');

  await Promise.all([balancer, ...workers]);
  const exitCode = await Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve('timeout'), 30_000))]);
  agent.destroy();
  balancerAgent.destroy();

  const failed = outcomes.filter((o) => o.error !== undefined || (o.status !== 200 && o.status !== 401));
  expect(failed, JSON.stringify(failed.slice(0, 10))).toEqual([]);
  // It kept serving after SIGTERM until the balancer noticed, and the health check is what told it.
  expect(outcomes.filter((o) => o.afterSigterm).length).toBeGreaterThan(0);
  expect(healthAnswers.at(-1)).toBe(503);
  expect(drainedAt - sigtermAt).toBeLessThan(DRAIN_MS);
  // Then it closed cleanly, in order, and released the port.
  expect(exitCode).toBe(0);
  const log = server.output();
  expect(log.indexOf('shutting down')).toBeGreaterThan(-1);
  expect(log.indexOf('"msg":"shut down"')).toBeGreaterThan(log.indexOf('shutting down'));
  expect((await get(`${base}/api/health`, new Agent())).error).toBe('ECONNREFUSED');
});
