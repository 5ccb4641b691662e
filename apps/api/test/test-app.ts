import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { createDb, migrate, migrationsFolder, seed, tables, type Database, type DbHandle } from '@fretline/db';
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
 * PostgreSQL server of TEST_DATABASE_URL (CI), dropped again on close. Either way it starts as a
 * copy of one database migrated once per set of migrations (ADR 0075): `create database … template`
 * on PostgreSQL, a dumped data directory loaded into PGlite.
 */
export async function createTestDatabase(): Promise<{ handle: DbHandle; drop: () => Promise<void>; url?: string }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const handle = await createDb({ dataDir: 'memory://', loadDataDir: await migratedPgliteDump() });
    return { handle, drop: () => handle.close() };
  }
  const name = `fretline_t_${randomBytes(6).toString('hex')}`;
  const template = await migratedTemplate(adminUrl);
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name} template ${template}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ url: url.toString() });
  return {
    handle,
    url: url.toString(),
    drop: async () => {
      await handle.close();
      await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdmin<T>(adminUrl: string, use: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await use(admin);
  } finally {
    await admin.end();
  }
}

/** A short hash of every migration file: a changed or added migration makes a new template. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(migrationsFolder, file);
    if (statSync(full).isFile()) hash.update(file).update(readFileSync(full));
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * The migrated template database on the server, made by the first test file that needs it while
 * the others wait on an advisory lock. It is built under another name and renamed when complete,
 * so a run that died halfway leaves nothing that looks ready.
 */
async function migratedTemplate(adminUrl: string): Promise<string> {
  const template = `fretline_tpl_${migrationsHash()}`;
  return withAdmin(adminUrl, async (admin) => {
    const exists = async () => (await admin.query('select 1 from pg_database where datname = $1', [template])).rowCount === 1;
    if (await exists()) return template;
    await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
    try {
      if (await exists()) return template;
      const building = `${template}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const handle = await createDb({ url: url.toString() });
      try {
        await migrate(handle);
      } finally {
        await handle.close();
      }
      await admin.query(`alter database ${building} rename to ${template}`);
      return template;
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [template]);
    }
  });
}

/**
 * A migrated PGlite data directory as a tarball, kept in the temporary folder per set of
 * migrations: loading it skips the migrations each test file would otherwise run. Written to a
 * file of its own and renamed, so a reader never sees half of one.
 */
async function migratedPgliteDump(): Promise<Blob> {
  const file = path.join(tmpdir(), `fretline-pglite-${migrationsHash()}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const handle = await createDb({ dataDir: 'memory://' });
  try {
    await migrate(handle);
    if (!handle.dumpDataDir) throw new Error('an embedded database dumps its data directory');
    const dump = await handle.dumpDataDir();
    const temporary = `${file}.${process.pid}`;
    writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
    renameSync(temporary, file);
    return dump;
  } finally {
    await handle.close();
  }
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
