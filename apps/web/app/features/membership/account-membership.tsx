import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { membershipState, type MembershipState } from '@fretline/contract';
import { api } from '../../lib/api.client';
import { MembershipBadge } from './status-badge';

type Loaded = { state: MembershipState } | { failed: true } | null;

/**
 * The membership's state in the account menu (docs/product.md#subscriptions): read when the menu
 * opens, not on every page, so the header costs no request and no first-load script (ADR 0082).
 */
export default function AccountMembership({ eligibleForTrial }: { eligibleForTrial: boolean }) {
  const [loaded, setLoaded] = useState<Loaded>(null);

  useEffect(() => {
    let live = true;
    // Its own key: a page reading the subscriptions at the same moment must not cancel this read.
    api
      .call('finance.listSubscriptions', { cancelKey: false })
      .then((r) => live && setLoaded({ state: membershipState(r.subscriptions, new Date()) }))
      .catch(() => live && setLoaded({ failed: true }));
    return () => {
      live = false;
    };
  }, []);

  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-stone-100 px-3 py-2.5 text-sm" aria-live="polite">
      <span className="font-semibold text-ink-900">Membership:</span>
      {loaded === null ? (
        <span className="text-stone-600">Checking…</span>
      ) : 'failed' in loaded ? (
        <Link to="/me/subscriptions" className="font-semibold text-brand-700 underline">
          See your membership
        </Link>
      ) : loaded.state.kind === 'none' ? (
        <Link to="/membership" className="inline-flex min-h-10 items-center font-semibold text-brand-700 underline">
          {eligibleForTrial ? 'Start your free trial' : 'Join'}
        </Link>
      ) : (
        <MembershipBadge state={loaded.state} />
      )}
    </div>
  );
}
