import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database, DbHandle } from '../client.ts';
import { migrate } from '../migrate.ts';
import { readAll, readArchive, sha256OfFile } from './archive.ts';
import {
  BACKUP_FORMAT,
  columnList,
  listFiles,
  listTables,
  manifestChecksum,
  qualified,
  readMigrationLevel,
  type Manifest,
} from './backup.ts';

/** A backup or a target restore refuses, with the sentence the operator reads. */
export class RestoreError extends Error {}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Reads the whole archive once before anything is changed: the file's own checksum (when its
 * `.sha256` is beside it), every entry's checksum against the manifest, and the manifest's own.
 */
async function verifyBackup(file: string): Promise<Manifest> {
  if (!existsSync(file)) throw new RestoreError(`No backup at ${file}.`);
  const sidecar = `${file}.sha256`;
  if (existsSync(sidecar)) {
    const expected = (await readFile(sidecar, 'utf8')).trim().split(/\s+/)[0];
    if (expected !== (await sha256OfFile(file)))
      throw new RestoreError(
        `The backup does not match its checksum (${path.basename(sidecar)}): the file is damaged or incomplete. Nothing was restored.`,
      );
  }
  const seen = new Map<string, string>();
  let manifestText: string | undefined;
  try {
    for await (const entry of readArchive(file)) {
      const content = await readAll(entry.chunks);
      if (entry.name === 'manifest.json') manifestText = content.toString('utf8');
      else seen.set(entry.name, createHash('sha256').update(content).digest('hex'));
    }
  } catch (err) {
    throw new RestoreError(`The backup cannot be read (${(err as Error).message}). Nothing was restored.`);
  }
  if (!manifestText) throw new RestoreError('The backup has no manifest: it is incomplete. Nothing was restored.');
  const manifest = JSON.parse(manifestText) as Manifest;
  if (manifest.format !== BACKUP_FORMAT)
    throw new RestoreError(`The backup's format ${manifest.format} is not one this version reads (${BACKUP_FORMAT}).`);
  if (manifestChecksum(manifest) !== manifest.checksum)
    throw new RestoreError('The backup does not match its checksum (the manifest was altered). Nothing was restored.');
  const expected = [
    ...manifest.tables.flatMap((table) => table.entries.map((entry) => [entry.name, entry.sha256] as const)),
    ...manifest.media.map((file) => [`media/${file.name}`, file.sha256] as const),
  ];
  for (const [name, sha256] of expected) {
    const actual = seen.get(name);
    if (actual === undefined) throw new RestoreError(`The backup is missing ${name}. Nothing was restored.`);
    if (actual !== sha256)
      throw new RestoreError(`The backup does not match its checksum: ${name} is damaged. Nothing was restored.`);
  }
  return manifest;
}

async function hasRows(db: Database): Promise<boolean> {
  for (const table of await listTables(db)) {
    const [row] = rowsOf<{ any: boolean }>(await db.execute(sql.raw(`select exists (select 1 from ${qualified(table)}) as any`)));
    if (row?.any) return true;
  }
  return false;
}

/** Every serial column's sequence moves past the restored rows, so the next insert gets a free id. */
async function resetSequences(db: Database): Promise<void> {
  const serials = rowsOf<{ tbl: string; col: string; seq: string }>(
    await db.execute(sql`
      select format('%I.%I', n.nspname, c.relname) as tbl, a.attname as col,
        pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) as seq
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
        and n.nspname not in ('pg_catalog', 'information_schema', 'drizzle') and n.nspname not like 'pg\\_%'
        and pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) is not null`),
  );
  for (const { tbl, col, seq } of serials)
    await db.execute(
      sql`select setval(${seq}::regclass, coalesce((select max(${sql.identifier(col)}) from ${sql.raw(tbl)}), 0) + 1, false)`,
    );
}

export interface RestoreOptions {
  handle: DbHandle;
  mediaDir?: string;
  file: string;
  /** Replace what the target holds; without it a target with any row or media file is refused. */
  force?: boolean;
  /** The target's migrations folder (a bundled server passes its own). */
  migrationsFolder?: string;
}

/**
 * Brings the target back to exactly the backup's state (ADR 0084): checks everything first, then
 * loads every table in one transaction (a failure leaves the target as it was) and writes the
 * media. The target is migrated to this version's level first and must match the backup's level.
 */
export async function restoreBackup(options: RestoreOptions): Promise<Manifest> {
  const { handle, file } = options;
  const manifest = await verifyBackup(file);
  await migrate(handle, options.migrationsFolder);
  const level = await readMigrationLevel(handle.db);
  if (level.count !== manifest.migrations.count || level.last !== manifest.migrations.last)
    throw new RestoreError(
      `The backup was taken at migration ${manifest.migrations.count} and this version is at ${level.count}: restore it with the version that took it, then upgrade.`,
    );
  const mediaFiles = options.mediaDir ? await listFiles(options.mediaDir) : [];
  if (!options.force) {
    if (await hasRows(handle.db))
      throw new RestoreError('The target database is not empty: restore into a fresh one, or pass --force to replace it.');
    if (mediaFiles.length)
      throw new RestoreError(
        `The media folder ${options.mediaDir} is not empty: restore into a fresh one, or pass --force to replace it.`,
      );
  }
  if (manifest.media.length && !options.mediaDir)
    throw new RestoreError('The backup holds media files: give the target a media folder.');

  const tables = new Map((await listTables(handle.db)).map((table) => [`${table.schema}.${table.name}`, table]));
  const entryTable = new Map(
    manifest.tables.flatMap((table) => table.entries.map((entry) => [entry.name, `${table.schema}.${table.name}`] as const)),
  );
  // The media go to a folder beside the target and take its place once the rows are in.
  const staging = options.mediaDir ? `${options.mediaDir}.restoring-${randomBytes(4).toString('hex')}` : undefined;
  try {
    await handle.db.transaction(async (tx) => {
      if (options.force && tables.size)
        await tx.execute(sql.raw(`truncate ${[...tables.values()].map(qualified).join(', ')} restart identity cascade`));
      for await (const entry of readArchive(file)) {
        const key = entryTable.get(entry.name);
        if (key) {
          const table = tables.get(key);
          if (!table) throw new RestoreError(`The backup holds a table this version does not have: ${key}.`);
          const json = (await readAll(entry.chunks)).toString('utf8');
          const target = sql.raw(qualified(table));
          const columns = sql.raw(columnList(table.columns));
          await tx.execute(
            sql`insert into ${target} (${columns}) select ${columns} from json_populate_recordset(null::${target}, ${json}::json)`,
          );
        } else if (staging && entry.name.startsWith('media/')) {
          const destination = path.join(staging, ...entry.name.slice('media/'.length).split('/'));
          if (!destination.startsWith(staging + path.sep))
            throw new RestoreError(`The backup names a file outside the media folder: ${entry.name}.`);
          await mkdir(path.dirname(destination), { recursive: true });
          const out = createWriteStream(destination);
          for await (const chunk of entry.chunks) if (!out.write(chunk)) await once(out, 'drain');
          out.end();
          await once(out, 'finish');
        }
      }
      await resetSequences(tx);
      if (staging && options.mediaDir) {
        await mkdir(staging, { recursive: true });
        await rm(options.mediaDir, { recursive: true, force: true });
        await rename(staging, options.mediaDir);
      }
    });
  } finally {
    if (staging) await rm(staging, { recursive: true, force: true });
  }
  return manifest;
}
