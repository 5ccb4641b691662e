/**
 * Characters no request may carry where they would reach the database or a page (ADR 0047): the
 * API refuses them with a 400 and the pages answer the 404 page. One definition, so both agree.
 */
/* eslint-disable no-control-regex */
/** A NUL can be stored in no PostgreSQL text column; every other character of typed text is kept. */
export const TEXT_FORBIDDEN_CHARS = /\u0000/;
/** A path segment (an id, a slug, a token) never holds a control character. */
export const PATH_FORBIDDEN_CHARS = /[\u0000-\u001f\u007f]/;
/** A query value neither, except the tabs and line breaks of a reported error's stack trace. */
export const QUERY_FORBIDDEN_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/* eslint-enable no-control-regex */

/**
 * Whether a page URL is one no page can answer: a path that does not decode or holds a control
 * character, or a query key or value holding one.
 */
export function isHostileUrl(url: URL): boolean {
  for (const segment of url.pathname.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return true;
    }
    if (PATH_FORBIDDEN_CHARS.test(decoded)) return true;
  }
  for (const [key, value] of url.searchParams) {
    if (QUERY_FORBIDDEN_CHARS.test(key) || QUERY_FORBIDDEN_CHARS.test(value)) return true;
  }
  return false;
}
