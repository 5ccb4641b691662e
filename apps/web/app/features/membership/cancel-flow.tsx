import { useState } from 'react';
import { formatDate, type Subscription } from '@fretline/contract';
import { Button, Card, Field, LinkButton } from '../../components/ui';
import { api } from '../../lib/api.client';
import { errorMessage } from '../../lib/api-client';

/** Cancelling: the product's question, a confirm step, then the result (ADR 0020). */
export function CancelFlow({ subscription, question }: { subscription: Subscription; question: string }) {
  const [answer, setAnswer] = useState('');
  const [step, setStep] = useState<'ask' | 'confirm' | 'done'>(subscription.subscription_status === 'cancelled' ? 'done' : 'ask');
  const [result, setResult] = useState<Subscription>(subscription);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const back = `/me/subscriptions/${subscription.id_subscription}`;

  async function confirm() {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      const data = await api.call('finance.cancelSubscription', {
        params: { id: subscription.id_subscription },
        body: { subscription_product_cancellation_question: answer.trim() },
      });
      setResult(data.subscription);
      setStep('done');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  }

  if (step === 'done') {
    const end = result.subscription_current_period_end;
    return (
      <Card data-testid="cancel-result" aria-live="polite">
        <h2 className="text-xl font-bold">Your membership is cancelled</h2>
        <p className="mt-2 text-stone-700">
          {end && end > new Date()
            ? `You won't be charged again, and you keep access until ${formatDate(end, 'long')}.`
            : "You won't be charged again."}{' '}
          We've e-mailed you a confirmation.
        </p>
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          <LinkButton to={back}>Back to your subscription</LinkButton>
          <LinkButton to="/membership" variant="secondary">
            Membership
          </LinkButton>
        </div>
      </Card>
    );
  }

  if (step === 'confirm') {
    return (
      <Card>
        <h2 className="text-xl font-bold">Are you sure?</h2>
        <p className="mt-2 text-stone-700">
          Your {result.subscription_plan_name} plan stops renewing. Premium lessons lock when your current period ends.
        </p>
        {error ? (
          <p role="alert" className="mt-3 rounded-xl bg-red-50 px-4 py-2 text-sm font-semibold text-red-800">
            {error}
          </p>
        ) : null}
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          <Button variant="danger" busy={pending} onClick={() => void confirm()}>
            Yes, cancel my membership
          </Button>
          <Button variant="secondary" disabled={pending} onClick={() => setStep('ask')}>
            Go back
          </Button>
        </div>
      </Card>
    );
  }

  return (
    <Card>
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!answer.trim()) {
            setError('Please tell us why you are cancelling.');
            return;
          }
          setError(null);
          setStep('confirm');
        }}
        noValidate
      >
        <Field
          multiline
          label={question}
          name="subscription_product_cancellation_question"
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
          maxLength={2000}
          required
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
