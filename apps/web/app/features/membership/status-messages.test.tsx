// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddressForm } from './address-form';
import { PaymentMethods } from './payment-methods';

// The API is faked at the boundary.
vi.mock('../../lib/api.client', () => ({
  api: {
    post: (path: string) =>
      Promise.resolve(
        path.endsWith('/methods')
          ? {
              payment_method: {
                id_stripe_payment_method: 7,
                stripe_payment_method_id: 'pm_card_visa',
                stripe_payment_method_created: new Date('2026-11-25T10:00:00Z'),
                stripe_payment_method_brand: 'visa',
                stripe_payment_method_last4: '4242',
                stripe_payment_method_exp_month: 12,
                stripe_payment_method_exp_year: 2034,
              },
            }
          : {},
      ),
    delete: () => Promise.resolve({}),
  },
}));

function SubscriptionParts() {
  return (
    <>
      <PaymentMethods idSubscription={3} initial={[]} provider="sandbox" publishableKey={null} canAdd />
      <AddressForm idParty={5} initial={null} />
    </>
  );
}

describe('status messages on the subscription page', () => {
  afterEach(cleanup);

  it('shows only the newest one: saving the address clears "Card added", adding a card clears "Address saved"', async () => {
    render(<SubscriptionParts />);
    fireEvent.click(screen.getByRole('button', { name: 'Add a card' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Card number/ }), { target: { value: '4242 4242 4242 4242' } });
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
    render(<AddressForm idParty={5} initial={null} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await screen.findByText('Address saved.');
    fireEvent.change(screen.getByRole('textbox', { name: /Postcode/ }), { target: { value: 'AB1 2CD' } });
    expect(screen.queryByText('Address saved.')).toBeNull();
  });
});
