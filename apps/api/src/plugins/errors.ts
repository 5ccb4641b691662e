import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { CLIENT_ERRORS, type ApiErrorBody } from '@fretline/contract';

/** A failure with a stable code, an HTTP status and the text the user sees. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    readonly alert?: string,
  ) {
    super(message);
  }
}

export const notFound = (message: string = CLIENT_ERRORS.notFound, code = 'NOT_FOUND') => new AppError(code, 404, message);
export const badRequest = (message: string, field?: string, code = 'BAD_REQUEST') => new AppError(code, 400, message, field);
export const unauthorized = (message = 'Please sign in to continue.') => new AppError('UNAUTHORIZED', 401, message);
export const forbidden = (message = 'You do not have permission to do that.') => new AppError('FORBIDDEN', 403, message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(code, 409, message);
export const tooManyRequests = (message = 'Too many attempts, please wait a moment and try again.') =>
  new AppError('RATE_LIMITED', 429, message);

/**
 * A failure of the media store's bucket itself (ADR 0059): the AWS SDK marks its errors with
 * `$metadata`, with no HTTP status when the socket failed and a 5xx when S3 did. Answered 503 like
 * the database's, but told apart in the log. A refused request (4xx) or the upload's own stream
 * failing (the client went away) is not one.
 */
export function isMediaStoreOutage(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('$metadata' in err)) return false;
  const status = (err.$metadata as { httpStatusCode?: number } | undefined)?.httpStatusCode;
  return status === undefined || status >= 500;
}

const UNAVAILABLE_TEXT = 'The service is briefly unavailable, please try again in a moment.';

/** Errors the database driver raises when it cannot be reached: answered 503, never "wrong code". */
function isDatabaseOutage(err: unknown): boolean {
  const e = err as { code?: string; message?: string; cause?: unknown } | undefined;
  if (!e) return false;
  if (
    e.code &&
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '08006', '08001', '08003', '53300'].includes(e.code)
  )
    return true;
  // pg's own words; "not queryable" is a ROLLBACK on a connection that was dropped mid-transaction.
  if (
    typeof e.message === 'string' &&
    /timeout exceeded when trying to connect|Connection terminated|is not queryable/i.test(e.message)
  )
    return true;
  return e.cause ? isDatabaseOutage(e.cause) : false;
}

/**
 * PostgreSQL data exceptions a caller's value causes: an integer out of range (22003), a NUL or a
 * byte sequence the database cannot store (22021, 22P05). The contract's id schema and the
 * request-body hook refuse these first; this is the net for a route that slips past them, so a
 * hostile value is a 400, never a 500 (docs/decisions/0047-hostile-input.md).
 */
function isBadValueForDatabase(err: unknown, depth = 0): boolean {
  const e = err as { code?: string; cause?: unknown } | undefined;
  if (!e || depth > 5) return false;
  if (e.code && ['22003', '22021', '22P05'].includes(e.code)) return true;
  return e.cause ? isBadValueForDatabase(e.cause, depth + 1) : false;
}

const BAD_VALUE_TEXT = 'A value in that request is not valid.';
const BAD_URL_TEXT = 'That address is not valid.';

function sendError(reply: FastifyReply, status: number, body: ApiErrorBody): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** One error handler maps every failure to the error body (product.md#calls); 5xx details never leave the server. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((err: FastifyError, request, reply) => {
      if (err instanceof AppError) {
        const body: ApiErrorBody = {
          errors: [{ message: err.message, code: err.code, ...(err.field ? { field: err.field } : {}) }],
        };
        if (err.alert) body.alert = err.alert;
        return sendError(reply, err.statusCode, body);
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        const errors = err.validation.map((v) => {
          const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
          return {
            message: validationMessage(field, v.keyword, v.message ?? 'is invalid', v.params),
            code: 'VALIDATION',
            ...(field ? { field } : {}),
          };
        });
        return sendError(reply, 400, { errors });
      }
      if (isResponseSerializationError(err)) {
        request.log.error({ err }, 'response did not match its schema');
        return sendError(reply, 500, { errors: [{ message: CLIENT_ERRORS.otherStatus, code: 'INTERNAL' }] });
      }
      if (isMediaStoreOutage(err)) {
        request.log.error({ err }, 'media store unavailable');
        return sendError(reply, 503, { errors: [{ message: UNAVAILABLE_TEXT, code: 'UNAVAILABLE' }] });
      }
      if (isDatabaseOutage(err)) {
        request.log.error({ err }, 'database unavailable');
        return sendError(reply, 503, { errors: [{ message: UNAVAILABLE_TEXT, code: 'UNAVAILABLE' }] });
      }
      if (isBadValueForDatabase(err)) {
        request.log.warn({ err }, 'a request value the database cannot hold');
        return sendError(reply, 400, { errors: [{ message: BAD_VALUE_TEXT, code: 'BAD_REQUEST' }] });
      }
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err }, 'unhandled error');
        return sendError(reply, 500, { errors: [{ message: CLIENT_ERRORS.otherStatus, code: 'INTERNAL' }] });
      }
      // Fastify's own 4xx (bad JSON, body too large, unsupported media type): its message is safe.
      return sendError(reply, status, { errors: [{ message: clientErrorText(err), code: err.code ?? 'BAD_REQUEST' }] });
    });

    app.setNotFoundHandler((request, reply) =>
      sendError(reply, 404, { errors: [{ message: CLIENT_ERRORS.notFound, code: 'NOT_FOUND' }] }),
    );
  },
  { name: 'errors' },
);

/** 'id_subscription_plan' → 'Subscription plan', 'action_values.0.key' → 'Action values key' (ADR 0048). */
function fieldLabel(field: string): string {
  const words = field.split(/[._]/).filter((word) => word && !/^\d+$/.test(word) && word !== 'id' && word !== 'fk');
  const label = words.join(' ');
  return label ? label.charAt(0).toUpperCase() + label.slice(1) : 'This field';
}

/** zod's own wording ("Too small: expected string to have >=8 characters"), written for developers. */
const ZOD_DEFAULT = /^(Invalid|Too (big|small)|Unrecognized|Expected)\b/;

/**
 * The text for one failed field, for people (ADR 0048): a contract's own sentence as written; a
 * lower-case fragment ("is required") after the field's name in words; zod's default wording
 * replaced by a plain sentence. Never the raw field name as a prefix.
 */
function validationMessage(field: string, keyword: string, message: string, params: Record<string, unknown> = {}): string {
  const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
  if (!ZOD_DEFAULT.test(message)) {
    if (!field || /^[A-Z]/.test(message)) return sentence(message);
    return sentence(`${fieldLabel(field)} ${message}`);
  }
  const label = fieldLabel(field);
  const origin = params.origin;
  switch (keyword) {
    case 'invalid_type':
      return /received undefined/.test(message) ? `${label} is required.` : `${label} is not valid.`;
    case 'too_small':
      if (origin === 'string' && params.minimum === 1) return `${label} is required.`;
      return origin === 'string' || origin === 'array' ? `${label} is too short.` : `${label} is too small.`;
    case 'too_big':
      return origin === 'string' || origin === 'array' ? `${label} is too long.` : `${label} is too large.`;
    case 'unrecognized_keys':
      return `${Array.isArray(params.keys) ? params.keys.map(String).join(', ') : 'That field'} is not something we accept here.`;
    default:
      return `${label} is not valid.`;
  }
}

/** Marks the inner request that renders the 404 page for an undecodable address, so it never recurses. */
const NOT_FOUND_RENDER_HEADER = 'x-fretline-not-found-render';

/**
 * Fastify's `frameworkErrors`: a URL the router cannot decode (a malformed `%` escape) or a path
 * parameter too long is answered before any route or hook runs. The API answers a 400 with the
 * error body (product.md#calls). A page that does not decode gets the site's own 404 page, header and footer
 * included (product.md#pages): React Router cannot route the address itself, so it renders the
 * same address with each `%` escaped, which no route claims. Anything else, and an app without
 * the web, gets the words of that page in a small page of its own, never the 500 page.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const url = request.raw.url ?? '/';
  reply.headers(request.server.securityHeadersFor(url));
  if (url.startsWith('/api/')) {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
    const message = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'That address is too long.' : BAD_URL_TEXT;
    void sendError(reply, status, { errors: [{ message, code: err.code ?? 'BAD_URL' }] });
    return;
  }
  if (err.code !== 'FST_ERR_BAD_URL' || request.headers[NOT_FOUND_RENDER_HEADER]) {
    sendBareNotFound(reply);
    return;
  }
  void renderSiteNotFound(request, reply, url.replaceAll('%', '%25'));
}

async function renderSiteNotFound(request: FastifyRequest, reply: FastifyReply, safeUrl: string): Promise<void> {
  const forwarded: Record<string, string> = { [NOT_FOUND_RENDER_HEADER]: '1' };
  for (const name of ['cookie', 'accept', 'accept-language', 'user-agent', 'host']) {
    const value = request.headers[name];
    if (typeof value === 'string') forwarded[name] = value;
  }
  try {
    const page = await request.server.inject({ method: 'GET', url: safeUrl, headers: forwarded });
    if (page.statusCode !== 404 || !String(page.headers['content-type'] ?? '').startsWith('text/html')) {
      sendBareNotFound(reply);
      return;
    }
    const setCookie = page.headers['set-cookie'];
    if (setCookie) reply.header('set-cookie', setCookie);
    await reply.code(404).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(page.payload);
  } catch (error) {
    request.log.warn({ err: error }, 'could not render the 404 page for an undecodable address');
    sendBareNotFound(reply);
  }
}

function sendBareNotFound(reply: FastifyReply): void {
  void reply
    .code(404)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(
      '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
        '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Page Not Found | Fretline</title></head>' +
        `<body><main><h1>404 Not Found</h1><p>${CLIENT_ERRORS.notFound} <a href="/">Go to the home page</a>.</p></main></body></html>`,
    );
}

function clientErrorText(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'That request is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'That content type is not accepted.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    default:
      return err.message || CLIENT_ERRORS.otherStatus;
  }
}
