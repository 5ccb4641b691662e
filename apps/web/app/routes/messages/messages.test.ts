import { describe, expect, it, vi } from 'vitest';
import { RETURN_COOKIE_NAME } from '@fretline/contract';
import { ApiError } from '../../lib/api-client';
import type { Route } from './+types/messages';
import { loader as threadLoader } from './thread';
import { loader } from './messages';

// The API answers every call as it does for a signed-out visitor.
vi.mock('../../lib/api.server', () => ({
  getServerApi: () => ({ call: () => Promise.reject(new ApiError('Unauthorized', 401)) }),
}));

async function thrownBy(run: () => Promise<unknown>): Promise<Response> {
  try {
    await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error('the loader did not redirect');
}

const args = (path: string, params: Record<string, string>) =>
  ({ request: new Request(`http://localhost${path}`), params, context: {} }) as unknown as Route.LoaderArgs;

describe('messages pages for a signed-out visitor (product.md#pages, #errors)', () => {
  it('send them to /login and keep the thread to come back to after signing in', async () => {
    for (const response of [
      await thrownBy(() => loader(args('/messages/12', { idThread: '12' }))),
      await thrownBy(() => threadLoader(args('/messages/12', { idThread: '12' }) as never)),
    ]) {
      expect(response.status).toBe(302);
      expect(response.headers.get('Location')).toBe('/login');
      expect(response.headers.get('Set-Cookie')).toContain(`${RETURN_COOKIE_NAME}=${encodeURIComponent('/messages/12')}`);
    }
  });

  it('let a token holder through to the thread page, which answers the token itself', async () => {
    await expect(loader(args('/messages/12/12.sig', { idThread: '12', token: '12.sig' }))).resolves.toEqual({ page: null });
  });
});
