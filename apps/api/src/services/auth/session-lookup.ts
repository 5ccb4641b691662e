import type { Database } from '@fretline/db';
import { findSessionUser, touchSession, type SessionUser } from './auth.repository.ts';
import { readCachedSession, rememberSession, sessionGeneration } from './session-cache.ts';

// Writing last access on every request would make every poll a write; once a minute is enough.
const TOUCH_INTERVAL_MS = 60_000;

/** The live session for a token hash: from the short memory when it holds it, else one indexed lookup. */
export async function resolveSession(db: Database, tokenHash: string, now: Date): Promise<SessionUser | undefined> {
  const cached = readCachedSession(tokenHash, now);
  if (cached) return cached;
  const startedAt = sessionGeneration();
  const found = await findSessionUser(db, tokenHash, now);
  if (found) rememberSession(tokenHash, found, found.validUntil, startedAt);
  return found;
}

/**
 * Records the session's last access and address, at most once a minute per session. The address
 * is asked for only then: resolving it through the proxy rules costs a few percent of a poll.
 */
export async function noteSessionAccess(db: Database, session: SessionUser, now: Date, ip: () => string): Promise<void> {
  if (now.getTime() - session.sessionAccessed.getTime() <= TOUCH_INTERVAL_MS) return;
  // The cached copy is the same object: later requests see the new time and don't write again.
  session.sessionAccessed = now;
  await touchSession(db, session.idSession, now, ip());
}
