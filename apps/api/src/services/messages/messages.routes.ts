import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HelpdeskCategoryFieldSchema,
  HelpdeskFormInfoResponseSchema,
  HelpdeskFormSchema,
  HelpdeskResponseSchema,
  MESSAGE_PAGE_SIZE,
  MessageListQuerySchema,
  MessageListResponseSchema,
  MessageResponseSchema,
  THREAD_PAGE_SIZE,
  ThreadIdParamsSchema,
  ThreadListQuerySchema,
  ThreadListResponseSchema,
  ThreadResponseSchema,
  ThreadTokenParamsSchema,
} from '@fretline/contract';
import { requireUser } from '../../plugins/auth.ts';
import { route } from '../../plugins/calls.ts';
import { badRequest } from '../../plugins/errors.ts';
import { createAltchaChallenge } from './captcha.ts';
import * as repo from './messages.repository.ts';
import {
  accessToWire,
  createHelpdesk,
  listThreadsFor,
  markRead,
  postReaderMessage,
  requireThreadAccess,
  toWireMessage,
  verifySenderAddress,
} from './messages.service.ts';
import { staffRoutes } from './staff.routes.ts';
import { readUnreadCount, rememberUnreadCount } from './unread-cache.ts';

// The message body is validated here rather than by the contract's min(1), so an empty message
// gets the one clear §5 answer ('Please enter a message.') whatever shape it arrived in.
const MessageBodySchema = z.object({ message_content: z.string().max(20_000).nullish() }).nullish();

function searchFrom(query: { search?: string | undefined; filter?: string | undefined }): string | undefined {
  if (query.search) return query.search;
  if (!query.filter) return undefined;
  try {
    const parsed = JSON.parse(query.filter) as { search?: unknown };
    return typeof parsed.search === 'string' && parsed.search.trim() ? parsed.search.trim().slice(0, 200) : undefined;
  } catch {
    throw badRequest('The filter must be a JSON object.', 'filter');
  }
}

/** /api/messages: the messages calls of spec §7, the helpdesk and the staff inbox. */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Polled every 5 s by every signed-in tab (spec §9): a memo hit or one index-only count (ADR 0026).
  route(app, 'messages.unreadCount', { access: 'user' }, async (request) => {
    const { user } = requireUser(request);
    let count = await readUnreadCount(app, user.idUser);
    if (count === undefined) {
      count = await repo.countUnreadThreads(app.db, user.idUser);
      await rememberUnreadCount(app, user.idUser, count);
    }
    return { data: { count } };
  });

  app.get(
    '/threads',
    { schema: { querystring: ThreadListQuerySchema, response: { 200: ThreadListResponseSchema } } },
    async (request) => {
      const { user } = requireUser(request);
      const q = request.query;
      const search = searchFrom(q);
      const { threads, total } = await listThreadsFor(app.db, user.idUser, {
        limit: q.limit ?? THREAD_PAGE_SIZE,
        offset: q.offset ?? 0,
        ...(search ? { search } : {}),
      });
      return { data: { threads, total } };
    },
  );

  // ---- the helpdesk (spec §3 Helpdesk form, §4) ----

  app.get('/helpdesks/form', { schema: { response: { 200: HelpdeskFormInfoResponseSchema } } }, async () => {
    const categories = await repo.listHelpdeskCategories(app.db);
    return {
      data: {
        form: {
          captcha: app.config.CAPTCHA,
          challenge_url: app.config.CAPTCHA === 'altcha' ? '/api/messages/helpdesks/challenge' : null,
          recaptcha_site_key: app.config.CAPTCHA === 'recaptcha' ? (app.config.RECAPTCHA_SITE_KEY ?? null) : null,
          categories: categories.map((c) => ({
            id_helpdesk_category: c.idHelpdeskCategory,
            category_slug: c.categorySlug,
            category_name: c.categoryName,
            category_description: c.categoryDescription,
          })),
        },
      },
    };
  });

  // The ALTCHA widget fetches its challenge from here and expects the bare challenge JSON (ADR 0027).
  app.get('/helpdesks/challenge', async (request, reply) => {
    const challenge = await createAltchaChallenge(app.config, app.clock());
    request.log.debug('altcha challenge issued');
    return reply.header('Cache-Control', 'no-store').send(challenge);
  });

  app.post(
    '/helpdesks',
    {
      schema: { body: HelpdeskFormSchema.and(HelpdeskCategoryFieldSchema), response: { 200: HelpdeskResponseSchema } },
    },
    async (request) => {
      const thread = await createHelpdesk(app, request, request.body);
      return { data: { thread } };
    },
  );

  // ---- one thread, as a participant (signed in) or a token holder (ADR 0025) ----

  const threadRoutes = (withToken: boolean) => {
    const suffix = withToken ? '/threads/:id/:token' : '/threads/:id';
    const params = withToken ? ThreadTokenParamsSchema : ThreadIdParamsSchema;
    const tokenOf = (p: object) => (withToken && 'token' in p && typeof p.token === 'string' ? p.token : undefined);

    app.get(suffix, { schema: { params, response: { 200: ThreadResponseSchema } } }, async (request) => {
      const access = await requireThreadAccess(app, request, request.params.id, tokenOf(request.params));
      return { data: { thread: accessToWire(access) } };
    });

    app.put(`${suffix}/read`, { schema: { params, response: { 200: ThreadResponseSchema } } }, async (request) => {
      const access = await requireThreadAccess(app, request, request.params.id, tokenOf(request.params));
      return { data: { thread: await markRead(app, access) } };
    });

    app.get(
      `${suffix}/messages`,
      { schema: { params, querystring: MessageListQuerySchema, response: { 200: MessageListResponseSchema } } },
      async (request) => {
        const access = await requireThreadAccess(app, request, request.params.id, tokenOf(request.params));
        const { rows, total } = await repo.listMessages(app.db, access.thread.idThread, {
          limit: request.query.limit ?? MESSAGE_PAGE_SIZE,
          offset: request.query.offset ?? 0,
        });
        return { data: { messages: rows.map(toWireMessage), total } };
      },
    );

    app.post(
      `${suffix}/messages`,
      { schema: { params, body: MessageBodySchema, response: { 200: MessageResponseSchema } } },
      async (request) => {
        const access = await requireThreadAccess(app, request, request.params.id, tokenOf(request.params));
        const message = await postReaderMessage(app, access, request.body?.message_content ?? '');
        return { data: { message } };
      },
    );

    // ADR 0045: the page calls this once loaded (never on a bare GET a mail scanner makes); with
    // a token e-mailed to the sender it proves their address, with any other it changes nothing.
    if (withToken) {
      app.post(`${suffix}/verify`, { schema: { params, response: { 200: ThreadResponseSchema } } }, async (request) => {
        const access = await requireThreadAccess(app, request, request.params.id, tokenOf(request.params));
        return { data: { thread: accessToWire(await verifySenderAddress(app, access)) } };
      });
    }
  };
  threadRoutes(false);
  threadRoutes(true);

  await app.register(staffRoutes, { prefix: '/staff' });
};
