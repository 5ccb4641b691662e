import { RETURN_COOKIE_MAX_AGE_S, RETURN_COOKIE_NAME } from '@fretline/contract';
import { deleteBrowserCookie, readBrowserCookie, writeBrowserCookie } from './cookies';

/**
 * Spec §2: the previous route is remembered as the return route (cookie `return`, 48 hours) and
 * restored after sign-in; /signup and /login (with /login/:passcode and /login-code) never are.
 */
export const RETURN_COOKIE = RETURN_COOKIE_NAME;
export const DEFAULT_RETURN_ROUTE = '/';

/** Whether a path may be stored and later followed: our own, absolute, not a sign-in page. */
export function isStorableReturnRoute(path: string | undefined | null): path is string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  const pathname = path.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
  if (pathname === '/signup' || pathname === '/login' || pathname === '/login-code') return false;
  if (pathname.startsWith('/login/') || pathname.startsWith('/api/')) return false;
  return true;
}

/** The stored route when it is safe to follow, else the home page. */
export function returnRouteFrom(value: string | undefined | null): string {
  return isStorableReturnRoute(value) ? value : DEFAULT_RETURN_ROUTE;
}

/** Browser: remember where the visitor is now (called on every navigation). */
export function rememberReturnRoute(path: string): void {
  if (isStorableReturnRoute(path)) writeBrowserCookie(RETURN_COOKIE, path, RETURN_COOKIE_MAX_AGE_S);
}

/** Browser: the route to go to after sign-in, clearing it so it is used once. */
export function consumeReturnRoute(): string {
  const path = returnRouteFrom(readBrowserCookie(RETURN_COOKIE));
  deleteBrowserCookie(RETURN_COOKIE);
  return path;
}
