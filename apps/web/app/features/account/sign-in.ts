import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api.client';
import { consumeReturnRoute } from '../../lib/return-route';
import { browserTimeZone } from '../../lib/time-zone';
import { clearLoginState, readLoginState, rememberEmail } from './login-state';

/**
 * True from the PUT until the full load of the return route. The sign-in pages' loaders send a
 * signed-in visitor to /me, so a revalidation in that window (a window focus, product.md#states) would race
 * the return route's load; those pages skip it meanwhile.
 */
let completingSignIn = false;

/** The sign-in pages' `shouldRevalidate`: never while a sign-in is being completed. */
export function skipRevalidationWhileSigningIn({ defaultShouldRevalidate }: { defaultShouldRevalidate: boolean }): boolean {
  return completingSignIn ? false : defaultShouldRevalidate;
}

/**
 * PUT me/passcodes from the browser (with the e-mailed link's key when there is one, ADR 0010), so
 * the API's Set-Cookie (the HttpOnly token) lands here; then
 * a full load of the return route, so every loader sees the signed-in user (product.md#states). A new
 * account (sign-up, or its first sign-in by the link) sees /welcome first.
 */
export async function redeemPasscode(email: string, passcode: string, returnTo: string, key?: string): Promise<void> {
  const state = readLoginState();
  completingSignIn = true;
  try {
    await api.call('auth.redeemPasscode', { body: { email, passcode, key, time_zone: browserTimeZone() } });
  } catch (err) {
    completingSignIn = false;
    throw err;
  }
  rememberEmail(email, state?.remember ?? true);
  clearLoginState();
  const me = await api.call('auth.getMe').catch(() => undefined);
  // The return route is used once (product.md#pages); the loader already read it into `returnTo`. A new
  // account keeps it for /welcome, which offers the way back to it.
  const welcome = Boolean(state?.signup || me?.user.welcome_pending);
  if (!welcome) consumeReturnRoute();
  window.location.assign(welcome ? '/welcome' : returnTo);
}

/** Restart login clears the state and goes to /login (product.md#states). */
export function useRestartLogin(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    clearLoginState();
    void navigate('/login');
  }, [navigate]);
}
