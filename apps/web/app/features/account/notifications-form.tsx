import { useState } from 'react';
import type { Me } from '@fretline/contract';
import { Button } from '../../components/ui';
import { ApiError } from '../../lib/api-client';
import { api } from '../../lib/api.client';

/** /me/notifications (product.md#pages): which e-mails the user gets (PUT me/notifications-mailers). */
export function NotificationsForm({ user, digest: digestAtLoad }: { user: Me; digest: boolean }) {
  const [mailers, setMailers] = useState(user.notifications_mailers);
  const [digest, setDigest] = useState(digestAtLoad);
  const [emails, setEmails] = useState(user.notifications_emails);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string }>();
  const [busy, setBusy] = useState(false);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(undefined);
    try {
      const data = await api.call('auth.updateNotifications', {
        body: { notifications_mailers: mailers ? 'true' : 'false', notifications_emails: emails ? 'true' : 'false' },
      });
      // The weekly digest of new lessons is a mailer of its own (product.md#mailers).
      const kept = await api.call('mailers.setDigest', { body: { digest } });
      setDigest(kept.digest);
      setMailers(data.user.notifications_mailers);
      setEmails(data.user.notifications_emails);
      setMessage({ tone: 'ok', text: 'Your email preferences have been saved.' });
    } catch (err) {
      setMessage({
        tone: 'error',
        text: err instanceof ApiError ? err.message : 'Something is not quite right, please try again or contact support.',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void save(e)} className="space-y-5">
      <fieldset className="space-y-4">
        <legend className="sr-only">Emails we may send you</legend>
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            name="notifications_mailers"
            checked={mailers}
            onChange={(e) => setMailers(e.target.checked)}
            className="mt-1 size-5 shrink-0 accent-brand-600"
          />
          <span>
            <span className="block font-semibold">News, new lessons and offers</span>
            <span className="block text-sm text-stone-600">Our mailers: a few a month at most.</span>
          </span>
        </label>
        <label className="flex items-start gap-3 pl-8">
          <input
            type="checkbox"
            name="digest"
            checked={digest}
            onChange={(e) => setDigest(e.target.checked)}
            aria-describedby="digest-hint"
            className="mt-1 size-5 shrink-0 accent-brand-600"
          />
          <span>
            <span className="block font-semibold">Weekly digest of new lessons</span>
            <span id="digest-hint" className="block text-sm text-stone-600">
              On Mondays, the lessons added the week before (with mailers on).
            </span>
          </span>
        </label>
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            name="notifications_emails"
            checked={emails}
            onChange={(e) => setEmails(e.target.checked)}
            className="mt-1 size-5 shrink-0 accent-brand-600"
          />
          <span>
            <span className="block font-semibold">Notifications about your account</span>
            <span className="block text-sm text-stone-600">
              Replies to your messages and membership reminders. Sign-in codes and receipts are always sent.
            </span>
          </span>
        </label>
      </fieldset>
      {message ? (
        <p
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={message.tone === 'error' ? 'text-sm font-medium text-red-700' : 'text-sm font-medium text-emerald-800'}
        >
          {message.text}
        </p>
      ) : null}
      <Button type="submit" busy={busy}>
        Save preferences
      </Button>
    </form>
  );
}
