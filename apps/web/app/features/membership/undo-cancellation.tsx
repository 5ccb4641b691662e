import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { formatDate } from '@fretline/contract';
import { Button } from '../../components/ui';
import { api } from '../../lib/api.client';
import { errorMessage } from '../../lib/api-client';

/**
 * "Undo cancellation" while a cancelled membership's access lasts (ADR 0082): the membership then
 * renews as if it had never been cancelled. Shown only for the cancelled state with access left
 * (subscriptionState); after that the API answers 409 and the page offers a new membership.
 */
export function UndoCancellation({ idSubscription, accessUntil }: { idSubscription: number; accessUntil: Date }) {
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function undo() {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      await api.call('finance.undoCancellation', { params: { id: idSubscription } });
      await revalidator.revalidate();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="mt-5 rounded-xl bg-stone-50 p-4" data-testid="undo-cancellation">
      <p className="text-stone-700">
        You keep access until {formatDate(accessUntil, 'long')}. Changed your mind? Undo the cancellation and your membership
        carries on as before.
      </p>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      <div className="mt-3">
        <Button busy={pending} onClick={() => void undo()}>
          Undo cancellation
        </Button>
      </div>
    </div>
  );
}
