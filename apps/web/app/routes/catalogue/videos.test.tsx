// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLoaderData } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VIDEO_FACETS, type VideoFacets } from '@fretline/contract';
import type { Route } from './+types/videos';
import Videos, { loader } from './videos';

// The list API is faked at the boundary; the page's own loader and component run as they are.
const facets = Object.fromEntries(VIDEO_FACETS.map((facet) => [facet, []])) as unknown as VideoFacets;
vi.mock('../../lib/api.server', () => ({
  getServerApi: () => ({ call: () => Promise.resolve({ videos: [], total: 0, facets }) }),
  refusedQuery: (err: unknown) => err,
}));
vi.mock('../../lib/analytics', () => ({ recordAction: () => undefined }));

function VideosPage() {
  const loaderData = useLoaderData<typeof loader>();
  return <Videos {...({ loaderData } as Route.ComponentProps)} />;
}

async function show(url: string) {
  const router = createMemoryRouter(
    [{ path: '/videos', loader: (args) => loader(args), Component: VideosPage, HydrateFallback: () => null }],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { name: 'Lessons and songs' });
  return router;
}

/** Longer than the search box's debounce, so a late push of the search term would have happened. */
const pastDebounce = () => act(() => new Promise((resolve) => setTimeout(resolve, 600)));

describe('/videos filters, chips and search box', () => {
  beforeEach(() => {
    // happy-dom does not know the HTML <search> element the filters sit in; React's warning about
    // that is expected here, and any other console.error still fails the test.
    const report = console.error;
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (String(args[0]).includes('is unrecognized in this browser') && args[1] === 'search') return;
      report(...args);
    });
  });
  afterEach(cleanup);

  it('shows the applied search term as a chip beside the facet chips', async () => {
    await show('/videos?genre=Blues&search=blues');
    const chips = within(screen.getByRole('list', { name: 'Active filters' }));
    expect(chips.getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['Genre: Blues', 'Search: "blues"']);
    expect(chips.getByRole('button', { name: 'Remove Search: "blues"' })).toBeTruthy();
  });

  it('removes only the search when its chip is removed, empties the box and keeps the other filters', async () => {
    const router = await show('/videos?genre=Blues&search=blues');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Search: "blues"' }));
    await waitFor(() => expect(router.state.location.search).toBe('?genre=Blues'));
    // The router's location changes before React renders the new URL into the box and the chips.
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe(''));
    expect(screen.queryByText('Search: "blues"')).toBeNull();
    await pastDebounce();
    expect(router.state.location.search).toBe('?genre=Blues');
  });

  it('hands the focus to the next chip, then to the search box when the last chip goes', async () => {
    const router = await show('/videos?genre=Blues&search=blues');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Genre: Blues' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=blues'));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Search: "blues"' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Search: "blues"' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(document.activeElement).toBe(screen.getByRole('searchbox'));
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
  });

  it('clears every filter with "Clear all" without the search bringing the old filters back', async () => {
    const router = await show('/videos?difficulty=Beginner&search=chord');
    fireEvent.click(screen.getByRole('link', { name: 'Clear all' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await pastDebounce();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('');
  });

  it('keeps a filter change made while the search was waiting to be sent', async () => {
    const router = await show('/videos?genre=Blues');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'blu' } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Genre: Blues' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await pastDebounce();
    expect(router.state.location.search).toBe('?search=blu');
  });

  it('puts the search of a navigation it did not make (a link, back) in the box', async () => {
    const router = await show('/videos?search=blues');
    await act(() => router.navigate('/videos?genre=Rock'));
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe(''));
    await pastDebounce();
    expect(router.state.location.search).toBe('?genre=Rock');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('blues'));
    expect(router.state.location.search).toBe('?search=blues');
  });
});
