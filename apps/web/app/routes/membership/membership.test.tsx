// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_POLL_MS } from '@fretline/contract';
import { startApiServer, type ApiTestServer } from '../../../test/api-server';
import { renderPages } from '../../../test/page-router';
import { api } from '../../lib/api.client';
import { setConsent } from '../../lib/consent';
import * as membershipPage from './membership';
import * as subscriptionPage from './subscription';

// The checkout against the real API and its sandbox payment provider (ADR 0054): the card form
// posts the subscription, the sandbox confirms it through a job a moment later, as Stripe's
// webhook would, and the page's 1-second poll is what notices.
let server: ApiTestServer;
beforeAll(async () => {
  server = await startApiServer({ seed: true });
  server.startJobs();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  server.signOut();
});

const POLLS = { timeout: 10 * SUBSCRIPTION_POLL_MS };

async function openCheckoutAndPay(cardNumber: string) {
  await server.signIn();
  renderPages(
    server,
    [
      { path: '/membership', module: membershipPage },
      { path: '/me/subscriptions/:idSubscription', module: subscriptionPage },
    ],
    '/membership',
  );
  fireEvent.change(await screen.findByLabelText(/Card number/), { target: { value: cardNumber } });
  fireEvent.change(screen.getByLabelText(/Expiry/), { target: { value: '12/40' } });
  fireEvent.change(screen.getByLabelText(/CVC/), { target: { value: '123' } });
  fireEvent.click(screen.getByRole('button', { name: /Start my free trial|Subscribe for/ }));
}

describe('/membership checkout', () => {
  it('confirms a card that succeeds once the 1-second poll sees the membership, and records the conversion once', async () => {
    setConsent({ analytic: true, marketing: true });
    await openCheckoutAndPay('4242 4242 4242 4242');

    expect(await screen.findByText('Confirming your payment…')).toBeTruthy();
    const welcome = await screen.findByTestId('subscription-confirmed', undefined, POLLS);
    expect(welcome.textContent).toMatch(/Welcome to .+!/);
    const me = await api.call('auth.getMe');
    expect(me.user.has_aaa_membership).toBe(true);
    await waitFor(async () =>
      expect((await server.recordedActions()).filter((a) => a.name === 'subscription_conversion')).toHaveLength(1),
    );

    // The page moves on to the new subscription.
    fireEvent.click(within(welcome).getByRole('link', { name: 'Manage your membership' }));
    expect(await screen.findByText('Started')).toBeTruthy();
    expect(screen.getByTestId('subscription-status').textContent).toBe('Active');
    expect(screen.getByTestId('free-trial').textContent).toMatch(/^Free trial/);
  });

  it('shows a declined card’s error once and lets the visitor try again', async () => {
    await openCheckoutAndPay('4000 0000 0000 0002');

    const error = await screen.findByTestId('payment-error');
    expect(error.textContent).toBe('Your card was declined.');
    expect(screen.getAllByText('Your card was declined.')).toHaveLength(1);
    expect(screen.queryByText('Confirming your payment…')).toBeNull();
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: /Start my free trial|Subscribe for/ }).disabled).toBe(false),
    );
  });

  it('sends a user whose subscription is still a draft to its page, as any subscription neither active nor cancelled', async () => {
    const user = await server.signIn();
    const idDraft = await server.createDraftSubscription(user.idUser);

    const answer = await membershipPage
      .loader({ request: server.pageRequest('/membership'), params: {}, context: {} } as never)
      .catch((thrown: unknown) => thrown);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get('location')).toBe(`/me/subscriptions/${idDraft}`);
  });
});
