import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { createDb, migrate, seed, tables, type Database, type DbHandle } from '@fretline/db';
import { buildApp } from '../src/app.ts';
import { testConfig, type Config } from '../src/config.ts';
import type { DnsResolver } from '../src/plugins/deps.ts';
import { createSessionToken, hashSessionToken } from '../src/services/auth/index.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  /** Moves the app's clock: `clock.advance(11 * 60_000)`. */
  clock: TestClock;
  close(): Promise<void>;
}

export class TestClock {
  private offsetMs = 0;
  now = (): Date => new Date(Date.now() + this.offsetMs);
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

/**
 * A fresh database per test file: an in-memory PGlite by default, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL (CI), dropped again on close.
 */
export async function createTestDatabase(): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const handle = await createDb({ dataDir: 'memory://' });
    await migrate(handle);
    return { handle, drop: () => handle.close() };
  }
  const name = `fretline_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ url: url.toString() });
  await migrate(handle);
  return {
    handle,
    drop: async () => {
      await handle.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestApp(
  options: { seed?: boolean; config?: Partial<Config>; dnsResolver?: DnsResolver } = {},
): Promise<TestApp> {
  const { handle, drop } = await createTestDatabase();
  if (options.seed) await seed(handle.db);
  const clock = new TestClock();
  const config = testConfig(options.config);
  const app = await buildApp({
    config,
    db: handle,
    clock: () => clock.now(),
    ...(options.dnsResolver ? { dnsResolver: options.dnsResolver } : {}),
  });
  await app.ready();
  return {
    app,
    db: handle.db,
    config,
    clock,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/** Creates a user (with roles) directly and returns a bearer token for them. */
export async function createUserWithSession(
  db: Database,
  user: { email?: string; firstName?: string; lastName?: string; roles?: string[] } = {},
): Promise<{ idUser: number; token: string; email: string; idSession: number }> {
  const email = user.email ?? `user-${randomBytes(4).toString('hex')}@example.com`;
  const [row] = await db
    .insert(tables.users)
    .values({ email, firstName: user.firstName ?? 'Test', lastName: user.lastName ?? 'User', welcomePending: false })
    .returning({ idUser: tables.users.idUser });
  if (!row) throw new Error('user not created');
  for (const role of user.roles ?? []) await db.insert(tables.userRoles).values({ idUser: row.idUser, role });
  const token = createSessionToken();
  const [session] = await db
    .insert(tables.sessions)
    .values({ idUser: row.idUser, tokenHash: hashSessionToken(token), expiresAt: new Date(Date.now() + 86_400_000) })
    .returning({ idSession: tables.sessions.idSession });
  if (!session) throw new Error('session not created');
  return { idUser: row.idUser, token, email, idSession: session.idSession };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
