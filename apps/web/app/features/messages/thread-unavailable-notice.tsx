import { useState } from 'react';
import { Button, LinkButton } from '../../components/ui';
import { api } from '../../lib/api.client';
import { clearStores } from '../../lib/logout';

/**
 * The `reason` a failed thread load carries to /login (product.md#roles, #errors), so the sign-in page can
 * say why the reader is there instead of showing a bare e-mail form.
 */
export const THREAD_UNAVAILABLE_REASON = 'thread-unavailable';

/**
 * Shown on /login after a thread could not be opened for the account in use (another account's
 * thread, or none). Signed in, the reader sees which account they are in, their inbox and a way to
 * switch account; the return route is already the thread, so signing in again comes back to it.
 */
export function ThreadUnavailableNotice({ email }: { email: string | null }) {
  const [switching, setSwitching] = useState(false);

  const switchAccount = () => {
    setSwitching(true);
    api
      .call('auth.logout')
      .catch(() => undefined)
      .finally(() => {
        clearStores();
        window.location.assign('/login');
      });
  };

  return (
    <div role="alert" data-testid="thread-unavailable" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 className="font-bold text-balance text-ink-900">We could not open that conversation for this account</h2>
      <p className="mt-1 text-sm text-stone-700">
        {email ? (
          <>
            You are signed in as <strong className="font-semibold wrap-anywhere text-ink-900">{email}</strong>. It belongs to
            another account, or it no longer exists. If it was sent to another of your addresses, sign in with that one to read
            it.
          </>
        ) : (
          'Sign in with the account the conversation was sent to, and we will take you back to it.'
        )}
      </p>
      {email ? (
        <div className="mt-4 flex flex-wrap gap-3">
          <LinkButton to="/messages" size="sm">
            Go to your messages
          </LinkButton>
          <Button variant="secondary" size="sm" busy={switching} onClick={switchAccount}>
            Sign out and switch account
          </Button>
        </div>
      ) : null}
    </div>
  );
}
