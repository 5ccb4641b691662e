// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_LIMIT_MAX, THREAD_PAGE_SIZE } from '@fretline/contract';
import { ApiError } from '../../lib/api-client';
import { joinPages, useThreadPages } from './thread-pages';

interface Row {
  id_thread: number;
  title: string;
}
const rows = (from: number, to: number, title = 'old'): Row[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ id_thread: from + i, title }));

// The list call is faked: it serves `server` (newest first) by limit and offset.
let server: Row[] = [];
const get = vi.fn((_path: string, opts: { limit: number; offset: number }) =>
  Promise.resolve({ threads: server.slice(opts.offset, opts.offset + opts.limit), total: server.length }),
);

/** The list as a page opens it: the first page of `server`, from the loader. */
const open = () =>
  renderHook(() =>
    useThreadPages({
      list: (request) => get('/messages/threads', request),
      query: {},
      initial: { threads: server.slice(0, THREAD_PAGE_SIZE), total: server.length },
      pageSize: THREAD_PAGE_SIZE,
      name: 'test',
    }),
  );

describe('thread list pages (product.md#constants: 35, +35 per load more, polled)', () => {
  beforeEach(() => {
    get.mockClear();
    server = rows(1, 120);
  });

  it('loads each further page by offset, past the API’s largest page', async () => {
    const { result } = open();
    for (let i = 0; i < 3; i++) await act(() => result.current.loadMore());
    expect(get.mock.calls.map(([, opts]) => [opts.limit, opts.offset])).toEqual([
      [35, 35],
      [35, 70],
      [35, 105],
    ]);
    expect(result.current.page.threads.map((t) => t.id_thread)).toEqual(server.map((t) => t.id_thread));
  });

  it('polls from the top for as much as is shown, at most the API’s largest page, keeping older pages', async () => {
    const { result } = open();
    for (let i = 0; i < 3; i++) await act(() => result.current.loadMore());
    // Thread 110 gets a new message and moves to the top; a new thread 121 arrives.
    server = [
      { id_thread: 121, title: 'new' },
      { id_thread: 110, title: 'updated' },
      ...server.filter((t) => t.id_thread !== 110),
    ];
    await act(() => result.current.refresh());
    expect(get.mock.lastCall?.[1]).toMatchObject({ limit: LIST_LIMIT_MAX, offset: 0 });
    const shown = result.current.page.threads;
    expect(shown.slice(0, 2)).toEqual([
      { id_thread: 121, title: 'new' },
      { id_thread: 110, title: 'updated' },
    ]);
    expect(shown).toHaveLength(121);
    expect(new Set(shown.map((t) => t.id_thread)).size).toBe(121);
    expect(result.current.page.total).toBe(121);
  });
});

describe('thread list pages that fail', () => {
  it('say why a page the reader asked for did not load, and keep what was shown', async () => {
    server = rows(1, 50);
    const { result } = open();
    get.mockRejectedValueOnce(new ApiError('Something went wrong, please try again or contact support.', 500));
    await act(() => result.current.loadMore());
    expect(result.current.error).toBe('Something went wrong, please try again or contact support.');
    expect(result.current.busy).toBe(false);
    expect(result.current.page.threads).toHaveLength(THREAD_PAGE_SIZE);
    await act(() => result.current.loadMore());
    expect(result.current.error).toBeNull();
    expect(result.current.page.threads).toHaveLength(50);
  });
});

describe('joinPages', () => {
  it('puts a fresh first page on top and drops the older copies of its threads', () => {
    expect(joinPages([{ id_thread: 3, title: 'new' }], rows(1, 4)).map((t) => [t.id_thread, t.title])).toEqual([
      [3, 'new'],
      [1, 'old'],
      [2, 'old'],
      [4, 'old'],
    ]);
  });

  it('appends a further page without the threads already shown', () => {
    expect(joinPages(rows(1, 3), rows(3, 5)).map((t) => t.id_thread)).toEqual([1, 2, 3, 4, 5]);
  });
});
