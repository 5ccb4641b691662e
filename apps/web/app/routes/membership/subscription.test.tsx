// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MEMBERSHIP_PRODUCT_SLUG, SUBSCRIPTION_POLL_MS, type Subscription } from '@fretline/contract';
import { startApiServer, type ApiTestServer } from '../../../test/api-server';
import { renderPages } from '../../../test/page-router';
import { api } from '../../lib/api.client';
import * as subscriptionPage from './subscription';
import * as cancelPage from './subscription-cancel';

// The subscription page and the cancel flow against the real API and its sandbox payment provider
// (ADR 0054).
let server: ApiTestServer;
beforeAll(async () => {
  server = await startApiServer({ seed: true });
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  server.signOut();
});

// Also how long a page's loaders may take on a loaded machine.
const POLLS = { timeout: 10 * SUBSCRIPTION_POLL_MS };

/** Signs a new user in and subscribes them with the sandbox's succeeding test card. */
async function join(): Promise<Subscription> {
  await server.signIn();
  const { subscription_product } = await api.call('finance.getProduct', { params: { slug: MEMBERSHIP_PRODUCT_SLUG } });
  const plan = subscription_product.subscription_plans[0]!;
  const { subscription } = await api.call('finance.createSubscription', {
    body: {
      id_subscription_plan: plan.id_subscription_plan,
      stripe_payment_method_id: 'pm_card_visa',
      idempotency_key: crypto.randomUUID(),
    },
  });
  return subscription;
}

function showSubscription(id: number) {
  return renderPages(
    server,
    [
      { path: '/me/subscriptions/:idSubscription', module: subscriptionPage },
      { path: '/me/subscriptions/:idSubscription/cancel', module: cancelPage },
    ],
    `/me/subscriptions/${id}`,
  );
}

describe('/me/subscriptions/:idSubscription', () => {
  it('says the first payment is being confirmed, then updates by itself (the 1-second poll) when it goes through', async () => {
    const subscription = await join();
    showSubscription(subscription.id_subscription);

    expect(await screen.findByText("We're confirming your first payment. This page updates by itself.")).toBeTruthy();
    expect(screen.getByTestId('subscription-status').textContent).not.toBe('Active');

    // The sandbox reports the payment through its job, as Stripe's webhook would.
    server.startJobs();
    await waitFor(() => expect(screen.getByTestId('subscription-status').textContent).toBe('Active'), POLLS);
    expect(screen.queryByText(/We're confirming your first payment/)).toBeNull();
    expect(screen.getByTestId('free-trial').textContent).toMatch(/^Free trial/);
  });

  it('cancels after the reason and a confirmation, then shows the subscription as cancelled with the reason', async () => {
    server.startJobs();
    const subscription = await join();
    await waitFor(async () => {
      const { subscription: now } = await api.call('finance.getSubscription', {
        cancelKey: false,
        params: { id: subscription.id_subscription },
      });
      expect(now.subscription_status).toBe('active');
    }, POLLS);
    showSubscription(subscription.id_subscription);

    fireEvent.click(await screen.findByRole('link', { name: 'Cancel subscription' }, POLLS));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }, POLLS));
    expect(await screen.findByText('Please tell us why you are cancelling.', {}, POLLS)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Taking a break over the summer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, cancel my membership' }, POLLS));

    const result = await screen.findByTestId('cancel-result', {}, POLLS);
    expect(result.textContent).toContain('Your membership is cancelled');
    expect(result.textContent).toMatch(/you keep access until/);

    fireEvent.click(screen.getByRole('link', { name: 'Back to your subscription' }));
    await waitFor(() => expect(screen.getByTestId('subscription-status').textContent).toBe('Cancelled'), POLLS);
    expect(screen.getByText('Taking a break over the summer')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Cancel subscription' })).toBeNull();
  });
});
