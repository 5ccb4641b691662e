import type { FastifyInstance } from 'fastify';
import { TtlCache } from '../../platform/ttl-cache.ts';

/**
 * The unread count's cache (ADR 0026). With REDIS_URL the count is shared by every instance in
 * Redis and forgotten by every write that changes it (all go through the messages service), and lives 5 s. Without Redis a one-second per-process memo answers repeated polls (several
 * tabs of one user); writes in this process forget entries at once, and the short life bounds how
 * stale another instance's write can look. A Redis failure falls through to the database.
 */
const MEMO_TTL_MS = 1_000;
// Short as well: a poll that read the database just before a write could store the old count.
const REDIS_TTL_MS = 5_000;
const MAX_ENTRIES = 50_000;
const memo = new TtlCache<number, number>(MEMO_TTL_MS, MAX_ENTRIES);
const redisKey = (idUser: number) => `fretline:messages:unread:${idUser}`;

export async function readUnreadCount(app: FastifyInstance, idUser: number): Promise<number | undefined> {
  if (app.redis) {
    try {
      const value = await app.redis.get(redisKey(idUser));
      return value === null ? undefined : Number(value);
    } catch (err) {
      app.log.warn({ err }, 'unread count cache unavailable, reading the database');
      return undefined;
    }
  }
  return memo.get(idUser);
}

export async function rememberUnreadCount(app: FastifyInstance, idUser: number, count: number): Promise<void> {
  if (app.redis) {
    await app.redis.set(redisKey(idUser), String(count), 'PX', REDIS_TTL_MS).catch((err: unknown) => {
      app.log.warn({ err }, 'unread count not cached');
    });
    return;
  }
  memo.set(idUser, count);
}

/** Forgets the counts of these users (the participants a write touched). */
export async function forgetUnreadCounts(app: FastifyInstance, idUsers: readonly number[]): Promise<void> {
  for (const id of idUsers) memo.delete(id);
  if (app.redis && idUsers.length) {
    // A count left behind would be wrong for up to its TTL: a failure here is logged loudly.
    await app.redis.del(...idUsers.map(redisKey)).catch((err: unknown) => {
      app.log.error({ err }, 'unread counts could not be forgotten');
    });
  }
}
