import {
  CORRELATION_COOKIE_MAX_AGE_S,
  CORRELATION_COOKIE_NAME,
  CORRELATION_ID_ALPHABET as ALPHANUMERIC,
  CORRELATION_ID_LENGTH,
} from '@fretline/contract';
import { deleteBrowserCookie, readBrowserCookie, writeBrowserCookie } from './cookies';

/** Spec §9: the correlation id cookie, 45 random alphanumerics, kept 1 year. */
export const CORRELATION_COOKIE = CORRELATION_COOKIE_NAME;
const VALID = /^[A-Za-z0-9]{45}$/;

/** 45 alphanumerics from the Web Crypto source; bytes above 247 are skipped so each character is equally likely. */
export function createCorrelationId(): string {
  let id = '';
  while (id.length < CORRELATION_ID_LENGTH) {
    const bytes = crypto.getRandomValues(new Uint8Array(64));
    for (const byte of bytes) {
      if (byte >= 248) continue;
      id += ALPHANUMERIC[byte % ALPHANUMERIC.length];
      if (id.length === CORRELATION_ID_LENGTH) break;
    }
  }
  return id;
}

export function isCorrelationId(value: string | undefined): value is string {
  return !!value && VALID.test(value);
}

/** The browser's correlation id, created and stored on first use (spec §7 header, §9 cookie). */
export function ensureCorrelationId(): string {
  const existing = readBrowserCookie(CORRELATION_COOKIE);
  if (isCorrelationId(existing)) return existing;
  const id = createCorrelationId();
  writeBrowserCookie(CORRELATION_COOKIE, id, CORRELATION_COOKIE_MAX_AGE_S);
  return id;
}

/** Spec §4: logout clears the correlation id (a new one is made on the next call). */
export function clearCorrelationId(): void {
  deleteBrowserCookie(CORRELATION_COOKIE);
}
