import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { UNREAD_POLL_MS } from '@fretline/contract';
import { api } from '../../lib/api.client';
import { isSignedIn, useRootData } from '../../lib/root-data';
import { usePoll } from '../../lib/use-poll';
import { UNREAD_CHANGED_EVENT } from './unread-changed';

/**
 * The header's unread badge (the unread poller, product.md#states; polled every 5 s, product.md#constants): runs only while signed
 * in, pauses on window blur, and on focus resumes at once. Refreshing the user on focus is the
 * app's own focus behaviour (`useWindowFocusRevalidate`), which every page has.
 */
export function UnreadBadge() {
  const { user } = useRootData();
  const signedIn = isSignedIn(user);
  const [count, setCount] = useState<number | null>(null);
  const [focused, setFocused] = useState(true);

  const refresh = useCallback(async () => {
    const data = await api.call('messages.unreadCount');
    setCount(data.count);
  }, []);

  useEffect(() => {
    if (!signedIn) return;
    refresh().catch(() => undefined);
    const onBlur = () => setFocused(false);
    const onFocus = () => {
      setFocused(true);
      refresh().catch(() => undefined);
    };
    const onChanged = () => {
      refresh().catch(() => undefined);
    };
    window.addEventListener('blur', onBlur);
    window.addEventListener('focus', onFocus);
    window.addEventListener(UNREAD_CHANGED_EVENT, onChanged);
    return () => {
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('focus', onFocus);
      window.removeEventListener(UNREAD_CHANGED_EVENT, onChanged);
    };
  }, [signedIn, refresh]);

  usePoll(refresh, UNREAD_POLL_MS, signedIn && focused);

  if (!signedIn) return null;
  const unread = count ?? 0;
  const label = unread > 0 ? `Messages, ${unread} unread` : 'Messages';
  return (
    <Link
      to="/messages"
      aria-label={label}
      title={label}
      data-testid="unread-badge"
      data-count={unread}
      className="relative inline-flex size-11 items-center justify-center rounded-full text-ink-900 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8">
        <path
          strokeLinejoin="round"
          d="M4 6.5A1.5 1.5 0 0 1 5.5 5h13A1.5 1.5 0 0 1 20 6.5v9a1.5 1.5 0 0 1-1.5 1.5H10l-4 3v-3h-.5A1.5 1.5 0 0 1 4 15.5v-9Z"
        />
      </svg>
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute top-1 right-0.5 flex min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-[11px] leading-5 font-bold text-white ring-2 ring-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
