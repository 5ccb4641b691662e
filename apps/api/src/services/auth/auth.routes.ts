import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UnsubscribeBodySchema, VISITOR_ME } from '@fretline/contract';
import { route, type ZodApp } from '../../plugins/calls.ts';
import { acceptMultipartFields } from '../../plugins/request-body.ts';
import { notFound, unauthorized } from '../../plugins/errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { PersonalDataEraser } from '../../platform/erasure.ts';
import { endSession, listSessions, updateUser } from './auth.repository.ts';
import { recordUnsubscribes, takesMailers, unsubscribeByEmail } from './mailer-audience.ts';
import {
  RateLimitedError,
  deleteAccount,
  getMe,
  redeemLoginPasscode,
  requestLoginPasscode,
  invalidUnsubscribeLink,
  signup,
  toSession,
  updateProfile,
  type AuthContext,
} from './auth.service.ts';
import { clearTokenCookie, setTokenCookie } from './sessions.ts';
import { isValidUnsubscribeToken, type UnsubscribeList } from '../../platform/mail/index.ts';

export interface AuthRoutesOptions {
  /** What every other service erases when an account is deleted (ADR 0046); given by buildApp. */
  personalDataErasers?: readonly PersonalDataEraser[];
}

/** /api/auth: the account calls (product.md#calls) (sign-in, profile, sessions, unsubscribes). */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const erasers = options.personalDataErasers ?? [];
  const ctx = (): AuthContext => ({ db: app.db, config: app.config, now: app.clock() });

  // A limit answer carries Retry-After so clients can show a cool-down (RFC 9110 §10.2.3).
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof RateLimitedError) void reply.header('Retry-After', Math.ceil(error.retryAfterMs / 1000));
  });

  async function currentMe(request: FastifyRequest) {
    const auth = requireUser(request);
    const me = await getMe(ctx(), auth.user.idUser);
    if (!me) throw unauthorized();
    return me;
  }

  /** GET me → user (product.md#calls); a signed-out caller gets the visitor, always 200. */
  route(app, 'auth.getMe', { access: 'public', config: { allowStaleToken: true } }, async (request) => {
    const me = request.auth ? await getMe(ctx(), request.auth.user.idUser) : undefined;
    return { data: { user: me ?? VISITOR_ME } };
  });

  /** POST me (user fields; product.md#calls): sign up, then a code is e-mailed (ADR 0010). */
  route(app, 'auth.signup', { access: 'public' }, async (request) => {
    const body = request.body;
    await signup(
      ctx(),
      {
        firstName: body.first_name,
        lastName: body.last_name,
        email: body.email,
        notificationsMailers: body.notifications_mailers,
      },
      request.ip,
    );
    return {
      data: {
        user: {
          id_user: null,
          first_name: body.first_name,
          last_name: body.last_name,
          email: body.email,
          emailed: true as const,
        },
      },
    };
  });

  /** PATCH me (profile fields; product.md#calls). */
  route(app, 'auth.updateProfile', { access: 'user' }, async (request) => {
    const auth = requireUser(request);
    const { pendingEmail } = await updateProfile(ctx(), auth.user.idUser, request.body, request.ip);
    return { data: { user: await currentMe(request), pending_email: pendingEmail } };
  });

  /** POST me/logout (product.md#calls): the session is marked ended and the cookie cleared; harmless when signed out. */
  route(app, 'auth.logout', { access: 'public' }, async (request, reply) => {
    if (request.auth) await endSession(app.db, request.auth.user.idUser, request.auth.idSession, app.clock());
    clearTokenCookie(reply, app.config.SITE_URL);
    return { data: { success: true as const } };
  });

  /** DELETE me (product.md#calls): account deletion (ADR 0012). */
  route(app, 'auth.deleteAccount', { access: 'user' }, async (request, reply) => {
    const auth = requireUser(request);
    await deleteAccount(ctx(), auth.user.idUser, erasers);
    request.log.info({ idUser: auth.user.idUser }, 'account deleted');
    clearTokenCookie(reply, app.config.SITE_URL);
    return { data: { success: true as const } };
  });

  /** PUT me/welcome (product.md#calls): clears the welcome flag (product.md#states). */
  route(app, 'auth.dismissWelcome', { access: 'user' }, async (request) => {
    const auth = requireUser(request);
    await updateUser(app.db, auth.user.idUser, { welcomePending: false });
    return { data: { user: await currentMe(request) } };
  });

  /** PUT me/notifications-mailers (product.md#calls): the mailer preference (and optionally every e-mail). */
  route(app, 'auth.updateNotifications', { access: 'user' }, async (request) => {
    const auth = requireUser(request);
    // Turning mailers off here counts as an unsubscribe in the staff figures (product.md#mailers).
    if (!request.body.notifications_mailers && (await takesMailers(app.db, auth.user.idUser)))
      await recordUnsubscribes(app.db, [auth.user.idUser], 'mailers', app.clock());
    await updateUser(app.db, auth.user.idUser, {
      notificationsMailers: request.body.notifications_mailers,
      ...(request.body.notifications_emails !== undefined ? { notificationsEmails: request.body.notifications_emails } : {}),
    });
    return { data: { user: await currentMe(request) } };
  });

  /** POST me/passcodes (email; product.md#calls): always the same answer, whatever the address (ADR 0010). */
  route(app, 'auth.requestPasscode', { access: 'public' }, async (request) => {
    await requestLoginPasscode(ctx(), request.body.email, request.ip);
    return { data: { emailed: true as const } };
  });

  /** PUT me/passcodes (email, passcode, the link's key if any) → token (product.md#calls), also set as the HttpOnly cookie (product.md#constants). */
  route(app, 'auth.redeemPasscode', { access: 'public' }, async (request, reply) => {
    const token = await redeemLoginPasscode(ctx(), {
      email: request.body.email,
      code: request.body.passcode,
      linkKey: request.body.key,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      timeZone: request.body.time_zone,
    });
    setTokenCookie(reply, app.config.SITE_URL, token);
    return { data: { token } };
  });

  /** GET me/sessions (product.md#calls): by last access, newest first (product.md#constants). */
  route(app, 'auth.listSessions', { access: 'user' }, async (request) => {
    const auth = requireUser(request);
    const now = app.clock();
    const rows = await listSessions(app.db, auth.user.idUser);
    return { data: { sessions: rows.map((row) => toSession(row, auth.idSession, now)) } };
  });

  /** DELETE me/sessions/{id} (product.md#calls): only the caller's own sessions; another's id is a 404. */
  route(app, 'auth.endSession', { access: 'user' }, async (request, reply) => {
    const auth = requireUser(request);
    const now = app.clock();
    const row = await endSession(app.db, auth.user.idUser, request.params.id, now);
    if (!row) throw notFound('That session cannot be found.', 'SESSION_NOT_FOUND');
    if (row.idSession === auth.idSession) clearTokenCookie(reply, app.config.SITE_URL);
    return { data: { session: toSession(row, auth.idSession, now) } };
  });

  /**
   * POST me/unsubscribes(/mailers) (email, token) → success (product.md#calls). No sign-in needed. The address
   * and token may also come in the query: that is how the RFC 8058 one-click POST arrives, with only
   * `List-Unsubscribe=One-Click` in its body.
   */
  const unsubscribe = (list: UnsubscribeList) => async (request: FastifyRequest, _reply: FastifyReply) => {
    const input = UnsubscribeBodySchema.safeParse({
      ...(request.query as Record<string, unknown>),
      ...(request.body && typeof request.body === 'object' ? request.body : {}),
    });
    // A tampered or incomplete link changes nothing and says so plainly.
    if (!input.success || !isValidUnsubscribeToken(app.config.SECRET_KEY, list, input.data.email, input.data.token))
      throw invalidUnsubscribeLink();
    await unsubscribeByEmail(app.db, input.data.email, list, app.clock());
    return { data: { success: true as const } };
  };
  // RFC 8058 §3.1 asks mail providers for a multipart/form-data POST: these two calls read it as well.
  await app.register(async (scope: ZodApp) => {
    acceptMultipartFields(scope);
    route(scope, 'auth.unsubscribe', { access: 'public' }, unsubscribe('emails'));
    route(scope, 'auth.unsubscribeMailers', { access: 'public' }, unsubscribe('mailers'));
  });
};
