import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, seed, tables } from '@fretline/db';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { enqueueJob, runDueJobs } from '../platform/jobs/index.ts';
import { createMediaStore } from '../platform/media/index.ts';
import { createTestDatabase, createUserWithSession } from '../../test/test-app.ts';
import { PAGE_RENDER_HEADER, SHARED_AUDIENCE_HEADER } from '@fretline/contract';
import { inProcessFetch } from './in-process-fetch.ts';
import { askAudience, mountPages } from './react-router.ts';
import { etagMatches, markRenderFailed, PageCache, pickEncoding, visitorVariant, type VariantRequest } from './page-cache.ts';

/**
 * The signed-out page cache and compression (ADR 0056), through the whole app with a stand-in
 * renderer that does what the real root loader does: rendering for a class of learners it greets
 * the class; with a session cookie it asks the API who is signed in and greets them by name and
 * e-mail; otherwise it greets a visitor. It also prints the
 * catalogue's first video title, so an editor's change shows, asking for it as the real loaders do
 * (in process, passing on the visitor's address and the class, reporting a refused call for the
 * render's id) and printing "none" when the call fails, as a loader degrades. The web build's own
 * report, in process and over HTTP, is tested in apps/web/app/lib/page-render.test.ts.
 */
let app: FastifyInstance;
let drop: () => Promise<void>;
let renders = 0;
const cache = new PageCache();
const mediaDir = mkdtempSync(path.join(tmpdir(), 'fretline-compress-'));
const SITE = { origin: 'http://localhost:3000' };
/** The per-address API budget here: small, so a test can spend it. */
const API_BUDGET = 20;

/** The headers apps/web/app/lib/api.server.ts passes on from the page request to each API call. */
function loaderHeaders(request: Request): Record<string, string> {
  const out: Record<string, string> = { accept: 'application/json' };
  for (const name of ['x-forwarded-for', SHARED_AUDIENCE_HEADER]) {
    const value = request.headers.get(name);
    if (value) out[name] = value;
  }
  return out;
}

async function renderPage(request: Request): Promise<Response> {
  renders++;
  const url = new URL(request.url);
  if (url.pathname === '/videos/missing')
    return new Response('<p>Not found</p>', { status: 404, headers: { 'content-type': 'text/html' } });
  const cookie = request.headers.get('cookie') ?? '';
  const audience = request.headers.get(SHARED_AUDIENCE_HEADER);
  let greeting = 'Hello, visitor';
  if (audience) greeting = `Hello, learners (${audience})`;
  else if (/(?:^|;\s*)token=/.test(cookie)) {
    const me = await app.inject({ url: '/api/auth/me', headers: { cookie } });
    const user = me.json<{ data: { user: { first_name: string; email: string } } }>().data.user;
    greeting = `Hello, ${user.first_name} <${user.email}>`;
  }
  const live = /^\/live\/([^/.]+)/.exec(url.pathname);
  if (live) {
    const read = await app.inject({ url: `/api/videos/live/${live[1]}` });
    const onAir = read.json<{ data: { stream: { stream_on_air: string } } }>().data.stream.stream_on_air;
    return new Response(`<p>On air: ${onAir}</p>`, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } });
  }
  const list = await inProcessFetch(app)(`${url.origin}/api/videos/videos?limit=1`, { headers: loaderHeaders(request) });
  const renderId = request.headers.get(PAGE_RENDER_HEADER);
  if (!list.ok && renderId) markRenderFailed(renderId);
  const first = list.ok
    ? (((await list.json()) as { data: { videos: { video_title: string }[] } }).data.videos[0]?.video_title ?? 'none')
    : 'none';
  // Big enough to be worth compressing.
  const body = `<!doctype html><html><body><h1>${greeting}</h1><p>First: ${first}</p><p>cookie: ${cookie}</p>${'<p>Lorem ipsum dolor sit amet.</p>'.repeat(100)}</body></html>`;
  return new Response(body, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  await seed(database.handle.db);
  const config = testConfig();
  mkdirSync(path.join(mediaDir, 'uploads'), { recursive: true });
  writeFileSync(path.join(mediaDir, 'uploads/seg-0.ts'), 'G'.repeat(8_000));
  writeFileSync(path.join(mediaDir, 'uploads/poster.png'), Buffer.alloc(8_000, 1));
  writeFileSync(
    path.join(mediaDir, 'uploads/poster.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(2_000)}</svg>`,
  );
  app = await buildApp({
    config,
    db: database.handle,
    rateLimit: { max: API_BUDGET },
    mediaStore: createMediaStore({ secret: config.SECRET_KEY, mediaDir, demoDir: null }),
    web: (instance) =>
      mountPages(instance, {
        handle: renderPage,
        cache,
        audienceOf: (request) => askAudience(inProcessFetch(instance), request),
      }),
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await drop();
  rmSync(mediaDir, { recursive: true, force: true });
});

const FLAGS = `feature_flags=${encodeURIComponent(JSON.stringify({ featuresLinkInFooter: false, optimizeImages: true }))}`;

describe('compression (ADR 0056)', () => {
  it('compresses pages, JSON and SVG by Accept-Encoding, and leaves HLS segments and images alone', async () => {
    const page = await app.inject({ url: '/videos', headers: { 'accept-encoding': 'gzip, deflate, br', cookie: FLAGS } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('Hello, visitor');

    const gz = await app.inject({ url: '/videos', headers: { 'accept-encoding': 'gzip', cookie: FLAGS } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('Hello, visitor');

    const plain = await app.inject({ url: '/videos', headers: { cookie: FLAGS } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('Hello, visitor');

    const json = await app.inject({ url: '/api/videos/videos?limit=24', headers: { 'accept-encoding': 'br' } });
    expect(json.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(json.rawPayload).toString()).data.videos.length).toBeGreaterThan(0);

    const store = createMediaStore({ secret: testConfig().SECRET_KEY, mediaDir, demoDir: null });
    const now = new Date();
    const svg = await app.inject({ url: store.signedUrl('uploads/poster.svg', now), headers: { 'accept-encoding': 'br' } });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-encoding']).toBe('br');
    for (const file of ['uploads/seg-0.ts', 'uploads/poster.png']) {
      const res = await app.inject({ url: store.signedUrl(file, now), headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.rawPayload.length).toBe(8_000);
    }
  });

  it('a signed-in page is compressed too', async () => {
    const user = await createUserWithSession(app.db, { firstName: 'Zed' });
    const res = await app.inject({ url: '/videos', headers: { 'accept-encoding': 'br', cookie: `token=${user.token}` } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('Hello, Zed');
  });
});

describe('the signed-out page cache (ADR 0056)', () => {
  it('renders a variant once and then answers from memory, with an ETag, a 304 and CDN headers', async () => {
    cache.clear();
    const before = renders;
    const first = await app.inject({ url: '/courses?page=2', headers: { cookie: FLAGS } });
    expect(first.headers['x-page-cache']).toBe('miss');
    const second = await app.inject({ url: '/courses?page=2', headers: { cookie: FLAGS } });
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(renders - before).toBe(1);
    expect(second.headers['cache-control']).toBe('public, no-cache');
    expect(second.headers.vary).toBe('Accept-Encoding, Cookie');
    const etag = String(second.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const revalidated = await app.inject({ url: '/courses?page=2', headers: { cookie: FLAGS, 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    // Another query is another page.
    await app.inject({ url: '/courses?page=3', headers: { cookie: FLAGS } });
    expect(renders - before).toBe(2);
  });

  it('keys by consent and flag variant, and gives a first visit the variant with its flags cookie', async () => {
    cache.clear();
    const before = renders;
    const first = await app.inject({ url: '/courses' });
    expect(String(first.headers['set-cookie'])).toContain('feature_flags=');
    expect(first.headers['cache-control']).toBe('private, no-cache');
    // The page was rendered with the assigned flags, so a returning visitor of that variant hits it.
    const assigned = String(first.headers['set-cookie']).split(';')[0];
    const returning = await app.inject({ url: '/courses', headers: { cookie: assigned } });
    expect(returning.headers['x-page-cache']).toBe('hit');
    expect(returning.headers['set-cookie']).toBeUndefined();
    const consented = await app.inject({
      url: '/courses',
      headers: { cookie: `${assigned}; consent_asked=true; consent_video=true` },
    });
    expect(consented.headers['x-page-cache']).toBe('miss');
    expect(consented.body).toContain('consent_video=true');
    // A correlation id changes nothing the server renders: the same stored page.
    const correlated = await app.inject({ url: '/courses', headers: { cookie: `${assigned}; correlation=abc123` } });
    expect(correlated.headers['x-page-cache']).toBe('hit');
    expect(correlated.body).not.toContain('abc123');
    expect(renders - before).toBe(2);
  });

  it('never answers a signed-in request from the cache, never stores one, and keeps no personal data', async () => {
    cache.clear();
    const ada = await createUserWithSession(app.db, { firstName: 'Ada', email: 'ada-cache@example.com' });
    const bob = await createUserWithSession(app.db, { firstName: 'Bob', email: 'bob-cache@example.com' });
    await app.inject({ url: '/videos', headers: { cookie: FLAGS } });
    for (let i = 0; i < 2; i++) {
      const asAda = await app.inject({ url: '/videos', headers: { cookie: `${FLAGS}; token=${ada.token}` } });
      expect(asAda.headers['x-page-cache']).toBe('bypass');
      // Rendered for a session: no cache, the browser's included, may keep it.
      expect(asAda.headers['cache-control']).toBe('private, no-store');
      expect(asAda.body).toContain('Hello, Ada <ada-cache@example.com>');
      const asBob = await app.inject({ url: '/videos', headers: { cookie: `token=${bob.token}; ${FLAGS}` } });
      expect(asBob.body).toContain('Hello, Bob <bob-cache@example.com>');
      expect(asBob.body).not.toContain('Ada');
      // A bearer token bypasses it as well.
      const bearer = await app.inject({ url: '/videos', headers: { authorization: `Bearer ${bob.token}`, cookie: FLAGS } });
      expect(bearer.headers['x-page-cache']).toBe('bypass');
      expect(bearer.headers['cache-control']).toBe('private, no-store');
    }
    const visitor = await app.inject({ url: '/videos', headers: { cookie: FLAGS } });
    expect(visitor.headers['x-page-cache']).toBe('hit');
    expect(visitor.body).toContain('Hello, visitor');
    expect(visitor.body).not.toMatch(/Ada|Bob|cache@example\.com/);

    // Private pages are never stored, even signed out; with no session they name nobody.
    const login = await app.inject({ url: '/login', headers: { cookie: FLAGS } });
    expect(login.headers['cache-control']).toBe('private, no-cache');
    await app.inject({ url: '/me', headers: { cookie: FLAGS } });
    const stored = [...cache.entries()];
    expect(stored.length).toBe(1);
    for (const [key, page] of stored) {
      for (const text of [key, page.body.toString(), brotliDecompressSync(page.br).toString(), JSON.stringify(page.headers)]) {
        expect(text).not.toMatch(/Ada|Bob|cache@example\.com|token/);
        expect(text).not.toContain(ada.token);
      }
    }
  });

  it('answers every signed-in learner of a class from one render of a video page, made without their session', async () => {
    cache.clear();
    const ada = await createUserWithSession(app.db, { firstName: 'Ada', email: 'ada-class@example.com' });
    const bob = await createUserWithSession(app.db, { firstName: 'Bob', email: 'bob-class@example.com' });
    const before = renders;
    const asAda = await app.inject({ url: '/videos/open-chords', headers: { cookie: `${FLAGS}; token=${ada.token}` } });
    expect(asAda.headers['x-page-cache']).toBe('miss');
    // The class's page, which a cache in front could not tell from another class's: private.
    expect(asAda.headers['cache-control']).toBe('private, no-cache');
    expect(asAda.body).toContain('Hello, learners (member=0;leftHanded=0;trialEligible=1)');
    expect(asAda.body).not.toMatch(/Ada|ada-class|token=/);
    const asBob = await app.inject({ url: '/videos/open-chords', headers: { cookie: `token=${bob.token}; ${FLAGS}` } });
    expect(asBob.headers['x-page-cache']).toBe('hit');
    expect(asBob.body).toBe(asAda.body);
    expect(renders - before).toBe(1);

    // Left-handed learners see mirrored diagrams: another class, another render.
    await app.db.update(tables.users).set({ leftHanded: true }).where(eq(tables.users.idUser, bob.idUser));
    const leftHanded = await app.inject({ url: '/videos/open-chords', headers: { cookie: `${FLAGS}; token=${bob.token}` } });
    expect(leftHanded.headers['x-page-cache']).toBe('miss');
    expect(leftHanded.body).toContain('leftHanded=1');

    // Staff, a session that no longer works, another page and a visitor are not the learners' page.
    const editor = await createUserWithSession(app.db, { roles: ['Editor'], email: 'editor-class@example.com' });
    const asEditor = await app.inject({ url: '/videos/open-chords', headers: { cookie: `${FLAGS}; token=${editor.token}` } });
    expect(asEditor.headers['x-page-cache']).toBe('bypass');
    expect(asEditor.headers['cache-control']).toBe('private, no-store');
    expect(asEditor.body).toContain('editor-class@example.com');
    const stale = await app.inject({ url: '/videos/open-chords', headers: { cookie: `${FLAGS}; token=no-such-session` } });
    expect(stale.headers['x-page-cache']).toBe('bypass');
    const data = await app.inject({ url: '/videos/open-chords.data', headers: { cookie: `${FLAGS}; token=${ada.token}` } });
    expect(data.headers['x-page-cache']).toBe('bypass');
    const visitor = await app.inject({ url: '/videos/open-chords', headers: { cookie: FLAGS } });
    expect(visitor.headers['x-page-cache']).toBe('miss');
    expect(visitor.body).toContain('Hello, visitor');

    const stored = [...cache.entries()];
    expect(stored.length).toBe(3);
    for (const [key, page] of stored) {
      for (const text of [key, page.body.toString(), brotliDecompressSync(page.br).toString(), JSON.stringify(page.headers)]) {
        expect(text).not.toMatch(/Ada|Bob|class@example\.com|token/);
        for (const token of [ada.token, bob.token, editor.token]) expect(text).not.toContain(token);
      }
    }
  });

  /** Spends the API budget of `ip` but `left` calls, as a visitor's own script could. */
  async function spendBudget(ip: string, left: number) {
    for (let i = 0; i < API_BUDGET - left; i++) await app.inject({ url: '/api/videos/videos?limit=1', remoteAddress: ip });
  }

  it("never stores a render whose API calls were refused by the visitor's own spent budget", async () => {
    cache.clear();
    await spendBudget('203.0.113.30', 0);
    const poisoned = await app.inject({ url: '/courses', remoteAddress: '203.0.113.30', headers: { cookie: FLAGS } });
    expect(poisoned.statusCode).toBe(200);
    expect(poisoned.body).toContain('First: none');
    // Theirs alone, kept by no cache in front either.
    expect(poisoned.headers['cache-control']).toBe('private, no-store');
    expect(cache.size).toBe(0);
    const next = await app.inject({ url: '/courses', remoteAddress: '203.0.113.31', headers: { cookie: FLAGS } });
    expect(next.headers['x-page-cache']).toBe('miss');
    expect(next.body).not.toContain('First: none');
    expect((await app.inject({ url: '/courses', headers: { cookie: FLAGS } })).headers['x-page-cache']).toBe('hit');
  });

  it("never stores a class's render whose calls ran out of the learner's budget half way", async () => {
    cache.clear();
    const cy = await createUserWithSession(app.db, { firstName: 'Cy', email: 'cy-budget@example.com' });
    // One call left: the page server's question about the class, then the loader's is refused.
    await spendBudget('203.0.113.32', 1);
    const poisoned = await app.inject({
      url: '/videos/open-chords',
      remoteAddress: '203.0.113.32',
      headers: { cookie: `${FLAGS}; token=${cy.token}` },
    });
    expect(poisoned.body).toContain('Hello, learners');
    expect(poisoned.body).toContain('First: none');
    expect(cache.size).toBe(0);
    const dee = await createUserWithSession(app.db, { firstName: 'Dee', email: 'dee-budget@example.com' });
    const next = await app.inject({ url: '/videos/open-chords', headers: { cookie: `${FLAGS}; token=${dee.token}` } });
    expect(next.headers['x-page-cache']).toBe('miss');
    expect(next.body).not.toContain('First: none');
  });

  it('never lets a request name its own class', async () => {
    cache.clear();
    const ada = await createUserWithSession(app.db, { firstName: 'Ada', email: 'ada-forged@example.com' });
    const member = { [SHARED_AUDIENCE_HEADER]: 'member=1;leftHanded=0;trialEligible=0' };
    const visitor = await app.inject({ url: '/videos/open-chords', headers: { cookie: FLAGS, ...member } });
    expect(visitor.body).toContain('Hello, visitor');
    const learner = await app.inject({
      url: '/videos/open-chords',
      headers: { cookie: `${FLAGS}; token=${ada.token}`, ...member },
    });
    expect(learner.body).toContain('Hello, learners (member=0;');
    const personal = await app.inject({ url: '/me', headers: { cookie: `${FLAGS}; token=${ada.token}`, ...member } });
    expect(personal.body).toContain('Hello, Ada <ada-forged@example.com>');
  });

  it('does not store a 404 or a form post', async () => {
    cache.clear();
    const missing = await app.inject({ url: '/videos/missing', headers: { cookie: FLAGS } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('private, no-cache');
    const posted = await app.inject({ method: 'POST', url: '/videos', headers: { cookie: FLAGS, ...SITE } });
    expect(posted.headers['x-page-cache']).toBe('bypass');
    expect(cache.size).toBe(0);
  });

  it('refuses a form post with no Origin unless its Referer is our own site, as the API does', async () => {
    const before = renders;
    const post = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/videos', headers: { cookie: FLAGS, ...headers } });
    const elsewhere: Array<Record<string, string>> = [{}, { referer: 'https://evil.example/form' }, { referer: 'not a url' }];
    for (const headers of elsewhere) {
      const refused = await post(headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ errors: Array<{ message: string }> }>().errors[0]?.message).toBe(
        'This request must come from the Fretline site itself.',
      );
    }
    expect(renders).toBe(before);
    expect((await post({ referer: `${SITE.origin}/videos` })).statusCode).toBe(200);
    expect((await post(SITE)).statusCode).toBe(200);
    expect(renders - before).toBe(2);
  });

  it("forgets every stored page on an editor's write, here at once and on another instance at its next read", async () => {
    cache.clear();
    const editor = await createUserWithSession(app.db, { roles: ['Editor'] });
    const before = await app.inject({ url: '/videos', headers: { cookie: FLAGS } });
    const [shownTitle] = /First: ([^<]+)/.exec(before.body)!.slice(1);
    const [video] = await app.db.select().from(tables.videos).where(eq(tables.videos.videoTitle, shownTitle!));
    const versionBefore = app.contentVersion.current;
    const unpublished = await app.inject({
      method: 'PUT',
      url: `/api/videos/editor/videos/${video!.idVideo}/published`,
      headers: { authorization: `Bearer ${editor.token}`, ...SITE },
      payload: { video_published: false },
    });
    expect(unpublished.statusCode).toBe(200);
    expect(app.contentVersion.current).toBe(versionBefore + 1);
    const after = await app.inject({ url: '/videos', headers: { cookie: FLAGS } });
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(after.body).not.toContain(`First: ${shownTitle}<`);

    // Another instance only shares the database: a write there moves the row, and this one's
    // next read (every CONTENT_VERSION_POLL_MS) forgets its pages.
    await app.inject({ url: '/videos', headers: { cookie: FLAGS } });
    expect(cache.size).toBe(1);
    await app.db.update(tables.contentVersion).set({ version: app.contentVersion.current + 5 });
    await app.contentVersion.refresh();
    expect(cache.size).toBe(0);
    const fresh = await app.inject({ url: '/videos', headers: { cookie: FLAGS } });
    expect(fresh.headers['x-page-cache']).toBe('miss');
  });

  it('forgets a stored live page when the stream changes by itself, with no editor writing (ADR 0063)', async () => {
    cache.clear();
    const now = Date.now();
    // A dropped encoder that never came back: its window passed long ago, and the finish job is due.
    const [stream] = await app.db
      .insert(tables.liveStreams)
      .values({
        streamSlug: 'cached-live',
        streamTitle: 'Cached live',
        streamStarts: new Date(now - 3_600_000),
        streamEnds: new Date(now + 3_600_000),
        ingestState: 'reconnecting',
        ingestRun: 'c0ffee01',
        ingestSeen: new Date(now - 600_000),
      })
      .returning({ id: tables.liveStreams.idLiveStream });
    const visit = () => app.inject({ url: '/live/cached-live', headers: { cookie: FLAGS } });
    expect((await visit()).body).toContain('On air: reconnecting');
    const stored = await visit();
    expect(stored.headers['x-page-cache']).toBe('hit');

    await enqueueJob(app.db, { type: 'videos.finishLiveStream', payload: { idLiveStream: stream!.id, run: 'c0ffee01' } });
    await runDueJobs(app, { types: ['videos.finishLiveStream'] });
    const after = await visit();
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(after.body).toContain('On air: ended');
  });
});

describe('page cache rules (ADR 0056)', () => {
  const request = (over: Partial<VariantRequest>): VariantRequest => ({
    method: 'GET',
    url: '/videos',
    origin: 'http://localhost',
    secure: false,
    cookie: FLAGS,
    authorization: undefined,
    ...over,
  });

  it('stores only public pages for requests without a session or unknown cookies', () => {
    expect(visitorVariant(request({}))).not.toBeNull();
    expect(visitorVariant(request({ url: '/' }))).not.toBeNull();
    expect(visitorVariant(request({ url: '/_root.data' }))).not.toBeNull();
    expect(visitorVariant(request({ url: '/videos/some-song.data?x=1' }))).not.toBeNull();
    for (const url of [
      '/login',
      '/login/123456',
      '/me',
      '/messages',
      '/staff',
      '/unsubscribe/a/b',
      '/helpdesk',
      '/my-list',
      '/videos/a/b',
    ])
      expect(visitorVariant(request({ url }))).toBeNull();
    expect(visitorVariant(request({ cookie: `${FLAGS}; token=abc` }))).toBeNull();
    expect(visitorVariant(request({ cookie: `${FLAGS}; something=else` }))).toBeNull();
    expect(visitorVariant(request({ authorization: 'Bearer x' }))).toBeNull();
    expect(visitorVariant(request({ method: 'POST' }))).toBeNull();
  });

  it('never stores or answers a personal filter (product.md#chords-i-know)', () => {
    for (const url of [
      '/videos?playable=now',
      '/videos?genre=Pop&playable=one-away',
      '/videos.data?playable=now',
      '/videos?PLAYABLE',
    ])
      expect(visitorVariant(request({ url }))).toBeNull();
    expect(visitorVariant(request({ url: '/videos?search=playable' }))).not.toBeNull();
  });

  it('keys by origin, path, query, consent and flags', () => {
    const key = (over: Partial<VariantRequest>) => visitorVariant(request(over))!.key;
    expect(key({})).toBe(key({ cookie: `${FLAGS}; correlation=x` }));
    expect(key({})).not.toBe(key({ url: '/videos?q=blues' }));
    expect(key({})).not.toBe(key({ origin: 'https://other' }));
    expect(key({})).not.toBe(key({ cookie: `${FLAGS}; consent_asked=true` }));
    const other = `feature_flags=${encodeURIComponent(JSON.stringify({ featuresLinkInFooter: true, optimizeImages: true }))}`;
    // featuresLinkInFooter=true is no longer offered (0%): re-assigned, so the same variant.
    expect(visitorVariant(request({ cookie: other }))!.setFlagsCookie).toContain('feature_flags=');
  });

  it('negotiates the encoding and compares ETags', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(etagMatches('W/"abc", "def"', '"abc"')).toBe(true);
    expect(etagMatches('"abd"', '"abc"')).toBe(false);
  });
});
