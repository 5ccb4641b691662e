import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_ME } from '@fretline/contract';
import { fetchCurrentUser, getServerApi } from './api.server';
import { readRequestCookie } from './cookies';
import { connectInProcessApi } from './in-process-api.server';

// The loaders' client against a real local server standing in for the API (API_URL).
const SIGNED_IN = { ...VISITOR_ME, id_user: 1, first_name: 'Ann' };
let server: Server;
let seen: IncomingMessage['headers'][] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.headers);
    const ok = req.headers.authorization === 'Bearer good';
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(JSON.stringify(ok ? { data: { user: SIGNED_IN } } : { errors: [{ message: 'Your session has ended.' }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  delete process.env.API_URL;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const pageRequest = (cookie: string) =>
  new Request('https://fretline.example/videos', { headers: { cookie, 'user-agent': 'TestBrowser/1' } });

describe('getServerApi (loaders and actions)', () => {
  it("forwards the visitor's token cookie as the bearer, with the correlation id and client headers", async () => {
    seen = [];
    const data = await getServerApi(pageRequest('token=good; correlation=abcdefghij')).call('auth.getMe');
    expect(data.user.id_user).toBe(1);
    expect(seen[0]).toMatchObject({
      authorization: 'Bearer good',
      'x-correlation-id': 'abcdefghij',
      'x-client-app': 'fretline-web-ssr',
      'user-agent': 'TestBrowser/1',
    });
    expect(seen[0]?.['x-client-version']).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('answers a 401 for a held token with a redirect to /login that drops the token cookie (product.md#states)', async () => {
    let thrown: unknown;
    try {
      await getServerApi(pageRequest('token=stale')).call('auth.getMe');
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login');
    expect(response.headers.get('set-cookie')).toBe('token=; Max-Age=0; Path=/; SameSite=Lax; Secure; HttpOnly');
  });

  it('reads a cookie from the request', () => {
    expect(readRequestCookie(pageRequest('a=1; return=%2Fvideos%3Fx%3D1'), 'return')).toBe('/videos?x=1');
    expect(readRequestCookie(pageRequest('a=1'), 'missing')).toBeUndefined();
  });
});

describe('fetchCurrentUser', () => {
  it('asks /auth/me once per page request however many loaders want it, afresh for another request', async () => {
    seen = [];
    const page = pageRequest('token=good');
    const [root, guard] = await Promise.all([fetchCurrentUser(page), fetchCurrentUser(page)]);
    expect(root.user).toEqual(SIGNED_IN);
    expect(guard.user.id_user).toBe(1);
    expect(seen).toHaveLength(1);

    await fetchCurrentUser(pageRequest('token=good'));
    expect(seen).toHaveLength(2);
  });

  it('asks afresh on every call for an action, which may change the user', async () => {
    seen = [];
    const post = new Request('https://fretline.example/me/edit', { method: 'POST', headers: { cookie: 'token=good' } });
    await fetchCurrentUser(post);
    await fetchCurrentUser(post);
    expect(seen).toHaveLength(2);
  });
});

describe('the API of this same process (ADR 0062)', () => {
  const dispatched: Request[] = [];
  const dispatch = (input: RequestInfo | URL, init?: RequestInit) => {
    dispatched.push(new Request(input, init));
    return Promise.resolve(Response.json({ data: { user: SIGNED_IN } }));
  };

  it('is called without a socket when API_URL is unset, with the headers HTTP would carry', async () => {
    const apiUrl = process.env.API_URL;
    delete process.env.API_URL;
    connectInProcessApi(dispatch);
    try {
      seen = [];
      dispatched.length = 0;
      const page = new Request('https://fretline.example/videos', {
        headers: { cookie: 'token=good; correlation=abcdefghij', 'x-forwarded-for': '198.51.100.1' },
      });
      const data = await getServerApi(page).call('auth.getMe');
      expect(data.user.id_user).toBe(1);
      expect(seen).toHaveLength(0);
      expect(dispatched).toHaveLength(1);
      const [call] = dispatched;
      expect(call?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/auth\/me$/);
      expect(Object.fromEntries(call?.headers ?? [])).toMatchObject({
        authorization: 'Bearer good',
        'x-correlation-id': 'abcdefghij',
        'x-forwarded-for': '198.51.100.1',
        'x-client-app': 'fretline-web-ssr',
      });
    } finally {
      connectInProcessApi(undefined);
      process.env.API_URL = apiUrl;
    }
  });

  it('is passed over when API_URL names another tier (ADR 0059)', async () => {
    connectInProcessApi(dispatch);
    try {
      seen = [];
      dispatched.length = 0;
      await getServerApi(pageRequest('token=good')).call('auth.getMe');
      expect(seen).toHaveLength(1);
      expect(dispatched).toHaveLength(0);
    } finally {
      connectInProcessApi(undefined);
    }
  });
});
