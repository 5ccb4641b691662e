import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { eq, sql, tables, type Database } from '@fretline/db';

/** How often each instance reads the shared content version (ADR 0056): the bound on staleness elsewhere. */
const CONTENT_VERSION_POLL_MS = 250;
const ROW_ID = 1;

/**
 * The catalogue's content version (ADR 0056): one PostgreSQL row every instance shares. A write
 * through the editor bumps it; this instance notices at once, the others on their next read (every
 * CONTENT_VERSION_POLL_MS). Whatever remembers catalogue content (stored signed-out pages, the
 * catalogue memories of ADR 0018) listens and forgets when it moves.
 */
export interface ContentVersion {
  /** The last version this instance saw (synchronous: the page cache reads it on every hit). */
  readonly current: number;
  /** After a committed catalogue write: moves the shared version on and tells the listeners here. */
  bump(): Promise<void>;
  /** Reads the shared version now (the poll; tests call it instead of waiting). */
  refresh(): Promise<void>;
  onChange(listener: () => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    contentVersion: ContentVersion;
  }
}

async function readVersion(db: Database): Promise<number> {
  const rows = await db
    .select({ version: tables.contentVersion.version })
    .from(tables.contentVersion)
    .where(eq(tables.contentVersion.id, ROW_ID));
  return rows[0]?.version ?? 0;
}

/** Moves the shared version on; exported for the operator's rebuild-search, outside any app. */
export async function bumpContentVersion(db: Database): Promise<number> {
  const rows = await db
    .insert(tables.contentVersion)
    .values({ id: ROW_ID, version: 1 })
    .onConflictDoUpdate({
      target: tables.contentVersion.id,
      set: { version: sql`${tables.contentVersion.version} + 1`, changed: sql`now()` },
    })
    .returning({ version: tables.contentVersion.version });
  return rows[0]?.version ?? 0;
}

function createContentVersion(db: Database, onError: (err: unknown) => void = () => undefined): ContentVersion {
  let current = 0;
  let reading: Promise<void> | null = null;
  const listeners: Array<() => void> = [];
  const moveTo = (version: number) => {
    if (version === current) return;
    current = version;
    for (const listener of listeners) listener();
  };
  return {
    get current() {
      return current;
    },
    async bump() {
      moveTo(await bumpContentVersion(db));
    },
    refresh() {
      // One read in flight at a time, however many ask.
      reading ??= readVersion(db)
        .then(moveTo, onError)
        .finally(() => (reading = null));
      return reading;
    },
    onChange(listener) {
      listeners.push(listener);
    },
  };
}

/** Decorates `app.contentVersion` and polls it while the app is open. */
export const contentVersionPlugin = fp(
  async (app: FastifyInstance) => {
    const version = createContentVersion(app.db, (err) => app.log.warn({ err }, 'content version read failed'));
    app.decorate('contentVersion', version);
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await version.refresh();
      timer = setInterval(() => void version.refresh(), CONTENT_VERSION_POLL_MS);
      timer.unref();
    });
    app.addHook('onClose', (_app, done) => {
      clearInterval(timer);
      done();
    });
  },
  { name: 'content-version', dependencies: ['deps'] },
);
