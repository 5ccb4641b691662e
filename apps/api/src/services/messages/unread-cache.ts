/**
 * A one-second, per-process memo of unread counts (ADR 0026). Every signed-in tab polls the count
 * every 5 s, so a user with several tabs (or a burst of polls after a deploy) is answered from
 * memory; any write this process makes forgets the affected entries at once, and the short life
 * bounds how stale another instance's write can look. Capped so memory stays flat.
 */
const TTL_MS = 1_000;
const MAX_ENTRIES = 50_000;
const entries = new Map<number, { count: number; expires: number }>();

export function readUnreadCount(idUser: number, nowMs: number): number | undefined {
  const hit = entries.get(idUser);
  if (!hit) return undefined;
  if (hit.expires <= nowMs) {
    entries.delete(idUser);
    return undefined;
  }
  return hit.count;
}

export function rememberUnreadCount(idUser: number, count: number, nowMs: number): void {
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(idUser, { count, expires: nowMs + TTL_MS });
}

/** Forgets one user's count, or every count when a write may touch many readers. */
export function forgetUnreadCount(idUser?: number): void {
  if (idUser === undefined) entries.clear();
  else entries.delete(idUser);
}
