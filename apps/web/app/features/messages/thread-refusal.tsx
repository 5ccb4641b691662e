import { useState } from 'react';
import { Button, Card, LinkButton } from '../../components/ui';
import { api } from '../../lib/api.client';
import { clearStores } from '../../lib/logout';
import { rememberReturnRoute } from '../../lib/return-route';

interface Props {
  /** `not-yours`: the thread exists in another account; `missing`: there is no such thread. */
  kind: 'not-yours' | 'missing';
  /** The signed-in account's address, so the reader sees which account they are in. */
  email: string | null;
  /** The thread's own path, to come back to after signing in with the other account. */
  threadPath: string;
}

/**
 * A signed-in reader opening a thread that is not theirs is told so (rather than bounced to their
 * account page), with their inbox and a way to sign in as the account the thread belongs to.
 */
export function ThreadRefusal({ kind, email, threadPath }: Props) {
  const [switching, setSwitching] = useState(false);

  // Sign out, then sign in again and come back here (the return route, product.md#pages).
  const switchAccount = () => {
    setSwitching(true);
    api
      .call('auth.logout')
      .catch(() => undefined)
      .finally(() => {
        clearStores();
        rememberReturnRoute(threadPath);
        window.location.assign('/login');
      });
  };

  return (
    <Card className="mx-auto w-full max-w-lg self-start text-center" role="alert" data-testid="thread-refusal">
      <h1 className="text-xl font-bold text-balance text-ink-900">
        {kind === 'not-yours' ? 'This conversation belongs to another account' : 'We can’t find this conversation'}
      </h1>
      <p className="mt-2 text-stone-600">
        {kind === 'not-yours' ? (
          <>
            You are signed in as <strong className="font-semibold wrap-anywhere text-ink-900">{email}</strong>. If the
            conversation was sent to another of your addresses, sign in with that one to read it.
          </>
        ) : (
          'It may have been removed, or the link is incomplete.'
        )}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <LinkButton to="/messages">Go to your messages</LinkButton>
        {kind === 'not-yours' ? (
          <Button variant="secondary" busy={switching} onClick={switchAccount}>
            Sign out and switch account
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
