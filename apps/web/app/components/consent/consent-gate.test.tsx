// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setConsent } from '../../lib/consent';
import { ConsentGate, type ConsentGateProps } from './consent-gate';

function show(props: Omit<ConsentGateProps, 'children'>) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        element: (
          <ConsentGate {...props}>
            <div title="the embed" />
          </ConsentGate>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  return render(<RouterProvider router={router} />);
}

describe('ConsentGate (ADR 0005)', () => {
  beforeEach(() => {
    setConsent({});
  });
  afterEach(cleanup);

  it('shows a placeholder with the provider, its link and the settings link until the category is allowed', () => {
    show({ category: 'audio', provider: 'Spotify', externalUrl: 'https://open.spotify.com/track/abc', shape: 'panel' });
    expect(screen.queryByTitle('the embed')).toBeNull();
    expect(screen.getByText(/provided by Spotify, which sets its own cookies/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open on Spotify' }).getAttribute('href')).toBe('https://open.spotify.com/track/abc');
    expect(screen.getByRole('link', { name: 'Cookie settings' }).getAttribute('href')).toBe('/cookies');
  });

  it('renders the embed once the visitor presses allow, keeping their other choices', () => {
    setConsent({ analytic: true });
    show({ category: 'video', provider: 'YouTube', poster: '/media/poster.jpg' });
    expect(screen.getByTestId('consent-gate').querySelector('img')?.getAttribute('src')).toBe('/media/poster.jpg');
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Allow video cookies' }));
    });
    expect(screen.getByTitle('the embed')).toBeTruthy();
    expect(screen.queryByTestId('consent-gate')).toBeNull();
    expect(document.cookie).toContain('consent_video=true');
    expect(document.cookie).toContain('consent_analytic=true');
    expect(document.cookie).toContain('consent_audio=false');
  });

  it('renders the embed straight away when the category was allowed before', () => {
    setConsent({ audio: true });
    show({ category: 'audio', provider: 'Soundslice' });
    expect(screen.getByTitle('the embed')).toBeTruthy();
  });
});
