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
  /** PostgreSQL only: the pool's connections now, for the operator's metrics (docs/operations/metrics.md). */
  poolStats?: () => PoolStats;
}

interface PoolStats {
  /** Open connections, idle or checked out. */
  total: number;
  idle: number;
  /** Queries waiting for a connection: above zero for long, the pool is too small or queries too slow. */
  waiting: number;
  max: number;
}

const POOL_MAX = 10;
/** Dropped-connection errors closer together than this belong to one outage (told once). */
const OUTAGE_QUIET_MS = 10_000;

export interface CreateDbOptions {
  /** postgres://… ; unset means the embedded PGlite database. */
  url?: string | undefined;
  /** Where PGlite keeps its files; `memory://` for a throwaway database. */
  dataDir?: string;
  /**
   * Told when PostgreSQL drops the pool's connections (a restart, pg_terminate_backend, a proxy's
   * reset): once per outage, however many connections went with it. It never crashes the process.
   */
  onError?: (err: Error) => void;
  /** PGlite only: starts from a data directory dumped by `dumpDataDir` instead of an empty one. */
  loadDataDir?: Blob;
}

export async function createDb(options: CreateDbOptions): Promise<DbHandle> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: POOL_MAX,
      connectionTimeoutMillis: 2_000,
      statement_timeout: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // A dropped connection makes its client emit 'error'. pg-pool listens only while a client is
    // idle, so one checked out (a transaction, the migrator) had no listener and the process
    // crashed. Every client gets one for its whole life instead: the query in flight fails (a 503,
    // plugins/errors.ts) and the pool discards the client on release, as it is no longer queryable.
    // One outage is a burst of such errors: told for the first, then not again until the errors
    // have been quiet for OUTAGE_QUIET_MS. (Resetting on each new connection told one outage
    // twice or more: the pool reconnects while the dropped clients' errors are still arriving.)
    let lastError = Number.NEGATIVE_INFINITY;
    pool.on('connect', (client) => {
      client.on('error', (err) => {
        const now = Date.now();
        if (now - lastError >= OUTAGE_QUIET_MS) options.onError?.(err);
        lastError = now;
      });
    });
    // The pool repeats an idle client's error: already told by the client's own listener.
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: POOL_MAX }),
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
