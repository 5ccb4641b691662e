import { createHash, randomBytes } from 'node:crypto';

/** A session token: 256 random bits, opaque to the client (ARCHITECTURE.md "Sign-in and sessions"). */
export function createSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored; a 256-bit random token needs no salt or key stretching. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
