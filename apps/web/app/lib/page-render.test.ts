import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VISITOR_ME } from '@fretline/contract';
import { startPageServer, type PageTestServer } from '../../test/page-server';
import { getServerApi } from './api.server';
import { connectInProcessApi } from './in-process-api.server';

/**
 * The page cache keeps only a render whose every API call succeeded (ADR 0056), whichever way the
 * loaders reach the API: over HTTP to a tier apart (API_URL), or through the dispatcher of this
 * process. The page server is the real one, connected to this build's loader client as the server
 * connects the web build; its stand-in page asks the API who is signed in through the real
 * `getServerApi` and degrades to "none" when the call fails, as the real loaders do. The API is a
 * stand-in that answers, refuses (the visitor's spent budget) or breaks the connection on demand.
 */
type ApiMood = 'answers' | 'refuses' | 'breaks';
let mood: ApiMood = 'answers';
let apiServer: Server;
let apiUrl: string;
let server: PageTestServer;
const FLAGS = `feature_flags=${encodeURIComponent(JSON.stringify({ featuresLinkInFooter: false, optimizeImages: true }))}`;

const visitor = () => Response.json({ data: { user: VISITOR_ME } });
const refusal = () => Response.json({ errors: [{ message: 'Too many requests.' }] }, { status: 429 });

/** The API of this process, as a stand-in with the same moods. */
function dispatch(): Promise<Response> {
  if (mood === 'breaks') return Promise.reject(new TypeError('fetch failed'));
  return Promise.resolve(mood === 'refuses' ? refusal() : visitor());
}

async function renderPage(request: Request): Promise<Response> {
  let greeting: string;
  try {
    const { user } = await getServerApi(request).call('auth.getMe');
    greeting = user.id_user === null ? 'Hello, visitor' : 'Hello, someone';
  } catch {
    greeting = 'none';
  }
  return new Response(`<!doctype html><h1>${greeting}</h1>`, { headers: { 'content-type': 'text/html; charset=utf-8' } });
}

beforeAll(async () => {
  apiServer = createServer((req, res) => {
    if (mood === 'breaks') return req.socket.destroy();
    const answer = mood === 'refuses' ? refusal() : visitor();
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    void answer.text().then((text) => res.end(text));
  });
  await new Promise<void>((resolve) => apiServer.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(apiServer.address() as AddressInfo).port}`;
  server = await startPageServer({ handle: renderPage, entry: { connectInProcessApi }, dispatch });
});

afterAll(async () => {
  delete process.env.API_URL;
  await server.close();
  await new Promise<void>((resolve) => apiServer.close(() => resolve()));
});

const layouts = [
  ['the web tier apart from the API (API_URL)', () => (process.env.API_URL = apiUrl)],
  ['the API in this process', () => delete process.env.API_URL],
] as const;

describe.each(layouts)('the page cache with %s (ADR 0056)', (_layout, useLayout) => {
  beforeEach(() => {
    useLayout();
    server.cache.clear();
    mood = 'answers';
  });

  const visit = () => server.page.inject({ url: '/courses', headers: { cookie: FLAGS } });

  it.each(['refuses', 'breaks'] as const)('never stores a render whose API call the API %s', async (failure) => {
    mood = failure;
    const degraded = await visit();
    expect(degraded.statusCode).toBe(200);
    expect(degraded.body).toContain('none');
    // Its visitor's alone, kept by no cache in front either.
    expect(degraded.headers['cache-control']).toBe('private, no-store');
    expect(server.cache.size).toBe(0);

    mood = 'answers';
    const next = await visit();
    expect(next.headers['x-page-cache']).toBe('miss');
    expect(next.body).toContain('Hello, visitor');
  });

  it('stores a render whose calls all succeeded', async () => {
    const first = await visit();
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(first.body).toContain('Hello, visitor');
    expect(server.cache.size).toBe(1);
    mood = 'refuses';
    const again = await visit();
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(again.body).toContain('Hello, visitor');
  });
});
