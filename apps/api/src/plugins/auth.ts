import type { FastifyRequest } from 'fastify';
import { hasRoleGroup, redactUrl, type RoleGroup } from '@fretline/contract';
import { forbidden, unauthorized } from './errors.ts';

/*
 * The guards and the request's typing. `request.auth` is set by the auth service's session hook,
 * which buildApp registers before the routes; this module imports no service, so every service
 * can use the guards without a circle (ADR 0050).
 */

export interface RequestAuth {
  user: { idUser: number; email: string; firstName: string | null; lastName: string | null; roles: string[] };
  idSession: number;
  via: 'bearer' | 'cookie';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a signed-out caller. */
    auth: RequestAuth | null;
  }
  interface FastifyContextConfig {
    /**
     * The route answers a caller whose token no longer works as signed out instead of 401
     * (GET /api/auth/me: the root loader must always get the visitor, product.md#calls).
     */
    allowStaleToken?: boolean;
  }
}

/** Guards read first (CONVENTIONS.md): throw the 401 before anything else happens. */
export function requireUser(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export function requireRoleGroup(request: FastifyRequest, group: RoleGroup): RequestAuth {
  const auth = requireUser(request);
  if (!hasRoleGroup(auth.user.roles, group)) throw forbidden();
  return auth;
}

/** Fastify logger serializers: the default request fields, with the URL passed through `redactUrl`. */
export const requestLogSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
