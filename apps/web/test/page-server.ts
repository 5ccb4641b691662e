import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../api/src/app.ts';
import { testConfig } from '../../api/src/config.ts';
import type { InProcessFetch } from '../../api/src/web/in-process-fetch.ts';
import { PageCache } from '../../api/src/web/page-cache.ts';
import { connectWebEntry, mountPages, type WebEntryModule } from '../../api/src/web/react-router.ts';
import { createTestDatabase } from '../../api/test/test-app.ts';

/** The page server of apps/api, serving a stand-in page, with this build connected to it. */
export interface PageTestServer {
  page: FastifyInstance;
  /** Its page cache, to look inside. */
  cache: PageCache;
  close(): Promise<void>;
}

/**
 * The real page server (its page cache, ADR 0056) on a fresh database, rendering with `handle`
 * instead of React Router, and connected to this build's `entry` as the server connects the web
 * build: `dispatch` stands in for its own API.
 */
export async function startPageServer(options: {
  handle: (request: Request) => Promise<Response>;
  entry: WebEntryModule;
  dispatch: InProcessFetch;
}): Promise<PageTestServer> {
  const { handle, drop } = await createTestDatabase();
  const cache = new PageCache();
  const page = await buildApp({
    config: testConfig(),
    db: handle,
    web: async (instance) => {
      connectWebEntry(instance, options.entry, options.dispatch);
      await mountPages(instance, { handle: options.handle, cache });
    },
  });
  await page.ready();
  return {
    page,
    cache,
    close: async () => {
      await page.close();
      await drop();
    },
  };
}
