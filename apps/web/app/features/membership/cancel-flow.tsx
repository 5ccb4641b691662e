import { useState } from 'react';
import {
  CANCELLATION_REASON_LABELS,
  CANCELLATION_REASONS,
  formatDate,
  type CancellationReason,
  type KeepOptions,
  type Subscription,
} from '@fretline/contract';
import { Button, Card, cx, Field, LinkButton } from '../../components/ui';
import { api } from '../../lib/api.client';
import { errorMessage } from '../../lib/api-client';
import { PauseLengthPicker } from './pause-panel';

type Step = 'ask' | 'keep' | 'confirm' | 'done' | 'paused' | 'saved';

/**
 * Cancelling (ADR 0020; product.md#keeping-members): a reason from the short list and the product's
 * question, then a pause or the retention offer instead, a confirm step, then the result.
 */
export function CancelFlow({
  subscription,
  question,
  keepOptions,
}: {
  subscription: Subscription;
  question: string;
  keepOptions: KeepOptions | null;
}) {
  const [reason, setReason] = useState<CancellationReason | null>(null);
  const [answer, setAnswer] = useState('');
  const [step, setStep] = useState<Step>(subscription.subscription_status === 'cancelled' ? 'done' : 'ask');
  const [result, setResult] = useState<Subscription>(subscription);
  const [months, setMonths] = useState(1);
  const [pending, setPending] = useState<null | 'cancel' | 'pause' | 'offer'>(null);
  const [error, setError] = useState<string | null>(null);
  const back = `/me/subscriptions/${subscription.id_subscription}`;
  const choices = keepOptions?.pause_choices ?? [];
  const offer = keepOptions?.retention_offer ?? null;
  const canKeep = choices.length > 0 || offer !== null;

  async function run(kind: 'cancel' | 'pause' | 'offer', next: Step) {
    if (pending) return;
    setPending(kind);
    setError(null);
    try {
      const params = { id: subscription.id_subscription };
      const data =
        kind === 'cancel'
          ? await api.call('finance.cancelSubscription', {
              params,
              body: {
                subscription_product_cancellation_question: answer.trim() || CANCELLATION_REASON_LABELS[reason ?? 'other'],
                ...(reason ? { cancellation_reason: reason } : {}),
              },
            })
          : kind === 'pause'
            ? await api.call('finance.pauseSubscription', { params, body: { pause_months: months } })
            : await api.call('finance.takeRetentionOffer', { params });
      setResult(data.subscription);
      setStep(next);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(null);
    }
  }

  const alert = error ? (
    <p role="alert" className="mt-3 rounded-xl bg-red-50 px-4 py-2 text-sm font-semibold text-red-800">
      {error}
    </p>
  ) : null;

  if (step === 'done' || step === 'paused' || step === 'saved') {
    const end = result.subscription_current_period_end;
    return (
      <Card data-testid="cancel-result" aria-live="polite">
        {step === 'done' ? (
          <>
            <h2 className="text-xl font-bold">Your membership is cancelled</h2>
            <p className="mt-2 text-stone-700">
              {end && end > new Date()
                ? `You won't be charged again, and you keep access until ${formatDate(end, 'long')}.`
                : "You won't be charged again."}{' '}
              We've e-mailed you a confirmation.
            </p>
          </>
        ) : step === 'paused' ? (
          <>
            <h2 className="text-xl font-bold">Your membership is paused</h2>
            <p className="mt-2 text-stone-700">
              {result.subscription_paused_from && result.subscription_paused_until
                ? `You keep access until ${formatDate(result.subscription_paused_from, 'long')}. Nothing is charged until ${formatDate(result.subscription_paused_until, 'long')}, when your membership picks up again by itself.`
                : 'Nothing is charged while it is paused.'}{' '}
              You can resume early from your subscription page.
            </p>
          </>
        ) : (
          <>
            <h2 className="text-xl font-bold">Thanks for staying</h2>
            <p className="mt-2 text-stone-700">
              {offer
                ? `Your next ${offer.months === 1 ? 'payment is' : `${offer.months} payments are`} ${offer.percent_off}% off. Nothing else changes.`
                : 'Your discount is on. Nothing else changes.'}
            </p>
          </>
        )}
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          <LinkButton to={back}>Back to your subscription</LinkButton>
          <LinkButton to={step === 'done' ? '/membership' : '/courses'} variant="secondary">
            {step === 'done' ? 'Membership' : 'Carry on learning'}
          </LinkButton>
        </div>
      </Card>
    );
  }

  if (step === 'keep') {
    return (
      <div className="space-y-4">
        <h2 className="text-xl font-bold">Before you go</h2>
        {choices.length ? (
          <Card as="section" aria-labelledby="pause-heading">
            <h3 id="pause-heading" className="text-lg font-bold">
              Take a break instead
            </h3>
            <p className="mt-1 text-stone-700">
              Pause your membership: you keep access until {formatDate(choices[0]!.paused_from, 'long')}, then nothing is charged
              until the pause ends.
            </p>
            <PauseLengthPicker choices={choices} months={months} onChange={setMonths} disabled={pending !== null} />
            <div className="mt-4">
              <Button busy={pending === 'pause'} disabled={pending !== null} onClick={() => void run('pause', 'paused')}>
                Pause for {months} month{months === 1 ? '' : 's'}
              </Button>
            </div>
          </Card>
        ) : null}
        {offer ? (
          <Card as="section" aria-labelledby="offer-heading" className="border-brand-200 bg-brand-50">
            <h3 id="offer-heading" className="text-lg font-bold">
              {offer.percent_off}% off your next {offer.months === 1 ? 'month' : `${offer.months} months`}
            </h3>
            <p className="mt-1 text-stone-700">Stay a member and pay less while you decide. A one-time offer.</p>
            <div className="mt-4">
              <Button
                variant="secondary"
                busy={pending === 'offer'}
                disabled={pending !== null}
                onClick={() => void run('offer', 'saved')}
              >
                Take the offer
              </Button>
            </div>
          </Card>
        ) : null}
        {alert}
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button variant="ghost" disabled={pending !== null} onClick={() => setStep('confirm')}>
            No thanks, continue cancelling
          </Button>
        </div>
      </div>
    );
  }

  if (step === 'confirm') {
    return (
      <Card>
        <h2 className="text-xl font-bold">Are you sure?</h2>
        <p className="mt-2 text-stone-700">
          Your {result.subscription_plan_name} plan stops renewing. Premium lessons lock when your current period ends.
        </p>
        {alert}
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          <Button variant="danger" busy={pending === 'cancel'} onClick={() => void run('cancel', 'done')}>
            Yes, cancel my membership
          </Button>
          <Button variant="secondary" disabled={pending !== null} onClick={() => setStep(canKeep ? 'keep' : 'ask')}>
            Go back
          </Button>
        </div>
      </Card>
    );
  }

  return (
    <Card>
      <form
        className="space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          // The product's question keeps its rule: an answer is needed, picked from the list or written.
          if ((!reason || reason === 'other') && !answer.trim()) {
            setError('Please tell us why you are cancelling.');
            return;
          }
          setError(null);
          setStep(canKeep ? 'keep' : 'confirm');
        }}
        noValidate
      >
        <fieldset>
          <legend className="font-semibold text-ink-900">Why are you leaving?</legend>
          <div className="mt-3 space-y-2">
            {CANCELLATION_REASONS.map((r) => (
              <label
                key={r}
                className={cx(
                  'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-4 py-2 transition-colors',
                  reason === r ? 'border-brand-600 bg-brand-50' : 'border-stone-200 hover:border-stone-300',
                )}
              >
                <input
                  type="radio"
                  name="cancellation_reason"
                  value={r}
                  checked={reason === r}
                  onChange={() => setReason(r)}
                  className="size-4 accent-brand-700"
                />
                <span>{CANCELLATION_REASON_LABELS[r]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <Field
          multiline
          label={question}
          name="subscription_product_cancellation_question"
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
          maxLength={2000}
          required={!reason || reason === 'other'}
          error={error ?? undefined}
        />
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button type="submit">Continue</Button>
          <LinkButton to={back} variant="secondary">
            Keep my membership
          </LinkButton>
        </div>
      </form>
    </Card>
  );
}
