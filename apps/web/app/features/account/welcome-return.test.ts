// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { rememberReturnRoute } from '../../lib/return-route';
import { returnRouteKind, welcomeReturnLabel } from './welcome-return';

// The API is faked at the boundary: `redeem` answers auth.redeemPasscode, `getMe` auth.getMe.
const fake = vi.hoisted(() => ({ redeem: vi.fn(), getMe: vi.fn() }));
vi.mock('../../lib/api.client', () => ({
  api: { call: (name: string) => (name === 'auth.redeemPasscode' ? fake.redeem() : fake.getMe()) as unknown },
}));

const { redeemPasscode } = await import('./sign-in');

const returnCookie = () =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith('return='))
    ?.slice('return='.length);

describe('sign-up keeps the return route for /welcome (product.md#pages)', () => {
  let assign: MockInstance;
  beforeEach(() => {
    fake.redeem.mockReset().mockResolvedValue({ token: 't' });
    fake.getMe.mockReset();
    document.cookie = 'return=; Max-Age=0; Path=/';
    assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
  });

  it('remembers the page with its hash', () => {
    rememberReturnRoute('/videos/sweep-picking#chords');
    expect(decodeURIComponent(returnCookie() ?? '')).toBe('/videos/sweep-picking#chords');
  });

  it('never remembers /welcome itself, so the way back survives the welcome page', () => {
    rememberReturnRoute('/videos/sweep-picking');
    rememberReturnRoute('/welcome');
    expect(decodeURIComponent(returnCookie() ?? '')).toBe('/videos/sweep-picking');
  });

  it('sends a new account to /welcome and keeps the return route for it', async () => {
    rememberReturnRoute('/videos/sweep-picking#chords');
    fake.getMe.mockResolvedValue({ user: { welcome_pending: true } });
    await redeemPasscode('new@example.com', '123456', '/videos/sweep-picking#chords');
    expect(assign).toHaveBeenCalledWith('/welcome');
    expect(decodeURIComponent(returnCookie() ?? '')).toBe('/videos/sweep-picking#chords');
  });

  it('sends a returning user straight back and uses the return route once', async () => {
    rememberReturnRoute('/membership');
    fake.getMe.mockResolvedValue({ user: { welcome_pending: false } });
    await redeemPasscode('old@example.com', '123456', '/membership');
    expect(assign).toHaveBeenCalledWith('/membership');
    expect(returnCookie() ?? '').toBe(''); // deleted (happy-dom may keep the emptied cookie)
  });
});

describe('the way back offered on /welcome', () => {
  it.each([
    ['/videos/sweep-picking#chords', { kind: 'video', slug: 'sweep-picking' }],
    ['/courses/lead-guitar-1?x=1', { kind: 'course', slug: 'lead-guitar-1' }],
    ['/membership', { kind: 'other' }],
    ['/videos', { kind: 'other' }],
  ])('knows %s as %j', (route, kind) => {
    expect(returnRouteKind(route)).toEqual(kind);
  });

  it.each([
    ['/videos/sweep-picking', 'Sweep picking', 'Continue to Sweep picking'],
    ['/videos/sweep-picking', null, 'Continue to the lesson'],
    ['/courses/lead-guitar-1', null, 'Continue to the course'],
    ['/membership#plans', null, 'Continue to the membership'],
    ['/live', null, 'Continue where you left off'],
  ])('labels %s (title %s) "%s"', (route, title, label) => {
    expect(welcomeReturnLabel(route, title)).toBe(label);
  });
});
