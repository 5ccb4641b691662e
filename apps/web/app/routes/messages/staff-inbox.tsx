import { useState } from 'react';
import { data, Link, Outlet, useParams, useSearchParams } from 'react-router';
import { THREAD_PAGE_SIZE, THREAD_POLL_MS } from '@fretline/contract';
import { Button, EmptyState, cx } from '../../components/ui';
import { StaffThreadItem } from '../../features/messages/staff-inbox';
import { useThreadPages } from '../../features/messages/thread-pages';
import { api } from '../../lib/api.client';
import { usePoll } from '../../lib/use-poll';
import { ApiError } from '../../lib/api-client';
import { getServerApi } from '../../lib/api.server';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/staff-inbox';

const STATUSES = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All' },
] as const;
type Status = (typeof STATUSES)[number]['value'];

function statusOf(value: string | null): Status {
  return STATUSES.some((s) => s.value === value) ? (value as Status) : 'open';
}

export async function loader({ request }: Route.LoaderArgs) {
  const status = statusOf(new URL(request.url).searchParams.get('status'));
  try {
    const page = await getServerApi(request).call('messages.staffListThreads', {
      limit: THREAD_PAGE_SIZE,
      offset: 0,
      query: { status },
    });
    return { page, status };
  } catch (err) {
    // The API checks the Staff group (product.md#roles); an Editor in the console gets the 404 page.
    if (err instanceof ApiError && err.status === 403) throw data(null, { status: 404 });
    throw err;
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ title: 'Helpdesk inbox', description: 'Staff inbox.', path: '/staff/inbox', matches, noIndex: true });

export default function StaffInboxPage({ loaderData }: Route.ComponentProps) {
  const { status } = loaderData;
  const params = useParams();
  const [searchParams] = useSearchParams();
  const list = useThreadPages({
    list: (request) => api.call('messages.staffListThreads', request),
    query: { status },
    initial: loaderData.page,
    pageSize: THREAD_PAGE_SIZE,
    name: 'staff-inbox',
  });
  const page = list.page;
  const [shownFor, setShownFor] = useState(loaderData.page);
  // A navigation (another status) brings new loader data: start from it.
  if (shownFor !== loaderData.page) {
    setShownFor(loaderData.page);
    list.reset(loaderData.page);
  }

  usePoll(list.refresh, THREAD_POLL_MS);

  const qs = searchParams.toString();
  return (
    <div className="flex flex-col gap-6 xl:flex-row">
      <section className={cx('xl:w-96 xl:shrink-0', params.idThread && 'hidden xl:block')} aria-label="Helpdesk threads">
        <h1 className="text-2xl font-extrabold tracking-tight text-ink-900">Helpdesk inbox</h1>
        <p className="mt-1 text-sm text-stone-600">Unanswered conversations first.</p>
        <nav aria-label="Status" className="mt-4 flex gap-1 rounded-full bg-stone-200/60 p-1 text-sm font-semibold">
          {STATUSES.map((s) => (
            <Link
              key={s.value}
              to={`/staff/inbox?status=${s.value}`}
              aria-current={s.value === status ? 'page' : undefined}
              className="flex-1 rounded-full px-3 py-1.5 text-center text-stone-600 aria-[current=page]:bg-white aria-[current=page]:text-ink-900 aria-[current=page]:shadow-sm"
            >
              {s.label}
            </Link>
          ))}
        </nav>
        {page.threads.length ? (
          <ul className="mt-4 space-y-1" data-testid="staff-thread-list">
            {page.threads.map((t) => (
              <StaffThreadItem
                key={t.id_thread}
                thread={t}
                now={list.fetchedAt}
                to={`/staff/inbox/${t.id_thread}${qs ? `?${qs}` : ''}`}
              />
            ))}
          </ul>
        ) : (
          <EmptyState title="Nothing here" className="mt-4">
            {status === 'open' ? 'Every conversation has been dealt with.' : 'No conversations in this list.'}
          </EmptyState>
        )}
        {list.error ? (
          <p role="alert" className="mt-3 text-center text-sm font-medium text-red-700">
            {list.error}
          </p>
        ) : null}
        {page.threads.length < page.total ? (
          <div className="py-4 text-center">
            <Button variant="secondary" size="sm" busy={list.busy} onClick={() => void list.loadMore()}>
              Load more
            </Button>
          </div>
        ) : null}
      </section>
      <section className={cx('min-w-0 flex-1', !params.idThread && 'hidden xl:block')}>
        {params.idThread ? (
          <>
            <Link
              to={`/staff/inbox${qs ? `?${qs}` : ''}`}
              className="mb-3 inline-block text-sm font-semibold text-brand-700 xl:hidden"
            >
              ← All conversations
            </Link>
            <Outlet context={{ refreshList: () => list.refresh().catch(() => undefined) }} />
          </>
        ) : (
          <div className="flex min-h-[60vh] items-center justify-center rounded-2xl border border-dashed border-stone-300 p-10 text-center text-stone-600">
            Choose a conversation to read and answer it.
          </div>
        )}
      </section>
    </div>
  );
}
