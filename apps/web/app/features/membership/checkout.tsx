import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import {
  ANALYTICS_ACTIONS,
  formatPence,
  SUBSCRIPTION_POLL_MS,
  type CouponQuote,
  type Subscription,
  type SubscriptionPlan,
  type SubscriptionProductOffer,
} from '@fretline/contract';
import { Button, Card, LinkButton } from '../../components/ui';
import { api } from '../../lib/api.client';
import { ApiError } from '../../lib/api-client';
import { recordAction } from '../../lib/analytics';
import { usePoll } from '../../lib/use-poll';
import { CardEntry, paymentErrorText, type CardEntryHandle } from './card-entry';
import { CouponCode } from './coupon-code';

type Phase = { kind: 'form' } | { kind: 'processing'; subscription: Subscription } | { kind: 'done'; subscription: Subscription };

/** How long the page waits for the payment to go through before it suggests checking back. */
const POLL_GIVE_UP_MS = 90_000;

const newAttemptKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * The membership sign-up flow (ADR 0020, 0022): choose a plan (on the offer), enter a card, POST, then poll every
 * 1 s until the user has membership (product.md#states), then confirm and fire the conversion action (product.md#calls).
 * A payment error stops the flow, shows the error and re-enables the form (product.md#errors). The button is
 * disabled while a submit is in flight and every attempt carries one idempotency key (ADR 0022),
 * so a double click never buys twice.
 */
export function Checkout({
  product,
  plan,
  eligibleForTrial,
  back = null,
  onPurchaseStarted,
}: {
  product: SubscriptionProductOffer;
  plan: SubscriptionPlan;
  eligibleForTrial: boolean;
  /** The locked lesson the learner came from: once joined, they go straight back to it (ADR 0082). */
  back?: { to: string; label: string } | null;
  /** Called once a subscription is posted; the page keeps this checkout on screen from then on. */
  onPurchaseStarted?: () => void;
}) {
  const cardRef = useRef<CardEntryHandle>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [coupon, setCoupon] = useState<CouponQuote | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const attemptKey = useRef(newAttemptKey());
  const pollStarted = useRef(0);
  const revalidator = useRevalidator();
  // Fixed when the checkout opens: joining ends trial eligibility, but the confirmation still
  // describes the trial that was started.
  const [trial] = useState(eligibleForTrial && product.subscription_product_trial_days > 0);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    setCouponError(null);
    try {
      const paymentMethodId = await cardRef.current?.createPaymentMethod();
      if (!paymentMethodId) throw new Error('Please enter your card details.');
      const { subscription } = await api.call('finance.createSubscription', {
        body: {
          id_subscription_plan: plan.id_subscription_plan,
          stripe_payment_method_id: paymentMethodId,
          idempotency_key: attemptKey.current,
          ...(coupon ? { coupon_code: coupon.coupon_code } : {}),
        },
      });
      onPurchaseStarted?.();
      pollStarted.current = Date.now();
      setPhase({ kind: 'processing', subscription });
    } catch (err) {
      // The flow stops (product.md#errors), the error shows, the form works again (with a fresh attempt key).
      if (err instanceof ApiError && err.field === 'coupon_code') setCouponError(err.message);
      else setError(paymentErrorText(err));
      attemptKey.current = newAttemptKey();
      setPending(false);
    }
  }

  // Poll every 1 s until the user has membership (or the payment fails, or we give up; product.md#states).
  usePoll(
    async (signal) => {
      if (phase.kind !== 'processing') return;
      try {
        const [{ user }, { subscription }] = await Promise.all([
          api.call('auth.getMe', { cancelKey: false, signal }),
          api.call('finance.getSubscription', {
            params: { id: phase.subscription.id_subscription },
            cancelKey: false,
            signal,
          }),
        ]);
        if (user.has_aaa_membership) {
          recordAction(ANALYTICS_ACTIONS.subscriptionConversion, {
            product: product.subscription_product_slug,
            plan: plan.subscription_plan_name,
            value: (plan.subscription_plan_price / 100).toFixed(2),
            currency: 'GBP',
            trial,
          });
          setPhase({ kind: 'done', subscription });
          void revalidator.revalidate();
          return;
        }
        if (subscription.subscription_status === 'incomplete' || subscription.subscription_status === 'failed') {
          setError("Your payment didn't go through. Please check your card on your subscription page and try again.");
          setPhase({ kind: 'done', subscription });
          return;
        }
      } catch {
        // A missed poll is retried on the next tick (unless the poll has stopped meanwhile).
        if (signal.aborted) return;
      }
      if (Date.now() - pollStarted.current > POLL_GIVE_UP_MS) {
        setError('Your payment is taking longer than usual. We will e-mail you as soon as it goes through.');
      }
    },
    SUBSCRIPTION_POLL_MS,
    phase.kind === 'processing' && !error,
  );

  if (phase.kind === 'done' && !error) {
    return (
      <Confirmed
        productName={product.subscription_product_name ?? 'the membership'}
        idSubscription={phase.subscription.id_subscription}
        back={back}
      >
        {trial
          ? `Your ${product.subscription_product_trial_days}-day free trial has started. Every premium lesson is open to you now.`
          : 'Your membership is active. Every premium lesson is open to you now.'}
      </Confirmed>
    );
  }
  if (phase.kind !== 'form' && error) {
    return (
      <Card role="alert" className="border-red-200">
        <p className="font-semibold text-red-800">{error}</p>
        <p className="mt-3">
          <Link className="font-semibold text-brand-700 underline" to={`/me/subscriptions/${phase.subscription.id_subscription}`}>
            Go to your subscription
          </Link>
        </p>
      </Card>
    );
  }

  if (phase.kind === 'processing') {
    return (
      <Card className="text-center" aria-live="polite" data-testid="subscription-processing">
        <span
          aria-hidden="true"
          className="mx-auto block size-8 animate-spin rounded-full border-4 border-brand-600 border-t-transparent"
        />
        <h2 className="mt-4 text-xl font-bold">Confirming your payment…</h2>
        <p className="mt-1 text-stone-600">This usually takes a few seconds. Please keep this page open.</p>
      </Card>
    );
  }

  const price = coupon ? coupon.discounted_price : plan.subscription_plan_price;
  const full = formatPence(plan.subscription_plan_price);
  return (
    <Card as="section" aria-labelledby="checkout-heading">
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5">
        <div>
          <h2 id="checkout-heading" className="text-xl font-bold">
            Your card
          </h2>
          <p className="mt-1 text-sm text-stone-600">
            {trial
              ? coupon
                ? `Nothing to pay today. After your ${product.subscription_product_trial_days}-day free trial, ${formatPence(price)} for your first ${plan.subscription_plan_interval}, then ${full} a ${plan.subscription_plan_interval} (${coupon.coupon_description}). Cancel any time.`
                : `Nothing to pay today. After your ${product.subscription_product_trial_days}-day free trial, ${full} a ${plan.subscription_plan_interval}. Cancel any time.`
              : coupon
                ? `${formatPence(price)} today, then ${full} a ${plan.subscription_plan_interval} (${coupon.coupon_description}). Cancel any time.`
                : `${full} a ${plan.subscription_plan_interval}, starting today. Cancel any time.`}
          </p>
        </div>
        <CouponCode
          idSubscriptionPlan={plan.id_subscription_plan}
          interval={plan.subscription_plan_interval}
          applied={coupon}
          onApplied={(quote) => {
            setCoupon(quote);
            setCouponError(null);
          }}
          disabled={pending}
          error={couponError}
        />
        <CardEntry
          provider={product.payment_provider}
          publishableKey={product.stripe_publishable_key}
          disabled={pending}
          handleRef={cardRef}
        />
        {error ? (
          <p
            role="alert"
            className="rounded-xl bg-red-50 px-4 py-3 text-sm font-semibold text-red-800"
            data-testid="payment-error"
          >
            {error}
          </p>
        ) : null}
        <Button type="submit" size="lg" className="w-full" busy={pending}>
          {trial ? 'Start my free trial' : `Subscribe for ${formatPence(price)}`}
        </Button>
      </form>
    </Card>
  );
}

/** What the learner sees once joined, on their screen whatever its size (ADR 0082). */
function Confirmed({
  productName,
  idSubscription,
  back,
  children,
}: {
  productName: string;
  idSubscription: number;
  back: { to: string; label: string } | null;
  children: string;
}) {
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Back to the lesson that sold the trial, which shows this confirmation at its top; else this
    // card, scrolled into view (on a phone the offer's text above pushed it off screen).
    if (back) void navigate(back.to, { state: { joined: children } });
    else ref.current?.scrollIntoView({ block: 'center' });
  }, [back, children, navigate]);
  return (
    <div ref={ref} className="scroll-mt-20">
      <Card className="text-center" data-testid="subscription-confirmed" aria-live="polite">
        <p className="text-4xl" aria-hidden="true">
          🎸
        </p>
        <h2 className="mt-2 text-2xl font-extrabold tracking-tight">Welcome to {productName}!</h2>
        <p className="mt-2 text-stone-600">{children}</p>
        <div className="mt-5 flex flex-col justify-center gap-3">
          <LinkButton to={back?.to ?? '/courses'}>{back ? back.label : 'Start learning'}</LinkButton>
          <LinkButton to={`/me/subscriptions/${idSubscription}`} variant="secondary">
            Manage your membership
          </LinkButton>
        </div>
      </Card>
    </div>
  );
}
