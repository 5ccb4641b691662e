import type { IncomingMessage, ServerResponse } from 'node:http';
import qs from 'qs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CLIENT_ERRORS } from '@fretline/contract';
import {
  ApiError,
  createTransport,
  errorMessage,
  isCancelledError,
  type ApiClientOptions,
  type RequestOptions,
} from './api-client';
import { send, startScriptedServer, type ScriptedServer } from '../../test/scripted-http';

// A real HTTP server on a free loopback port: the client's retries, headers and encoding are
// observed where they land, not through a mocked fetch.
interface Hit {
  method: string;
  path: string;
  query: Record<string, unknown>;
  headers: IncomingMessage['headers'];
  body: string;
}
let server: ScriptedServer;
let baseUrl: string;
let hits: Hit[] = [];
const reported: string[] = [];

function handle(req: IncomingMessage, res: ServerResponse, body: string): void {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = url.pathname;
  if (path === '/api/error') {
    reported.push(url.searchParams.get('message') ?? '');
    send(res, 204, '');
    return;
  }
  hits.push({ method: req.method ?? '', path, query: qs.parse(url.search.slice(1)), headers: req.headers, body });
  const status = /^\/api\/status\/(\d+)$/.exec(path);
  if (status) {
    send(res, Number(status[1]), { errors: [{ message: `Failed with ${status[1]}.` }] });
    return;
  }
  switch (path) {
    case '/api/things/intro':
      send(res, 200, { data: { video: { id_video: 7, video_title: 'Intro', video_created: '2024-03-05 14:30:00' } } });
      return;
    case '/api/echo':
      send(res, 200, { data: { echoed: true } });
      return;
    case '/api/slow':
      setTimeout(() => send(res, 200, { data: { at: url.searchParams.get('n') } }), 300);
      return;
    case '/api/retry-after':
      if (hits.filter((h) => h.path === path).length === 1)
        send(res, 503, { errors: [{ message: 'Busy.' }] }, { 'retry-after': '1' });
      else send(res, 200, { data: { ok: true } });
      return;
    case '/api/with-system':
      send(res, 422, {
        errors: [{ message: 'That e-mail is taken.', field: 'email' }],
        system: ['unique violation users_email'],
      });
      return;
    case '/api/with-alert':
      send(res, 400, { errors: [], alert: 'The shop is closed today.' });
      return;
    case '/api/with-cancelled-alert':
      send(res, 400, { errors: [], alert: 'Request cancelled.' });
      return;
    case '/api/not-found-bare':
      send(res, 404, '<html>nope</html>', { 'content-type': 'text/html' });
      return;
    case '/api/teapot':
      send(res, 418, '');
      return;
    case '/api/not-json':
      send(res, 200, 'this is not json', { 'content-type': 'text/plain' });
      return;
    case '/api/hang-up':
      req.socket.destroy();
      return;
    case '/api/unauthorized':
      send(res, 401, { errors: [{ message: 'Your session has ended, please sign in again.' }] });
      return;
    default:
      send(res, 404, { errors: [{ message: 'No such route.' }] });
  }
}

beforeAll(async () => {
  server = await startScriptedServer(handle);
  baseUrl = server.baseUrl;
});

afterAll(() => server.close());

beforeEach(() => {
  hits = [];
  reported.length = 0;
});

/** The transport under api.call, by method and path: what these tests observe on the wire. */
function client(extra: Partial<ApiClientOptions> = {}) {
  const { request } = createTransport({ baseUrl, retryDelayMs: 10, ...extra });
  return {
    get: <T>(path: string, opts?: RequestOptions<T>) => request<T>('GET', path, undefined, opts),
    post: <T>(path: string, body?: unknown, opts?: RequestOptions<T>) => request<T>('POST', path, body ?? {}, opts),
    put: <T>(path: string, body?: unknown, opts?: RequestOptions<T>) => request<T>('PUT', path, body ?? {}, opts),
    patch: <T>(path: string, body?: unknown, opts?: RequestOptions<T>) => request<T>('PATCH', path, body ?? {}, opts),
    delete: <T>(path: string, opts?: RequestOptions<T>) => request<T>('DELETE', path, undefined, opts),
  };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error('expected the call to fail');
}

const countOf = (path: string) => hits.filter((h) => h.path === path).length;

describe('retry policy (product.md#calls)', () => {
  it('retries a GET once on 503 and then reports the failure', async () => {
    const err = await failure(client().get('/status/503'));
    expect(countOf('/api/status/503')).toBe(2);
    expect(err.status).toBe(503);
    expect(err.message).toBe('Failed with 503.');
  });

  it.each([408, 409, 425, 429, 500, 502, 504])('retries a GET once on %i', async (status) => {
    await failure(client().get(`/status/${status}`));
    expect(countOf(`/api/status/${status}`)).toBe(2);
  });

  it.each(['post', 'put', 'patch'] as const)('never retries a %s, even on 503', async (method) => {
    await failure(client()[method]('/status/503', { a: 1 }));
    expect(countOf('/api/status/503')).toBe(1);
  });

  it('never retries a DELETE, even on 503', async () => {
    await failure(client().delete('/status/503'));
    expect(countOf('/api/status/503')).toBe(1);
  });

  it.each([400, 401, 403, 404, 422])('does not retry a GET answered %i', async (status) => {
    await failure(client().get(`/status/${status}`));
    expect(countOf(`/api/status/${status}`)).toBe(1);
  });

  it('waits for the Retry-After the server asks for before the one retry', async () => {
    const started = Date.now();
    const data = await client().get<{ ok: boolean }>('/retry-after');
    expect(data).toEqual({ ok: true });
    expect(countOf('/api/retry-after')).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });
});

describe('envelope and dates', () => {
  it('returns the envelope data with wire dates revived as Date objects', async () => {
    const data = await client().get<{ video: { id_video: number; video_title: string; video_created: Date } }>('/things/intro');
    expect(data.video.id_video).toBe(7);
    expect(data.video.video_created).toBeInstanceOf(Date);
    expect(data.video.video_created.toISOString()).toBe('2024-03-05T14:30:00.000Z');
  });

  it('validates the data against a schema given with the call', async () => {
    const schema = z.object({ video: z.object({ id_video: z.number().int(), video_created: z.date() }) });
    const data = await client().get('/things/intro', { schema });
    expect(data.video.video_created).toBeInstanceOf(Date);
  });

  it('turns a response that does not match the schema into the schema error text (product.md#errors) and reports it to /api/error', async () => {
    const schema = z.object({ video: z.object({ id_video: z.string() }) });
    const err = await failure(client().get('/things/intro', { schema }));
    expect(err.message).toBe(CLIENT_ERRORS.schema);
    await vi.waitFor(() => expect(reported).toHaveLength(1));
    expect(reported[0]).toContain('GET /things/intro');
    expect(reported[0]).toContain('video.id_video');
  });
});

describe('request encoding', () => {
  it('form-encodes the body with nested bracket keys that the server parses back to the same shape', async () => {
    const when = new Date(Date.UTC(2025, 0, 2, 3, 4, 5));
    await client().post('/echo', {
      address: { lines: ['1 High St', 'Flat 2'], city: 'Leeds' },
      permissions: [{ id: 3, value: true }],
      at: when,
    });
    const hit = hits[0]!;
    expect(hit.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(hit.body).toContain('address[lines][0]=1%20High%20St');
    expect(qs.parse(hit.body)).toEqual({
      address: { lines: ['1 High St', 'Flat 2'], city: 'Leeds' },
      permissions: [{ id: '3', value: 'true' }],
      at: '2025-01-02 03:04:05',
    });
  });

  it('sends filter as a JSON string and order, limit and offset on a GET', async () => {
    await client().get('/echo', {
      filter: { fk_organisation_party: null },
      order: '-subscription_created',
      limit: 35,
      offset: 70,
    });
    expect(hits[0]!.query).toEqual({
      filter: '{"fk_organisation_party":null}',
      order: '-subscription_created',
      limit: '35',
      offset: '70',
    });
  });

  it('sends the bearer token and the caller headers', async () => {
    await client({
      getToken: () => 'tok123',
      headers: () => ({
        'x-correlation-id': 'abcDEF123',
        'x-client-app': 'fretline-web',
        'x-client-version': '0.1.0',
        'x-viewport-width': '375',
        'x-viewport-height': '740',
      }),
    }).get('/echo');
    const headers = hits[0]!.headers;
    expect(headers.authorization).toBe('Bearer tok123');
    expect(headers['x-correlation-id']).toBe('abcDEF123');
    expect(headers['x-client-app']).toBe('fretline-web');
    expect(headers['x-client-version']).toBe('0.1.0');
    expect(headers['x-viewport-width']).toBe('375');
    expect(headers['x-viewport-height']).toBe('740');
    expect(headers.accept).toBe('application/json');
  });
});

describe('cancellation', () => {
  it('aborts an older GET to the same path when a newer one starts; the older rejects with the cancelled text', async () => {
    const api = client();
    const first = api.get('/slow', { query: { n: 1 } });
    const second = api.get<{ at: string }>('/slow', { query: { n: 2 } });
    const err = await failure(first);
    expect(err.message).toBe('Request cancelled.');
    expect(isCancelledError(err)).toBe(true);
    expect(await second).toEqual({ at: '2' });
  });

  it('lets GETs to different paths, and calls opted out, run side by side', async () => {
    const api = client();
    const a = api.get('/slow', { query: { n: 1 } });
    const b = api.get('/slow', { query: { n: 2 }, cancelKey: false });
    const c = api.get('/echo');
    await expect(Promise.all([a, b, c])).resolves.toEqual([{ at: '1' }, { at: '2' }, { echoed: true }]);
  });

  it('rejects with the cancelled text when the caller aborts', async () => {
    const controller = new AbortController();
    const call = client().get('/slow', { signal: controller.signal });
    controller.abort();
    expect((await failure(call)).message).toBe(CLIENT_ERRORS.cancelled);
  });
});

describe('error texts (product.md#errors)', () => {
  it('shows the first server error message and logs the first system message as a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const err = await failure(client().post('/with-system', { email: 'a@b.c' }));
    expect(err.message).toBe('That e-mail is taken.');
    expect(err.field).toBe('email');
    expect(err.status).toBe(422);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('unique violation users_email'));
  });

  it('shows a server alert as is', async () => {
    const err = await failure(client().get('/with-alert'));
    expect(err.alert).toBe('The shop is closed today.');
    expect(err.message).toBe('The shop is closed today.');
  });

  it("ignores the alert 'Request cancelled.'", async () => {
    const err = await failure(client().get('/with-cancelled-alert'));
    expect(err.alert).toBeUndefined();
    expect(err.message).toBe(CLIENT_ERRORS.otherStatus);
  });

  it('falls back to the not-found text for a 404 without an error body', async () => {
    expect((await failure(client().get('/not-found-bare'))).message).toBe(CLIENT_ERRORS.notFound);
  });

  it('falls back to the generic text for another status without an error body', async () => {
    expect((await failure(client().get('/teapot'))).message).toBe(CLIENT_ERRORS.otherStatus);
  });

  it('uses the no-response text when the connection drops (after the one retry of a GET)', async () => {
    const err = await failure(client().get('/hang-up'));
    expect(err.message).toBe(CLIENT_ERRORS.noResponse);
    expect(err.status).toBeUndefined();
    expect(countOf('/api/hang-up')).toBe(2);
  });

  it('uses the no-response text when the server does not answer in time', async () => {
    const err = await failure(client({ timeoutMs: 100 }).get('/slow'));
    expect(err.message).toBe(CLIENT_ERRORS.noResponse);
  });

  it('uses the unknown-error text for a success that is not JSON', async () => {
    expect((await failure(client().get('/not-json'))).message).toBe(CLIENT_ERRORS.unknown);
  });

  it('maps anything that is not an ApiError to the "not quite right" text', () => {
    expect(errorMessage(new Error('boom'))).toBe(CLIENT_ERRORS.other);
    expect(errorMessage(new ApiError('Shown.', 400))).toBe('Shown.');
  });
});

describe('401 handling (product.md#states)', () => {
  it('calls onUnauthorized on a 401 while a token was held', async () => {
    const onUnauthorized = vi.fn();
    await failure(client({ getToken: () => 'stale', onUnauthorized }).get('/unauthorized'));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not call onUnauthorized on a 401 when no session was held', async () => {
    const onUnauthorized = vi.fn();
    await failure(client({ onUnauthorized }).get('/unauthorized'));
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('treats a browser session (cookie, no readable token) as held when hasSession says so', async () => {
    const onUnauthorized = vi.fn();
    await failure(client({ hasSession: () => true, onUnauthorized }).get('/unauthorized'));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
