import { TtlCache } from '../../platform/ttl-cache.ts';
import type { SessionUser } from './auth.repository.ts';

/**
 * A two-second memory of resolved sessions (ADR 0011, "Session lookups"). Every API request
 * resolves its token; the unread badge alone polls every 5 s per signed-in tab, and a database
 * round trip per poll would be most of its cost. Every write that ends a session or changes a
 * user or their roles goes through the auth service, which forgets that user here at once, so on
 * this instance a revoked token stops on its very next request. With Redis, every forget is also
 * published to the other instances (ADR 0059), which forget at once; without it (or while it is
 * down) another instance may answer from its own memory for at most CACHE_MS.
 */
const CACHE_MS = 2_000;
const MAX_ENTRIES = 20_000;

interface Entry {
  user: SessionUser;
  /** When the session stops being valid by the clock (its expiry, or the staff limit). */
  validUntil: number;
}

// After CACHE_MS of wall-clock time the database is asked again.
const entries = new TtlCache<string, Entry>(CACHE_MS, MAX_ENTRIES);
// Bumped by every forget: a lookup that started before a write must not store what it read.
let generation = 0;

export function sessionGeneration(): number {
  return generation;
}

export function readCachedSession(tokenHash: string, now: Date): SessionUser | undefined {
  const entry = entries.get(tokenHash);
  if (!entry) return undefined;
  if (entry.validUntil <= now.getTime()) {
    entries.delete(tokenHash);
    return undefined;
  }
  return entry.user;
}

export function rememberSession(tokenHash: string, user: SessionUser, validUntil: Date, startedAt: number): void {
  if (startedAt !== generation) return;
  entries.set(tokenHash, { user, validUntil: validUntil.getTime() });
}

/** Tells the other instances what this one forgot; set by the session plugin when Redis is configured. */
let broadcast: ((idUsers: number[]) => void) | null = null;

export function setSessionForgetBroadcast(send: ((idUsers: number[]) => void) | null): void {
  broadcast = send;
}

/** Forgets these users' sessions in this process only (a forget another instance published). */
export function forgetCachedSessionsLocally(idUsers: readonly number[]): void {
  generation++;
  const ids = new Set(idUsers);
  entries.deleteWhere((entry) => ids.has(entry.user.idUser));
}

/** Forgets every cached session of these users (sign-out, revocation, profile or role change, deletion), on every instance. */
export function forgetCachedSessions(...idUsers: number[]): void {
  forgetCachedSessionsLocally(idUsers);
  broadcast?.(idUsers);
}
