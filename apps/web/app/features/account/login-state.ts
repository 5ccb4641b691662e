import { EMAIL_COOKIE_MAX_AGE_S, EMAIL_COOKIE_NAME } from '@fretline/contract';
import { deleteBrowserCookie, readBrowserCookie, writeBrowserCookie } from '../../lib/cookies';

/**
 * Login state in the browser (product.md#states): the address entered, whether a code was e-mailed, whether to
 * remember the address (on by default) and whether the code came from sign-up (then /welcome
 * follows). Kept in sessionStorage so a reload of /login-code keeps it and a new tab starts clean.
 */
export interface LoginState {
  email: string;
  emailed: boolean;
  remember: boolean;
  signup: boolean;
}

const KEY = 'fretline.login';

export function readLoginState(): LoginState | null {
  if (typeof window === 'undefined') return null;
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<LoginState>;
    if (typeof parsed.email !== 'string' || !parsed.email) return null;
    return { email: parsed.email, emailed: !!parsed.emailed, remember: parsed.remember !== false, signup: !!parsed.signup };
  } catch {
    return null;
  }
}

export function writeLoginState(state: LoginState): void {
  window.sessionStorage.setItem(KEY, JSON.stringify(state));
}

export function clearLoginState(): void {
  window.sessionStorage.removeItem(KEY);
}

/** The remembered address (product.md#constants), a 1-year cookie (readable by the page: it is not a secret). */
export function readRememberedEmail(): string | undefined {
  return readBrowserCookie(EMAIL_COOKIE_NAME) || undefined;
}

export function rememberEmail(email: string, remember: boolean): void {
  if (remember) writeBrowserCookie(EMAIL_COOKIE_NAME, email, EMAIL_COOKIE_MAX_AGE_S);
  else deleteBrowserCookie(EMAIL_COOKIE_NAME);
}

/** The address the sign-in pages already know: this tab's login state, else the remembered one. */
export function knownEmail(): string | undefined {
  return readLoginState()?.email ?? readRememberedEmail();
}
