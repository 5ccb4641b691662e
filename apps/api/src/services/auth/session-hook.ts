import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../../plugins/errors.ts';
import { FOREIGN_REQUEST_MESSAGE, hasForeignOrigin, isSameOrigin, UNSAFE_METHODS } from '../../plugins/same-origin.ts';
import { forgetCachedSessionsLocally, setSessionForgetBroadcast } from './session-cache.ts';
import { resolveSession, noteSessionAccess } from './session-lookup.ts';
import { clearTokenCookie } from './sessions.ts';
import { hashSessionToken } from './tokens.ts';

/** The Redis channel on which instances tell each other which users' sessions to forget (ADR 0059). */
const FORGET_CHANNEL = 'fretline:sessions:forget';

/**
 * Shares session forgets between instances over Redis pub/sub, so a sign-out or a revocation stops
 * the token on every instance at its next request, not after the others' two-second memory. A
 * lost message (Redis down) only falls back to that memory's bound.
 */
async function shareSessionForgets(app: FastifyInstance): Promise<void> {
  const redis = app.redis;
  if (!redis) return;
  // A subscribed connection can do nothing else, so it is a connection of its own.
  const subscriber = redis.duplicate();
  subscriber.on('error', (err) => app.log.debug({ err }, 'redis subscriber error'));
  subscriber.on('message', (_channel: string, message: string) => {
    const ids = (JSON.parse(message) as unknown[]).filter((id): id is number => Number.isInteger(id));
    forgetCachedSessionsLocally(ids);
  });
  // On every (re)connection: a subscription asked for while Redis was down would be lost.
  subscriber.on('ready', () => {
    subscriber.subscribe(FORGET_CHANNEL).catch((err: unknown) => app.log.warn({ err }, 'session forgets not shared'));
  });
  setSessionForgetBroadcast((idUsers) => {
    if (redis.status !== 'ready') return;
    redis
      .publish(FORGET_CHANNEL, JSON.stringify(idUsers))
      .catch((err: unknown) => app.log.warn({ err }, 'session forget not shared'));
  });
  app.addHook('onClose', async () => {
    setSessionForgetBroadcast(null);
    subscriber.disconnect();
  });
}

function readBearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * Resolves the caller from the bearer header or the HttpOnly `token` cookie on every /api request
 * and sets `request.auth`, which the guards of plugins/auth.ts read. It is the auth service's, as
 * it reads the auth tables; buildApp registers it before the routes (ADR 0050).
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('auth', null);
    await shareSessionForgets(app);
    app.addHook('onRequest', async (request, reply) => {
      const bearer = readBearer(request);
      const cookieToken = request.cookies.token;
      const token = bearer ?? cookieToken;
      // Sign-in sets the cookie, so a foreign page must not be able to post it either (login CSRF).
      if (
        !token &&
        request.method === 'PUT' &&
        request.url.startsWith('/api/auth/me/passcodes') &&
        hasForeignOrigin(request, app.config.SITE_URL)
      ) {
        throw forbidden(FOREIGN_REQUEST_MESSAGE);
      }
      if (!token) return;
      const via = bearer ? 'bearer' : 'cookie';
      // A cookie rides along on cross-site requests; unsafe ones must come from our own origin.
      if (via === 'cookie' && UNSAFE_METHODS.has(request.method) && !isSameOrigin(request, app.config.SITE_URL)) {
        throw forbidden(FOREIGN_REQUEST_MESSAGE);
      }
      const now = app.clock();
      // Tokens are 43 characters; anything far longer is not one of ours and needs no lookup.
      const found = token.length > 200 ? undefined : await resolveSession(app.db, hashSessionToken(token), now);
      if (!found) {
        // A revoked or expired session stops on its very next request (ARCHITECTURE.md). The dead
        // cookie is cleared; a held bearer token gets a 401 so the client signs the user out (product.md#errors).
        if (cookieToken) clearTokenCookie(reply, app.config.SITE_URL);
        if (via === 'bearer' && !request.routeOptions.config?.allowStaleToken) {
          throw unauthorized('Your session has ended, please sign in again.');
        }
        return;
      }
      request.auth = {
        user: {
          idUser: found.idUser,
          email: found.email,
          firstName: found.firstName,
          lastName: found.lastName,
          roles: found.roles,
        },
        idSession: found.idSession,
        via,
      };
      await noteSessionAccess(app.db, found, now, () => request.ip);
    });
  },
  { name: 'session', dependencies: ['deps', 'errors', '@fastify/cookie', 'redis'] },
);
