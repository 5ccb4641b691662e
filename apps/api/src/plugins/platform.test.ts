import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the wire contract', () => {
  it('wraps a success in the data envelope and echoes the correlation id it was given', async () => {
    const res = await t.app.inject({ url: '/api/auth/me', headers: { 'x-correlation-id': 'abcDEF1234567890' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-correlation-id']).toBe('abcDEF1234567890');
    expect(res.json()).toEqual({ data: { user: null } });
  });

  it('generates a 45-character correlation id when none is sent', async () => {
    const res = await t.app.inject({ url: '/api/auth/me' });
    expect(res.headers['x-correlation-id']).toMatch(/^[A-Za-z0-9]{45}$/);
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

  it('resolves the user from a bearer token and refuses a token that does not exist', async () => {
    const user = await createUserWithSession(t.db, { firstName: 'Ada' });
    const ok = await t.app.inject({ url: '/api/auth/me', headers: bearer(user.token) });
    expect(ok.json().data.user).toMatchObject({ id_user: user.idUser, first_name: 'Ada' });
    const bad = await t.app.inject({ url: '/api/auth/me', headers: bearer('not-a-real-token') });
    expect(bad.statusCode).toBe(401);
  });
});
