import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

type Schema = typeof schema;
/** The handle every repository takes first; a transaction has the same shape. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs a trivial query; throws when the database is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, for `loadDataDir` (the tests' migrated copy, ADR 0075). */
  dumpDataDir?: () => Promise<Blob>;
}

export interface CreateDbOptions {
  /** postgres://… ; unset means the embedded PGlite database. */
  url?: string | undefined;
  /** Where PGlite keeps its files; `memory://` for a throwaway database. */
  dataDir?: string;
  /** Called for pool errors (a dropped idle connection must not crash the process). */
  onError?: (err: Error) => void;
  /** PGlite only: starts from a data directory dumped by `dumpDataDir` instead of an empty one. */
  loadDataDir?: Blob;
}

export async function createDb(options: CreateDbOptions): Promise<DbHandle> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      connectionTimeoutMillis: 2_000,
      statement_timeout: 5_000,
      idleTimeoutMillis: 30_000,
    });
    pool.on('error', (err) => options.onError?.(err));
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir ?? path.resolve('.data/pglite');
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}
