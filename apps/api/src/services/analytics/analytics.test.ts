import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, tables } from '@fretline/db';
import { buildApp } from '../../app.ts';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';
import { recordAction } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const latest = async () => (await t.db.select().from(tables.actions).orderBy(desc(tables.actions.idAction)).limit(1))[0];

describe('POST /api/analytics/actions', () => {
  it('stores an action whose values arrive as a JSON string, with the correlation id', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/actions',
      headers: { 'x-correlation-id': 'pageLoadCorrelation01' },
      payload: { action_type_name: 'page-load', action_values: JSON.stringify([{ key: 'path', value: '/videos', type: 'S' }]) },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { success: true } });
    expect(await latest()).toMatchObject({
      actionTypeName: 'page-load',
      actionValues: [{ key: 'path', value: '/videos', type: 'S' }],
      correlationId: 'pageLoadCorrelation01',
      idUser: null,
    });
  });

  it('stores bracket-encoded values and the signed-in user', async () => {
    const user = await createUserWithSession(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/actions',
      headers: { ...bearer(user.token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action_type_name=not-found&action_values[0][key]=path&action_values[0][value]=%2Fnope&action_values[0][type]=S',
    });
    expect(res.statusCode).toBe(201);
    expect(await latest()).toMatchObject({
      actionTypeName: 'not-found',
      actionValues: [{ key: 'path', value: '/nope', type: 'S' }],
      idUser: user.idUser,
    });
  });

  it('accepts a JSON array, an action without values, and keeps numbers as text', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/actions',
      payload: { action_type_name: 'signup', action_values: [{ key: 'step', value: 2 }] },
    });
    expect(res.statusCode).toBe(201);
    expect((await latest())?.actionValues).toEqual([{ key: 'step', value: '2', type: 'S' }]);
    const bare = await t.app.inject({ method: 'POST', url: '/api/analytics/actions', payload: { action_type_name: 'ping' } });
    expect(bare.statusCode).toBe(201);
    expect((await latest())?.actionValues).toEqual([]);
  });

  it('refuses values that are not a JSON list of {key, value, type}', async () => {
    for (const action_values of ['{not json', '{"key":"a"}', JSON.stringify([{ value: 'no key' }])]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/analytics/actions',
        payload: { action_type_name: 'x', action_values },
      });
      expect(res.statusCode, action_values).toBe(400);
      expect(res.json().errors[0].field, action_values).toMatch(/^action_values/);
    }
  });

  it('answers 204 and stores nothing when analytics are switched off', async () => {
    const off = await buildApp({
      config: { ...t.config, ANALYTICS_ENABLED: false },
      db: { db: t.db, kind: 'pglite', ping: async () => {}, close: async () => {} },
    });
    try {
      const res = await off.inject({
        method: 'POST',
        url: '/api/analytics/actions',
        payload: { action_type_name: 'ignored-action' },
      });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(await t.db.select().from(tables.actions).where(eq(tables.actions.actionTypeName, 'ignored-action'))).toHaveLength(0);
    } finally {
      await off.close();
    }
  });
});

describe('recordAction (server-side actions)', () => {
  it('stores an action for a user', async () => {
    const user = await createUserWithSession(t.db);
    await recordAction(t.db, {
      actionTypeName: 'subscription-created',
      actionValues: [{ key: 'plan', value: 'monthly' }],
      idUser: user.idUser,
    });
    expect(await latest()).toMatchObject({
      actionTypeName: 'subscription-created',
      actionValues: [{ key: 'plan', value: 'monthly', type: 'S' }],
      idUser: user.idUser,
    });
  });
});
