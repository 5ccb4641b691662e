import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';

/**
 * Issue 7 role matrix: every role of spec §6 (and a plain learner, and a signed-out caller)
 * against every staff API call. Allowed calls answer 2xx (or a 404 for the made-up target),
 * refused ones 401 signed out and 403 with the wrong role — checked on the server, whatever
 * the web shows.
 */
const CALLERS = ['Superadmin', 'Admin', 'Director', 'Staff', 'Editor', 'Guest', 'learner', 'signed out'] as const;
type Caller = (typeof CALLERS)[number];

const STAFF: Caller[] = ['Superadmin', 'Admin', 'Director', 'Staff'];
const DIRECTOR: Caller[] = ['Superadmin', 'Admin', 'Director'];
const ADMIN: Caller[] = ['Superadmin', 'Admin'];

let t: TestApp;
const tokens = new Map<Caller, string>();
let target: Awaited<ReturnType<typeof createUserWithSession>>;

interface Call {
  name: string;
  allowed: Caller[];
  /** What an allowed caller gets; 200 unless the call targets something made up. */
  allowedStatus?: number;
  request: () => { method: 'GET' | 'PUT' | 'DELETE'; url: string; payload?: Record<string, unknown> };
}

const CALLS: Call[] = [
  { name: 'GET /api/staff/audit', allowed: STAFF, request: () => ({ method: 'GET', url: '/api/staff/audit' }) },
  { name: 'GET /api/staff/members', allowed: STAFF, request: () => ({ method: 'GET', url: '/api/staff/members?q=target' }) },
  {
    name: 'GET /api/staff/members/:idUser',
    allowed: STAFF,
    request: () => ({ method: 'GET', url: `/api/staff/members/${target.idUser}` }),
  },
  {
    name: 'DELETE /api/staff/members/:idUser/sessions/:idSession',
    allowed: STAFF,
    allowedStatus: 404,
    // A session id that is not the target's: allowed callers get the 404, refused ones never get that far.
    request: () => ({ method: 'DELETE', url: `/api/staff/members/${target.idUser}/sessions/999999` }),
  },
  {
    name: 'PUT /api/staff/members/:idUser/roles',
    allowed: ADMIN,
    request: () => ({ method: 'PUT', url: `/api/staff/members/${target.idUser}/roles`, payload: { roles: ['Guest'] } }),
  },
  ...(['page-loads', 'top-content', 'campaigns', 'signups', 'subscriptions', 'cancellations', 'helpdesk'] as const).map(
    (report): Call => ({
      name: `GET /api/staff/analytics/${report}`,
      allowed: DIRECTOR,
      request: () => ({ method: 'GET', url: `/api/staff/analytics/${report}?from=2026-01-01&to=2026-01-31` }),
    }),
  ),
  {
    name: 'GET /api/staff/analytics/:report?format=csv',
    allowed: DIRECTOR,
    request: () => ({ method: 'GET', url: '/api/staff/analytics/page-loads?format=csv' }),
  },
];

beforeAll(async () => {
  t = await createTestApp();
  target = await createUserWithSession(t.db, { email: 'target@example.com' });
  for (const caller of CALLERS) {
    if (caller === 'signed out') continue;
    const user = await createUserWithSession(t.db, { roles: caller === 'learner' ? [] : [caller] });
    tokens.set(caller, user.token);
  }
});
afterAll(async () => {
  await t.close();
});

describe.each(CALLS)('$name', (call) => {
  it.each(CALLERS)('as %s', async (caller) => {
    const token = tokens.get(caller);
    const res = await t.app.inject({ ...call.request(), headers: token ? bearer(token) : {} });
    if (call.allowed.includes(caller)) {
      expect(res.statusCode, res.body).toBe(call.allowedStatus ?? 200);
    } else {
      expect(res.statusCode, res.body).toBe(caller === 'signed out' ? 401 : 403);
    }
  });
});
