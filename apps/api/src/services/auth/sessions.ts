import type { FastifyReply } from 'fastify';
import { TOKEN_COOKIE_MAX_AGE_S, TOKEN_COOKIE_NAME } from '@fretline/contract';

/** ADR 0011: a learner's session lasts as long as the token cookie, one year. */
export const LEARNER_SESSION_TTL_MS = 365 * 24 * 60 * 60_000;
/** ADR 0011: a session of the Staff group (Superadmin, Admin, Director, Staff) ends after 12 hours. */
export const STAFF_SESSION_TTL_MS = 12 * 60 * 60_000;

/** ARCHITECTURE.md: plain HTTP is allowed on localhost only; everywhere else the cookie is Secure. */
function isLocalHttp(siteUrl: string): boolean {
  const url = new URL(siteUrl);
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

function tokenCookieOptions(siteUrl: string) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: !isLocalHttp(siteUrl) };
}

/** The `token` cookie (product.md#constants), HttpOnly and SameSite=Lax so page scripts and other sites can't use it. */
export function setTokenCookie(reply: FastifyReply, siteUrl: string, token: string): void {
  void reply.setCookie(TOKEN_COOKIE_NAME, token, { ...tokenCookieOptions(siteUrl), maxAge: TOKEN_COOKIE_MAX_AGE_S });
}

export function clearTokenCookie(reply: FastifyReply, siteUrl: string): void {
  void reply.clearCookie(TOKEN_COOKIE_NAME, tokenCookieOptions(siteUrl));
}
