// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLoaderData } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Subscription } from '@fretline/contract';
import { api } from '../../lib/api.client';
import { isWaitingForFirstPayment, PaymentConfirming, POLLS_BEFORE_PAUSING } from './payment-confirming';

// The pending subscription page's poll (product.md#states), counted at the API client: the
// subscription's status is the API's answer here; the page's loader stands for all of its calls.
let status: Subscription['subscription_status'];
let calls: string[];
const loader = vi.fn(() => ({ status }));

function Page() {
  const data = useLoaderData<typeof loader>();
  return isWaitingForFirstPayment(data.status) ? <PaymentConfirming idSubscription={7} /> : <p>Payment confirmed</p>;
}

async function renderPage() {
  const router = createMemoryRouter([{ path: '/', loader, element: <Page />, hydrateFallbackElement: <p>…</p> }]);
  render(<RouterProvider router={router} />);
  await act(() => vi.advanceTimersByTimeAsync(0));
}

/** Moves time a second at a time, each in its own act, so React commits between polls as a browser would. */
async function advance(ms: number) {
  for (let left = ms; left > 0; left -= 1_000) await act(() => vi.advanceTimersByTimeAsync(Math.min(1_000, left)));
}

beforeEach(() => {
  vi.useFakeTimers();
  status = 'created';
  calls = [];
  loader.mockClear();
  vi.spyOn(api, 'call').mockImplementation(async (name: string) => {
    calls.push(name);
    return { subscription: { id_subscription: 7, subscription_status: status } };
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('a subscription whose first payment is under way', () => {
  it('asks for the subscription alone, every 1 s at first, then less often, and stops with a way to check again', async () => {
    await renderPage();
    expect(loader).toHaveBeenCalledTimes(1);
    await advance(10_000);
    expect(calls).toEqual(Array.from({ length: 10 }, () => 'finance.getSubscription'));
    // The page's other data is not asked for again while nothing changed.
    expect(loader).toHaveBeenCalledTimes(1);
    await advance(30_000);
    expect(calls.length).toBeLessThan(15);

    await advance(600_000);
    expect(calls).toHaveLength(POLLS_BEFORE_PAUSING);
    expect(screen.getByText(/taking longer than usual/)).toBeTruthy();
    await advance(600_000);
    expect(calls).toHaveLength(POLLS_BEFORE_PAUSING);

    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await advance(1_000);
    expect(calls).toHaveLength(POLLS_BEFORE_PAUSING + 1);
    expect(screen.getByText(/confirming your first payment/)).toBeTruthy();
  });

  it('reloads the page once when the payment settles, and asks no more', async () => {
    await renderPage();
    await advance(3_000);
    status = 'active';
    await advance(1_000);
    expect(screen.getByText('Payment confirmed')).toBeTruthy();
    expect(loader).toHaveBeenCalledTimes(2);
    const asked = calls.length;
    await advance(60_000);
    expect(calls).toHaveLength(asked);
  });
});
