import { useState } from 'react';
import { Button, Field } from '../../components/ui';
import { ApiError } from '../../lib/api-client';
import { api } from '../../lib/api.client';
import { clearStores } from '../../lib/logout';

const CONFIRM_WORD = 'DELETE';

/**
 * Account deletion with a confirmation step: typing DELETE enables the button. DELETE me cancels
 * the membership, ends every session and removes the personal data (ADR 0012).
 */
export function DeleteAccount({ hasMembership }: { hasMembership: boolean }) {
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const confirmed = confirm.trim().toUpperCase() === CONFIRM_WORD;

  async function remove(event: React.FormEvent) {
    event.preventDefault();
    if (!confirmed) {
      setError(`Type ${CONFIRM_WORD} to confirm.`);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await api.call('auth.deleteAccount');
      clearStores();
      window.location.assign('/');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Something is not quite right, please try again or contact support.');
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void remove(e)} className="space-y-5">
      <ul className="list-disc space-y-1 pl-5 text-stone-700">
        <li>Your name, email address and telephone number are removed.</li>
        {hasMembership ? <li>Your membership is cancelled straight away and you won't be charged again.</li> : null}
        <li>You are signed out on every device.</li>
        <li>This cannot be undone.</li>
      </ul>
      <Field
        label={`Type ${CONFIRM_WORD} to confirm`}
        name="confirm"
        autoComplete="off"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={error}
      />
      <Button type="submit" variant="danger" busy={busy} disabled={!confirmed}>
        Delete my account
      </Button>
    </form>
  );
}
