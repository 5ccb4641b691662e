import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, tables } from '@fretline/db';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the wire contract', () => {
  it('wraps a success in the data envelope and echoes the correlation id it was given', async () => {
    const res = await t.app.inject({ url: '/api/health', headers: { 'x-correlation-id': 'abcDEF1234567890' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-correlation-id']).toBe('abcDEF1234567890');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      data: { status: 'ok', database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', redis: 'off', media: 'folder' },
    });
  });

  it('generates a 45-character correlation id when none (or a malformed one) is sent', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['x-correlation-id']).toMatch(/^[A-Za-z0-9]{45}$/);
    const bad = await t.app.inject({ url: '/api/health', headers: { 'x-correlation-id': '<script>' } });
    expect(bad.headers['x-correlation-id']).toMatch(/^[A-Za-z0-9]{45}$/);
  });

  it('answers an unknown API path with the error body and the 404 text', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      errors: [
        { message: 'The resource you requested cannot be found, please try again later or contact support.', code: 'NOT_FOUND' },
      ],
    });
  });

  it('answers bad input with a 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/actions',
      payload: { action_type_name: '', action_values: '[]' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ errors: Array<{ message: string; field?: string; code?: string }> }>();
    expect(body.errors[0]).toMatchObject({ field: 'action_type_name', code: 'VALIDATION' });
    expect(body.errors[0]?.message).toBe('Action type name is required.');
  });

  it('expands nested bracket keys of a form body (a[b][0]=1)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/actions',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload:
        'action_type_name=bracket-test&action_values[0][key]=path&action_values[0][value]=%2Fvideos&action_values[0][type]=S' +
        '&action_values[1][key]=referrer&action_values[1][value]=https%3A%2F%2Fexample.com%2F%3Fa%3D1&action_values[1][type]=S',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(tables.actions).orderBy(desc(tables.actions.idAction)).limit(1);
    expect(row?.actionValues).toEqual([
      { key: 'path', value: '/videos', type: 'S' },
      { key: 'referrer', value: 'https://example.com/?a=1', type: 'S' },
    ]);
  });

  it('refuses a malformed JSON body with a clear 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/actions',
      headers: { 'content-type': 'application/json' },
      payload: '{"action_type_name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe('The request body is not valid JSON.');
  });

  it('refuses a body over 256 KB with a 413 and a clear text', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/actions',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `action_type_name=x&action_values=${'a'.repeat(300 * 1024)}`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().errors[0].message).toBe('That request is too large.');
  });
});
