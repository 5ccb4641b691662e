import { useEffect, useImperativeHandle, useState } from 'react';
import { SANDBOX_TEST_CARDS } from '@fretline/contract';
import { Field, Spinner } from '../../components/ui';
import { ApiError, errorMessage } from '../../lib/api-client';
import type { loadStripe as LoadStripe } from '@stripe/stripe-js';
import type * as StripeReact from '@stripe/react-stripe-js';

/**
 * The card form (ARCHITECTURE.md "payments", ADR 0023). Either way only a payment-method id leaves
 * the browser: the sandbox maps Stripe's test card numbers to their test ids here, and Stripe
 * Elements turns a real card into a PaymentMethod on Stripe's side. A raw card number is never
 * sent to our server.
 */
export interface CardEntryHandle {
  /** Resolves to a `pm_…` id; rejects with an Error whose message is for the user. */
  createPaymentMethod(): Promise<string>;
}

export interface CardEntryProps {
  provider: 'sandbox' | 'stripe';
  publishableKey: string | null;
  disabled?: boolean;
  handleRef: React.Ref<CardEntryHandle>;
}

export function CardEntry(props: CardEntryProps) {
  return props.provider === 'stripe' && props.publishableKey ? (
    <StripeCardEntry publishableKey={props.publishableKey} handleRef={props.handleRef} />
  ) : (
    <SandboxCardEntry disabled={props.disabled ?? false} handleRef={props.handleRef} />
  );
}

const digitsOnly = (value: string) => value.replace(/\D/g, '');

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/** Maps a test card to Stripe's test payment-method id, or explains what is wrong with the entry. */
export function sandboxPaymentMethodFor(
  number: string,
  expiry: string,
  cvc: string,
  now: Date = new Date(),
): { id: string } | { field: 'number' | 'expiry' | 'cvc'; message: string } {
  const digits = digitsOnly(number);
  // An empty field asks for what is missing; "incorrect" is for a number that was typed wrong.
  if (!digits) return { field: 'number', message: 'Enter your card number.' };
  if (!passesLuhn(digits)) return { field: 'number', message: 'Your card number is incorrect.' };
  if (!expiry.trim()) return { field: 'expiry', message: "Enter your card's expiry date." };
  // The expiry is read however it was typed: '12/30', '12 / 2030', or the four digits '1230'.
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim()) ?? /^(\d{2})(\d{2})$/.exec(expiry.trim());
  const month = match ? Number(match[1]) : 0;
  const year = match ? Number(match[2]!.length === 2 ? `20${match[2]}` : match[2]) : 0;
  if (!match || month < 1 || month > 12) return { field: 'expiry', message: "Your card's expiry date is incomplete." };
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    return { field: 'expiry', message: "Your card's expiry date is in the past." };
  }
  if (!cvc.trim()) return { field: 'cvc', message: "Enter your card's security code." };
  if (!/^\d{3,4}$/.test(cvc.trim())) return { field: 'cvc', message: "Your card's security code is incomplete." };
  const card = SANDBOX_TEST_CARDS.find((c) => c.number === digits);
  if (!card) {
    return { field: 'number', message: 'Payments are in test mode: please use a test card such as 4242 4242 4242 4242.' };
  }
  return { id: card.paymentMethodId };
}

const groupCardNumber = (value: string) =>
  digitsOnly(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

function SandboxCardEntry({ disabled, handleRef }: { disabled: boolean; handleRef: React.Ref<CardEntryHandle> }) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'number' | 'expiry' | 'cvc', string>>>({});

  useImperativeHandle(
    handleRef,
    () => ({
      createPaymentMethod: () => {
        const result = sandboxPaymentMethodFor(number, expiry, cvc);
        if ('id' in result) {
          setErrors({});
          return Promise.resolve(result.id);
        }
        setErrors({ [result.field]: result.message });
        return Promise.reject(new Error(result.message));
      },
    }),
    [number, expiry, cvc],
  );

  return (
    <div className="space-y-4">
      <Field
        label="Card number"
        name="cardnumber"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 1234 1234 1234"
        value={number}
        onChange={(e) => setNumber(groupCardNumber(e.target.value))}
        disabled={disabled}
        error={errors.number}
        required
      />
      <div className="grid grid-cols-2 gap-4">
        <Field
          label="Expiry (MM/YY)"
          name="cc-exp"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/YY"
          value={expiry}
          // Kept exactly as typed (no reformatting, so the caret never jumps); maxLength caps it.
          maxLength={9}
          onChange={(e) => setExpiry(e.target.value)}
          disabled={disabled}
          error={errors.expiry}
          required
        />
        <Field
          label="CVC"
          name="cvc"
          autoComplete="cc-csc"
          inputMode="numeric"
          placeholder="123"
          value={cvc}
          onChange={(e) => setCvc(digitsOnly(e.target.value).slice(0, 4))}
          disabled={disabled}
          error={errors.cvc}
          required
        />
      </div>
      <details className="rounded-xl bg-stone-50 px-4 py-3 text-sm text-stone-700">
        <summary className="cursor-pointer font-semibold">Test mode: no real card is charged</summary>
        <ul className="mt-2 space-y-1">
          {SANDBOX_TEST_CARDS.map((c) => (
            <li key={c.number}>
              <span className="font-mono">{c.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</span> — {c.outcome}
            </li>
          ))}
        </ul>
        <p className="mt-2">Use any future expiry date and any 3-digit CVC.</p>
      </details>
    </div>
  );
}

type StripeModules = {
  stripe: ReturnType<typeof LoadStripe>;
  react: typeof StripeReact;
};

/** Stripe Elements, loaded only when PAYMENTS=stripe so the sandbox never fetches Stripe's script. */
function StripeCardEntry({ publishableKey, handleRef }: { publishableKey: string; handleRef: React.Ref<CardEntryHandle> }) {
  const [modules, setModules] = useState<StripeModules | null>(null);
  useEffect(() => {
    let live = true;
    void Promise.all([import('@stripe/stripe-js'), import('@stripe/react-stripe-js')]).then(([js, react]) => {
      if (live) setModules({ stripe: js.loadStripe(publishableKey), react });
    });
    return () => {
      live = false;
    };
  }, [publishableKey]);
  if (!modules) return <Spinner label="Loading the secure card form" />;
  const { Elements } = modules.react;
  return (
    <Elements stripe={modules.stripe}>
      <StripeCardFields react={modules.react} handleRef={handleRef} />
    </Elements>
  );
}

function StripeCardFields({ react, handleRef }: { react: StripeModules['react']; handleRef: React.Ref<CardEntryHandle> }) {
  const stripe = react.useStripe();
  const elements = react.useElements();
  useImperativeHandle(
    handleRef,
    () => ({
      createPaymentMethod: async () => {
        const card = elements?.getElement(react.CardElement);
        if (!stripe || !card) throw new Error('The card form is still loading, please try again in a moment.');
        const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card });
        if (error || !paymentMethod)
          throw new Error(error?.message ?? 'Your card could not be used, please check it and try again.');
        return paymentMethod.id;
      },
    }),
    [stripe, elements, react],
  );
  return (
    <div className="space-y-1.5">
      <span className="block text-sm font-semibold text-ink-900">Card</span>
      <div className="rounded-xl border border-stone-300 bg-white px-3.5 py-3 shadow-sm">
        <react.CardElement options={{ hidePostalCode: false, style: { base: { fontSize: '16px' } } }} />
      </div>
    </div>
  );
}

/** The text to show for a failed card step: the card form's own message, else the API's (product.md#errors). */
export function paymentErrorText(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return err instanceof Error ? err.message : errorMessage(err);
}
