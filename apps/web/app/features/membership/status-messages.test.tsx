// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MEMBERSHIP_PRODUCT_SLUG, type PaymentMethod } from '@fretline/contract';
import { startApiServer, type ApiTestServer } from '../../../test/api-server';
import { api } from '../../lib/api.client';
import { AddressForm } from './address-form';
import { PaymentMethods } from './payment-methods';

// The subscription page's parts against the real API and its sandbox provider (ADR 0054).
let server: ApiTestServer;
let idSubscription: number;
let idParty: number;
let paymentMethods: PaymentMethod[];
beforeAll(async () => {
  server = await startApiServer({ seed: true });
  await server.signIn();
  const { subscription_product } = await api.call('finance.getProduct', { params: { slug: MEMBERSHIP_PRODUCT_SLUG } });
  const { subscription } = await api.call('finance.createSubscription', {
    body: {
      id_subscription_plan: subscription_product.subscription_plans[0]!.id_subscription_plan,
      stripe_payment_method_id: 'pm_card_visa',
      idempotency_key: crypto.randomUUID(),
    },
  });
  idSubscription = subscription.id_subscription;
  // The card the subscription pays with: it can be deleted once another card takes over.
  ({ payment_methods: paymentMethods } = await api.call('finance.listPaymentMethods', { params: { id: idSubscription } }));
  const { parties } = await api.call('finance.listParties');
  idParty = parties[0]!.id_party;
});
afterAll(() => server.close());

function SubscriptionParts() {
  return (
    <>
      <PaymentMethods idSubscription={idSubscription} initial={paymentMethods} provider="sandbox" publishableKey={null} canAdd />
      <AddressForm idParty={idParty} initial={null} />
    </>
  );
}

describe('status messages on the subscription page', () => {
  afterEach(cleanup);

  it('shows only the newest one: saving the address clears "Card added", adding a card clears "Address saved"', async () => {
    render(<SubscriptionParts />);
    fireEvent.click(screen.getByRole('button', { name: 'Add a card' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Card number/ }), { target: { value: '5555 5555 5555 4444' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Expiry/ }), { target: { value: '12/34' } });
    fireEvent.change(screen.getByRole('textbox', { name: /CVC/ }), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save card' }));
    await screen.findByText('Card added. Your next payment will use it.');

    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await screen.findByText('Address saved.');
    expect(screen.queryByText('Card added. Your next payment will use it.')).toBeNull();
    expect(screen.getAllByRole('status')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: /Delete Visa/ }));
    await screen.findByText('Card deleted.');
    await waitFor(() => expect(screen.queryByText('Address saved.')).toBeNull());
  });

  it('clears "Address saved." once the address is edited again', async () => {
    render(<AddressForm idParty={idParty} initial={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await screen.findByText('Address saved.');
    fireEvent.change(screen.getByRole('textbox', { name: /Postcode/ }), { target: { value: 'AB1 2CD' } });
    expect(screen.queryByText('Address saved.')).toBeNull();
  });
});
