import { useState } from 'react';
import { formatPence, type CouponQuote } from '@fretline/contract';
import { Button, Field } from '../../components/ui';
import { api } from '../../lib/api.client';
import { errorMessage } from '../../lib/api-client';

/**
 * "Have a code?" on the checkout (product.md#coupons): the code is checked before paying and the
 * discounted price shown; the checkout sends the applied code with the subscription.
 */
export function CouponCode({
  idSubscriptionPlan,
  interval,
  applied,
  onApplied,
  disabled,
  error: outsideError,
}: {
  idSubscriptionPlan: number;
  interval: string;
  applied: CouponQuote | null;
  onApplied: (quote: CouponQuote | null) => void;
  disabled: boolean;
  /** An error about the code from the checkout itself (the code ran out meanwhile). */
  error: string | null;
}) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function apply() {
    if (checking) return;
    setChecking(true);
    setError(null);
    try {
      const { coupon_quote } = await api.call('finance.quoteCoupon', {
        body: { coupon_code: code, id_subscription_plan: idSubscriptionPlan },
      });
      onApplied(coupon_quote);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setChecking(false);
    }
  }

  if (applied) {
    return (
      <div
        className="rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900 ring-1 ring-emerald-200"
        data-testid="coupon-applied"
      >
        <p className="font-semibold">
          <span className="font-mono tracking-wide">{applied.coupon_code}</span>: {applied.coupon_description}
        </p>
        <p className="mt-1">
          <span className="sr-only">Price with the code: </span>
          <span className="text-base font-bold">{formatPence(applied.discounted_price)}</span>{' '}
          <s className="text-emerald-800/70">
            <span className="sr-only">instead of </span>
            {formatPence(applied.plan_price)}
          </s>{' '}
          for your first {interval}
        </p>
        {outsideError ? (
          <p role="alert" className="mt-2 font-semibold text-red-800">
            {outsideError}
          </p>
        ) : null}
        <button
          type="button"
          className="mt-2 min-h-11 font-semibold text-brand-700 underline disabled:opacity-50"
          disabled={disabled}
          onClick={() => {
            onApplied(null);
            setCode('');
          }}
        >
          Remove the code
        </button>
      </div>
    );
  }

  if (!open) {
    return (
      <button
        type="button"
        className="min-h-11 text-sm font-semibold text-brand-700 underline disabled:opacity-50"
        aria-expanded="false"
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        Have a code?
      </button>
    );
  }

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <div className="min-w-0 flex-1">
        <Field
          label="Your code"
          name="coupon_code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={(e) => {
            // Enter checks the code rather than submitting the card form.
            if (e.key === 'Enter') {
              e.preventDefault();
              void apply();
            }
          }}
          error={error ?? outsideError ?? undefined}
          disabled={disabled}
          autoFocus
        />
      </div>
      <Button
        type="button"
        variant="secondary"
        className="sm:mt-7"
        busy={checking}
        disabled={disabled || code.trim() === ''}
        onClick={() => void apply()}
      >
        Apply
      </Button>
    </div>
  );
}
