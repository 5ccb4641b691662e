import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Thread tokens (ADR 0025): `<idThreadToken>.<signature>`, where the signature is an HMAC-SHA256
 * with SECRET_KEY over the token row id AND the thread id. The row makes a token revocable; the
 * thread id inside the signature binds it to one thread, so a token shown with another thread's
 * id never verifies. Nothing secret is stored: the same token can be rebuilt for the e-mail link.
 */
const TOKEN_PATTERN = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

function sign(secret: string, idThreadToken: number, idThread: number): string {
  return createHmac('sha256', secret).update(`fretline-thread-token:${idThreadToken}:${idThread}`).digest('base64url');
}

export function createThreadTokenString(secret: string, idThreadToken: number, idThread: number): string {
  return `${idThreadToken}.${sign(secret, idThreadToken, idThread)}`;
}

/** Returns the token row id when `token` is a genuine token for `idThread`, otherwise undefined. */
export function verifyThreadTokenString(secret: string, token: string, idThread: number): number | undefined {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return undefined;
  const idThreadToken = Number(match[1]);
  const given = Buffer.from(match[2] ?? '', 'utf8');
  const expected = Buffer.from(sign(secret, idThreadToken, idThread), 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return idThreadToken;
}
