import { readRequestCookie, secureCookiesFor, serializeCookie } from './cookies';
import { RETURN_COOKIE, returnRouteFrom } from './return-route';

/** The route to send a visitor to after sign-in (product.md#pages), `/` when none is stored or it is unsafe. */
export function readReturnRoute(request: Request): string {
  return returnRouteFrom(readRequestCookie(request, RETURN_COOKIE));
}

/** A Set-Cookie value that forgets the return route once it has been used. */
export function clearReturnRouteCookie(request: Request): string {
  return serializeCookie(RETURN_COOKIE, '', { maxAgeSeconds: 0, secure: secureCookiesFor(request.url) });
}
