import dns from 'node:dns/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, DbHandle } from '@fretline/db';
import type { Config } from '../config.ts';

/** What the app is built from; tests pass their own (a fresh database, a controlled clock). */
export interface AppDeps {
  config: Config;
  db: DbHandle;
  /** The current time; tests move it to check expiry. */
  clock?: () => Date;
  /** DNS lookups for checking who sent a mail (ADR 0072); tests answer from fixture records. */
  dnsResolver?: DnsResolver;
}

/** `dns.promises.resolve`'s shape, as mailauth calls it. */
export type DnsResolver = (name: string, rrtype: string) => Promise<unknown>;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    dbHandle: DbHandle;
    clock: () => Date;
    dnsResolver: DnsResolver;
  }
}

export const depsPlugin = fp(
  async (app: FastifyInstance, deps: AppDeps) => {
    app.decorate('config', deps.config);
    app.decorate('db', deps.db.db);
    app.decorate('dbHandle', deps.db);
    app.decorate('clock', deps.clock ?? (() => new Date()));
    app.decorate('dnsResolver', deps.dnsResolver ?? ((name: string, rrtype: string) => dns.resolve(name, rrtype)));
  },
  { name: 'deps' },
);
