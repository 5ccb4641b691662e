// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_REPORTS } from '@fretline/contract';
import { startApiServer, type ApiTestServer } from '../../../test/api-server';
import { renderPages, type PageRoute } from '../../../test/page-router';
import { api } from '../../lib/api.client';
import { loader as rootLoader } from '../../root';
import * as analyticsPage from './analytics';
import * as memberPage from './member';
import * as membersPage from './members';

// The staff console's pages against the real API (ADR 0054): loaders and actions run as on the
// web server with the page's cookies, and the API checks each role group again.
let server: ApiTestServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  server.signOut();
});

describe('/staff/analytics', () => {
  it('shows every report for the dates asked, each with its total and its CSV link', async () => {
    await server.signIn({ roles: ['Director'] });
    renderPages(server, [{ path: '/staff/analytics', module: analyticsPage }], '/staff/analytics?from=2026-01-01&to=2026-01-31');

    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeTruthy();
    expect(screen.getByText('Days in UTC, 2026-01-01 to 2026-01-31.')).toBeTruthy();
    for (const name of ANALYTICS_REPORTS) {
      expect(screen.getByTestId(`total-${name}`).textContent).toMatch(/^\d+$/);
    }
    const csv = screen.getAllByRole('link', { name: /^CSV/ });
    expect(csv).toHaveLength(ANALYTICS_REPORTS.length);
    expect(csv[0]!.getAttribute('href')).toBe(
      `/api/staff/analytics/${ANALYTICS_REPORTS[0]}?from=2026-01-01&to=2026-01-31&format=csv`,
    );
  });

  it('shows a range the API refuses on the form, not as an error page', async () => {
    await server.signIn({ roles: ['Director'] });
    renderPages(server, [{ path: '/staff/analytics', module: analyticsPage }], '/staff/analytics?from=2026-02-01&to=2026-01-01');

    expect((await screen.findByRole('alert')).textContent).toBeTruthy();
    expect(screen.queryByTestId(`total-${ANALYTICS_REPORTS[0]}`)).toBeNull();
  });
});

/** The app's root route (its loader: the signed-in user, whose roles the member page reads), around the pages. */
const underRoot = (children: PageRoute[]): PageRoute[] => [
  { path: '/', id: 'root', module: { loader: rootLoader, default: () => <Outlet /> }, children },
];

describe('a member’s page', () => {
  it('finds a member by e-mail, and an admin changes their roles in place', async () => {
    const member = await server.createUser({ email: 'rosa.lee@example.com', firstName: 'Rosa', lastName: 'Lee' });
    await server.signIn({ roles: ['Admin'] });
    renderPages(
      server,
      underRoot([
        { path: 'staff/members', module: membersPage },
        { path: 'staff/members/:idUser', module: memberPage },
      ]),
      '/staff/members?q=rosa.lee',
    );

    fireEvent.click(await screen.findByRole('link', { name: /Rosa Lee/ }));
    const roles = await screen.findByRole('region', { name: 'Roles' });
    fireEvent.click(within(roles).getByRole('checkbox', { name: /^Editor/ }));
    fireEvent.click(within(roles).getByRole('button', { name: 'Save roles' }));

    await waitFor(() => expect(within(roles).getByRole('status').textContent).toBe('Roles saved.'));
    const { member: saved } = await api.call('staff.getMember', { cancelKey: false, params: { idUser: member.idUser } });
    expect(saved.roles).toEqual(['Editor']);
    const profile = screen.getByRole('region', { name: 'Profile' });
    await waitFor(() => expect(within(profile).getByText('Editor')).toBeTruthy());
  });

  it('does not offer roles to a Staff member who is not an admin', async () => {
    const member = await server.createUser();
    await server.signIn({ roles: ['Staff'] });
    renderPages(server, underRoot([{ path: 'staff/members/:idUser', module: memberPage }]), `/staff/members/${member.idUser}`);

    expect(await screen.findByRole('region', { name: 'Profile' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Roles' })).toBeNull();
  });
});
