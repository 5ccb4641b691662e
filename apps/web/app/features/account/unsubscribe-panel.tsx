import { useEffect, useRef, useState } from 'react';
import { Button, LinkButton, Spinner } from '../../components/ui';
import { ApiError } from '../../lib/api-client';
import { api } from '../../lib/api.client';

/**
 * /unsubscribe… pages (product.md#pages). The link is acted on from the browser after the page loads (a mail
 * scanner fetching the link changes nothing); the button repeats it if that fails.
 */
export function UnsubscribePanel({ email, token, list }: { email: string; token: string; list: 'emails' | 'mailers' }) {
  const [state, setState] = useState<'working' | 'done' | 'error'>('working');
  const [error, setError] = useState<string>();
  const started = useRef(false);

  async function run() {
    setState('working');
    try {
      await api.call(list === 'mailers' ? 'auth.unsubscribeMailers' : 'auth.unsubscribe', { body: { email, token } });
      setState('done');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Something is not quite right, please try again or contact support.');
      setState('error');
    }
  }

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run();
  });

  const what = list === 'mailers' ? 'our mailers (news, new lessons and offers)' : 'all emails except sign-in codes and receipts';
  if (state === 'working') return <Spinner label="Unsubscribing" />;
  if (state === 'error')
    return (
      <div className="space-y-4">
        <p role="alert" className="font-medium text-red-700">
          {error}
        </p>
        <Button variant="secondary" onClick={() => void run()}>
          Try again
        </Button>
      </div>
    );
  return (
    <div className="space-y-4">
      <p role="status">
        <strong>{email}</strong> is unsubscribed from {what}.
      </p>
      <p className="text-sm text-stone-600">Changed your mind? Sign in and choose your emails on your account page.</p>
      <LinkButton to="/me/notifications" variant="secondary">
        Email preferences
      </LinkButton>
    </div>
  );
}
