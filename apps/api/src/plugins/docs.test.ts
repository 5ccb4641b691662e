import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { createTestApp, createTestDatabase, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
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
