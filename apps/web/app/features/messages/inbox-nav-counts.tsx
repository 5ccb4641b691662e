import { useEffect, useState } from 'react';
import { THREAD_POLL_MS, type StaffInboxCounts } from '@fretline/contract';
import { api } from '../../lib/api.client';
import { usePoll } from '../../lib/use-poll';
import { UNREAD_CHANGED_EVENT } from './unread-changed';

/**
 * The staff navigation's inbox counts (ADR 0060): conversations waiting for an answer, and those
 * assigned to the reader. Read after the page has loaded and polled like the inbox list, so the
 * console's pages never wait on it; a change made in this tab reloads them at once.
 */
export function InboxNavCounts() {
  const [counts, setCounts] = useState<StaffInboxCounts | null>(null);
  const load = async () => {
    const res = await api.call('messages.staffCounts', { cancelKey: 'staff-nav-counts' });
    setCounts(res.counts);
  };
  useEffect(() => {
    const reload = () => void load().catch(() => undefined);
    reload();
    // A reply or a status change in this tab moves the counts before the next poll.
    window.addEventListener(UNREAD_CHANGED_EVENT, reload);
    return () => window.removeEventListener(UNREAD_CHANGED_EVENT, reload);
  }, []);
  usePoll(load, THREAD_POLL_MS);
  if (!counts) return null;
  return (
    <span className="ml-2 inline-flex gap-1 align-middle" data-testid="inbox-nav-counts">
      {counts.unanswered > 0 ? (
        <span className="rounded-full bg-brand-700 px-1.5 text-xs font-bold text-white" title="Waiting for an answer">
          {counts.unanswered}
          <span className="sr-only"> unanswered</span>
        </span>
      ) : null}
      {counts.mine > 0 ? (
        <span className="rounded-full bg-white/15 px-1.5 text-xs font-bold text-white" title="Assigned to you">
          {counts.mine}
          <span className="sr-only"> assigned to you</span>
        </span>
      ) : null}
    </span>
  );
}
