import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequest } from '@remix-run/node-fetch-server';
import { createRequestHandler, type ServerBuild } from 'react-router';
import {
  audienceOfUser,
  CurrentUserSchema,
  formatSharedAudience,
  PAGE_RENDER_HEADER,
  SHARED_AUDIENCE_HEADER,
  TOKEN_COOKIE_NAME,
  type SharedAudience,
} from '@fretline/contract';
import { forbidden } from '../plugins/errors.ts';
import { FOREIGN_REQUEST_MESSAGE, isSameOrigin, UNSAFE_METHODS } from '../plugins/same-origin.ts';
import { inProcessFetch, type InProcessFetch } from './in-process-fetch.ts';
import {
  beginRender,
  endRender,
  etagMatches,
  markRenderFailed,
  PageCache,
  pickEncoding,
  signedInVariant,
  storedPage,
  variantCookieHeader,
  visitorVariant,
  type StoredPage,
  type VisitorVariant,
} from './page-cache.ts';

export interface WebOptions {
  /** apps/web/build: `server/index.js` and the `client` assets. */
  buildDir: string;
  mode: 'production' | 'development';
}

/** React Router's request handler, or a stand-in (tests of the page cache). */
type PageHandler = (request: Request) => Promise<Response>;

export interface PagesOptions {
  handle: PageHandler;
  /** build/client: hashed assets and public files; absent in tests. */
  clientDir?: string;
  /** The signed-out page cache; tests pass theirs to look inside. */
  cache?: PageCache;
  /**
   * The class of the signed-in learner asking, or null to render for them alone (ADR 0056).
   * Absent when the loaders do not reach this process's API, which alone can answer as a class.
   */
  audienceOf?: (request: FastifyRequest) => Promise<SharedAudience | null>;
}

/** What the web build's entry module exports for us besides React Router's own (apps/web/app/entry.server.tsx). */
export interface WebEntryModule {
  /**
   * Hands the loaders this process's API and the page cache's render watch; true when they will
   * call through `dispatch` (no API_URL sends them to another tier).
   */
  connectInProcessApi?: (dispatch: InProcessFetch | undefined, renderFailed?: (renderId: string) => void) => boolean;
}

/**
 * Connects the web build to this process (ADR 0062): its loaders' calls go through `app` unless
 * API_URL names another tier, and either way a call that fails for a render the page cache may
 * keep marks that render (ADR 0056). Answers whether the calls stay in process.
 */
export function connectWebEntry(app: FastifyInstance, entry: WebEntryModule, dispatch: InProcessFetch): boolean {
  const inProcess = entry.connectInProcessApi?.(dispatch, markRenderFailed) === true;
  app.addHook('onClose', (_app, done) => {
    entry.connectInProcessApi?.(undefined);
    done();
  });
  return inProcess;
}

/**
 * The class of the signed-in learner asking (ADR 0056), from the API's own answer about them, as
 * the root loader would ask it; null for anyone with a role (staff see their own tools), a session
 * that no longer works (the personal render clears its cookie) or no answer.
 */
export async function askAudience(dispatch: InProcessFetch, request: FastifyRequest): Promise<SharedAudience | null> {
  const token = request.cookies[TOKEN_COOKIE_NAME];
  if (!token) return null;
  try {
    const response = await dispatch('http://127.0.0.1/api/auth/me', {
      headers: { accept: 'application/json', authorization: `Bearer ${token}`, 'x-forwarded-for': request.ip },
    });
    if (!response.ok) return null;
    const parsed = CurrentUserSchema.safeParse(((await response.json()) as { data?: { user?: unknown } }).data?.user);
    if (!parsed.success || parsed.data.id_user === null || parsed.data.roles.length > 0) return null;
    return audienceOfUser(parsed.data);
  } catch {
    return null;
  }
}

/**
 * Serves everything outside /api: hashed assets from build/client with immutable caching, then
 * every other path through React Router's request handler (server rendering, loaders, actions).
 */
export function mountWeb(options: WebOptions) {
  return async (app: FastifyInstance): Promise<void> => {
    const serverEntry = path.join(options.buildDir, 'server/index.js');
    const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    // The loaders reach this process's API without a socket (ADR 0062); API_URL still sends them
    // to another tier over HTTP (apps/web/app/lib/api.server.ts decides per call).
    const dispatch = inProcessFetch(app);
    const inProcess = connectWebEntry(app, build.entry.module as WebEntryModule, dispatch);
    const handle = createRequestHandler(build, options.mode);
    await mountPages(app, {
      handle,
      clientDir: path.join(options.buildDir, 'client'),
      // Only this process's API answers as a class (ADR 0056): a web tier apart renders each person's page.
      audienceOf: inProcess ? (request) => askAudience(dispatch, request) : undefined,
    });
  };
}

/** The headers every page answer carries for a CDN in front (ADR 0056). */
const PAGE_VARY = 'Accept-Encoding, Cookie';

function copyHeaders(reply: FastifyReply, headers: Headers): void {
  for (const [name, value] of headers) if (name !== 'set-cookie') reply.header(name, value);
  const cookies = headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
}

/**
 * A response rendered for this request alone (signed in, a form post, a private page). A shared
 * cache in front must never keep it; one rendered for a session (`personal`) may name the person,
 * so no cache keeps it at all, the browser's included (ADR 0056).
 */
function sendRendered(reply: FastifyReply, response: Response, cacheState: 'bypass' | 'miss', personal = false) {
  reply.code(response.status);
  copyHeaders(reply, response.headers);
  if (!response.headers.has('cache-control')) reply.header('Cache-Control', personal ? 'private, no-store' : 'private, no-cache');
  reply.header('Vary', PAGE_VARY);
  reply.header('X-Page-Cache', cacheState);
  // @fastify/compress compresses the stream on its way out (ADR 0056).
  // Node's own stream type: the web's type program (DOM) types Response's body apart from it.
  return reply.send(response.body ? Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>) : null);
}

function sendStored(request: FastifyRequest, reply: FastifyReply, page: StoredPage, variant: VisitorVariant, state: string) {
  reply.code(page.status);
  for (const [name, value] of page.headers) reply.header(name, value);
  // Shared caches may keep it but must ask again each time: an editor's change shows at once, and
  // the 304 below costs a lookup. A first visit's answer carries its flag cookie, and a signed-in
  // learner's page is their class's, which a cache in front cannot tell: both are private.
  reply.header('Cache-Control', variant.setFlagsCookie || variant.signedIn ? 'private, no-cache' : 'public, no-cache');
  reply.header('ETag', page.etag);
  reply.header('Vary', PAGE_VARY);
  reply.header('X-Page-Cache', state);
  if (variant.setFlagsCookie) reply.header('set-cookie', variant.setFlagsCookie);
  if (etagMatches(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
  const encoding = pickEncoding(request.headers['accept-encoding']);
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.body;
  if (encoding) reply.header('Content-Encoding', encoding);
  reply.header('Content-Length', body.length);
  return reply.send(request.method === 'HEAD' ? null : body);
}

/** Stores a rendered answer when it is a plain public 200 (no cookie set, no private policy). */
function storable(response: Response): boolean {
  if (response.status !== 200 || !response.body) return false;
  if (response.headers.getSetCookie().length) return false;
  const policy = response.headers.get('cache-control') ?? '';
  return !/private|no-store/i.test(policy);
}

export async function mountPages(app: FastifyInstance, options: PagesOptions): Promise<void> {
  const { handle } = options;
  const cache = options.cache ?? new PageCache();
  // An editor's publish, edit or delete, on any instance, forgets every stored page here (ADR 0056).
  app.contentVersion.onChange(() => cache.clear());

  await app.register(async (web) => {
    // Hand the untouched body stream to React Router: it parses its own form posts.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', (_request, _payload, done) => done(null));

    if (options.clientDir)
      await web.register(fastifyStatic, {
        root: options.clientDir,
        wildcard: false,
        index: false,
        // The .br and .gz files written beside each asset at build time (ADR 0056).
        preCompressed: true,
        setHeaders: (reply, filePath) => {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          // The service worker (ADR 0079) is asked for again on every visit: a fix reaches everyone at once.
          const worker = path.basename(filePath) === 'sw.js';
          reply.header(
            'Cache-Control',
            immutable ? 'public, max-age=31536000, immutable' : worker ? 'no-cache' : 'public, max-age=3600',
          );
        },
      });

    const fetchRequest = (request: FastifyRequest, reply: FastifyReply) =>
      // The URL a visitor typed: behind a TLS-terminating proxy the socket says http://, and
      // React Router's action Origin check compares against this URL. request.protocol and
      // request.host read X-Forwarded-Proto/-Host only from a trusted proxy (ADR 0004).
      createRequest(request.raw, reply.raw, { protocol: `${request.protocol}:`, host: request.host || undefined });

    /**
     * Renders the variant for this request; whoever asks for it meanwhile waits for this render
     * and is answered from it when it is storable.
     */
    const renderVariant = async (
      request: FastifyRequest,
      reply: FastifyReply,
      variant: VisitorVariant,
      audience: SharedAudience | null,
    ) => {
      const version = app.contentVersion.current;
      let settle: (page: StoredPage | null) => void = () => undefined;
      cache.pending.set(variant.key, new Promise<StoredPage | null>((resolve) => (settle = resolve)));
      // The loaders pass the id on with each call; one that fails marks this render (ADR 0056).
      const renderId = beginRender();
      request.raw.headers[PAGE_RENDER_HEADER] = renderId;
      try {
        // Render with the variant's cookies only: nothing of this visitor beyond consent and flags,
        // and for a signed-in learner their class instead of their session (ADR 0056).
        request.raw.headers.cookie = variantCookieHeader(request.raw.headers.cookie, variant);
        if (audience) request.raw.headers[SHARED_AUDIENCE_HEADER] = formatSharedAudience(audience);
        const response = await handle(fetchRequest(request, reply));
        if (!storable(response)) {
          settle(null);
          if (variant.setFlagsCookie) response.headers.append('set-cookie', variant.setFlagsCookie);
          return sendRendered(reply, response, 'miss');
        }
        // Read to the end first: a deferred loader's call may still fail while the page streams.
        const body = Buffer.from(await response.arrayBuffer());
        if (!endRender(renderId)) {
          // This visitor's degraded page: answered to them alone, kept by nobody.
          settle(null);
          response.headers.set('cache-control', 'private, no-store');
          if (variant.setFlagsCookie) response.headers.append('set-cookie', variant.setFlagsCookie);
          return sendRendered(reply, new Response(body, response), 'miss');
        }
        const kept: Array<[string, string]> = [];
        for (const [name, value] of response.headers) if (name !== 'content-length') kept.push([name, value]);
        const page = await storedPage(response.status, kept, body, version);
        // A write that landed while this rendered makes it stale: answer it once, keep it not.
        if (app.contentVersion.current === version) cache.set(variant.key, page);
        settle(page);
        return sendStored(request, reply, page, variant, 'miss');
      } finally {
        endRender(renderId);
        settle(null);
        cache.pending.delete(variant.key);
      }
    };

    /** The stored variant, the render in flight for it, or a new render of it. */
    const serveVariant = async (
      request: FastifyRequest,
      reply: FastifyReply,
      variant: VisitorVariant,
      audience: SharedAudience | null,
    ) => {
      const hit = cache.get(variant.key, app.contentVersion.current);
      if (hit) return sendStored(request, reply, hit, variant, 'hit');
      if (request.method === 'HEAD') return sendRendered(reply, await handle(fetchRequest(request, reply)), 'miss');
      const waiting = cache.pending.get(variant.key);
      if (!waiting) return renderVariant(request, reply, variant, audience);
      const page = await waiting;
      if (page) return sendStored(request, reply, page, variant, 'hit');
      // Not storable (a redirect, a 404, a cookie to set): this request gets its own render.
      return sendRendered(reply, await handle(fetchRequest(request, reply)), 'miss');
    };

    const render = async (request: FastifyRequest, reply: FastifyReply) => {
      // A form action must come from our own pages (ADR 0011). React Router refuses a foreign
      // Origin itself; without one, the Referer must be ours, as the API asks.
      if (
        UNSAFE_METHODS.has(request.method) &&
        request.headers.origin === undefined &&
        !isSameOrigin(request, app.config.SITE_URL)
      )
        throw forbidden(FOREIGN_REQUEST_MESSAGE);
      // Only this server names a class or a render to the loaders (ADR 0056): never a visitor's own header.
      delete request.raw.headers[SHARED_AUDIENCE_HEADER];
      delete request.raw.headers[PAGE_RENDER_HEADER];
      const variantRequest = {
        method: request.method,
        url: request.url,
        origin: `${request.protocol}://${request.host}`,
        secure: request.protocol === 'https',
        cookie: request.headers.cookie,
        authorization: request.headers.authorization,
      };
      const variant = visitorVariant(variantRequest);
      if (variant) return serveVariant(request, reply, variant, null);
      const { audienceOf } = options;
      const signedIn = audienceOf ? signedInVariant(variantRequest) : null;
      const audience = signedIn && audienceOf ? await audienceOf(request) : null;
      if (signedIn && audience) {
        const key = `${signedIn.key}\nsigned in: ${formatSharedAudience(audience)}`;
        return serveVariant(request, reply, { ...signedIn, key }, audience);
      }
      const personal = Boolean(request.cookies[TOKEN_COOKIE_NAME] || request.headers.authorization);
      return sendRendered(reply, await handle(fetchRequest(request, reply)), 'bypass', personal);
    };
    web.all('/*', render);
    web.all('/', render);
  });
}
