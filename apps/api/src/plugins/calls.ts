import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import {
  API_ADDRESSES,
  CALL_SCHEMAS,
  type CallBodySchema,
  type CallHeadersSchema,
  type CallName,
  type CallParamsSchema,
  type CallQuerySchema,
  type CallResponseSchema,
  type CallSchemas,
  type CallSchemaTable,
  type CallStatus,
  type RoleGroup,
  type SuccessStatus,
} from '@fretline/contract';
import { auditedActions, recordAudit } from '../platform/audit/index.ts';
import { requireRoleGroup, requireUser } from './auth.ts';
import { securityFor } from './docs-operations.ts';

/** The prefix every API route is registered under (app.ts). */
const API_PREFIX = '/api';

/**
 * Who may make a call, checked in `onRequest`, i.e. before the body is parsed or validated: a
 * signed-out caller with a bad body gets 401, and a caller without the role learns nothing from
 * validation errors (CONVENTIONS.md "Guards read first").
 * - 'public': anyone; the handler may still look at `request.auth`.
 * - 'user': a signed-in caller (401 otherwise).
 * - a role group ('Staff', 'Editor', ...): a signed-in caller in that group (401 / 403).
 * - a function: a guard of the route's own (e.g. a token in the path instead of a session).
 */
type CallAccess = 'public' | 'user' | RoleGroup | ((request: FastifyRequest) => unknown);

/** The app a service's routes plugin receives (FastifyPluginAsyncZod). */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A 204 beside another status has no body (responseSchemas below); otherwise the declared one. */
type ResponseSchemaFor<N extends CallName, S> = S extends 204
  ? CallSchemaTable[N] extends { readonly status: readonly unknown[] }
    ? z.ZodUndefined
    : CallResponseSchema<N>
  : CallResponseSchema<N>;

/** The Fastify schema route() builds for call N, so handlers keep ZodTypeProvider's typing. */
interface CallRouteSchema<N extends CallName> {
  params: CallParamsSchema<N>;
  querystring: CallQuerySchema<N>;
  body: CallBodySchema<N>;
  headers: CallHeadersSchema<N>;
  response: { [S in CallStatus<N>]: ResponseSchemaFor<N, S> };
}

export type CallHandler<N extends CallName> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  Record<never, never>,
  unknown,
  CallRouteSchema<N>,
  ZodTypeProvider
>;

/**
 * A route's own extras, passed to Fastify as they are: rate-limit or auth `config`, `bodyLimit`,
 * and OpenAPI-only schema fields (`hide`, `tags`, `description`). Method, url, the validation
 * schemas, `onRequest` and the handler come from the declaration and `access`.
 */
export type CallRouteOptions = Omit<
  RouteShorthandOptions,
  'schema' | 'onRequest' | 'handler' | 'method' | 'url' | 'preValidation'
> & {
  access: CallAccess;
  /**
   * With a guard of the route's own (`access` a function): the role groups it admits, for the
   * API description's `security` (ADR 0090).
   */
  roles?: readonly RoleGroup[];
  /** Required of every staff call that is not a GET (ADR 0072); see CallAudit. */
  audit?: CallAudit;
  schema?: { hide?: boolean; tags?: string[]; description?: string; summary?: string };
};

/**
 * What a staff call that changes state writes to the audit log (ADR 0072):
 * - `action`: the action(s) its service records, with before/after, inside its own transaction;
 *   `onlyWhenChanged` when a save that changes nothing records nothing (an autosave);
 * - `exempt`: why the call changes nothing worth a record (a preview, a presence heartbeat).
 */
export type CallAudit = { action: string | readonly string[]; onlyWhenChanged?: true } | { exempt: string };

/**
 * Every registered staff call that changes state, with what it declared (ADR 0072): the same for
 * every app built in a process, and walked by the audit coverage test.
 */
export const staffChangeCalls = new Map<CallName, CallAudit>();

/** Staff calls: a role group, or a guard of the route's own (teaching a live lesson). */
const isStaffAccess = (access: CallAccess) => access !== 'public' && access !== 'user';

type Guard = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/** A synchronous check as a callback-style hook: an async one would cost a promise on every call. */
function syncGuard(check: (request: FastifyRequest) => unknown): Guard {
  return (request, _reply, done) => {
    try {
      check(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  };
}

function guardFor(access: CallAccess): Guard | ((request: FastifyRequest) => Promise<void>) | undefined {
  if (access === 'public') return undefined;
  if (access === 'user') return syncGuard(requireUser);
  if (typeof access === 'function')
    // A route's own guard may wait (e.g. a token lookup).
    return async (request: FastifyRequest) => {
      await access(request);
    };
  return syncGuard((request) => requireRoleGroup(request, access));
}

/**
 * The url of an address relative to the plugin `app` is registered in: the address path minus
 * the plugin's prefix. A path outside the prefix is a wiring mistake, so it throws at boot.
 */
export function routeUrl(prefix: string, name: string, path: string): string {
  const full = `${API_PREFIX}${path}`;
  if (full !== prefix && !full.startsWith(`${prefix}/`)) {
    throw new Error(`Call ${name} (${path}) cannot be registered under the prefix ${prefix || '(none)'}`);
  }
  return full.slice(prefix.length) || '/';
}

/** The response schema under each success status; a 204 beside another status has no body. */
function responseSchemas(declared: CallSchemas): Record<number, ZodType> {
  const statuses: readonly SuccessStatus[] = Array.isArray(declared.status)
    ? declared.status
    : [(declared.status as SuccessStatus | undefined) ?? 200];
  return Object.fromEntries(
    statuses.map((status) => [status, status === 204 && statuses.length > 1 ? z.undefined() : declared.response]),
  );
}

/**
 * Registers the API route of the declared call `name` (packages/contract/src/api, ADR 0052):
 * method and path from its address, params/querystring/body/response schemas from its
 * declaration (the response under its declared status), `access` as an `onRequest` guard.
 *
 *   route(app, 'messages.unreadCount', { access: 'user' }, async (request) => ({ data: ... }));
 */
export function route<N extends CallName>(app: ZodApp, name: N, options: CallRouteOptions, handler: CallHandler<N>): void {
  const address = API_ADDRESSES[name];
  const declared: CallSchemas = CALL_SCHEMAS[name];
  const { access, audit, roles, schema: extraSchema, ...rest } = options;
  const guard = guardFor(access);
  if (isStaffAccess(access) && address.method !== 'GET') {
    if (!audit) throw new Error(`Call ${name} changes state for staff: declare the audit action it records (ADR 0072)`);
    staffChangeCalls.set(name, audit);
  }
  const tags = extraSchema?.tags ?? [name.slice(0, name.indexOf('.'))];
  app.route({
    ...rest,
    method: address.method,
    url: routeUrl(app.prefix, name, address.path),
    schema: {
      ...extraSchema,
      tags,
      // The API description's id of the call (ADR 0090): its contract name, stable across releases.
      operationId: operationIdOf(name),
      security: securityFor(
        typeof access === 'function' ? (roles ?? []) : access === 'public' || access === 'user' ? access : [access],
      ),
      ...(declared.summary && !extraSchema?.summary ? { summary: declared.summary } : {}),
      ...(declared.params ? { params: declared.params } : {}),
      ...(declared.query ? { querystring: declared.query } : {}),
      ...(declared.body ? { body: declared.body } : {}),
      ...(declared.headers ? { headers: declared.headers } : {}),
      response: responseSchemas(declared),
    },
    ...(guard ? { onRequest: guard } : {}),
    handler:
      audit && 'action' in audit ? auditedHandler(name, audit, handler as RouteHandlerMethod) : (handler as RouteHandlerMethod),
  });
}

/** `videos.listVideos` → `videos_listVideos`: a call's name as an OpenAPI operationId. */
export const operationIdOf = (name: string): string => name.replace(/\./g, '_');

/**
 * The central check of ADR 0072: a staff change that answered success without recording its
 * declared action (a service that forgot) is still logged, by call name, params and body, and
 * the omission is logged as an error to fix.
 */
function auditedHandler(
  name: CallName,
  audit: { action: string | readonly string[]; onlyWhenChanged?: true },
  handler: RouteHandlerMethod,
): RouteHandlerMethod {
  const actions: readonly string[] = typeof audit.action === 'string' ? [audit.action] : audit.action;
  return async function (this: FastifyInstance, request, reply) {
    const auth = request.auth;
    if (auth) auditedActions.delete(auth);
    const result: unknown = await handler.call(this, request, reply);
    const recorded = auth ? auditedActions.get(auth) : undefined;
    if (auth && !audit.onlyWhenChanged && reply.statusCode < 400 && !actions.some((a) => recorded?.has(a))) {
      request.log.error({ call: name }, 'a staff change recorded no audit entry');
      await recordAudit(
        request.server.db,
        auth,
        {
          action: actions[0] ?? name,
          targetType: 'call',
          targetId: name,
          diff: { params: request.params, body: request.body, recorded_by: 'route' },
        },
        request.server.clock(),
      );
    }
    return result;
  };
}
