// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The API is faked at the boundary: `redeem` answers auth.redeemPasscode, `getMe` auth.getMe.
const fake = vi.hoisted(() => ({ redeem: vi.fn(), getMe: vi.fn() }));
vi.mock('../../lib/api.client', () => ({
  api: {
    call: (name: string, input?: unknown) => (name === 'auth.redeemPasscode' ? fake.redeem(input) : fake.getMe()) as unknown,
  },
}));

const { redeemPasscode, skipRevalidationWhileSigningIn } = await import('./sign-in');

const revalidates = () => skipRevalidationWhileSigningIn({ defaultShouldRevalidate: true });

describe('the sign-in pages skip revalidation while a sign-in completes', () => {
  beforeEach(() => {
    fake.redeem.mockReset();
    fake.getMe.mockReset();
  });

  it('refuses a focus refresh from the accepted code until the return route loads', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    let accept!: () => void;
    fake.redeem.mockReturnValue(new Promise<void>((resolve) => (accept = resolve)));
    fake.getMe.mockResolvedValue({ user: { welcome_pending: false } });
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
    fake.redeem.mockRejectedValue(new Error('Login failed.'));
    await expect(redeemPasscode('sam@example.com', '000000', '/')).rejects.toThrow('Login failed.');
    expect(revalidates()).toBe(true);
    expect(skipRevalidationWhileSigningIn({ defaultShouldRevalidate: false })).toBe(false);
  });
});

describe("the e-mailed link's key (ADR 0010)", () => {
  it('is sent with the code when the link carried one, and left out when the code was typed', async () => {
    vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    fake.redeem.mockReset().mockResolvedValue(undefined);
    fake.getMe.mockResolvedValue({ user: { welcome_pending: false } });
    await redeemPasscode('sam@example.com', '123456', '/', 'Ab_-9xYzAb_-9xYzAb_-9x');
    expect(fake.redeem).toHaveBeenLastCalledWith({
      body: expect.objectContaining({ email: 'sam@example.com', passcode: '123456', key: 'Ab_-9xYzAb_-9xYzAb_-9x' }) as unknown,
    });
    await redeemPasscode('sam@example.com', '123456', '/');
    const typed = JSON.stringify(fake.redeem.mock.lastCall?.[0]);
    expect(typed).toContain('"passcode":"123456"');
    expect(typed).not.toContain('key');
  });
});
