import { useRef, useState } from 'react';
import { formatDate, type PaymentMethod } from '@fretline/contract';
import { Button, Card } from '../../components/ui';
import { api } from '../../lib/api.client';
import { errorMessage } from '../../lib/api-client';
import { useStatusMessage } from '../../lib/status-message';
import { CardEntry, paymentErrorText, type CardEntryHandle } from './card-entry';

const brandName = (brand: string | null) => (brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card');

/**
 * Cards on a subscription, newest first (product.md#constants): add one (it becomes the card renewals use) or
 * delete an old one. A deletion error is kept apart from other errors (product.md#errors).
 */
export function PaymentMethods({
  idSubscription,
  initial,
  provider,
  publishableKey,
  canAdd,
}: {
  idSubscription: number;
  initial: PaymentMethod[];
  provider: 'sandbox' | 'stripe';
  publishableKey: string | null;
  canAdd: boolean;
}) {
  const [methods, setMethods] = useState(initial);
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const { message: notice, show: setNotice, announce } = useStatusMessage();
  const cardRef = useRef<CardEntryHandle>(null);

  async function add(event: React.FormEvent) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setAddError(null);
    setNotice(null);
    try {
      const paymentMethodId = await cardRef.current?.createPaymentMethod();
      if (!paymentMethodId) throw new Error('Please enter your card details.');
      const { payment_method } = await api.call('finance.addPaymentMethod', {
        params: { id: idSubscription },
        body: { stripe_payment_method_id: paymentMethodId },
      });
      setMethods((list) => [
        payment_method,
        ...list.filter((m) => m.id_stripe_payment_method !== payment_method.id_stripe_payment_method),
      ]);
      setAdding(false);
      setNotice('Card added. Your next payment will use it.');
    } catch (err) {
      setAddError(paymentErrorText(err));
      announce();
    } finally {
      setPending(false);
    }
  }

  async function remove(method: PaymentMethod) {
    setDeleting(method.id_stripe_payment_method);
    setDeleteError(null);
    setNotice(null);
    try {
      await api.call('finance.deletePaymentMethod', {
        params: { id: idSubscription, idMethod: method.id_stripe_payment_method },
      });
      setMethods((list) => list.filter((m) => m.id_stripe_payment_method !== method.id_stripe_payment_method));
      setNotice('Card deleted.');
    } catch (err) {
      setDeleteError(errorMessage(err));
      announce();
    } finally {
      setDeleting(null);
    }
  }

  return (
    <Card as="section" id="cards" aria-labelledby="cards-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="cards-heading" className="text-lg font-bold">
          Payment methods
        </h2>
        {canAdd && !adding ? (
          <Button size="sm" variant="secondary" onClick={() => setAdding(true)}>
            Add a card
          </Button>
        ) : null}
      </div>
      {notice ? (
        <p role="status" className="mt-3 rounded-xl bg-emerald-50 px-4 py-2 text-sm font-medium text-emerald-800">
          {notice}
        </p>
      ) : null}
      {deleteError ? (
        <p
          role="alert"
          className="mt-3 rounded-xl bg-red-50 px-4 py-2 text-sm font-semibold text-red-800"
          data-testid="delete-card-error"
        >
          {deleteError}
        </p>
      ) : null}
      {methods.length === 0 ? (
        <p className="mt-3 text-stone-600">No cards on this subscription.</p>
      ) : (
        <ul className="mt-3 divide-y divide-stone-200" data-testid="payment-methods">
          {methods.map((method, index) => (
            <li key={method.id_stripe_payment_method} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="font-semibold">
                  {brandName(method.stripe_payment_method_brand)} ending {method.stripe_payment_method_last4 ?? '····'}
                  {index === 0 && canAdd ? (
                    <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">In use</span>
                  ) : null}
                </p>
                <p className="text-sm text-stone-600">
                  {method.stripe_payment_method_exp_month && method.stripe_payment_method_exp_year
                    ? `Expires ${String(method.stripe_payment_method_exp_month).padStart(2, '0')}/${method.stripe_payment_method_exp_year} · `
                    : ''}
                  Added {formatDate(method.stripe_payment_method_created, 'long')}
                </p>
              </div>
              <Button
                size="sm"
                variant="ghost"
                busy={deleting === method.id_stripe_payment_method}
                onClick={() => void remove(method)}
                aria-label={`Delete ${brandName(method.stripe_payment_method_brand)} ending ${method.stripe_payment_method_last4 ?? ''}`}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      {adding ? (
        <form onSubmit={(e) => void add(e)} noValidate className="mt-4 space-y-4 rounded-2xl bg-stone-50 p-4">
          <CardEntry provider={provider} publishableKey={publishableKey} disabled={pending} handleRef={cardRef} />
          {addError ? (
            <p role="alert" className="rounded-xl bg-red-50 px-4 py-2 text-sm font-semibold text-red-800">
              {addError}
            </p>
          ) : null}
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button type="submit" busy={pending}>
              Save card
            </Button>
            <Button variant="ghost" onClick={() => setAdding(false)} disabled={pending}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
    </Card>
  );
}
