import { RETURN_COOKIE_MAX_AGE_S, RETURN_COOKIE_NAME } from '@fretline/contract';
import { deleteBrowserCookie, readBrowserCookie, writeBrowserCookie } from './cookies';

/**
 * The previous route (with its search and hash) is remembered as the return route (cookie
 * `return`, 48 hours) and restored after sign-in (product.md#pages), or offered on /welcome after sign-up; /signup,
 * /login (with /login/:passcode and /login-code) and /welcome never are.
 */
export const RETURN_COOKIE = RETURN_COOKIE_NAME;
const DEFAULT_RETURN_ROUTE = '/';

// Only whether a value resolves to the same origin matters, so a fixed one does for browser and
// server alike (the site's own SITE_URL or window origin would give the same answers).
const RESOLVE_ORIGIN = 'https://return-route.invalid';
// Browsers drop tabs and newlines from URLs and read "\" as "/": "/\t/evil.example" would become
// "//evil.example", another host. Such a value is never followed.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

/**
 * The same-origin path, search and hash a stored value stands for after normalising (dot segments
 * resolved), or null when following it could leave the site.
 */
function normaliseReturnRoute(value: string | undefined | null): string | null {
  if (!value || !value.startsWith('/') || UNSAFE_CHARACTERS.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, RESOLVE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== RESOLVE_ORIGIN) return null;
  const route = `${url.pathname}${url.search}${url.hash}`;
  // "/..//evil.example" resolves to "//evil.example", which a browser reads as another host.
  return route.startsWith('//') ? null : route;
}

/** The route to store or follow: a same-origin path that is not a sign-in page, else null. */
function storableRoute(value: string | undefined | null): string | null {
  const route = normaliseReturnRoute(value);
  if (!route) return null;
  const pathname = route.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
  if (pathname === '/signup' || pathname === '/login' || pathname === '/login-code') return null;
  // /welcome offers the way back to the stored route; remembering it would replace that route.
  if (pathname === '/welcome') return null;
  if (pathname.startsWith('/login/') || pathname.startsWith('/api/')) return null;
  return route;
}

/** Whether a path may be stored and later followed: our own, absolute, not a sign-in page. */
export function isStorableReturnRoute(path: string | undefined | null): path is string {
  return storableRoute(path) !== null;
}

/** The stored route (normalised) when it is safe to follow, else the home page. */
export function returnRouteFrom(value: string | undefined | null): string {
  return storableRoute(value) ?? DEFAULT_RETURN_ROUTE;
}

/** Browser: remember where the visitor is now (called on every navigation). */
export function rememberReturnRoute(path: string): void {
  const route = storableRoute(path);
  if (route) writeBrowserCookie(RETURN_COOKIE, route, RETURN_COOKIE_MAX_AGE_S);
}

/** Browser: the route to go to after sign-in, clearing it so it is used once. */
export function consumeReturnRoute(): string {
  const path = returnRouteFrom(readBrowserCookie(RETURN_COOKIE));
  deleteBrowserCookie(RETURN_COOKIE);
  return path;
}
