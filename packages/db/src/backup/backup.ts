import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database, DbHandle } from '../client.ts';
import { ArchiveWriter } from './archive.ts';

/** Bumped when the archive's layout changes; restore refuses a format it does not know. */
export const BACKUP_FORMAT = 1;
/** Rows per data entry: a table of a million rows is written as many small JSON documents. */
const ROWS_PER_ENTRY = 5_000;

export interface TableInfo {
  schema: string;
  name: string;
  /** Columns a row is written with: generated columns are left out (PostgreSQL computes them again). */
  columns: string[];
  /** The primary key's columns, the order rows are read and loaded in. */
  key: string[];
}

export interface Manifest {
  format: number;
  created: string;
  source: { database: DbHandle['kind']; postgres: string };
  /** The migrations applied to the database backed up: restore needs a target at the same level. */
  migrations: { count: number; last: string | null };
  tables: { schema: string; name: string; rows: number; entries: { name: string; sha256: string; rows: number }[] }[];
  media: { name: string; size: number; sha256: string }[];
  /** The SHA-256 of every entry's name and SHA-256, in order: one figure that covers the whole backup. */
  checksum: string;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;
export const qualified = (table: { schema: string; name: string }) => `${quote(table.schema)}.${quote(table.name)}`;
export const columnList = (columns: string[]) => columns.map(quote).join(', ');

/**
 * The application's tables, parents before children (foreign keys), read from the catalogue so a
 * table a later migration adds is backed up without anyone remembering to list it. drizzle's own
 * migrations table is left out: the target's migrator writes it.
 */
export async function listTables(db: Database): Promise<TableInfo[]> {
  const tables = rowsOf<{ schema: string; name: string; oid: number }>(
    await db.execute(sql`
      select n.nspname as schema, c.relname as name, c.oid::int as oid
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema', 'drizzle')
        and n.nspname not like 'pg\\_%' and not c.relispartition
      order by n.nspname, c.relname`),
  );
  const columns = rowsOf<{ oid: number; name: string; key: boolean }>(
    await db.execute(sql`
      select a.attrelid::int as oid, a.attname as name,
        coalesce(a.attnum = any(i.indkey), false) as key
      from pg_attribute a
      left join pg_index i on i.indrelid = a.attrelid and i.indisprimary
      where a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        and a.attrelid in (select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname not in ('pg_catalog', 'information_schema', 'drizzle') and n.nspname not like 'pg\\_%')
      order by a.attrelid, a.attnum`),
  );
  const references = rowsOf<{ child: number; parent: number }>(
    await db.execute(sql`select conrelid::int as child, confrelid::int as parent from pg_constraint where contype = 'f'`),
  );
  const byOid = new Map(
    tables.map((t) => {
      const own = columns.filter((c) => c.oid === t.oid);
      return [
        t.oid,
        { schema: t.schema, name: t.name, columns: own.map((c) => c.name), key: own.filter((c) => c.key).map((c) => c.name) },
      ];
    }),
  );
  // Parents first; a table that refers to itself orders its own rows by key (parents have lower ids).
  const ordered: TableInfo[] = [];
  const placed = new Set<number>();
  const visiting = new Set<number>();
  const visit = (oid: number) => {
    if (placed.has(oid) || visiting.has(oid)) return;
    visiting.add(oid);
    for (const ref of references) if (ref.child === oid && ref.parent !== oid && byOid.has(ref.parent)) visit(ref.parent);
    visiting.delete(oid);
    placed.add(oid);
    const table = byOid.get(oid);
    if (table) ordered.push(table);
  };
  for (const t of tables) visit(t.oid);
  return ordered;
}

export async function readMigrationLevel(db: Database): Promise<Manifest['migrations']> {
  const [row] = rowsOf<{ count: number; last: string | null }>(
    await db.execute(
      sql`select count(*)::int as count, (array_agg(hash order by created_at desc))[1] as last from drizzle.__drizzle_migrations`,
    ),
  );
  return { count: row?.count ?? 0, last: row?.last ?? null };
}

/** Every file under a folder, as paths relative to it with forward slashes, sorted. */
export async function listFiles(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

export function manifestChecksum(manifest: Pick<Manifest, 'tables' | 'media'>): string {
  const hash = createHash('sha256');
  for (const table of manifest.tables) for (const entry of table.entries) hash.update(`${entry.name} ${entry.sha256}\n`);
  for (const file of manifest.media) hash.update(`media/${file.name} ${file.sha256}\n`);
  return hash.digest('hex');
}

export interface BackupOptions {
  handle: DbHandle;
  /** The local media folder (MEDIA_DIR); its files go in under `media/`. */
  mediaDir?: string;
  out: string;
  now?: () => Date;
}

/**
 * Writes one consistent snapshot of the database and the media folder to `out` (ADR 0084). The
 * rows are read in one REPEATABLE READ, read-only transaction: every table as of the same instant,
 * however many writes land meanwhile. The media are copied after it, so a file the snapshot names
 * is there unless it was deleted during the backup. Also writes `<out>.sha256` (sha256sum's format).
 */
export async function createBackup(options: BackupOptions): Promise<Manifest> {
  const { handle, out } = options;
  const now = options.now ?? (() => new Date());
  const archive = new ArchiveWriter(out);
  try {
    const manifest = await handle.db.transaction(
      async (tx) => {
        const [version] = rowsOf<{ version: string }>(await tx.execute(sql`show server_version`));
        const tableInfos = await listTables(tx);
        const tables: Manifest['tables'] = [];
        for (const table of tableInfos) {
          const entries: Manifest['tables'][number]['entries'] = [];
          let rows = 0;
          const order = table.key.length ? table.key : table.columns;
          for (let part = 0; ; part += 1) {
            const [result] = rowsOf<{ data: string; n: number }>(
              await tx.execute(
                sql.raw(
                  `select coalesce(json_agg(t), '[]')::text as data, count(*)::int as n from (select ${columnList(table.columns)} from ${qualified(table)} order by ${columnList(order)} limit ${ROWS_PER_ENTRY} offset ${part * ROWS_PER_ENTRY}) t`,
                ),
              ),
            );
            const n = result?.n ?? 0;
            if (n === 0 && part > 0) break;
            const name = `db/${table.schema}.${table.name}/${String(part).padStart(6, '0')}.json`;
            entries.push({ name, rows: n, sha256: await archive.addBuffer(name, Buffer.from(result?.data ?? '[]')) });
            rows += n;
            if (n < ROWS_PER_ENTRY) break;
          }
          tables.push({ schema: table.schema, name: table.name, rows, entries });
        }
        return {
          format: BACKUP_FORMAT,
          created: now().toISOString(),
          source: { database: handle.kind, postgres: version?.version ?? 'unknown' },
          migrations: await readMigrationLevel(tx),
          tables,
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const media: Manifest['media'] = [];
    if (options.mediaDir) {
      for (const name of await listFiles(options.mediaDir)) {
        const file = path.join(options.mediaDir, name);
        const info = await stat(file).catch(() => null);
        // Deleted since it was listed (an upload's scratch file): nothing to keep.
        if (!info) continue;
        media.push({ name, size: info.size, sha256: await archive.addFile(`media/${name}`, file, info.size, info.mtime) });
      }
    }
    const complete: Manifest = { ...manifest, media, checksum: manifestChecksum({ tables: manifest.tables, media }) };
    // Last, as it names every entry before it; restore reads it first in a pass of its own.
    await archive.addBuffer('manifest.json', Buffer.from(JSON.stringify(complete, null, 2)));
    const fileSha = await archive.close();
    await writeFile(`${out}.sha256`, `${fileSha}  ${path.basename(out)}\n`);
    return complete;
  } catch (err) {
    await archive.close().catch(() => undefined);
    throw err;
  }
}
