import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '@fretline/db';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestAuth } from './auth.ts';
import { route, routeUrl, type ZodApp } from './calls.ts';
import { errorsPlugin } from './errors.ts';

// route() against a bare Fastify with the API's error handler: the caller is whoever the
// `x-test-roles` header names (none: signed out), so the guard is seen apart from sessions.
let app: FastifyInstance | undefined;

async function buildWith(prefix: string, register: (api: ZodApp) => void): Promise<FastifyInstance> {
  const f = Fastify().withTypeProvider<ZodTypeProvider>();
  f.setValidatorCompiler(validatorCompiler);
  f.setSerializerCompiler(serializerCompiler);
  await f.register(errorsPlugin);
  f.decorateRequest('auth', null);
  f.addHook('onRequest', async (request) => {
    const roles = request.headers['x-test-roles'];
    if (typeof roles !== 'string') return;
    const user: RequestAuth['user'] = {
      idUser: 1,
      email: 'a@example.com',
      firstName: 'A',
      lastName: 'B',
      roles: roles ? roles.split(',') : [],
    };
    request.auth = { user, idSession: 1, via: 'bearer' };
  });
  await f.register(
    async (api) => {
      await api.register(async (scoped) => register(scoped), { prefix });
    },
    { prefix: '/api' },
  );
  await f.ready();
  app = f;
  return f;
}

afterEach(async () => {
  await app?.close();
  app = undefined;
});

const saveVideo = (api: ZodApp) =>
  route(api, 'videos.saveVideo', { access: 'user' }, async (request, reply) =>
    reply.code(201).send({
      data: {
        saved: {
          id_user_video: 1,
          id_video: Number(request.body.id_video),
          video_title: 'Intro',
          video_slug: 'intro',
          video_route: '/videos/intro',
          video_image_url: null,
          video_subtitle: null,
          saved_time: null,
          saved_note: null,
        },
      },
    }),
  );

describe('route()', () => {
  it('registers the declared method and path under the plugin prefix', async () => {
    const f = await buildWith('/messages', (api) =>
      route(api, 'messages.unreadCount', { access: 'user' }, async () => ({ data: { count: 4 } })),
    );
    const res = await f.inject({ url: '/api/messages/threads/unread/count', headers: { 'x-test-roles': '' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { count: 4 } });
    expect((await f.inject({ method: 'POST', url: '/api/messages/threads/unread/count' })).statusCode).toBe(404);
  });

  it('refuses at boot an address outside the plugin prefix', async () => {
    await expect(
      buildWith('/videos', (api) => route(api, 'messages.unreadCount', { access: 'user' }, async () => ({ data: { count: 0 } }))),
    ).rejects.toThrow(/messages\.unreadCount .* prefix \/api\/videos/);
    expect(routeUrl('/api/messages', 'messages.x', '/messages')).toBe('/');
    expect(() => routeUrl('/api/messages', 'messages.x', '/messagesx/a')).toThrow();
  });

  it('refuses at boot a staff change that declares no audit (ADR 0072)', async () => {
    await expect(
      buildWith('/messages', (api) =>
        route(api, 'messages.staffRevokeTokens', { access: 'Staff' }, async () => ({ data: { revoked: 0 } })),
      ),
    ).rejects.toThrow(/messages\.staffRevokeTokens changes state for staff: declare the audit action/);
  });

  it('records a staff change whose handler forgot its audit entry, by call name', async () => {
    const inserted: unknown[] = [];
    const db = { insert: () => ({ values: async (row: unknown) => inserted.push(row) }) } as unknown as Database;
    const f = await buildWith('/messages', (api) => {
      api.decorate('db', db);
      api.decorate('clock', () => new Date('2026-01-02T03:04:05Z'));
      route(api, 'messages.staffRevokeTokens', { access: 'Staff', audit: { action: 'thread.tokens.revoke' } }, async () => ({
        data: { revoked: 2 },
      }));
    });
    const res = await f.inject({
      method: 'DELETE',
      url: '/api/messages/staff/threads/7/tokens',
      headers: { 'x-test-roles': 'Staff' },
    });
    expect(res.statusCode).toBe(200);
    expect(inserted).toEqual([
      expect.objectContaining({
        idUserActor: 1,
        auditAction: 'thread.tokens.revoke',
        targetType: 'call',
        targetId: 'messages.staffRevokeTokens',
        auditDiff: expect.objectContaining({ params: { id: 7 }, recorded_by: 'route' }) as unknown,
      }),
    ]);
  });

  it('answers a signed-out caller with a bad body 401, before validation', async () => {
    const f = await buildWith('/videos', saveVideo);
    const signedOut = await f.inject({ method: 'POST', url: '/api/videos/saved', payload: { id_video: 'not a number' } });
    expect(signedOut.statusCode).toBe(401);
    const signedIn = await f.inject({
      method: 'POST',
      url: '/api/videos/saved',
      payload: { id_video: 'not a number' },
      headers: { 'x-test-roles': '' },
    });
    expect(signedIn.statusCode).toBe(400);
  });

  it('checks a role group before validation: 403 for a caller outside it', async () => {
    const f = await buildWith('/messages', (api) =>
      route(api, 'messages.unreadCount', { access: 'Staff' }, async () => ({ data: { count: 1 } })),
    );
    const url = '/api/messages/threads/unread/count';
    expect((await f.inject({ url })).statusCode).toBe(401);
    expect((await f.inject({ url, headers: { 'x-test-roles': 'Editor' } })).statusCode).toBe(403);
    expect((await f.inject({ url, headers: { 'x-test-roles': 'Staff' } })).statusCode).toBe(200);
  });

  it('serialises under the declared status and passes route extras through', async () => {
    const f = await buildWith('/videos', (api) => {
      route(
        api,
        'videos.listCourses',
        { access: 'public', bodyLimit: 10, config: { allowStaleToken: true } },
        async (request) => {
          expect(request.routeOptions.config.allowStaleToken).toBe(true);
          expect(request.routeOptions.bodyLimit).toBe(10);
          return { data: { courses: [] } };
        },
      );
      saveVideo(api);
    });
    expect((await f.inject({ url: '/api/videos/courses' })).json()).toEqual({ data: { courses: [] } });
    const saved = await f.inject({
      method: 'POST',
      url: '/api/videos/saved',
      payload: { id_video: 7 },
      headers: { 'x-test-roles': '' },
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().data.saved.id_video).toBe(7);
  });

  it('types the handler from the declaration', () => {
    const typeOnly = (api: ZodApp) => {
      // @ts-expect-error the declared response is { data: { count: number } }
      route(api, 'messages.unreadCount', { access: 'user' }, async () => ({ data: { count: 'four' } }));
      route(api, 'videos.getCourse', { access: 'public' }, async (request) => {
        const slug: string = request.params.courseSlug;
        // @ts-expect-error getCourse has no `id` param
        void request.params.id;
        return { data: { course: slug } as never };
      });
      // @ts-expect-error no such call
      route(api, 'messages.nope', { access: 'user' }, async () => ({}));
    };
    expect(typeOnly).toBeTypeOf('function');
  });
});
