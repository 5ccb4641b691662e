import { hash, randomBytes } from 'node:crypto';

/** A session token: 256 random bits, opaque to the client (ARCHITECTURE.md "Sign-in and sessions"). */
export function createSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Only this hash is stored; a 256-bit random token needs no salt or key stretching. It runs on every
 * signed-in request, so it uses the one-shot `crypto.hash` (Node 20.12+), not a Hash object.
 */
export function hashSessionToken(token: string): string {
  return hash('sha256', token, 'hex');
}
