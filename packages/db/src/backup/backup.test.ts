import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { createDb, type Database, type DbHandle } from '../client.ts';
import { migrate } from '../migrate.ts';
import { seed } from '../seed/index.ts';
import { userRoles, users } from '../schema/auth.ts';
import { createBackup, listFiles, listTables } from './backup.ts';
import { RestoreError, restoreBackup } from './restore.ts';
import { sha256OfFile } from './archive.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

async function firstRow<T>(db: Database, query: SQL): Promise<T | undefined> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows[0];
}

/** Every table's rows, in key order, as JSON: two databases in the same state give the same map. */
async function contents(db: Database): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const table of await listTables(db)) {
    const order = (table.key.length ? table.key : table.columns).map((c) => `"${c}"`).join(', ');
    const columns = table.columns.map((c) => `"${c}"`).join(', ');
    const row = await firstRow<{ data: string }>(
      db,
      sql.raw(
        `select coalesce(json_agg(t)::text, '[]') as data from (select ${columns} from "${table.schema}"."${table.name}" order by ${order}) t`,
      ),
    );
    out.set(`${table.schema}.${table.name}`, row?.data ?? '');
  }
  return out;
}

async function mediaSums(dir: string): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const name of await listFiles(dir)) sums[name] = await sha256OfFile(path.join(dir, name));
  return sums;
}

/** A new, empty database on the test server, dropped when the tests end. */
async function createServerDatabase(drops: (() => Promise<void>)[]): Promise<DbHandle> {
  if (!adminUrl) throw new Error('TEST_DATABASE_URL');
  const name = `fretline_bk_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await createDb({ url: url.toString() });
  drops.push(async () => {
    await handle.close();
    const again = new pg.Client({ connectionString: adminUrl });
    await again.connect();
    await again.query(`drop database if exists ${name} with (force)`);
    await again.end();
  });
  return handle;
}

describe('backup and restore (ADR 0084)', () => {
  let work: string;
  let source: DbHandle;
  let sourceMedia: string;
  let backupFile: string;
  /** A migrated, empty embedded database: each target starts as a copy (migrating PGlite is slow). */
  let migrated: Blob;
  const freshEmbedded = async () => {
    const handle = await createDb({ dataDir: 'memory://', loadDataDir: migrated });
    cleanups.push(() => handle.close());
    return handle;
  };
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'fretline-backup-'));
    source = await createDb({ dataDir: 'memory://' });
    await migrate(source);
    migrated = await source.dumpDataDir!();
    await seed(source.db);
    sourceMedia = path.join(work, 'source-media');
    await mkdir(path.join(sourceMedia, 'videos', 'lesson-1', 'hls'), { recursive: true });
    await writeFile(path.join(sourceMedia, 'videos', 'lesson-1', 'hls', 'index.m3u8'), '#EXTM3U\n');
    await writeFile(path.join(sourceMedia, 'videos', 'lesson-1', 'hls', 'seg-0.ts'), randomBytes(70_000));
    await writeFile(path.join(sourceMedia, 'poster.jpg'), randomBytes(513));
    await writeFile(path.join(sourceMedia, 'empty.txt'), '');
    await mkdir(path.join(sourceMedia, 'a'.repeat(60), 'b'.repeat(60)), { recursive: true });
    await writeFile(path.join(sourceMedia, 'a'.repeat(60), 'b'.repeat(60), `${'c'.repeat(40)}.webp`), randomBytes(1024));
    backupFile = path.join(work, 'site.tar.gz');
    await createBackup({ handle: source, mediaDir: sourceMedia, out: backupFile });
  }, 300_000);
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await source.close();
    await rm(work, { recursive: true, force: true });
  });

  it('restores every table and media file into a fresh embedded database', async () => {
    const target = await freshEmbedded();
    const media = path.join(work, 'restored-media');
    const manifest = await restoreBackup({ handle: target, mediaDir: media, file: backupFile });

    const [before, after] = [await contents(source.db), await contents(target.db)];
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [table, rows] of before) expect(after.get(table), table).toBe(rows);
    // The demo content fills the tables that matter: the comparison is not of empty tables.
    const count = (name: string) => manifest.tables.find((t) => `${t.schema}.${t.name}` === name)?.rows ?? 0;
    expect(count('auth.users')).toBeGreaterThan(3);
    expect(count('videos.videos')).toBeGreaterThan(3);
    expect(await mediaSums(media)).toEqual(await mediaSums(sourceMedia));
    expect(Object.keys(await mediaSums(media))).toHaveLength(5);

    // The sequences moved past the restored ids: a new row gets a free one.
    const [row] = await target.db
      .insert(users)
      .values({ email: 'new-after-restore@example.com' })
      .returning({ idUser: users.idUser });
    const [{ max } = { max: 0 }] = await source.db.select({ max: sql<number>`max(${users.idUser})` }).from(users);
    expect(row?.idUser).toBeGreaterThan(max);
  }, 120_000);

  it('refuses a target that holds data unless forced, and then replaces it exactly', async () => {
    const target = await freshEmbedded();
    await target.db.insert(users).values({ email: 'already-here@example.com' });
    const media = path.join(work, 'busy-media');
    await mkdir(media, { recursive: true });
    await writeFile(path.join(media, 'stray.txt'), 'stray');

    await expect(restoreBackup({ handle: target, mediaDir: media, file: backupFile })).rejects.toThrow(
      new RestoreError('The target database is not empty: restore into a fresh one, or pass --force to replace it.'),
    );
    expect(await target.db.select({ email: users.email }).from(users)).toEqual([{ email: 'already-here@example.com' }]);

    await restoreBackup({ handle: target, mediaDir: media, file: backupFile, force: true });
    const [before, after] = [await contents(source.db), await contents(target.db)];
    for (const [table, rows] of before) expect(after.get(table), table).toBe(rows);
    expect(await mediaSums(media)).toEqual(await mediaSums(sourceMedia));
  }, 120_000);

  it('refuses a damaged backup with a clear message and changes nothing', async () => {
    const damaged = path.join(work, 'damaged.tar.gz');
    await copyFile(backupFile, damaged);
    await copyFile(`${backupFile}.sha256`, `${damaged}.sha256`);
    const bytes = await readFile(damaged);
    const middle = Math.floor(bytes.length / 2);
    bytes.writeUInt8(bytes.readUInt8(middle) ^ 0xff, middle);
    await writeFile(damaged, bytes);
    const target = await createDb({ dataDir: 'memory://' });
    cleanups.push(() => target.close());
    // An empty database, not even migrated: a refused restore must not have touched it.
    await expect(restoreBackup({ handle: target, file: damaged })).rejects.toThrow(
      'The backup does not match its checksum (damaged.tar.gz.sha256): the file is damaged or incomplete. Nothing was restored.',
    );
    // Without the checksum file beside it, the entries' own checksums still catch it.
    await rm(`${damaged}.sha256`);
    await expect(restoreBackup({ handle: target, file: damaged })).rejects.toThrow(RestoreError);
    const tables = await firstRow<{ n: number }>(
      target.db,
      sql`select count(*)::int as n from pg_tables where schemaname = 'auth'`,
    );
    expect(tables?.n).toBe(0);
  }, 120_000);

  it.skipIf(!adminUrl)(
    'restores the embedded backup into a fresh PostgreSQL database',
    async () => {
      const target = await createServerDatabase(cleanups);
      await restoreBackup({ handle: target, mediaDir: path.join(work, 'pg-media'), file: backupFile });
      const [before, after] = [await contents(source.db), await contents(target.db)];
      for (const [table, rows] of before) expect(after.get(table), table).toBe(rows);
    },
    120_000,
  );

  it.skipIf(!adminUrl)(
    'takes a consistent snapshot of PostgreSQL under write load',
    async () => {
      const live = await createServerDatabase(cleanups);
      await migrate(live);
      await seed(live.db);
      // Each write adds a user and their role in one transaction: a torn snapshot would hold one without the other.
      let stop = false;
      let written = 0;
      const writer = (async () => {
        while (!stop) {
          await live.db.transaction(async (tx) => {
            const [user] = await tx
              .insert(users)
              .values({ email: `load-${written}-${randomBytes(3).toString('hex')}@example.com` })
              .returning({ idUser: users.idUser });
            await tx.insert(userRoles).values({ idUser: user!.idUser, role: 'Staff' });
          });
          written += 1;
        }
      })();
      const writers = Promise.all([writer]);
      while (written < 20) await new Promise((resolve) => setImmediate(resolve));
      const startedAt = written;
      const file = path.join(work, 'under-load.tar.gz');
      const manifest = await createBackup({ handle: live, out: file });
      const endedAt = written;
      stop = true;
      await writers;
      // Writes landed while the backup ran.
      expect(endedAt).toBeGreaterThan(startedAt);

      const target = await createServerDatabase(cleanups);
      await restoreBackup({ handle: target, file });
      const loadUsers = await target.db
        .select({ idUser: users.idUser })
        .from(users)
        .where(sql`${users.email} like 'load-%'`);
      const loadRoles = await target.db
        .select({ idUser: userRoles.idUser })
        .from(userRoles)
        .innerJoin(users, sql`${users.idUser} = ${userRoles.idUser}`)
        .where(sql`${users.email} like 'load-%'`);
      expect(loadUsers.length).toBeGreaterThanOrEqual(startedAt);
      expect(loadRoles.map((r) => r.idUser).sort()).toEqual(loadUsers.map((u) => u.idUser).sort());
      // Every table came back with the row count the manifest recorded.
      for (const table of manifest.tables) {
        const result = await firstRow<{ n: number }>(
          target.db,
          sql.raw(`select count(*)::int as n from "${table.schema}"."${table.name}"`),
        );
        expect(result?.n, `${table.schema}.${table.name}`).toBe(table.rows);
      }
    },
    180_000,
  );
});
