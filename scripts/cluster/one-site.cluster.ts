// The cluster suite (ADR 0059): several production instances behind HAProxy act as one site.
// Run with `npm run test:cluster` after `npm run build`; each layout gets a cluster of its own.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster, type Instance } from './cluster.ts';
import { call, freshIp, signIn, startLoad, waitForMail } from './client.ts';

const BASE_PORT = Number(process.env.CLUSTER_PORT ?? 4400);
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.from('0000000d4944415478da63f8cfc0f01f0005000201a1d6a4590000000049454e44ae426082', 'hex'),
]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const psql = (cluster: Cluster, sql: string) => {
  const out = spawnSync('psql', [cluster.databaseUrl, '-Atc', sql], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(out.stderr);
  return out.stdout.trim();
};

async function until<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await sleep(100);
  }
}

type Session = Awaited<ReturnType<typeof signIn>>;

/** A new helpdesk thread of the signed-in member's. */
async function threadOf(member: Session, on: string) {
  const created = await call(on, 'POST', '/api/messages/helpdesks', {
    token: member.token,
    body: { first_name: 'Mia', email: 'member@example.com', message: 'Which strings for drop D?' },
  });
  expect(created.status, created.body).toBe(200);
  return created.json<{ data: { thread: { id_thread: number } } }>().data.thread.id_thread;
}

/** Each instance SIGTERM'd and started again in turn, the balancer told before the next one goes. */
async function rollingRestart(cluster: Cluster, instances: Instance[]) {
  for (const instance of instances) {
    expect(await instance.stop('SIGTERM')).toBe(0);
    await instance.start();
    await cluster.waitForBalancer(instance.name, 'UP');
  }
}

describe.each([
  { layout: 'app' as const, port: BASE_PORT },
  { layout: 'tiers' as const, port: BASE_PORT + 50 },
])('$layout layout: two instances behind HAProxy act as one site (ADR 0059)', ({ layout, port }) => {
  let cluster: Cluster;
  let a: Instance;
  let b: Instance;
  // One sign-in each (a code a minute per address, ADR 0010), on different instances.
  let member: Session;
  let staff: Session;
  let editor: Session;

  beforeAll(async () => {
    cluster = await startCluster({ layout, instances: 2, basePort: port });
    [a, b] = cluster.api as [Instance, Instance];
    member = await signIn(cluster, 'member@example.com', a.url);
    staff = await signIn(cluster, 'staff@example.com', b.url);
    editor = await signIn(cluster, 'editor@example.com', cluster.url);
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  it('balances across the instances and sends /api to the API tier and pages to the web tier', async () => {
    // Consecutive requests of one kind: round robin alternates them (pages' loaders call /api too).
    const api = new Set<string | null>();
    for (let i = 0; i < 4; i++) api.add((await call(cluster.url, 'GET', '/api/health')).servedBy);
    const pages = new Set<string | null>();
    for (let i = 0; i < 4; i++) {
      const page = await call(cluster.url, 'GET', '/');
      expect(page.status).toBe(200);
      pages.add(page.servedBy);
    }
    if (layout === 'app') {
      expect([...api].sort()).toEqual(['app1', 'app2']);
      expect([...pages].sort()).toEqual(['app1', 'app2']);
    } else {
      expect([...api].sort()).toEqual(['api1', 'api2']);
      expect([...pages].sort()).toEqual(['web1', 'web2']);
    }
  });

  it('keeps a session made on one instance on the others, pages included', async () => {
    // The code is asked for on one instance and redeemed on the other.
    const learner = await signIn(cluster, 'learner@example.com', a.url, b.url);
    for (const instance of cluster.instances) {
      const me = await call(instance.url, 'GET', '/api/auth/me', { token: learner.token });
      expect(me.status, `${instance.name}: ${me.body}`).toBe(200);
      expect(me.json<{ data: { user: { email: string } } }>().data.user.email).toBe('learner@example.com');
    }
    // A signed-in page rendered by each web instance (its loaders reach the API through API_URL).
    for (let i = 0; i < 4; i++) {
      const page = await call(cluster.url, 'GET', '/me', { cookie: learner.cookie });
      expect(page.status).toBe(200);
      expect(page.body).toContain('learner@example.com');
    }
    // Ended at once on the instance that ended it, and on the others as soon as they hear of it
    // over Redis (ADR 0059), well inside their two-second session memory (ADR 0011). A call for
    // members only answers 401 to an ended session.
    const membersOnly = (on: string) => call(on, 'GET', '/api/messages/threads/unread/count', { token: learner.token });
    expect((await membersOnly(a.url)).status).toBe(200);
    expect((await call(b.url, 'POST', '/api/auth/me/logout', { token: learner.token })).status).toBe(200);
    expect((await membersOnly(b.url)).status).toBe(401);
    const ended = Date.now();
    await until('the other instance refuses the ended session', async () => (await membersOnly(a.url)).status === 401, 5_000);
    expect(Date.now() - ended).toBeLessThan(500);
  });

  it('counts the passcode and helpdesk limits across instances', async () => {
    const email = `limits-${layout}@example.com`;
    expect((await call(a.url, 'POST', '/api/auth/me/passcodes', { body: { email } })).status).toBe(200);
    // One code a minute per address: the other instance knows the first one was sent.
    const again = await call(b.url, 'POST', '/api/auth/me/passcodes', { body: { email } });
    expect(again.status).toBe(429);

    const sender = `helpdesk-${layout}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const on = i % 2 ? b.url : a.url;
      const sent = await call(on, 'POST', '/api/messages/helpdesks', {
        body: { first_name: 'Sam', email: sender, message: `question ${i}` },
      });
      statuses.push(sent.status);
    }
    // Five an hour per address (ADR 0028), whichever instance takes them.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('counts the global per-IP budget across instances', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    const servedBy = new Set<string>();
    // 600 a minute per address (ADR 0004): 620 requests, alternately on each instance.
    for (let batch = 0; batch < 31; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => call((batch * 20 + i) % 2 ? b.url : a.url, 'GET', '/api/videos/videos', { ip })),
      );
      for (const answer of answers) statuses.push(answer.status);
      servedBy.add(batch % 2 ? b.name : a.name);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    expect(statuses.filter((s) => s === 200)).toHaveLength(600);
  });

  it('sends each queued e-mail exactly once, whichever instance queued it and whichever worker takes it', async () => {
    const since = cluster.mail.length;
    const addresses = Array.from({ length: 16 }, (_, i) => `once-${layout}-${i}@example.com`);
    await Promise.all(
      addresses.map((email, i) =>
        call(cluster.instances[i % cluster.instances.length]!.url, 'POST', '/api/auth/me/passcodes', { body: { email } }),
      ),
    );
    for (const email of addresses) await waitForMail(cluster, email, since);
    // Several worker polls later (500 ms each), still one each.
    await sleep(2_000);
    for (const email of addresses) expect(cluster.mail.slice(since).filter((m) => m.to === email)).toHaveLength(1);
  });

  it('shows a new reply in the unread count on another instance at the next poll', async () => {
    const idThread = await threadOf(member, a.url);
    const unread = async (on: string) =>
      (await call(on, 'GET', '/api/messages/threads/unread/count', { token: member.token })).json<{ data: { count: number } }>()
        .data.count;
    const before = await unread(b.url);
    // The poll on b has cached the count (in Redis); the reply goes through a.
    const reply = await call(a.url, 'POST', `/api/messages/staff/threads/${idThread}/messages`, {
      token: staff.token,
      body: { message_content: 'Try 10-52.' },
    });
    expect(reply.status, reply.body).toBe(200);
    expect(await unread(b.url)).toBe(before + 1);
  });

  it('serves an upload made on one instance from every other one (media on S3)', async () => {
    const up = await call(a.url, 'POST', '/api/videos/editor/uploads?filename=poster.png', { token: editor.token, raw: PNG });
    expect(up.status, up.body).toBe(201);
    const { url } = up.json<{ data: { url: string } }>().data;
    for (const instance of cluster.instances) {
      const res = await fetch(`${instance.url}${url}`);
      expect(res.status, instance.name).toBe(200);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
    }
    const health = await call(b.url, 'GET', '/api/health');
    expect(health.json()).toMatchObject({ data: { media: 's3', redis: 'up' } });
  });

  it('fails no request during a rolling restart under load', async () => {
    const load = startLoad(
      cluster.url,
      [
        { method: 'GET', url: '/api/messages/threads/unread/count', token: member.token },
        { method: 'GET', url: '/' },
        { method: 'GET', url: '/api/videos/videos' },
        { method: 'GET', url: '/api/auth/me', token: member.token },
      ],
      8,
    );
    await rollingRestart(cluster, cluster.instances);
    const result = await load.stop();
    expect(result.failures).toEqual([]);
    expect(result.total).toBeGreaterThan(100);
  }, 120_000);

  if (layout !== 'app') return;

  describe('faults', () => {
    it('keeps working while Redis is down, says so in /api/health and the logs, and shares again once it is back', async () => {
      await cluster.redis.stop();
      for (const instance of cluster.instances) {
        await until(`${instance.name} reports redis down`, async () => {
          const health = await call(instance.url, 'GET', '/api/health');
          return health.status === 200 && health.json<{ data: { redis: string } }>().data.redis === 'down';
        });
      }
      const unread = await call(b.url, 'GET', '/api/messages/threads/unread/count', { token: member.token });
      expect(unread.status).toBe(200);
      expect((await call(cluster.url, 'GET', '/')).status).toBe(200);
      // The route limits fall back to Postgres, still shared by the instances.
      const email = 'redis-down@example.com';
      expect((await call(a.url, 'POST', '/api/auth/me/passcodes', { body: { email } })).status).toBe(200);
      expect((await call(b.url, 'POST', '/api/auth/me/passcodes', { body: { email } })).status).toBe(429);
      const log = readFileSync(path.join(cluster.workDir, `${a.name}.log`), 'utf8');
      expect(log).toContain('redis is down');

      await cluster.redis.start();
      for (const instance of cluster.instances) {
        await until(`${instance.name} reports redis up`, async () => {
          const health = await call(instance.url, 'GET', '/api/health');
          return health.json<{ data: { redis: string } }>().data.redis === 'up';
        });
      }
    }, 60_000);

    it('recovers from a PostgreSQL restart without restarting an instance', async () => {
      await cluster.postgres.restart();
      for (const instance of cluster.instances) {
        await until(
          `${instance.name} healthy after the restart`,
          async () => (await call(instance.url, 'GET', '/api/health')).status === 200,
        );
        const me = await call(instance.url, 'GET', '/api/auth/me', { token: member.token });
        expect(me.status, `${instance.name}: ${me.body}`).toBe(200);
        expect(instance.running()).toBe(true);
      }
    }, 60_000);

    it('routes around an instance killed with SIGKILL and loses no acknowledged write', async () => {
      const idThread = await threadOf(member, a.url);
      const acknowledged: string[] = [];
      let failed = 0;
      let writing = true;
      let n = 0;
      const writer = async () => {
        while (writing) {
          const content = `write ${n++}`;
          const res = await call(cluster.url, 'POST', `/api/messages/threads/${idThread}/messages`, {
            token: member.token,
            body: { message_content: content },
          }).catch(() => null);
          if (res && res.status === 200) acknowledged.push(content);
          else failed++;
        }
      };
      const writers = [writer(), writer(), writer(), writer()];
      await sleep(1_000);
      await b.stop('SIGKILL');
      await cluster.waitForBalancer(b.name, 'DOWN');
      const failedAtDown = failed;
      await sleep(1_500);
      writing = false;
      await Promise.all(writers);
      // Once the balancer has marked it down, nothing fails.
      expect(failed).toBe(failedAtDown);
      expect(failed).toBeLessThanOrEqual(4);
      const stored = new Set(
        psql(cluster, `select message_content from messages.messages where id_thread = ${idThread}`).split('\n'),
      );
      expect(acknowledged.length).toBeGreaterThan(20);
      expect(acknowledged.filter((content) => !stored.has(content))).toEqual([]);
      await b.start();
      await cluster.waitForBalancer(b.name, 'UP');
    }, 60_000);
  });
});
