import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { PASSCODE_LENGTH } from '@fretline/contract';

/** ADR 0010: six digits from a cryptographically secure source, leading zeros kept. */
export function createPasscode(): string {
  return randomInt(0, 10 ** PASSCODE_LENGTH)
    .toString()
    .padStart(PASSCODE_LENGTH, '0');
}

/**
 * ADR 0010 (the link's key): 128 random bits in the e-mailed link beside the code. Presenting it
 * proves the mailbox, which strangers' wrong tries can't take away; only its HMAC is stored.
 */
export function createLinkKey(): string {
  return randomBytes(16).toString('base64url');
}

export function hmacLinkKey(secret: string, key: string): string {
  return createHmac('sha256', secret).update(`passcode-link:${key}`).digest('hex');
}

/**
 * Only this HMAC of a passcode is stored. Keyed with SECRET_KEY so a leaked table cannot be
 * brute-forced offline (a million codes is nothing without the key), and bound to the purpose
 * and the address so one code never works for another e-mail.
 */
export function hmacPasscode(secret: string, purpose: string, email: string, code: string): string {
  return createHmac('sha256', secret).update(`passcode:${purpose}:${email.toLowerCase()}:${code}`).digest('hex');
}

/** Constant-time equality of two strings (hashes, tokens); different lengths are simply unequal. */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  if (ab.length !== bb.length) return false;
  return timingSafeEqual(ab, bb);
}
