import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui';
import { api } from '../../lib/api.client';
import { ApiError } from '../../lib/api-client';
import { useTimeZone } from '../../lib/time-zone';

/**
 * "Remind me by e-mail" on an upcoming live lesson (product.md#pages, /live): one e-mail an hour
 * before the start, its times in the zone this browser is in. Signed out, it leads to sign-in.
 */
export function ReminderButton({ slug, reminded, signedIn }: { slug: string; reminded: boolean; signedIn: boolean }) {
  const [on, setOn] = useState(reminded);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const timeZone = useTimeZone();
  const navigate = useNavigate();

  const toggle = async () => {
    if (!signedIn) {
      await navigate('/login');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await api.call('videos.setLiveStreamReminder', {
        params: { streamSlug: slug },
        body: { remind: !on, time_zone: timeZone },
      });
      setOn(answer.reminder.stream_reminder);
      setNote(answer.reminder.stream_reminder ? 'We will e-mail you an hour before the start.' : 'No reminder will be sent.');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Something went wrong, please try again or contact support.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <Button variant={on ? 'secondary' : 'primary'} size="sm" busy={busy} aria-pressed={on} onClick={() => void toggle()}>
        {on ? 'Reminder on: turn it off' : 'Remind me by e-mail'}
      </Button>
      {note ? (
        <p role="status" className="mt-2 text-sm text-stone-700">
          {note}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
