import { readCookie } from '../../lib/api.server';
import { RETURN_COOKIE } from '../../lib/return-route';
import { readReturnRoute } from '../../lib/return-route.server';

/** After sign-in: the saved return route (spec §2), or the account page when none was saved. */
export function returnRouteOf(request: Request): string {
  return readCookie(request, RETURN_COOKIE) ? readReturnRoute(request) : '/me';
}
