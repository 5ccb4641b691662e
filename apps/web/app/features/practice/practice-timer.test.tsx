// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

const { call } = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/api.client', () => ({ api: { call } }));
const { PracticeTimer } = await import('./practice-timer');

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const page = (practising: boolean) =>
  createMemoryRouter([{ path: '/', element: <PracticeTimer idVideo={7} practising={practising} /> }]);

describe('PracticeTimer (product.md#practice-log)', () => {
  it('starts when the lesson plays and pauses when it stops', async () => {
    const { rerender } = render(<RouterProvider router={page(false)} />);
    expect(await screen.findByRole('button', { name: 'Start practising' })).toBeTruthy();
    rerender(<RouterProvider router={page(true)} />);
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeTruthy();
    rerender(<RouterProvider router={page(false)} />);
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeTruthy();
  });
});

describe('PracticeTimer offline (ADR 0079)', () => {
  it('keeps practice logged without a connection and sends it once back online', async () => {
    const { ApiError } = await import('../../lib/api-client');
    call.mockRejectedValueOnce(new ApiError('No response from the server.', undefined));
    sessionStorage.setItem('fretline:practice-timer:7', JSON.stringify({ banked: 90, since: null }));
    render(<RouterProvider router={page(false)} />);
    (await screen.findByRole('button', { name: 'Stop and log' })).click();
    expect(await screen.findByText('Logged offline: it is sent when you are back online.')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('fretline:practice-unsent') ?? '[]')).toEqual([
      expect.objectContaining({ id_video: 7, seconds: 90 }),
    ]);

    call.mockResolvedValueOnce({});
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Your offline practice was logged.')).toBeTruthy();
    expect(call).toHaveBeenLastCalledWith('videos.logPracticeSession', {
      body: expect.objectContaining({ id_video: 7, seconds: 90 }),
      cancelKey: false,
    });
    expect(localStorage.getItem('fretline:practice-unsent')).toBeNull();
  });
});
