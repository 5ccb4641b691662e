import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import formbody from '@fastify/formbody';
import qs from 'qs';

/** Largest request body accepted anywhere (uploads have their own route-level limit). */
export const BODY_LIMIT_BYTES = 256 * 1024;

/**
 * Requests arrive form-encoded with nested bracket keys (`a[b][0]=1`, spec §7) or as JSON.
 * qs expands the brackets; depth and array limits keep a hostile body from growing huge.
 * `allowSparse` keeps a numeric key's position: `permissions[3]=true` (an id-keyed record, spec §3
 * Helpdesk form) must not be compacted to `['true']`, which loses the id. Lists our client sends
 * are dense (`a[0]`, `a[1]`, …), so they parse as before.
 */
export const requestBodyPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(formbody, {
      bodyLimit: BODY_LIMIT_BYTES,
      parser: (body) => qs.parse(body, { depth: 5, arrayLimit: 100, parameterLimit: 500, allowDots: false, allowSparse: true }),
    });
  },
  { name: 'request-body' },
);

/** The same parsing for query strings, so `filter`/`order` and bracket keys work on GETs. */
export function parseQueryString(query: string): Record<string, unknown> {
  return qs.parse(query, { depth: 5, arrayLimit: 100, parameterLimit: 500 });
}
