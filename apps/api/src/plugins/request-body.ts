import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import formbody from '@fastify/formbody';
import qs from 'qs';
import { PATH_FORBIDDEN_CHARS, QUERY_FORBIDDEN_CHARS, TEXT_FORBIDDEN_CHARS } from '@fretline/contract';
import { badRequest } from './errors.ts';

/** Largest request body accepted anywhere (uploads have their own route-level limit). */
export const BODY_LIMIT_BYTES = 256 * 1024;

/**
 * Requests arrive form-encoded with nested bracket keys (`a[b][0]=1`, product.md#calls) or as JSON.
 * qs expands the brackets; depth and array limits keep a hostile body from growing huge.
 * `allowSparse` keeps a numeric key's position: `permissions[3]=true` (an id-keyed record, product.md#entities
 * Helpdesk form) must not be compacted to `['true']`, which loses the id. Lists our client sends
 * are dense (`a[0]`, `a[1]`, …), so they parse as before.
 */
export const requestBodyPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(formbody, {
      bodyLimit: BODY_LIMIT_BYTES,
      parser: (body) => qs.parse(body, { depth: 5, arrayLimit: 100, parameterLimit: 500, allowDots: false, allowSparse: true }),
    });
    // Before any schema or handler: one refusal for every route (docs/decisions/0047-hostile-input.md).
    // A NUL in a body is refused (no text column stores one); control characters in a path or query.
    app.addHook('preValidation', (request, _reply, done) => {
      const bad =
        findForbidden(request.params, 'params', PATH_FORBIDDEN_CHARS) ??
        findForbidden(request.query, 'query', QUERY_FORBIDDEN_CHARS) ??
        findForbidden(request.body, 'body', TEXT_FORBIDDEN_CHARS);
      done(bad ? badRequest(`${bad} contains a character that is not allowed.`, bad) : undefined);
    });
  },
  { name: 'request-body' },
);

/** The most a multipart body of plain fields may hold (RFC 8058's one-click POST is a few dozen bytes). */
const FIELDS_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * Reads `multipart/form-data` bodies of plain text fields (files are dropped) for the routes of the
 * plugin that calls it. The platform's own form parser does the work; a malformed body is a clear 400.
 */
export function acceptMultipartFields(app: FastifyInstance): void {
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: FIELDS_BODY_LIMIT_BYTES },
    async (request: FastifyRequest, body: Buffer) => {
      let form: FormData;
      try {
        form = await new Response(new Uint8Array(body), {
          headers: { 'content-type': String(request.headers['content-type']) },
        }).formData();
      } catch {
        throw badRequest('The form could not be read.', 'body');
      }
      const fields: Record<string, string> = {};
      for (const [name, value] of form) if (typeof value === 'string') fields[name] = value;
      return fields;
    },
  );
}

/** The same parsing for query strings, so `filter`/`order` and bracket keys work on GETs. */
export function parseQueryString(query: string): Record<string, unknown> {
  return qs.parse(query, { depth: 5, arrayLimit: 100, parameterLimit: 500 });
}

/**
 * The name of a field (or key) of a parsed request part holding a forbidden character:
 * `title`, `items[2].name`; the part's own name when its place is unclear. Walks iteratively, so
 * a deeply nested JSON body cannot overflow the stack; Buffers and streams (uploads, webhooks) are
 * left alone.
 */
function findForbidden(value: unknown, part: string, forbidden: RegExp): string | undefined {
  // Most calls (the unread-count poll among them) carry no body or parameters: nothing to walk.
  if (value === undefined || value === null) return undefined;
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (stack.length) {
    const item = stack.pop()!;
    const name = item.path || part;
    if (typeof item.value === 'string') {
      if (forbidden.test(item.value)) return name;
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    if (Array.isArray(item.value)) {
      item.value.forEach((child, i) => stack.push({ value: child, path: `${item.path}[${i}]` }));
      continue;
    }
    if (ArrayBuffer.isView(item.value) || typeof (item.value as { pipe?: unknown }).pipe === 'function') continue;
    for (const [key, child] of Object.entries(item.value)) {
      const path = item.path ? `${item.path}.${key}` : key;
      if (forbidden.test(key)) return item.path || part;
      stack.push({ value: child, path });
    }
  }
  return undefined;
}
