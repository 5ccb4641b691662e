// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ put: vi.fn(), get: vi.fn() }));
vi.mock('../../lib/api.client', () => ({ api }));

const { redeemPasscode, skipRevalidationWhileSigningIn } = await import('./sign-in');

const revalidates = () => skipRevalidationWhileSigningIn({ defaultShouldRevalidate: true });

describe('the sign-in pages skip revalidation while a sign-in completes', () => {
  beforeEach(() => {
    api.put.mockReset();
    api.get.mockReset();
  });

  it('refuses a focus refresh from the accepted code until the return route loads', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    let accept!: () => void;
    api.put.mockReturnValue(new Promise<void>((resolve) => (accept = resolve)));
    api.get.mockResolvedValue({ user: { welcome_pending: false } });
    expect(revalidates()).toBe(true);
    const done = redeemPasscode('sam@example.com', '123456', '/my-list');
    expect(revalidates()).toBe(false);
    accept();
    await done;
    expect(assign).toHaveBeenCalledWith('/my-list');
    // The page is leaving for the return route: it stays quiet until it has gone.
    expect(revalidates()).toBe(false);
  });

  it('revalidates again after a refused code, so the page stays usable', async () => {
    api.put.mockRejectedValue(new Error('Login failed.'));
    await expect(redeemPasscode('sam@example.com', '000000', '/')).rejects.toThrow('Login failed.');
    expect(revalidates()).toBe(true);
    expect(skipRevalidationWhileSigningIn({ defaultShouldRevalidate: false })).toBe(false);
  });
});
