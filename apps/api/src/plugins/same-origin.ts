import type { FastifyRequest } from 'fastify';

/** Methods that change something: a browser sends them cross-site with the visitor's cookies. */
export const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What an unsafe request from elsewhere is refused with, by the API and the pages alike. */
export const FOREIGN_REQUEST_MESSAGE = 'This request must come from the Fretline site itself.';

/**
 * Whether the request says it comes from our own site: its Origin, else its Referer's origin, is
 * SITE_URL's or the Host the browser used (a local port, a preview URL). No header is not ours.
 */
export function isSameOrigin(request: FastifyRequest, siteUrl: string): boolean {
  const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
  if (!origin) return false;
  if (origin === new URL(siteUrl).origin) return true;
  const host = request.headers.host;
  return !!host && (origin === `http://${host}` || origin === `https://${host}`);
}

/** An Origin (or Referer) header naming another site; absent headers (non-browser clients) are not foreign. */
export function hasForeignOrigin(request: FastifyRequest, siteUrl: string): boolean {
  const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
  return !!origin && !isSameOrigin(request, siteUrl);
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
