import { useEffect, useRef, useState } from 'react';
import { Outlet, useParams } from 'react-router';
import { THREAD_PAGE_SIZE, THREAD_POLL_MS, THREAD_SEARCH_DEBOUNCE_MS } from '@fretline/contract';
import type { CallData } from '@fretline/contract/api-schemas';
import { Button, Container, EmptyState, LinkButton, cx, inputClasses } from '../../components/ui';
import { ThreadListItem } from '../../features/messages/thread-list';
import { redirectToLogin } from '../../features/account/require-user.server';
import { useThreadPages } from '../../features/messages/thread-pages';
import { UNREAD_CHANGED_EVENT } from '../../features/messages/unread-changed';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { api } from '../../lib/api.client';
import { usePoll } from '../../lib/use-poll';
import { ApiError } from '../../lib/api-client';
import { getServerApi } from '../../lib/api.server';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/messages';

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const page = await getServerApi(request).call('messages.listThreads', { limit: THREAD_PAGE_SIZE, offset: 0 });
    return { page };
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401) throw err;
    // A signed-out visitor may only open one thread with its token (product.md#roles).
    if (params.idThread && params.token) return { page: null };
    // Signed out: after signing in they come back here (product.md#pages), e.g. from a staff-reply e-mail.
    throw redirectToLogin(request);
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'Messages',
    description: 'Your conversations with the Fretline team.',
    path: '/messages',
    matches,
    noIndex: true,
  });

/** 35 threads, +35 per "load more" (product.md#constants), polled every 5 s, search debounced 500 ms. */
function ThreadInbox({ initial }: { initial: CallData<'messages.listThreads'> }) {
  const params = useParams();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), THREAD_SEARCH_DEBOUNCE_MS);
  const list = useThreadPages({
    list: (request) => api.call('messages.listThreads', request),
    query: query ? { search: query } : {},
    initial,
    pageSize: THREAD_PAGE_SIZE,
    name: 'thread-list',
  });
  const threads = list.page.threads;

  // A new search starts again from the first page.
  const firstRun = useRef(true);
  useEffect(() => {
    if (firstRun.current) {
      firstRun.current = false;
      return;
    }
    void list.restart();
  }, [query]);

  usePoll(list.refresh, THREAD_POLL_MS);
  // A thread just read loses its unread mark now, not at the next poll.
  useEffect(() => {
    const onChanged = () => void list.refresh().catch(() => undefined);
    window.addEventListener(UNREAD_CHANGED_EVENT, onChanged);
    return () => window.removeEventListener(UNREAD_CHANGED_EVENT, onChanged);
  });

  return (
    <aside
      className={cx('flex min-h-0 flex-col lg:w-96 lg:shrink-0', params.idThread && 'hidden lg:flex')}
      aria-label="Conversations"
    >
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold tracking-tight text-ink-900">Messages</h1>
        <LinkButton to="/helpdesk" size="sm" variant="secondary">
          New message
        </LinkButton>
      </div>
      <label className="mt-4 block">
        <span className="sr-only">Search messages</span>
        <input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search messages"
          className={inputClasses}
        />
      </label>
      <div className="mt-3 min-h-0 flex-1 lg:overflow-y-auto">
        {threads.length ? (
          <ul className="space-y-1" data-testid="thread-list">
            {threads.map((t) => (
              <ThreadListItem key={t.id_thread} thread={t} to={`/messages/${t.id_thread}`} now={list.fetchedAt} />
            ))}
          </ul>
        ) : (
          <EmptyState title={query ? 'No conversations match' : 'No messages yet'} className="mt-4">
            {query ? 'Try another word.' : 'Questions about a lesson, your membership or anything else? Ask the team.'}
          </EmptyState>
        )}
        {list.error ? (
          <p role="alert" className="mt-3 text-center text-sm font-medium text-red-700">
            {list.error}
          </p>
        ) : null}
        {threads.length < list.page.total ? (
          <div className="py-4 text-center">
            <Button variant="secondary" size="sm" busy={list.busy} onClick={() => void list.loadMore()}>
              Load more
            </Button>
          </div>
        ) : null}
      </div>
    </aside>
  );
}

export default function MessagesPage({ loaderData }: Route.ComponentProps) {
  const params = useParams();
  const page = loaderData.page;
  return (
    <Container width="wide" className="py-6 sm:py-10">
      <div className="flex flex-col gap-6 lg:h-[calc(100dvh-12rem)] lg:min-h-[32rem] lg:flex-row">
        {page ? <ThreadInbox initial={page} /> : null}
        <section className={cx('min-h-0 min-w-0 flex-1', !params.idThread && 'hidden lg:flex')}>
          {params.idThread ? (
            <Outlet />
          ) : (
            <div className="flex flex-1 items-center justify-center rounded-2xl border border-dashed border-stone-300 bg-stone-50 p-10 text-center text-stone-600">
              Choose a conversation to read it.
            </div>
          )}
        </section>
      </div>
    </Container>
  );
}
