import { useRef, useState } from 'react';
import { LIST_LIMIT_MAX } from '@fretline/contract';
import { errorMessage, isCancelledError } from '../../lib/api-client';

export interface ThreadPage<T> {
  threads: T[];
  total: number;
}

type Keyed = { id_thread: number };

/** One request for a page of threads, as the list call takes it. */
export interface ThreadPageRequest<Q> {
  query: Q;
  limit: number;
  offset: number;
  cancelKey: string;
}

/**
 * The threads of `first`, then those of `then` that `first` does not hold. Both list updates are
 * this: a fresh first page over what was loaded (a thread with a new message moves up, older pages
 * stay), and a further page after it (the list may have shifted since, so it may repeat some).
 */
export function joinPages<T extends Keyed>(first: T[], then: T[]): T[] {
  const ids = new Set(first.map((t) => t.id_thread));
  return [...first, ...then.filter((t) => !ids.has(t.id_thread))];
}

/**
 * A thread list paged as product.md#constants says: a first page, "load more" adds the next page by offset, and
 * the poll refreshes from the top as much as was loaded (at most the API's largest page; older
 * pages keep what they showed). The poll and "load more" cancel only their own earlier calls; a
 * failed page the reader asked for is in `error`, a failed poll is left to the next one.
 */
export function useThreadPages<T extends Keyed, Q>(options: {
  /** The declared list call that answers one page (the member's threads, the staff inbox). */
  list: (request: ThreadPageRequest<Q>) => Promise<ThreadPage<T>>;
  query: Q;
  initial: ThreadPage<T>;
  pageSize: number;
  /** Names this list's calls, so a newer one cancels its own older call and no other list's. */
  name: string;
}) {
  const { list, query, pageSize, name } = options;
  const [page, setPage] = useState(options.initial);
  // When the list was last read: what "edited 3 minutes ago" counts from.
  const [fetchedAt, setFetchedAt] = useState(() => new Date());
  // An answer for a query the list no longer shows (a search or tab changed meanwhile) is dropped.
  const queryKey = JSON.stringify(query);
  const shownQuery = useRef(queryKey);
  shownQuery.current = queryKey;

  const fetch = async (limit: number, offset: number, kind: 'top' | 'more') => {
    const result = await list({ limit, offset, query, cancelKey: `${name} ${kind}` });
    if (shownQuery.current !== queryKey) return null;
    setFetchedAt(new Date());
    return result;
  };

  /** A page read elsewhere (the loader, for another tab) replaces the list. */
  const reset = (next: ThreadPage<T>) => {
    setPage(next);
    setFetchedAt(new Date());
  };

  /** The first page again (the poll): merged over what is shown. */
  const refresh = async () => {
    const fresh = await fetch(Math.min(Math.max(page.threads.length, pageSize), LIST_LIMIT_MAX), 0, 'top');
    if (fresh) setPage((current) => ({ threads: joinPages(fresh.threads, current.threads), total: fresh.total }));
  };

  // What the list is doing for the reader: loading a page they asked for, or why it failed.
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const asked = async (load: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await load();
    } catch (err) {
      if (!isCancelledError(err)) setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  /** The first page for a new query: replaces the list (and cancels a poll still asking the old one). */
  const restart = () =>
    asked(async () => {
      const first = await fetch(pageSize, 0, 'top');
      if (first) setPage(first);
    });

  const loadMore = () =>
    asked(async () => {
      const more = await fetch(pageSize, page.threads.length, 'more');
      if (more) setPage((current) => ({ threads: joinPages(current.threads, more.threads), total: more.total }));
    });

  return { page, fetchedAt, reset, refresh, restart, loadMore, busy, error };
}
