// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/api.client', () => ({ api: { call: vi.fn() } }));
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
