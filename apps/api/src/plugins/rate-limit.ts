import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit, { type RateLimitOptions, type RateLimitPluginOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
// @ts-expect-error -- a CommonJS module of @fastify/rate-limit without types; its shape is CounterStore below.
import RedisStoreModule from '@fastify/rate-limit/store/RedisStore.js';
import { and, gt, inArray, sql, tables, type Database } from '@fretline/db';
import { tooManyRequests } from './errors.ts';
import { isLoopbackAddress } from './loopback.ts';

/** The global per-IP budget of /api (ADR 0004): generous for people, tight for scripts. */
const GLOBAL_RATE_LIMIT = { max: 600, timeWindow: 60_000 };

export interface RateLimitSettings {
  /** Overrides the global budget (tests use a small one). */
  max?: number;
  timeWindow?: number;
}

/**
 * A route's own, tighter limit: spread into the route options, e.g.
 * `app.post('/passcodes', { ...routeRateLimit({ max: 5, timeWindow: 60_000 }), schema }, handler)`.
 * A `keyGenerator` may key it by something else than the IP (an e-mail address).
 */
export function routeRateLimit(options: RateLimitOptions): { config: { rateLimit: RateLimitOptions } } {
  return { config: { rateLimit: options } };
}

interface StoreResult {
  current: number;
  ttl: number;
}
type StoreCallback = (err: Error | null, result?: StoreResult) => void;
interface StoreRouteOptions {
  routeInfo?: { method?: string; url?: string };
}

/** A limit: at most `max` events in a window of `windowMs`. */
export interface WindowLimit {
  windowMs: number;
  max: number;
}

/**
 * Counts one event under `key` in `platform.rate_limits` in one atomic step (ADR 0004): an upsert
 * that starts a lapsed or new window at 1 and otherwise adds 1, returning the new count. Inside a
 * transaction the counter row stays locked until the end, so a caller that refuses the event (and
 * throws) rolls its count back and the next caller sees the settled count.
 */
async function incrementCounter(db: Database, key: string, windowMs: number, now: Date): Promise<StoreResult> {
  const t = tables.rateLimits;
  const resetAt = new Date(now.getTime() + windowMs);
  const [row] = await db
    .insert(t)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        count: sql`case when ${t.resetAt} <= ${now} then 1 else ${t.count} + 1 end`,
        resetAt: sql`case when ${t.resetAt} <= ${now} then ${resetAt} else ${t.resetAt} end`,
      },
    })
    .returning({ count: t.count, resetAt: t.resetAt });
  if (!row) throw new Error('rate-limit counter not written');
  return { current: row.count, ttl: Math.max(0, row.resetAt.getTime() - now.getTime()) };
}

const windowKey = (key: string, limit: WindowLimit) => `${key}:${limit.windowMs}`;

/**
 * Counts one event in each of `limits`' windows (each its own counter, started by its first event)
 * and answers how long until another would be allowed: 0 when this one is within every limit.
 * Several events may race; each sees its own count, so exactly `max` get 0.
 */
export async function countInWindows(db: Database, key: string, limits: readonly WindowLimit[], now: Date): Promise<number> {
  let wait = 0;
  for (const limit of limits) {
    const { current, ttl } = await incrementCounter(db, windowKey(key, limit), limit.windowMs, now);
    if (current > limit.max) wait = Math.max(wait, ttl);
  }
  return wait;
}

/** Takes back an event counted by `countInWindows` (it turned out not to be one). */
export async function uncountInWindows(db: Database, key: string, limits: readonly WindowLimit[], now: Date): Promise<void> {
  const t = tables.rateLimits;
  const keys = limits.map((limit) => windowKey(key, limit));
  await db
    .update(t)
    .set({ count: sql`greatest(${t.count} - 1, 0)` })
    .where(and(inArray(t.key, keys), gt(t.resetAt, now)));
}

/**
 * Account deletion (ADR 0046): drops every counter whose key holds this text (an address), so no
 * service needs to read the counters' table itself (ADR 0050).
 */
export async function forgetCountersMentioning(db: Database, text: string): Promise<void> {
  const t = tables.rateLimits;
  await db.delete(t).where(sql`strpos(lower(${t.key}), ${text.toLowerCase()}) > 0`);
}

/**
 * How long until an event under `key` would be allowed, without counting one: only an early answer
 * before costly work; `countInWindows` is the check that holds under concurrency.
 */
export async function windowsWait(db: Database, key: string, limits: readonly WindowLimit[], now: Date): Promise<number> {
  const t = tables.rateLimits;
  const rows = await db
    .select({ key: t.key, count: t.count, resetAt: t.resetAt })
    .from(t)
    .where(
      and(
        inArray(
          t.key,
          limits.map((limit) => windowKey(key, limit)),
        ),
        gt(t.resetAt, now),
      ),
    );
  let wait = 0;
  for (const limit of limits) {
    const row = rows.find((r) => r.key === windowKey(key, limit));
    if (row && row.count >= limit.max) wait = Math.max(wait, row.resetAt.getTime() - now.getTime());
  }
  return wait;
}

/**
 * Fixed-window counters in `platform.rate_limits`, shared by every instance (ADR 0004). One
 * upsert per counted request: a new or lapsed window restarts at 1, a live one increments.
 */
class PostgresRateLimitStore {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    private readonly prefix = 'g:',
  ) {}

  incr(key: string, callback: StoreCallback, timeWindow: number): void {
    incrementCounter(this.db, this.prefix + key, timeWindow, this.clock()).then(
      (result) => callback(null, result),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
    );
  }

  /** Each route with its own limit counts in its own namespace. */
  child(options: object): PostgresRateLimitStore {
    // The plugin passes the merged route settings, whose `routeInfo` is the route (see its index.js).
    const info = (options as StoreRouteOptions).routeInfo;
    const route = info ? `${String(info.method ?? '')}${info.url ?? ''}` : 'custom';
    return new PostgresRateLimitStore(this.db, this.clock, `r:${route}:`);
  }
}

/**
 * The coarse global per-IP budget, counted in this process (ADR 0004, revised): a write per API
 * request would cost more than the request itself (the unread count is polled every 5 s by every
 * tab). Each instance enforces the budget on the traffic it sees; the tighter per-route limits that
 * guard abuse (sign-in codes, helpdesk, error reports) are counted in Postgres via `child()`.
 */
class HybridRateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
  ) {}

  incr(key: string, callback: StoreCallback, timeWindow: number): void {
    const now = this.clock().getTime();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size > 100_000) this.prune(now);
      window = { count: 0, resetAt: now + timeWindow };
      this.windows.set(key, window);
    }
    window.count += 1;
    callback(null, { current: window.count, ttl: window.resetAt - now });
  }

  child(options: object): PostgresRateLimitStore {
    return new PostgresRateLimitStore(this.db, this.clock).child(options);
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

interface CounterStore {
  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
  child(options: object): CounterStore;
}
/** @fastify/rate-limit's own Redis store (one Lua INCR+PEXPIRE per count), reused as the primary. */
const RedisStore = RedisStoreModule as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  redis: Redis,
  key: string,
) => CounterStore;

/**
 * Redis while it answers, the Postgres and in-process counters while it does not (ADR 0059): a
 * Redis outage keeps the limits (the route limits still shared through Postgres, the global budget
 * per instance) instead of skipping them.
 */
class RedisOrFallbackStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly primary: CounterStore,
    private readonly fallback: CounterStore,
  ) {}

  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
    if (this.redis.status !== 'ready') return this.fallback.incr(key, callback, timeWindow, max);
    this.primary.incr(
      key,
      (err, result) => (err ? this.fallback.incr(key, callback, timeWindow, max) : callback(null, result)),
      timeWindow,
      max,
    );
  }

  child(options: object): CounterStore {
    return new RedisOrFallbackStore(this.redis, this.primary.child(options), this.fallback.child(options));
  }
}

/** The store class @fastify/rate-limit instantiates itself (with its own options) when Redis is configured. */
function redisBackedStore(redis: Redis, db: Database, clock: () => Date) {
  return class extends RedisOrFallbackStore {
    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const primary = new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, 'fretline-rl:');
      super(redis, primary, new HybridRateLimitStore(db, clock));
    }
  };
}

/** The store class without Redis: the global budget in process, route limits in Postgres. */
function localStore(db: Database, clock: () => Date) {
  return class extends HybridRateLimitStore {
    constructor() {
      super(db, clock);
    }
  };
}

/** What /api/health tells about Redis: not configured, answering, or down (the site runs on without it). */
export function redisState(app: FastifyInstance): 'off' | 'up' | 'down' {
  if (!app.redis) return 'off';
  return app.redis.status === 'ready' ? 'up' : 'down';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared by rate limits (and caches) across instances when REDIS_URL is set. */
    redis: Redis | null;
  }
}

/**
 * The shared Redis client when REDIS_URL is set (`app.redis`, null otherwise), at the root so
 * every service can use it for shared counters and caches (ARCHITECTURE.md "Scale-out").
 */
export const redisPlugin = fp(
  async (app: FastifyInstance) => {
    const redis = app.config.REDIS_URL
      ? new Redis(app.config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
      : null;
    if (redis) {
      // One line when it goes and one when it is back, rather than one per failed reconnection:
      // every failed attempt closes its connection again, so only a close after `ready` counts.
      let everReady = false;
      let up = false;
      redis.on('ready', () => {
        if (everReady) app.log.warn('redis is back: rate limits and the unread cache are shared again');
        everReady = true;
        up = true;
      });
      redis.on('close', () => {
        if (up)
          app.log.error(
            'redis is down: rate limits fall back to Postgres and in-process counters, the unread count to the database (ADR 0059)',
          );
        up = false;
      });
      redis.on('error', (err) => app.log.debug({ err }, 'redis error'));
      app.addHook('onClose', async () => {
        await redis.quit().catch(() => redis.disconnect());
      });
      // Commands fail fast while disconnected (no offline queue); give the first connection a
      // moment so the first requests are counted. A Redis that is down only skips the limits.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 2_000);
        redis.once('ready', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    app.decorate('redis', redis);
  },
  { name: 'redis', dependencies: ['deps'] },
);

/**
 * Registers @fastify/rate-limit for the scope it is registered in (the /api scope): a global
 * per-IP limit on every route, tighter per-route limits via `config.rateLimit`. Counters live in
 * Redis when REDIS_URL is set; otherwise the global budget in process and route limits in Postgres. The key is `request.ip`, which honours
 * X-Forwarded-For only from loopback (see app.ts `trustProxy` and loopback.ts).
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, settings: RateLimitSettings) => {
    const redis = app.redis;
    const db = app.db;
    const clock = app.clock;
    // @fastify/rate-limit instantiates the store class itself with its own options.
    const Store = redis ? redisBackedStore(redis, db, clock) : localStore(db, clock);
    const options: RateLimitPluginOptions = {
      global: true,
      max: settings.max ?? GLOBAL_RATE_LIMIT.max,
      timeWindow: settings.timeWindow ?? GLOBAL_RATE_LIMIT.timeWindow,
      keyGenerator: (request: FastifyRequest) => request.ip,
      // Outside production the browser suite and local tools all come from loopback; one shared
      // budget would make them fail at random (ADR 0004). Production limits loopback like anyone.
      allowList: (request: FastifyRequest) => !app.config.isProduction && isLoopbackAddress(request.ip),
      store: Store,
      // A counter store that is down must not take the API down with it.
      skipOnError: true,
      // Our client never reads the remaining budget, and every poll would carry three headers
      // for it; a refused request still gets them all, with Retry-After (ADR 0004).
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      errorResponseBuilder: () => tooManyRequests(),
    };
    await app.register(rateLimit, options);
  },
  { name: 'rate-limit', dependencies: ['deps', 'errors', 'redis'] },
);
