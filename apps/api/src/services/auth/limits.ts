import { and, eq, gt, lt, sql, tables, type Database } from '@fretline/db';

const { authEvents } = tables;

/** A limit: at most `max` events in any `windowMs`. */
export interface Limit {
  windowMs: number;
  max: number;
}

/**
 * ADR 0010: sending a passcode is limited per e-mail and per IP to one a minute, five per
 * fifteen minutes and ten an hour.
 */
export const SEND_LIMITS: readonly Limit[] = [
  { windowMs: 60_000, max: 1 },
  { windowMs: 15 * 60_000, max: 5 },
  { windowMs: 60 * 60_000, max: 10 },
];

/** ADR 0010: wrong passcodes per e-mail, counted across codes (a new code does not reset them). */
export const FAILURE_LIMITS: readonly Limit[] = [
  { windowMs: 60 * 60_000, max: 10 },
  { windowMs: 24 * 60 * 60_000, max: 30 },
];

/** Events older than the longest window are never read again. */
const KEEP_MS = 24 * 60 * 60_000;

export type EventKind = 'send_email' | 'send_ip' | 'failure_email';

/**
 * How long until another event of `kind` for `key` is allowed, in milliseconds; 0 when it is
 * allowed now. Reads only the longest window's rows, through the (kind, key, created_at) index.
 */
export async function getLimitWait(
  db: Database,
  kind: EventKind,
  key: string,
  limits: readonly Limit[],
  now: Date,
): Promise<number> {
  const longest = Math.max(...limits.map((l) => l.windowMs));
  const rows = await db
    .select({ createdAt: authEvents.createdAt })
    .from(authEvents)
    .where(and(eq(authEvents.kind, kind), eq(authEvents.key, key), gt(authEvents.createdAt, new Date(now.getTime() - longest))))
    .orderBy(sql`${authEvents.createdAt} desc`);
  let wait = 0;
  for (const limit of limits) {
    const inWindow = rows.filter((r) => r.createdAt.getTime() > now.getTime() - limit.windowMs);
    if (inWindow.length >= limit.max) {
      // The window frees up when its oldest counted event (the max-th newest) leaves it.
      const oldestCounted = inWindow[limit.max - 1];
      if (oldestCounted) wait = Math.max(wait, oldestCounted.createdAt.getTime() + limit.windowMs - now.getTime());
    }
  }
  return wait;
}

export async function recordEvent(db: Database, kind: EventKind, key: string, now: Date): Promise<void> {
  await db.insert(authEvents).values({ kind, key, createdAt: now });
  // Housekeeping on the same key keeps the table small without a separate job.
  await db
    .delete(authEvents)
    .where(and(eq(authEvents.kind, kind), eq(authEvents.key, key), lt(authEvents.createdAt, new Date(now.getTime() - KEEP_MS))));
}
