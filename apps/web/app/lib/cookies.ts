/**
 * The one cookie helper of the web (ADR 0054), for the server (a request's Cookie header, a
 * Set-Cookie value) and the browser (`document.cookie`). The names and lifetimes of product.md#constants live in
 * the contract's constants.
 */

export interface CookieOptions {
  maxAgeSeconds: number;
  /** Secure everywhere except plain-HTTP localhost (ARCHITECTURE.md "Sign-in and sessions"). */
  secure: boolean;
  httpOnly?: boolean;
  path?: string;
}

/** A Set-Cookie header value; SameSite=Lax so the cookie rides on top-level navigations. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Max-Age=${options.maxAgeSeconds}`,
    `Path=${options.path ?? '/'}`,
    'SameSite=Lax',
  ];
  if (options.secure) parts.push('Secure');
  if (options.httpOnly) parts.push('HttpOnly');
  return parts.join('; ');
}

/** Every cookie of a `Cookie` header (or `document.cookie`), decoded. */
export function parseCookies(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (!name || name in out) continue;
    const raw = part.slice(index + 1).trim();
    try {
      out[name] = decodeURIComponent(raw);
    } catch {
      out[name] = raw;
    }
  }
  return out;
}

/** Every cookie a request to the web server carries. */
export function requestCookies(request: Request): Record<string, string> {
  return parseCookies(request.headers.get('cookie'));
}

/** One cookie of a request to the web server (a loader's or an action's). */
export function readRequestCookie(request: Request, name: string): string | undefined {
  return requestCookies(request)[name];
}

/** Whether cookies set for this URL must be Secure: https always; plain http only on localhost. */
export function secureCookiesFor(url: string | URL): boolean {
  return new URL(url).protocol === 'https:';
}

export function readBrowserCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return parseCookies(document.cookie)[name];
}

export function writeBrowserCookie(name: string, value: string, maxAgeSeconds: number): void {
  if (typeof document === 'undefined') return;
  document.cookie = serializeCookie(name, value, { maxAgeSeconds, secure: secureCookiesFor(window.location.href) });
}

export function deleteBrowserCookie(name: string): void {
  writeBrowserCookie(name, '', 0);
}
