import { useCallback, useState } from 'react';
import { api } from '../../lib/api.client';
import { clearStores } from './login-state';

/**
 * Spec §4 logout: POST me/logout (the API ends the session and clears the token cookie), then the
 * correlation id and every store go, and a full load of / shows the home page to a visitor.
 */
export function useLogout(): { logout: () => void; loggingOut: boolean } {
  const [loggingOut, setLoggingOut] = useState(false);
  const logout = useCallback(() => {
    setLoggingOut(true);
    api
      .post('/auth/me/logout')
      .catch(() => undefined)
      .finally(() => {
        clearStores();
        window.location.assign('/');
      });
  }, []);
  return { logout, loggingOut };
}
