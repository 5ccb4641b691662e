import { useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { SUBSCRIPTION_POLL_MS, type Subscription } from '@fretline/contract';
import { Button } from '../../components/ui';
import { api } from '../../lib/api.client';
import { usePoll } from '../../lib/use-poll';

/** A subscription whose first payment is still under way (product.md#states). */
export const isWaitingForFirstPayment = (status: Subscription['subscription_status']) =>
  status === 'draft' || status === 'created' || status === 'initialised';

/** Checks at the spec's 1 s (product.md#states) for the first ten seconds, when a card payment settles. */
const FAST_POLLS = 10;
/** Then ever slower: a payment not settled by then waits on the bank, not on us. */
const SLOWEST_POLL_MS = 30_000;
/** About four minutes of checks; then the page stops and says so, and the member may check again. */
export const POLLS_BEFORE_PAUSING = 20;

/** The wait before the next check, given how many were made: 1 s ten times, then 2, 4, 8, 16, 30, 30… s. */
function pendingPaymentPollDelay(runs: number): number {
  if (runs < FAST_POLLS) return SUBSCRIPTION_POLL_MS;
  return Math.min(SLOWEST_POLL_MS, SUBSCRIPTION_POLL_MS * 2 ** (runs - FAST_POLLS + 1));
}

/**
 * The subscription page while the first payment is under way: it asks for the subscription alone
 * (one call, not the page's every loader) until its status moves on, then reloads the page's data
 * once. It slows down, and after POLLS_BEFORE_PAUSING checks it stops with a way to check again.
 */
export function PaymentConfirming({ idSubscription }: { idSubscription: number }) {
  const revalidator = useRevalidator();
  const runs = useRef(0);
  const [paused, setPaused] = useState(false);

  usePoll(
    async (signal) => {
      runs.current += 1;
      try {
        const { subscription } = await api.call('finance.getSubscription', {
          params: { id: idSubscription },
          cancelKey: false,
          signal,
        });
        if (!signal.aborted && !isWaitingForFirstPayment(subscription.subscription_status)) await revalidator.revalidate();
      } finally {
        if (!signal.aborted && runs.current >= POLLS_BEFORE_PAUSING) setPaused(true);
      }
    },
    pendingPaymentPollDelay,
    !paused,
  );

  if (paused) {
    return (
      <div role="status" className="mt-5 rounded-xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
        <p>Your payment is taking longer than usual. We will e-mail you as soon as it goes through.</p>
        <Button
          variant="ghost"
          size="sm"
          className="mt-2 -ml-4"
          onClick={() => {
            runs.current = 0;
            setPaused(false);
          }}
        >
          Check again
        </Button>
      </div>
    );
  }
  return (
    <p role="status" className="mt-5 rounded-xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
      We're confirming your first payment. This page updates by itself.
    </p>
  );
}
