import { readRequestCookie } from './cookies';
import { RETURN_COOKIE, returnRouteFrom } from './return-route';

/** The route to send a visitor to after sign-in (product.md#pages), `/` when none is stored or it is unsafe. */
export function readReturnRoute(request: Request): string {
  return returnRouteFrom(readRequestCookie(request, RETURN_COOKIE));
}
