import { CORRELATION_COOKIE_MAX_AGE_S, CORRELATION_COOKIE_NAME, createCorrelationId } from '@fretline/contract';
import { deleteBrowserCookie, readBrowserCookie, writeBrowserCookie } from './cookies';

/** The correlation id cookie (product.md#constants), 45 random alphanumerics, kept 1 year. */
export const CORRELATION_COOKIE = CORRELATION_COOKIE_NAME;
const VALID = /^[A-Za-z0-9]{45}$/;

export { createCorrelationId };

function isCorrelationId(value: string | undefined): value is string {
  return !!value && VALID.test(value);
}

/** The browser's correlation id, created and stored on first use (the header: product.md#calls; the cookie: product.md#constants). */
export function ensureCorrelationId(): string {
  const existing = readBrowserCookie(CORRELATION_COOKIE);
  if (isCorrelationId(existing)) return existing;
  const id = createCorrelationId();
  writeBrowserCookie(CORRELATION_COOKIE, id, CORRELATION_COOKIE_MAX_AGE_S);
  return id;
}

/** Logout clears the correlation id (a new one is made on the next call; product.md#states). */
export function clearCorrelationId(): void {
  deleteBrowserCookie(CORRELATION_COOKIE);
}
