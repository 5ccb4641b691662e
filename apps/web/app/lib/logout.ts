import { useCallback, useState } from 'react';
import { api } from './api.client';
import { clearCorrelationId } from './correlation';

/**
 * Logout (product.md#states): the token (cleared by the API's Set-Cookie), the correlation id and every store.
 * The remembered e-mail cookie stays: remembering it across sign-outs is its purpose.
 */
export function clearStores(): void {
  clearCorrelationId();
  try {
    window.sessionStorage.clear();
    window.localStorage.clear();
  } catch {
    // Storage can be unavailable (private mode); there is then nothing to clear.
  }
}

/**
 * POST /api/auth/me/logout (the API ends the session and clears the token cookie), then the stores
 * go and a full load of / shows the home page to a visitor (product.md#pages, #states). Used by the header's
 * account menu and the account page alike.
 */
export function useLogout(): { logout: () => void; loggingOut: boolean } {
  const [loggingOut, setLoggingOut] = useState(false);
  const logout = useCallback(() => {
    setLoggingOut(true);
    api
      .call('auth.logout')
      .catch(() => undefined)
      .finally(() => {
        clearStores();
        window.location.assign('/');
      });
  }, []);
  return { logout, loggingOut };
}
