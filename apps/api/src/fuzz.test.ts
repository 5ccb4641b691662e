import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUserWithSession, bearer, type TestApp } from '../test/test-app.ts';

/**
 * Hostile input never makes a 500: every /api route in the OpenAPI document is called with NUL
 * bytes and other control characters, ids too large for a PostgreSQL integer and malformed `%`
 * escapes, in its path, query and body. Each must answer a 4xx (or a success), never a 5xx.
 * Run it on real PostgreSQL too (TEST_DATABASE_URL): NUL bytes and out-of-range ids fail there
 * differently than on PGlite.
 */

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  ({ token } = await createUserWithSession(t.db, { roles: ['Superadmin'] }));
});
afterAll(async () => {
  await t.close();
});

const HOSTILE_IDS = ['2147483648', '99999999999999999999', '-1', '1e400'];
const HOSTILE_TEXT = ['a\u0000b', '\u0000', 'a\u0001b\u001fc', 'x\u007f'];
/** Path or query text as it appears on the wire: percent-encoded NUL/control bytes and bad escapes. */
const HOSTILE_RAW = ['a%00b', '%01', '%', '%E0%A4%A', '%zz', '%C0%80'];

interface OpenApiParam {
  name: string;
  in: string;
  schema?: { type?: string };
}
interface OpenApiOperation {
  parameters?: OpenApiParam[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

interface Call {
  method: string;
  url: string;
  payload?: Record<string, unknown>;
}

let ip = 0;
/** A fresh address per call, so the per-IP limits never turn a 500 into a 429 that hides it. */
const nextIp = () => `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip++ & 255}`;

function isNumeric(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  const types = ([] as (string | undefined)[]).concat(schema.type);
  if (types.includes('integer') || types.includes('number')) return true;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(isNumeric);
}

async function operations(): Promise<Array<{ method: string; path: string; op: OpenApiOperation }>> {
  const res = await t.app.inject({ url: '/api/docs/openapi.json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json<{ paths: Record<string, Record<string, OpenApiOperation>> }>();
  const list: Array<{ method: string; path: string; op: OpenApiOperation }> = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) list.push({ method: method.toUpperCase(), path, op });
  }
  return list;
}

function fillPath(path: string, op: OpenApiOperation, value: (param: OpenApiParam) => string): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const param = op.parameters?.find((p) => p.in === 'path' && p.name === name) ?? { name, in: 'path' };
    return value(param);
  });
}

function validPath(path: string, op: OpenApiOperation): string {
  return fillPath(path, op, (p) => (isNumeric(p.schema) ? '1' : 'x'));
}

function hostileCalls(method: string, path: string, op: OpenApiOperation): Call[] {
  const calls: Call[] = [];
  const params = op.parameters ?? [];
  // Path parameters: huge ids where a number is expected, control characters and bad escapes anywhere.
  if (params.some((p) => p.in === 'path') || path.endsWith('*')) {
    for (const raw of [...HOSTILE_IDS, ...HOSTILE_TEXT.map(encodeURIComponent), ...HOSTILE_RAW]) {
      calls.push({ method, url: fillPath(path, op, () => raw).replace(/\*$/, raw) });
    }
  }
  const base = validPath(path, op).replace(/\*$/, 'x');
  // Query parameters (every declared one, plus an undeclared one) with the same values.
  const queryNames = [...params.filter((p) => p.in === 'query').map((p) => p.name), 'q'];
  for (const raw of [...HOSTILE_IDS, ...HOSTILE_TEXT.map(encodeURIComponent), ...HOSTILE_RAW]) {
    calls.push({ method, url: `${base}?${queryNames.map((n) => `${n}=${raw}`).join('&')}` });
  }
  // Bodies: every declared field gets a huge id (numbers) or a NUL/control-character string.
  const schema = Object.values(op.requestBody?.content ?? {})[0]?.schema;
  if (schema && method !== 'GET') {
    const fields = Object.entries(schema.properties ?? {});
    for (let i = 0; i < HOSTILE_IDS.length; i++) {
      const payload: Record<string, unknown> = {};
      for (const [name, field] of fields) {
        payload[name] = isNumeric(field) ? HOSTILE_IDS[i] : HOSTILE_TEXT[i % HOSTILE_TEXT.length];
      }
      calls.push({ method, url: base, payload });
      // Each text field alone, the others left out, so one field's 400 cannot hide another's 500.
    }
    for (const [name, field] of fields) {
      for (const value of isNumeric(field) ? HOSTILE_IDS : HOSTILE_TEXT) {
        calls.push({ method, url: base, payload: { [name]: value } });
      }
    }
  }
  return calls;
}

describe('API fuzz: hostile input answers 4xx, never 5xx', () => {
  it('walks every route with NUL bytes, control characters, huge ids and malformed escapes', async () => {
    const failures: string[] = [];
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(50);
    for (const { method, path, op } of ops) {
      // A fresh staff session per route: the walk also signs out and deletes the account.
      const { token } = await createUserWithSession(t.db, { roles: ['Superadmin'] });
      for (const call of hostileCalls(method, path, op)) {
        for (const headers of [bearer(token), {}]) {
          const res = await t.app.inject({
            method: call.method as 'GET',
            url: call.url,
            remoteAddress: nextIp(),
            headers,
            ...(call.payload ? { payload: call.payload } : {}),
          });
          if (res.statusCode >= 500) {
            failures.push(`${call.method} ${call.url} ${JSON.stringify(call.payload ?? '')} -> ${res.statusCode}`);
          } else if (res.statusCode >= 400) {
            // A clear answer: the error body (product.md#calls) with a message.
            const body = res.json<{ errors?: Array<{ message?: string }> }>();
            if (!body.errors?.[0]?.message) failures.push(`${call.method} ${call.url} -> ${res.statusCode} without a message`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('answers a malformed escape in a media path with a 4xx', async () => {
    for (const raw of ['%E0%A4%A', '%', '%zz', 'a%00b', '%2525E0', '%25E0%25A4', '%25zz']) {
      const res = await t.app.inject({ url: `/api/videos/media/${raw}?exp=1&sig=x`, remoteAddress: nextIp() });
      expect(res.statusCode, raw).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, raw).toBeLessThan(500);
    }
  });

  it('answers ids above 2^31-1 on thread, saved-video and session routes with a 400 naming the field', async () => {
    const calls = [
      ['GET', '/api/messages/threads/2147483648'],
      ['DELETE', '/api/videos/saved/2147483648'],
      ['DELETE', '/api/auth/me/sessions/2147483648'],
    ] as const;
    for (const [method, url] of calls) {
      const res = await t.app.inject({ method, url, headers: bearer(token), remoteAddress: nextIp() });
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ errors: Array<{ field?: string }> }>().errors[0]?.field, url).toBe('id');
    }
  });

  it('refuses a NUL byte in stored text, a query or a slug with a 400 naming the field', async () => {
    const profile = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: bearer(token),
      remoteAddress: nextIp(),
      payload: { first_name: 'Ann\u0000', last_name: 'Lee' },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json()).toMatchObject({
      errors: [{ field: 'first_name', message: 'first_name contains a character that is not allowed.' }],
    });

    const nested = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      remoteAddress: nextIp(),
      payload: JSON.stringify({ first_name: 'Ann', extra: [{ deep: 'x\u0000' }] }),
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toMatchObject({ errors: [{ field: 'extra[0].deep' }] });

    for (const url of [
      '/api/videos/videos?tags=%00',
      '/api/videos/videos/x%00',
      '/api/videos/videos/x%01',
      '/api/videos/courses/x%7F',
    ]) {
      const res = await t.app.inject({ url, remoteAddress: nextIp() });
      expect(res.statusCode, url).toBe(400);
    }
    // Line breaks in a reported error's stack are not hostile.
    const report = await t.app.inject({ url: '/api/error?message=Error%3A%20x%0A%20%20at%20y', remoteAddress: nextIp() });
    expect(report.statusCode).toBeLessThan(300);
  });

  it('answers an undecodable URL with the error body (product.md#calls) on the API and a 404 page elsewhere', async () => {
    const api = await t.app.inject({ url: '/api/videos/videos/%E0%A4%A', remoteAddress: nextIp() });
    expect(api.statusCode).toBe(400);
    expect(api.json()).toEqual({ errors: [{ message: 'That address is not valid.', code: 'FST_ERR_BAD_URL' }] });
    const page = await t.app.inject({ url: '/videos/%E0%A4%A', remoteAddress: nextIp() });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('404 Not Found');
  });
});
