// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { usePageLoadActions, useReturnRouteMemory, useWindowFocusRevalidate } from './app-behaviour';
import { readBrowserCookie } from './cookies';

const recorded = vi.hoisted(() => [] as Array<{ name: string; values: Record<string, unknown>; purpose?: string }>);
vi.mock('./analytics', () => ({
  recordAction: (name: string, values: Record<string, unknown>, purpose?: string) => recorded.push({ name, values, purpose }),
}));

function Shell() {
  usePageLoadActions();
  useReturnRouteMemory();
  return <Outlet />;
}

function setup(initial: string) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        element: <Shell />,
        children: [
          { id: 'home', path: '/', element: <p>home</p> },
          { id: 'videos', path: '/videos', element: <p>videos</p> },
          { id: 'courses', path: '/courses', element: <p>courses</p> },
          { id: 'video', path: '/videos/:slug', element: <p>video</p> },
          { id: 'login', path: '/login', element: <p>login</p> },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('page behaviour hooks (product.md#pages)', () => {
  beforeEach(() => {
    recorded.length = 0;
    document.cookie = 'return=; Max-Age=0; Path=/';
  });

  it('records a page load per navigation, but not between the videos and courses lists', async () => {
    const router = setup('/');
    await act(() => router.navigate('/videos'));
    await act(() => router.navigate('/courses'));
    await act(() => router.navigate('/videos?tags=blues'));
    await act(() => router.navigate('/videos/intro'));
    expect(recorded.filter((r) => r.name === 'page_load').map((r) => r.values.path)).toEqual(['/', '/videos', '/videos/intro']);
  });

  it('records the tracked page load, with analytics consent alone, when the URL carries a campaign', async () => {
    setup('/courses?utm_campaign=spring&utm_source=newsletter');
    await act(async () => undefined);
    const tracked = recorded.find((r) => r.name === 'tracked_page_load');
    expect(tracked?.purpose ?? 'analytic').toBe('analytic');
    expect(tracked?.values).toMatchObject({ campaign: 'spring', source: 'newsletter' });
  });

  it('remembers the last page before /login as the return route', async () => {
    const router = setup('/videos/intro?course=lead-guitar-1');
    await act(() => router.navigate('/login'));
    expect(readBrowserCookie('return')).toBe('/videos/intro?course=lead-guitar-1');
  });
});

describe('window focus refreshes the user (product.md#states)', () => {
  function FocusShell() {
    useWindowFocusRevalidate();
    return <Outlet />;
  }

  // The listener is attached by a passive effect and a revalidation runs until its loader settles;
  // under load either can trail the rendered text, so the focus that should refresh is sent again
  // until it has (the clock is frozen, so repeats inside the gap can't count twice).
  async function focusUntilCalled(loader: ReturnType<typeof vi.fn>, times: number) {
    await vi.waitFor(
      async () => {
        await act(async () => void window.dispatchEvent(new Event('focus')));
        expect(loader).toHaveBeenCalledTimes(times);
      },
      { timeout: 5_000 },
    );
  }

  it('revalidates the loaders on focus, at most once in 5 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const loader = vi.fn(() => ({ user: 'me' }));
      const router = createMemoryRouter([
        { id: 'root', loader, element: <FocusShell />, children: [{ index: true, element: <p>page</p> }] },
      ]);
      render(<RouterProvider router={router} />);
      await screen.findByText('page');
      expect(loader).toHaveBeenCalledTimes(1);
      vi.setSystemTime(Date.now() + 10_000);
      await focusUntilCalled(loader, 2);
      await vi.waitFor(() => expect(router.state.revalidation).toBe('idle'));
      await act(async () => void window.dispatchEvent(new Event('focus')));
      expect(loader).toHaveBeenCalledTimes(2);
      vi.setSystemTime(Date.now() + 6_000);
      await focusUntilCalled(loader, 3);
    } finally {
      vi.useRealTimers();
    }
  });
});
