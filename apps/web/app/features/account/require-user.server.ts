import { redirect } from 'react-router';
import { RETURN_COOKIE_MAX_AGE_S, type Me } from '@fretline/contract';
import { fetchCurrentUser } from '../../lib/api.server';
import { secureCookiesFor, serializeCookie } from '../../lib/cookies';
import { isStorableReturnRoute, RETURN_COOKIE } from '../../lib/return-route';

/**
 * Guards read first (CONVENTIONS.md): the account pages start with this. A visitor goes to /login,
 * with this page saved as the return route so sign-in comes back here (product.md#pages).
 */
export async function requireMe(request: Request): Promise<Me> {
  const { user } = await fetchCurrentUser(request);
  if (user.id_user !== null) return user;
  throw redirectToLogin(request);
}

/**
 * The way to /login for a visitor on a page that needs an account, keeping the page to come back
 * to (`returnTo` when it is not this very URL, e.g. a thread without its refused token). A `reason`
 * goes along as `?reason=` so /login can say why the reader landed there.
 */
export function redirectToLogin(request: Request, returnTo?: string, reason?: string): Response {
  const url = new URL(request.url);
  const here = returnTo ?? `${url.pathname}${url.search}`;
  const headers = new Headers();
  if (isStorableReturnRoute(here)) {
    headers.append(
      'Set-Cookie',
      serializeCookie(RETURN_COOKIE, here, { maxAgeSeconds: RETURN_COOKIE_MAX_AGE_S, secure: secureCookiesFor(request.url) }),
    );
  }
  return redirect(reason ? `/login?reason=${encodeURIComponent(reason)}` : '/login', { headers });
}

/** The sign-in pages are for visitors; someone signed in goes to their account. */
export async function redirectIfSignedIn(request: Request): Promise<void> {
  const data = await fetchCurrentUser(request).catch(() => undefined);
  if (data?.user.id_user) throw redirect('/me');
}
