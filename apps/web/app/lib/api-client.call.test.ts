import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_ERRORS } from '@fretline/contract';
import { ApiError, createApiClient, isCancelledError } from './api-client';
import { send, startScriptedServer, type ScriptedServer } from '../../test/scripted-http';

// api.call against a real loopback server: the declared address decides the method and the path,
// the declaration's schema checks the answer (development and tests check every declared call).
interface Hit {
  method: string;
  rawPath: string;
  body: string;
}
let server: ScriptedServer;
let baseUrl: string;
let hits: Hit[] = [];
const reported: string[] = [];
let unreadAnswer: unknown = { data: { count: 3 } };

function handle(req: IncomingMessage, res: ServerResponse, body: string): void {
  const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
  if (rawPath === '/api/error') {
    reported.push(new URL(req.url ?? '/', 'http://localhost').searchParams.get('message') ?? '');
    send(res, 204, '');
    return;
  }
  hits.push({ method: req.method ?? '', rawPath, body });
  if (rawPath === '/api/messages/threads/unread/count') {
    const slow = new URL(req.url ?? '/', 'http://localhost').searchParams.get('filter');
    setTimeout(() => send(res, 200, unreadAnswer), slow ? 200 : 0);
    return;
  }
  if (rawPath.startsWith('/api/videos/courses/')) {
    send(res, 200, { data: { course: { id_course: 'not a course' } } });
    return;
  }
  if (rawPath === '/api/videos/saved' && req.method === 'POST') {
    send(res, 201, {
      data: {
        saved: {
          id_user_video: 1,
          id_video: 7,
          video_title: 'Intro',
          video_slug: 'intro',
          video_route: '/videos/intro',
          video_image_url: null,
          video_subtitle: null,
          saved_time: null,
          saved_note: null,
        },
      },
    });
    return;
  }
  send(res, 404, { errors: [{ message: 'No such route.' }] });
}

beforeAll(async () => {
  server = await startScriptedServer(handle);
  baseUrl = server.baseUrl;
});

afterAll(() => server.close());

beforeEach(() => {
  hits = [];
  reported.length = 0;
  unreadAnswer = { data: { count: 3 } };
});

const api = () => createApiClient({ baseUrl, retryDelayMs: 10 });

describe('api.call', () => {
  it('calls the declared method and path and returns the typed data', async () => {
    const data = await api().call('messages.unreadCount');
    const count: number = data.count;
    expect(count).toBe(3);
    expect(hits).toEqual([{ method: 'GET', rawPath: '/api/messages/threads/unread/count', body: '' }]);
  });

  it('fills the path params, URL-encoded', async () => {
    await api()
      .call('videos.getCourse', { params: { courseSlug: 'a b/c?' } })
      .catch(() => undefined);
    expect(hits[0]?.rawPath).toBe('/api/videos/courses/a%20b%2Fc%3F');
  });

  it('form-encodes the body and accepts the declared success status', async () => {
    const data = await api().call('videos.saveVideo', { body: { id_video: 7 } });
    expect(data.saved.video_slug).toBe('intro');
    expect(hits[0]).toMatchObject({ method: 'POST', rawPath: '/api/videos/saved', body: 'id_video=7' });
  });

  it('checks the answer against the declaration and reports a mismatch as a client schema error', async () => {
    unreadAnswer = { data: { count: 'three' } };
    const err = await api()
      .call('messages.unreadCount')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe(CLIENT_ERRORS.schema);
    await expect.poll(() => reported.length).toBe(1);
    expect(reported[0]).toMatch(/^Client schema error on GET \/messages\/threads\/unread\/count: count: /);
  });

  it('checks a checked call', async () => {
    const err = await api()
      .call('videos.getCourse', { params: { courseSlug: 'intro' } })
      .catch((e: unknown) => e);
    expect((err as ApiError).message).toBe(CLIENT_ERRORS.schema);
    await expect.poll(() => reported.length).toBe(1);
  });

  it('lets a newer GET of the same call supersede an older one (key: GET and the filled path)', async () => {
    const client = api();
    const first = client.call('messages.unreadCount', { query: undefined, filter: { slow: 1 } }).catch((e: unknown) => e);
    const second = client.call('messages.unreadCount');
    expect(isCancelledError(await first)).toBe(true);
    expect((await second).count).toBe(3);
  });

  it('is typed from the declaration', () => {
    const typeOnly = async () => {
      const client = api();
      // @ts-expect-error getCourse needs its params
      await client.call('videos.getCourse');
      // @ts-expect-error the param is courseSlug
      await client.call('videos.getCourse', { params: { slug: 'x' } });
      // @ts-expect-error unreadCount takes no body
      await client.call('messages.unreadCount', { body: { a: 1 } });
      // @ts-expect-error no such call
      await client.call('messages.nope');
      const course = await client.call('videos.getCourse', { params: { courseSlug: 'x' } });
      // @ts-expect-error the data is { course }, with no `courses`
      void course.courses;
    };
    expect(typeOnly).toBeTypeOf('function');
  });
});
