import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createDb, sql, type DbHandle } from '@fretline/db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { createTestDatabase } from '../../test/test-app.ts';

/**
 * PostgreSQL dropping every connection of the app's database under load (a restart, a failover,
 * pg_terminate_backend, a proxy's reset) costs the requests in flight and nothing more: no
 * uncaught error, and the same process serves again at once (ADR 0059). Needs a real server.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('dropped database connections under load', () => {
  let t: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: DbHandle;
  let app: FastifyInstance;
  let admin: pg.Client;
  let databaseName: string;
  const uncaught: unknown[] = [];
  const told: Error[] = [];
  const record = (err: unknown) => uncaught.push(err);

  beforeAll(async () => {
    t = await createTestDatabase();
    // The app's own handle on the test database, with the process's error reporting.
    handle = await createDb({ url: t.url, onError: (err) => told.push(err) });
    databaseName = new URL(t.url ?? '').pathname.slice(1);
    app = await buildApp({ config: testConfig(), db: handle });
    await app.ready();
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    process.on('uncaughtException', record);
  });
  afterAll(async () => {
    process.off('uncaughtException', record);
    await admin?.end();
    await app?.close();
    await handle?.close();
    await t?.drop();
  });

  const terminateAll = () =>
    admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
      databaseName,
    ]);

  it('fails only the requests in flight and serves again within seconds', async () => {
    // Requests in a loop, and transactions that hold a checked-out connection (the kind pg-pool
    // leaves without an error listener) while the connections are killed.
    let running = true;
    const statuses: number[] = [];
    const load = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (running) {
          for (const url of ['/api/health', '/api/videos/videos']) statuses.push((await app.inject({ url })).statusCode);
        }
      }),
    );
    const held = Array.from({ length: 3 }, () =>
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(30)`);
      }),
    );
    const busy = async () =>
      (
        await admin.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = $1 and query like '%pg_sleep(30)%' and pid <> pg_backend_pid()",
          [databaseName],
        )
      ).rows[0]?.n ?? 0;
    await until(async () => (await busy()) === 3);

    await terminateAll();
    // The held transactions fail with a connection error; nothing else breaks.
    for (const result of await Promise.allSettled(held)) expect(result.status).toBe('rejected');
    await terminateAll();

    const afterKill = statuses.length;
    await until(async () => statuses.slice(afterKill).filter((s) => s === 200).length >= 10);
    running = false;
    await load;

    expect(uncaught).toEqual([]);
    // Every failure was the fast "briefly unavailable" answer, never a 500.
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    // Told once per outage, not once per connection.
    expect(told.length).toBeGreaterThanOrEqual(1);
    expect(told.length).toBeLessThanOrEqual(2);
  });
});

/** Waits for `check` (polling every 50 ms), failing after 10 s. */
async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
