import { fileURLToPath } from 'node:url';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_ADDRESSES } from '@fretline/contract';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { createTestApp, createTestDatabase, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // A public origin, as in production: the linter rightly warns about a localhost server.
  t = await createTestApp({ config: { SITE_URL: 'https://guitar.fretline.test' } });
});

/** The repository's Redocly configuration: the `recommended` rules (ADR 0090). */
const REDOCLY_CONFIG = fileURLToPath(new URL('../../../../redocly.yaml', import.meta.url));

interface Operation {
  operationId: string;
  tags: string[];
  security: Record<string, string[]>[];
  responses: Record<string, { $ref?: string; description?: string }>;
}
interface Document {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
}

async function description(): Promise<{ text: string; doc: Document }> {
  const res = await t.app.inject({ url: '/api/docs/openapi.json' });
  expect(res.statusCode).toBe(200);
  return { text: res.body, doc: res.json<Document>() };
}

const operationsOf = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));
afterAll(async () => {
  await t.close();
});

describe('the OpenAPI document', () => {
  it('is served at /api/docs and /api/docs/openapi.json, generated from the zod schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health']).toBeDefined();
    const actions = doc.paths['/api/analytics/actions']?.post as {
      requestBody: { content: Record<string, { schema: unknown }> };
    };
    expect(JSON.stringify(actions.requestBody)).toContain('action_type_name');
    expect(doc.paths['/api/error']).toBeDefined();
    // Pages, redirects and the docs themselves are not part of the API.
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/') && !p.startsWith('/api/docs'))).toBe(true);
    const json = await t.app.inject({ url: '/api/docs/openapi.json' });
    expect(json.json()).toEqual(doc);
  });
});

describe('the OpenAPI document, checked with Redocly', () => {
  it('passes the recommended rules with no error and no warning, without reaching the network', async () => {
    const offline = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('the lint must not reach the network'));
    const { text } = await description();
    const config = await loadConfig({ configPath: REDOCLY_CONFIG });
    const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`)).toEqual([]);
    expect(offline).not.toHaveBeenCalled();
  });

  it("names each declared call's operation after the call, and says which session it needs and what it can refuse", async () => {
    const { doc } = await description();
    const byId = new Map(operationsOf(doc).map((entry) => [entry.op.operationId, entry]));
    for (const [name, address] of Object.entries(API_ADDRESSES)) {
      const entry = byId.get(name.replace('.', '_'));
      expect(entry, name).toBeDefined();
      expect(entry?.method.toUpperCase(), name).toBe(address.method);
      expect(entry?.path, name).toBe(`/api${address.path.replace(/:([A-Za-z_]\w*)/g, '{$1}')}`);
      expect(entry?.op.responses['400']?.$ref, name).toBe('#/components/responses/BadRequest');
      expect(entry?.op.responses['429']?.$ref, name).toBe('#/components/responses/TooManyRequests');
    }
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'token' });
    // Signed out is fine for a public call; a member's call needs a session; staff calls name their group.
    expect(byId.get('videos_listVideos')?.op.security[0]).toEqual({});
    expect(byId.get('videos_listSaved')?.op.security).toEqual([{ sessionCookie: [] }, { bearerToken: [] }]);
    expect(byId.get('staff_listMembers')?.op.security).toEqual([{ sessionCookie: ['Staff'] }, { bearerToken: ['Staff'] }]);
    expect(byId.get('staff_listMembers')?.op.responses['403']).toBeDefined();
    expect(byId.get('videos_listSaved')?.op.responses['403']).toBeUndefined();
    expect(byId.get('videos_getVideo')?.op.responses['404']).toBeDefined();
    expect(byId.get('finance_createSubscription')?.op.responses['409']?.description).toMatch(/already has a subscription/);
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'https://guitar.fretline.test' })]);
  });

  it("declares the wire's dates as UTC YYYY-MM-DD HH:mm:ss strings, never ISO date-time", async () => {
    const { text, doc } = await description();
    expect(text).not.toContain('date-time');
    const sessions = doc.paths['/api/auth/me/sessions']?.get?.responses['200'] as unknown as {
      content: {
        'application/json': {
          schema: { properties: { data: { properties: { sessions: { items: { properties: Record<string, unknown> } } } } } };
        };
      };
    };
    const created = sessions.content['application/json'].schema.properties.data.properties.sessions.items.properties
      .session_created as {
      type: string;
      pattern: string;
    };
    expect(created.type).toBe('string');
    expect(new RegExp(created.pattern).test('2026-12-02 17:20:00')).toBe(true);
    expect(new RegExp(created.pattern).test('2026-12-02T17:20:00.000Z')).toBe(false);
  });
});

describe('the OpenAPI document in production', () => {
  it('is a 404 unless API_DOCS=on, and served when it is', async () => {
    const { handle, drop } = await createTestDatabase();
    const production = testConfig({ isProduction: true, SITE_URL: 'https://fretline.example' });
    try {
      const closed = await buildApp({ config: production, db: handle });
      for (const url of ['/api/docs', '/api/docs/openapi.json']) expect((await closed.inject({ url })).statusCode, url).toBe(404);
      await closed.close();
      const open = await buildApp({ config: { ...production, API_DOCS: true }, db: handle });
      expect((await open.inject({ url: '/api/docs' })).statusCode).toBe(200);
      await open.close();
    } finally {
      await drop();
    }
  });
});
