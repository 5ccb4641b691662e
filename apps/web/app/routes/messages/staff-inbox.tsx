import { useRef, useState } from 'react';
import { data, Form, Link, Outlet, useNavigate, useParams, useSearchParams } from 'react-router';
import { STAFF_INBOX_VIEWS, THREAD_PAGE_SIZE, THREAD_POLL_MS, type StaffInboxView } from '@fretline/contract';
import { Button, EmptyState, cx, inputClasses } from '../../components/ui';
import { INBOX_SHORTCUTS, useShortcuts } from '../../features/messages/inbox-shortcuts';
import { StaffThreadItem } from '../../features/messages/staff-inbox';
import { useThreadPages } from '../../features/messages/thread-pages';
import { api } from '../../lib/api.client';
import { usePoll } from '../../lib/use-poll';
import { ApiError } from '../../lib/api-client';
import { getServerApi } from '../../lib/api.server';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/staff-inbox';

/** The inbox's views (ADR 0060); "all" stays reachable by URL for the older links. */
const VIEWS: Array<{ value: StaffInboxView; label: string }> = [
  { value: 'unassigned', label: 'Unassigned' },
  { value: 'mine', label: 'Mine' },
  { value: 'open', label: 'All open' },
  { value: 'resolved', label: 'Resolved' },
];

function viewOf(params: URLSearchParams): StaffInboxView {
  // `status` is the older name of the same choice (open, resolved, all).
  const value = params.get('view') ?? params.get('status');
  return (STAFF_INBOX_VIEWS as readonly string[]).includes(value ?? '') ? (value as StaffInboxView) : 'open';
}

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const view = viewOf(params);
  const search = (params.get('q') ?? '').trim().slice(0, 200);
  try {
    const page = await getServerApi(request).call('messages.staffListThreads', {
      limit: THREAD_PAGE_SIZE,
      offset: 0,
      query: { view, ...(search ? { search } : {}) },
    });
    return { page, view, search };
  } catch (err) {
    // The API checks the Staff group (product.md#roles); an Editor in the console gets the 404 page.
    if (err instanceof ApiError && err.status === 403) throw data(null, { status: 404 });
    throw err;
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ title: 'Helpdesk inbox', description: 'Staff inbox.', path: '/staff/inbox', matches, noIndex: true });

const EMPTY_TEXT: Record<StaffInboxView, string> = {
  unassigned: 'Every open conversation has someone on it.',
  mine: 'Nothing is assigned to you. Pick one from Unassigned, or press a in a thread.',
  open: 'Every conversation has been dealt with.',
  resolved: 'No resolved conversations yet.',
  all: 'No conversations yet.',
};

export default function StaffInboxPage({ loaderData }: Route.ComponentProps) {
  const { view, search } = loaderData;
  const params = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const searchBox = useRef<HTMLInputElement>(null);
  const [help, setHelp] = useState(false);
  const list = useThreadPages({
    list: (request) => api.call('messages.staffListThreads', request),
    query: { view, ...(search ? { search } : {}) },
    initial: loaderData.page,
    pageSize: THREAD_PAGE_SIZE,
    name: 'staff-inbox',
  });
  const page = list.page;
  const [shownFor, setShownFor] = useState(loaderData.page);
  // A navigation (another view or search) brings new loader data: start from it.
  if (shownFor !== loaderData.page) {
    setShownFor(loaderData.page);
    list.reset(loaderData.page);
  }

  usePoll(list.refresh, THREAD_POLL_MS);

  const qs = searchParams.toString();
  const threadUrl = (id: number) => `/staff/inbox/${id}${qs ? `?${qs}` : ''}`;
  const step = (by: 1 | -1) => {
    const ids = page.threads.map((t) => t.id_thread);
    if (ids.length === 0) return;
    const at = ids.indexOf(Number(params.idThread));
    const next = at === -1 ? (by === 1 ? 0 : ids.length - 1) : Math.min(ids.length - 1, Math.max(0, at + by));
    void navigate(threadUrl(ids[next]!));
  };
  useShortcuts({
    j: () => step(1),
    k: () => step(-1),
    '/': () => searchBox.current?.focus(),
    '?': () => setHelp((h) => !h),
  });

  return (
    <div className="flex flex-col gap-6 xl:flex-row">
      <section className={cx('xl:w-80 xl:shrink-0 2xl:w-96', params.idThread && 'hidden xl:block')} aria-label="Helpdesk threads">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h1 className="text-2xl font-extrabold tracking-tight text-ink-900">Helpdesk inbox</h1>
          <button
            type="button"
            onClick={() => setHelp((h) => !h)}
            aria-expanded={help}
            className="hidden text-sm font-semibold whitespace-nowrap text-brand-700 sm:inline"
          >
            Keyboard shortcuts
          </button>
        </div>
        {help ? (
          <dl
            className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-xl border border-stone-200 bg-white p-3 text-sm"
            data-testid="shortcut-help"
          >
            {INBOX_SHORTCUTS.map(([key, what]) => (
              <div key={key} className="contents">
                <dt>
                  <kbd className="rounded border border-stone-300 bg-stone-50 px-1.5 font-mono text-xs">{key}</kbd>
                </dt>
                <dd className="text-stone-700">{what}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <Form method="get" action="/staff/inbox" role="search" className="mt-4 flex gap-2">
          <input type="hidden" name="view" value={view} />
          <label htmlFor="inbox-search" className="sr-only">
            Search conversations
          </label>
          <input
            ref={searchBox}
            id="inbox-search"
            name="q"
            type="search"
            defaultValue={search}
            key={search}
            placeholder="Search messages, names, addresses  ( / )"
            className={cx(inputClasses, 'py-2 text-sm')}
          />
          <Button type="submit" variant="secondary" size="sm">
            Search
          </Button>
        </Form>
        <nav
          aria-label="Views"
          className="mt-3 flex gap-1 rounded-full bg-stone-200/60 p-1 text-sm font-semibold xl:text-xs 2xl:text-sm"
        >
          {VIEWS.map((v) => (
            <Link
              key={v.value}
              to={`/staff/inbox?view=${v.value}${search ? `&q=${encodeURIComponent(search)}` : ''}`}
              aria-current={v.value === view ? 'page' : undefined}
              className="flex-1 rounded-full px-2 py-1.5 text-center whitespace-nowrap text-stone-600 aria-[current=page]:bg-white aria-[current=page]:text-ink-900 aria-[current=page]:shadow-sm"
            >
              {v.label}
            </Link>
          ))}
        </nav>
        {search ? (
          <p className="mt-3 text-sm text-stone-600" role="status">
            {page.total} {page.total === 1 ? 'conversation matches' : 'conversations match'} “{search}”.{' '}
            <Link to={`/staff/inbox?view=${view}`} className="font-semibold text-brand-700">
              Clear the search
            </Link>
          </p>
        ) : null}
        {page.threads.length ? (
          <ul className="mt-4 space-y-1" data-testid="staff-thread-list">
            {page.threads.map((t) => (
              <StaffThreadItem key={t.id_thread} thread={t} now={list.fetchedAt} to={threadUrl(t.id_thread)} />
            ))}
          </ul>
        ) : (
          <EmptyState title={search ? 'No matches' : 'Nothing here'} className="mt-4">
            {search ? 'No conversation in this view has those words. Try All open or Resolved.' : EMPTY_TEXT[view]}
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
            <div className="mb-3 flex items-center justify-between gap-3 xl:hidden">
              <Link to={`/staff/inbox${qs ? `?${qs}` : ''}`} className="text-sm font-semibold text-brand-700">
                ← All conversations
              </Link>
              <span className="hidden text-xs text-stone-500 sm:inline">
                <kbd className="font-mono">j</kbd> / <kbd className="font-mono">k</kbd> next and previous
              </span>
            </div>
            <Outlet context={{ refreshList: () => list.refresh().catch(() => undefined) }} />
          </>
        ) : (
          <div className="flex min-h-[60vh] items-center justify-center rounded-2xl border border-dashed border-stone-300 p-10 text-center text-stone-600">
            Choose a conversation to read and answer it, or press j.
          </div>
        )}
      </section>
    </div>
  );
}
