import { hash, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import {
  CONSENT_COOKIE_MAX_AGE_S,
  CONSENT_COOKIE_NAMES,
  CORRELATION_COOKIE_NAME,
  EMAIL_COOKIE_NAME,
  FEATURE_FLAGS,
  parseConsentCookieValue,
  pickFlagValue,
  TOKEN_COOKIE_NAME,
} from '@fretline/contract';

/**
 * The signed-out page cache (ADR 0056): a page a visitor without a session sees is rendered once
 * per variant and served from memory until the catalogue's content version moves (or
 * PAGE_CACHE_TTL_MS passes, for what changes with time alone: a live stream starting).
 */
const PAGE_CACHE_TTL_MS = 60_000;
const PAGE_CACHE_MAX_ENTRIES = 1_000;

/** The flags cookie the web's root loader reads and writes (apps/web/app/lib/flags.ts, ADR 0006). */
const FLAGS_COOKIE = 'feature_flags';

/**
 * Public catalogue and content pages, and their single-fetch data (`/videos.data`, `/_root.data`
 * for the home page). Anything else (sign-in, account, messages, helpdesk with its captcha
 * challenge, unsubscribe links, staff) is never stored: those pages carry tokens, forms or a person.
 */
const CACHEABLE_PATH =
  /^\/(?:_root\.data|videos(?:\/[^/]+)?|courses(?:\/[^/]+)?|live(?:\/[^/]+)?|free-resources|membership|events|features|donations|privacy|terms|brand-guidelines|signature-products|free-christmas-mini-songbook|about-[a-z0-9-]+|sitemap\.xml|robots\.txt|manifest\.webmanifest)?(?:\.data)?$/;

/** Cookies the server render reads that only pick a variant (consent, flags). */
const CONSENT_COOKIES = new Map<string, string>(Object.entries(CONSENT_COOKIE_NAMES).map(([category, name]) => [name, category]));
/** Cookies only the browser reads (a correlation id, the remembered sign-in address): they never change the render. */
const BROWSER_ONLY_COOKIES = new Set<string>([CORRELATION_COOKIE_NAME, EMAIL_COOKIE_NAME]);

export interface VisitorVariant {
  /** The cache key: origin, path and query, consent and flag values; nothing else. */
  key: string;
  /** The complete flags cookie value to render with (assigned here on a first visit). */
  flagsCookie: string;
  /** A first visit: the Set-Cookie that keeps the assigned flags (the page itself is the variant's). */
  setFlagsCookie: string | null;
  /** A signed-in learner's: the page their class shares, which a cache in front must not keep (ADR 0056). */
  signedIn: boolean;
}

function parseCookieHeader(header: string | undefined): Map<string, string> | null {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    const name = (index < 0 ? part : part.slice(0, index)).trim();
    if (!name) continue;
    if (out.has(name)) return null; // ambiguous: let the renderer decide, uncached
    const raw = index < 0 ? '' : part.slice(index + 1).trim();
    try {
      out.set(name, decodeURIComponent(raw));
    } catch {
      return null;
    }
  }
  return out;
}

/** The stored flag values the web would keep, each missing or retired one assigned by its percentages. */
function assignFlags(raw: string | undefined, random: () => number): { values: Record<string, boolean>; changed: boolean } {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    stored = {};
  }
  const values: Record<string, boolean> = {};
  let changed = false;
  for (const [name, definition] of Object.entries(FEATURE_FLAGS)) {
    const value = stored[name];
    const offered = definition.some((option) => option.value === value && option.percentage > 0);
    if (typeof value === 'boolean' && offered) values[name] = value;
    else {
      values[name] = pickFlagValue<boolean>(definition, random());
      changed = true;
    }
  }
  return { values, changed };
}

/** Query parameters whose answer depends on who asks: `playable` on /videos. */
const PERSONAL_QUERY = /[?&]playable(=|&|$)/i;

export interface VariantRequest {
  method: string;
  url: string;
  origin: string;
  secure: boolean;
  cookie: string | undefined;
  authorization: string | undefined;
}

/**
 * The variant of a request the cache may answer, or null when it must be rendered for this
 * request alone: not a GET or HEAD, not a public page, a bearer token, or any cookie that is not
 * consent, flags or browser-only (a session cookie above all: a signed-in request never reads or
 * fills the visitors' pages).
 */
export function visitorVariant(request: VariantRequest, random: () => number = Math.random): VisitorVariant | null {
  return variantOf(request, CACHEABLE_PATH, false, random);
}

/**
 * The variant of a signed-in learner's request that a render shared by their class may answer
 * (ADR 0056): a video's page, with the session cookie and otherwise what a visitor's variant
 * allows. The caller adds the class to the key once the session says which it is; the render
 * itself never sees the session.
 */
export function signedInVariant(request: VariantRequest, random: () => number = Math.random): VisitorVariant | null {
  return variantOf(request, SHAREABLE_SIGNED_IN_PATH, true, random);
}

/** A video's page (not its `.data`): its personal parts are fetched after hydration (ADR 0056). */
const SHAREABLE_SIGNED_IN_PATH = /^\/videos\/[^/.]+$/;

function variantOf(request: VariantRequest, paths: RegExp, signedIn: boolean, random: () => number): VisitorVariant | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (request.authorization) return null;
  const queryAt = request.url.indexOf('?');
  const pathname = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
  if (!paths.test(pathname)) return null;
  // A personal filter (product.md#chords-i-know) is never read from or kept in the cache.
  if (queryAt >= 0 && PERSONAL_QUERY.test(request.url.slice(queryAt))) return null;
  const cookies = parseCookieHeader(request.cookie);
  if (!cookies) return null;
  if (signedIn !== cookies.has(TOKEN_COOKIE_NAME)) return null;
  const consent: string[] = [];
  for (const [name, value] of cookies) {
    const category = CONSENT_COOKIES.get(name);
    if (category) consent.push(`${category}=${parseConsentCookieValue(value) ? 1 : 0}`);
    else if (name !== FLAGS_COOKIE && name !== TOKEN_COOKIE_NAME && !BROWSER_ONLY_COOKIES.has(name)) return null;
  }
  const { values, changed } = assignFlags(cookies.get(FLAGS_COOKIE), random);
  const flagsCookie = JSON.stringify(values);
  const setFlagsCookie = changed
    ? [
        `${FLAGS_COOKIE}=${encodeURIComponent(flagsCookie)}`,
        `Max-Age=${CONSENT_COOKIE_MAX_AGE_S}`,
        'Path=/',
        'SameSite=Lax',
        ...(request.secure ? ['Secure'] : []),
      ].join('; ')
    : null;
  consent.sort();
  const key = `${request.origin}${request.url}\n${consent.join('&')}\n${flagsCookie}`;
  return { key, flagsCookie, setFlagsCookie, signedIn };
}

/** The Cookie header the page is rendered with: consent cookies as sent, the flags as assigned. */
export function variantCookieHeader(original: string | undefined, variant: VisitorVariant): string {
  const kept = (original ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && CONSENT_COOKIES.has(part.slice(0, part.indexOf('=')).trim()));
  return [...kept, `${FLAGS_COOKIE}=${encodeURIComponent(variant.flagsCookie)}`].join('; ');
}

export interface StoredPage {
  status: number;
  headers: Array<[string, string]>;
  etag: string;
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  version: number;
  storedAt: number;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compresses a page once, off the event loop, at levels too slow to spend on every response. */
export async function storedPage(
  status: number,
  headers: Array<[string, string]>,
  body: Buffer,
  version: number,
): Promise<StoredPage> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  const etag = `"${hash('sha1', body, 'base64url')}"`;
  return { status, headers, etag, body, br, gzip: gz, version, storedAt: Date.now() };
}

/** The stored pages of this process, least recently used first out when full. */
export class PageCache {
  private readonly pages = new Map<string, StoredPage>();
  /** Renders in flight: everyone asking for the same variant meanwhile waits for that one. */
  readonly pending = new Map<string, Promise<StoredPage | null>>();

  constructor(
    private readonly ttlMs = PAGE_CACHE_TTL_MS,
    private readonly maxEntries = PAGE_CACHE_MAX_ENTRIES,
  ) {}

  get(key: string, version: number): StoredPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (page.version !== version || Date.now() - page.storedAt >= this.ttlMs) {
      this.pages.delete(key);
      return undefined;
    }
    return page;
  }

  set(key: string, page: StoredPage): void {
    this.pages.delete(key);
    if (this.pages.size >= this.maxEntries) {
      const oldest = this.pages.keys().next();
      if (!oldest.done) this.pages.delete(oldest.value);
    }
    this.pages.set(key, page);
  }

  clear(): void {
    this.pages.clear();
  }

  /** What is stored (tests look inside to prove no person's data is). */
  entries(): IterableIterator<[string, StoredPage]> {
    return this.pages.entries();
  }

  get size(): number {
    return this.pages.size;
  }
}

/**
 * Renders the cache may keep, by the id the page server gave each one (PAGE_RENDER_HEADER), and
 * whether an API call made for it failed. A render whose call was refused (the visitor's own spent
 * budget), timed out or broke is that visitor's degraded page, never the variant's (ADR 0056).
 */
const watchedRenders = new Map<string, { failed: boolean }>();

/** Starts watching a render's calls; `endRender` with the id answers whether they all succeeded. */
export function beginRender(): string {
  const id = randomUUID();
  watchedRenders.set(id, { failed: false });
  return id;
}

/** Marks the watched render `id` as degraded: the web build's loaders report each failed call for it. */
export function markRenderFailed(id: string): void {
  const render = watchedRenders.get(id);
  if (render) render.failed = true;
}

/** Stops watching the render; true when none of its calls failed. */
export function endRender(id: string): boolean {
  const render = watchedRenders.get(id);
  watchedRenders.delete(id);
  return render !== undefined && !render.failed;
}

/** The encoding to answer with: brotli, else gzip, else none (a q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  let br = false;
  let gz = false;
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const refused = params.some((p) => /^\s*q=0(?:\.0*)?\s*$/.test(p));
    if (refused) continue;
    if (name.trim() === 'br') br = true;
    else if (name.trim() === 'gzip' || name.trim() === '*') gz = true;
  }
  return br ? 'br' : gz ? 'gzip' : null;
}

/** Whether an If-None-Match header names this ETag (weak comparison, RFC 9110 §13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
