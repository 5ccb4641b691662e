import type { Database } from '@fretline/db';
import type { Config } from '../../config.ts';
import { countInWindows, uncountInWindows, type WindowLimit } from '../../plugins/rate-limit.ts';

/** A limit: at most `max` events in a window of `windowMs` (started by its first event). */
export type Limit = WindowLimit;

/**
 * ADR 0010: sending a passcode is limited per e-mail and per IP to one a minute, five per
 * fifteen minutes and ten an hour.
 */
export const SEND_LIMITS: readonly Limit[] = [
  { windowMs: 60_000, max: 1 },
  { windowMs: 15 * 60_000, max: 5 },
  { windowMs: 60 * 60_000, max: 10 },
];

/**
 * ADR 0010: wrong passcodes per address *and source IP*, counted across codes (a new code does not
 * reset them). Keyed by both, so a stranger's wrong tries never lock the owner out elsewhere.
 */
export const FAILURE_LIMITS: readonly Limit[] = [
  { windowMs: 60 * 60_000, max: 10 },
  { windowMs: 24 * 60 * 60_000, max: 30 },
];

/** ADR 0010: wrong passcodes per source IP over every address, against spraying guesses. */
export const FAILURE_IP_LIMITS: readonly Limit[] = [
  { windowMs: 60 * 60_000, max: 30 },
  { windowMs: 24 * 60 * 60_000, max: 100 },
];

export type EventKind = 'send_email' | 'send_ip' | 'failure_email_ip' | 'failure_ip';

/**
 * Outside production, loopback addresses are not limited per IP alone: every local browser test
 * and developer shares 127.0.0.1, while in production the client address comes from the proxy
 * (ADR 0010).
 */
export function limitsIp(config: Config, ip: string): boolean {
  if (config.isProduction) return true;
  return !(ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1');
}

const counterKey = (kind: EventKind, key: string) => `auth:${kind}:${key}`;

/**
 * Counts one event and answers how long until another of `kind` for `key` is allowed: 0 when this
 * one is within the limits. One atomic upsert per window (ADR 0004), so simultaneous requests can't
 * all pass. Run it inside the transaction that does the work: refusing (throwing) rolls the count
 * back, so refused attempts are not counted.
 */
export function countEvent(db: Database, kind: EventKind, key: string, limits: readonly Limit[], now: Date): Promise<number> {
  return countInWindows(db, counterKey(kind, key), limits, now);
}

/** Takes back an event counted by `countEvent`. */
export function uncountEvent(db: Database, kind: EventKind, key: string, limits: readonly Limit[], now: Date): Promise<void> {
  return uncountInWindows(db, counterKey(kind, key), limits, now);
}
