// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiServer, type ApiTestServer } from '../../test/api-server';
import { api } from './api.client';
import { getServerApi } from './api.server';

// The browser client and the loaders' client against the real API (ADR 0054): same origin, the
// page's cookie, no mock of our own client.
let server: ApiTestServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

describe('the API clients against the web test server', () => {
  it('sends the page’s session cookie with browser calls, unsafe ones included', async () => {
    const user = await server.signIn({ firstName: 'Ann' });
    const me = await api.call('auth.getMe');
    expect(me.user).toMatchObject({ id_user: user.idUser, first_name: 'Ann' });
    // A cookie-authenticated POST passes the API's same-origin check only when the page and the
    // API share an origin, as they do behind the web server.
    await expect(
      api.call('analytics.recordAction', { body: { action_type_name: 'page_view', action_values: '[]' } }),
    ).resolves.toBeDefined();
    server.signOut();
  });

  it('gives a loader the browser’s session through the page request', async () => {
    const user = await server.signIn();
    const me = await getServerApi(server.pageRequest('/me')).call('auth.getMe');
    expect(me.user.id_user).toBe(user.idUser);
    server.signOut();
    const visitor = await getServerApi(server.pageRequest('/me')).call('auth.getMe');
    expect(visitor.user.id_user).toBeNull();
  });
});
