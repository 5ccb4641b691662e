import { CORRELATION_COOKIE_MAX_AGE_S, CORRELATION_COOKIE_NAME, createCorrelationId } from '@fretline/contract';
import { deleteBrowserCookie, readBrowserCookie, writeBrowserCookie } from './cookies';

/** Spec §9: the correlation id cookie, 45 random alphanumerics, kept 1 year. */
export const CORRELATION_COOKIE = CORRELATION_COOKIE_NAME;
const VALID = /^[A-Za-z0-9]{45}$/;

export { createCorrelationId };

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
