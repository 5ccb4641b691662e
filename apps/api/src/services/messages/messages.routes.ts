import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGE_PAGE_SIZE, THREAD_PAGE_SIZE } from '@fretline/contract';
import { requireUser } from '../../plugins/auth.ts';
import { route } from '../../plugins/calls.ts';
import { securityFor } from '../../plugins/docs-operations.ts';
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
import { startReplyMailListener } from './reply-mail.ts';
import { staffRoutes } from './staff.routes.ts';
import { readUnreadCount, rememberUnreadCount } from './unread-cache.ts';

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

/** /api/messages: the messages calls (product.md#calls), the helpdesk and the staff inbox. */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Reply by e-mail (ADR 0060): the product's own SMTP listener, open while the app is.
  const port = app.config.INBOUND_SMTP_PORT;
  if (port !== undefined && app.config.INBOUND_MAIL_DOMAIN) {
    const smtp = startReplyMailListener(app);
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        smtp.once('error', reject);
        smtp.listen(port, app.config.INBOUND_SMTP_HOST, () => {
          smtp.off('error', reject);
          resolve();
        });
      });
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    });
  }

  // Polled every 5 s by every signed-in tab (product.md#constants): a memo hit or one index-only count (ADR 0026).
  route(app, 'messages.unreadCount', { access: 'user' }, async (request) => {
    const { user } = requireUser(request);
    let count = await readUnreadCount(app, user.idUser);
    app.metrics.unreadPolls.inc({ answered_from: count === undefined ? 'database' : 'memo' });
    if (count === undefined) {
      count = await repo.countUnreadThreads(app.db, user.idUser);
      await rememberUnreadCount(app, user.idUser, count);
    }
    return { data: { count } };
  });

  route(app, 'messages.listThreads', { access: 'user' }, async (request) => {
    const { user } = requireUser(request);
    const q = request.query;
    const search = searchFrom(q);
    const { threads, total } = await listThreadsFor(app.db, user.idUser, {
      limit: q.limit ?? THREAD_PAGE_SIZE,
      offset: q.offset ?? 0,
      ...(search ? { search } : {}),
    });
    return { data: { threads, total } };
  });

  // ---- the helpdesk (product.md#entities, #states) ----

  route(app, 'messages.getHelpdeskForm', { access: 'public' }, async () => {
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

  // The ALTCHA widget fetches its challenge from here and expects the bare challenge JSON (ADR 0027):
  // not an enveloped call of the client's, so it is not declared in the contract.
  const challengeSchema = {
    tags: ['messages'],
    summary: "The helpdesk captcha's proof-of-work challenge (ALTCHA's own JSON, not enveloped)",
    operationId: 'messages_getHelpdeskChallenge',
    security: securityFor('public'),
  };
  app.get('/helpdesks/challenge', { schema: challengeSchema }, async (request, reply) => {
    const challenge = await createAltchaChallenge(app.config, app.clock());
    request.log.debug('altcha challenge issued');
    return reply.header('Cache-Control', 'no-store').send(challenge);
  });

  route(app, 'messages.createHelpdesk', { access: 'public' }, async (request) => {
    const thread = await createHelpdesk(app, request, request.body);
    return { data: { thread } };
  });

  // ---- one thread, as a participant (signed in) or a token holder (ADR 0025) ----

  // 'public' for the guard: who may see a thread is decided by its participants or the token in
  // its path (requireThreadAccess), which needs the validated path first.
  const getThread = async (request: FastifyRequest, id: number, token?: string) => {
    const access = await requireThreadAccess(app, request, id, token);
    return { data: { thread: accessToWire(access) } };
  };
  const markThreadRead = async (request: FastifyRequest, id: number, token?: string) => {
    const access = await requireThreadAccess(app, request, id, token);
    return { data: { thread: await markRead(app, access) } };
  };
  const listThreadMessages = async (
    request: FastifyRequest,
    id: number,
    token: string | undefined,
    query: { limit?: number | undefined; offset?: number | undefined },
  ) => {
    const access = await requireThreadAccess(app, request, id, token);
    const { rows, total } = await repo.listMessages(
      app.db,
      access.thread.idThread,
      {
        limit: query.limit ?? MESSAGE_PAGE_SIZE,
        offset: query.offset ?? 0,
      },
      'sender',
    );
    return { data: { messages: rows.map(toWireMessage), total } };
  };
  const postMessage = async (
    request: FastifyRequest,
    id: number,
    token: string | undefined,
    body: { message_content?: string | null | undefined } | null | undefined,
  ) => {
    const access = await requireThreadAccess(app, request, id, token);
    const message = await postReaderMessage(app, access, body?.message_content ?? '');
    return { data: { message } };
  };

  route(app, 'messages.getThread', { access: 'public' }, async (request) => getThread(request, request.params.id));
  route(app, 'messages.markThreadRead', { access: 'public' }, async (request) => markThreadRead(request, request.params.id));
  route(app, 'messages.listMessages', { access: 'public' }, async (request) =>
    listThreadMessages(request, request.params.id, undefined, request.query),
  );
  route(app, 'messages.postMessage', { access: 'public' }, async (request) =>
    postMessage(request, request.params.id, undefined, request.body),
  );

  route(app, 'messages.getThreadByToken', { access: 'public' }, async (request) =>
    getThread(request, request.params.id, request.params.token),
  );
  route(app, 'messages.markThreadReadByToken', { access: 'public' }, async (request) =>
    markThreadRead(request, request.params.id, request.params.token),
  );
  route(app, 'messages.listMessagesByToken', { access: 'public' }, async (request) =>
    listThreadMessages(request, request.params.id, request.params.token, request.query),
  );
  route(app, 'messages.postMessageByToken', { access: 'public' }, async (request) =>
    postMessage(request, request.params.id, request.params.token, request.body),
  );
  // ADR 0045: the page calls this once loaded (never on a bare GET a mail scanner makes); with
  // a token e-mailed to the sender it proves their address, with any other it changes nothing.
  route(app, 'messages.verifySender', { access: 'public' }, async (request) => {
    const access = await requireThreadAccess(app, request, request.params.id, request.params.token);
    return { data: { thread: accessToWire(await verifySenderAddress(app, access)) } };
  });

  await app.register(staffRoutes, { prefix: '/staff' });
};
