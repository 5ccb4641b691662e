import { useCallback, useState } from 'react';
import { api } from '../../lib/api.client';

/**
 * POST /api/auth/me/logout (spec §7) with the HttpOnly token cookie, then a full load of the home
 * page (spec §2: home is shown after logout) so every loader sees the visitor.
 */
export function useSignOut(): { signOut: () => void; signingOut: boolean } {
  const [signingOut, setSigningOut] = useState(false);
  const signOut = useCallback(() => {
    setSigningOut(true);
    api
      .post('/auth/me/logout')
      .catch(() => undefined)
      .finally(() => window.location.assign('/'));
  }, []);
  return { signOut, signingOut };
}
