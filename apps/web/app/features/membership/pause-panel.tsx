import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { formatDate, type KeepOptions, type Subscription } from '@fretline/contract';
import { Button, Card, cx } from '../../components/ui';
import { api } from '../../lib/api.client';
import { errorMessage } from '../../lib/api-client';

/** One, two or three months, each with the date it would end (product.md#keeping-members). */
export function PauseLengthPicker({
  choices,
  months,
  onChange,
  disabled,
}: {
  choices: KeepOptions['pause_choices'];
  months: number;
  onChange: (months: number) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="mt-4 grid gap-3 sm:grid-cols-3" disabled={disabled}>
      <legend className="sr-only">How long to pause for</legend>
      {choices.map((c) => {
        const checked = c.pause_months === months;
        return (
          <label
            key={c.pause_months}
            className={cx(
              'flex cursor-pointer flex-col rounded-2xl border-2 bg-white p-3 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-brand-600',
              checked ? 'border-brand-600 shadow-sm' : 'border-stone-200 hover:border-stone-300',
            )}
          >
            <input
              type="radio"
              name="pause_months"
              className="sr-only"
              value={c.pause_months}
              checked={checked}
              onChange={() => onChange(c.pause_months)}
            />
            <span className="font-bold text-ink-900">
              {c.pause_months} month{c.pause_months === 1 ? '' : 's'}
            </span>
            <span className="text-sm text-stone-600">until {formatDate(c.paused_until, 'long')}</span>
          </label>
        );
      })}
    </fieldset>
  );
}

/**
 * The subscription page's pause (product.md#keeping-members): paused until when, with "Resume now";
 * or, for a monthly membership past its trial, a pause of one to three months.
 */
export function PausePanel({ subscription, keepOptions }: { subscription: Subscription; keepOptions: KeepOptions | null }) {
  const revalidator = useRevalidator();
  const [months, setMonths] = useState(1);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const until = subscription.subscription_paused_until ?? null;
  const from = subscription.subscription_paused_from ?? null;
  const paused = until !== null && until > new Date();
  const choices = keepOptions?.pause_choices ?? [];
  if (!paused && choices.length === 0) return null;

  async function act(kind: 'pause' | 'resume') {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      const params = { id: subscription.id_subscription };
      if (kind === 'pause') await api.call('finance.pauseSubscription', { params, body: { pause_months: months } });
      else await api.call('finance.resumeSubscription', { params });
      setOpen(false);
      await revalidator.revalidate();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  }

  const started = from !== null && from <= new Date();
  return (
    <Card as="section" aria-labelledby="pause-heading" data-testid="pause-panel">
      <h2 id="pause-heading" className="text-lg font-bold">
        {paused ? 'Your membership is paused' : 'Take a break'}
      </h2>
      {paused ? (
        <>
          <p className="mt-1 text-stone-700" data-testid="paused-until">
            {started
              ? `Premium lessons are locked and nothing is charged until ${formatDate(until, 'long')}, when your membership picks up again by itself.`
              : `You keep access until ${formatDate(from ?? until, 'long')}; then nothing is charged until ${formatDate(until, 'long')}.`}
          </p>
          <p className="mt-1 text-sm text-stone-600">
            {started
              ? 'Resuming now takes a payment today and opens everything again straight away.'
              : 'Calling the pause off now changes nothing else: your membership simply renews as usual.'}
          </p>
          <div className="mt-4">
            <Button variant="secondary" busy={pending} onClick={() => void act('resume')}>
              {started ? 'Resume now' : 'Call off the pause'}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="mt-1 text-stone-700">
            Busy or away? Pause for up to three months instead of cancelling: nothing is charged while it lasts.
          </p>
          {open ? (
            <>
              <PauseLengthPicker choices={choices} months={months} onChange={setMonths} disabled={pending} />
              <div className="mt-4 flex flex-col gap-3 sm:flex-row">
                <Button busy={pending} onClick={() => void act('pause')}>
                  Pause for {months} month{months === 1 ? '' : 's'}
                </Button>
                <Button variant="ghost" disabled={pending} onClick={() => setOpen(false)}>
                  Not now
                </Button>
              </div>
            </>
          ) : (
            <div className="mt-4">
              <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
                Pause my membership
              </Button>
            </div>
          )}
        </>
      )}
      {error ? (
        <p role="alert" className="mt-3 rounded-xl bg-red-50 px-4 py-2 text-sm font-semibold text-red-800">
          {error}
        </p>
      ) : null}
    </Card>
  );
}
