// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type ApiTestServer } from '../../../test/api-server';
import { renderPages } from '../../../test/page-router';
import { recordAction } from '../../lib/analytics';
import { ACCEPT_ALL, allowConsentCategory, refreshConsent, REJECT_NON_ESSENTIAL } from '../../lib/consent';
import { readConsent } from '../../lib/consent.server';
import { ConsentBanner } from './consent-banner';

// The banner against the real API (ADR 0054): the visitor's answer lives in the consent cookies,
// which the web server reads on the next page load, and decides whether the analytics actions
// held until then reach the API.
let server: ApiTestServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.clearCookies();
  refreshConsent();
});
afterEach(cleanup);

/** A page under the app's root route, whose loader reads the consent from the request's cookies. */
const rootModule = {
  loader: ({ request }: { request: Request }) => ({ consent: readConsent(request) }),
  default: () => (
    <>
      <h1>A page</h1>
      <ConsentBanner />
    </>
  ),
};

const show = () => renderPages(server, [{ path: '/', id: 'root', module: rootModule }], '/');

const sentPaths = async () =>
  (await server.recordedActions()).flatMap((a) => a.values.filter((v) => v.key === 'path').map((v) => v.value));

describe('the cookie consent banner', () => {
  it('holds analytics until the visitor accepts, then sends them, and the next page load reads the answer', async () => {
    show();
    expect(await screen.findByTestId('consent-banner')).toBeTruthy();
    recordAction('not_found', { path: '/held-until-accepted' });

    fireEvent.click(screen.getByRole('button', { name: 'Accept all' }));

    await waitFor(() => expect(screen.queryByTestId('consent-banner')).toBeNull());
    await waitFor(async () => expect(await sentPaths()).toContain('/held-until-accepted'));
    expect(readConsent(server.pageRequest('/'))).toEqual(ACCEPT_ALL);
  });

  it('drops the held analytics when the visitor rejects, and sends only what comes after analytics is allowed', async () => {
    show();
    expect(await screen.findByTestId('consent-banner')).toBeTruthy();
    recordAction('not_found', { path: '/held-then-rejected' });

    fireEvent.click(screen.getByRole('button', { name: 'Reject non-essential' }));

    await waitFor(() => expect(screen.queryByTestId('consent-banner')).toBeNull());
    expect(readConsent(server.pageRequest('/'))).toEqual(REJECT_NON_ESSENTIAL);
    recordAction('not_found', { path: '/after-rejecting' });
    act(() => void allowConsentCategory('analytic'));
    recordAction('not_found', { path: '/after-allowing' });
    await waitFor(async () => expect(await sentPaths()).toContain('/after-allowing'));
    expect(await sentPaths()).not.toContain('/held-then-rejected');
    expect(await sentPaths()).not.toContain('/after-rejecting');
  });
});
