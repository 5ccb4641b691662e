import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';

/**
 * The role matrix of the staff console (ADR 0035): every role (product.md#roles) (and a plain learner, and a signed-out caller)
 * against every staff API call. Allowed calls answer 2xx (or a 404 for the made-up target),
 * refused ones 401 signed out and 403 with the wrong role — checked on the server, whatever
 * the web shows.
 */
const CALLERS = ['Superadmin', 'Admin', 'Director', 'Staff', 'Editor', 'Guest', 'learner', 'signed out'] as const;
type Caller = (typeof CALLERS)[number];

const STAFF: Caller[] = ['Superadmin', 'Admin', 'Director', 'Staff'];
const DIRECTOR: Caller[] = ['Superadmin', 'Admin', 'Director'];
const ADMIN: Caller[] = ['Superadmin', 'Admin'];
const EDITOR: Caller[] = ['Superadmin', 'Admin', 'Director', 'Editor'];

let t: TestApp;
const tokens = new Map<Caller, string>();
let target: Awaited<ReturnType<typeof createUserWithSession>>;

interface Call {
  name: string;
  allowed: Caller[];
  /** What an allowed caller gets; 200 unless the call targets something made up. */
  allowedStatus?: number;
  request: () => { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: Record<string, unknown> };
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
  // Content editing, videos (ADR 0037): made-up ids answer allowed callers 404, an empty body 400.
  {
    name: 'GET /api/videos/editor/videos',
    allowed: EDITOR,
    request: () => ({ method: 'GET', url: '/api/videos/editor/videos' }),
  },
  {
    name: 'GET /api/videos/editor/videos/options',
    allowed: EDITOR,
    request: () => ({ method: 'GET', url: '/api/videos/editor/videos/options' }),
  },
  {
    name: 'GET /api/videos/editor/videos/:idVideo',
    allowed: EDITOR,
    allowedStatus: 404,
    request: () => ({ method: 'GET', url: '/api/videos/editor/videos/999999' }),
  },
  {
    name: 'POST /api/videos/editor/videos',
    allowed: EDITOR,
    allowedStatus: 400,
    request: () => ({ method: 'POST', url: '/api/videos/editor/videos', payload: {} }),
  },
  {
    name: 'PUT /api/videos/editor/videos/:idVideo',
    allowed: EDITOR,
    allowedStatus: 404,
    request: () => ({
      method: 'PUT',
      url: '/api/videos/editor/videos/999999',
      payload: { video_title: 'Matrix', video_slug: 'matrix', video_category: 'Lesson' },
    }),
  },
  {
    name: 'PUT /api/videos/editor/videos/:idVideo/published',
    allowed: EDITOR,
    allowedStatus: 404,
    request: () => ({ method: 'PUT', url: '/api/videos/editor/videos/999999/published', payload: { video_published: true } }),
  },
  {
    name: 'PUT /api/videos/editor/videos/:idVideo/courses',
    allowed: EDITOR,
    allowedStatus: 404,
    request: () => ({ method: 'PUT', url: '/api/videos/editor/videos/999999/courses', payload: { courses: [] } }),
  },
  {
    name: 'DELETE /api/videos/editor/videos/:idVideo',
    allowed: EDITOR,
    allowedStatus: 404,
    request: () => ({ method: 'DELETE', url: '/api/videos/editor/videos/999999' }),
  },
  // Content editing, courses, live streams and free resources (ADR 0037): made-up ids answer allowed callers 404,
  // an empty body 400, a stale order list 409.
  ...(
    [
      ['GET', '/api/videos/editor/courses', 200],
      ['GET', '/api/videos/editor/courses/999999', 404],
      ['POST', '/api/videos/editor/courses', 400],
      ['PUT', '/api/videos/editor/courses/order', 409, { id_courses: [999999] }],
      ['PUT', '/api/videos/editor/courses/999999', 404, { course_title: 'Matrix', course_slug: 'matrix' }],
      ['PUT', '/api/videos/editor/courses/999999/entries', 404, { course_videos: [] }],
      ['PUT', '/api/videos/editor/courses/999999/testimonials', 404, { course_testimonials: [] }],
      ['PUT', '/api/videos/editor/courses/999999/published', 404, { course_published: true }],
      ['DELETE', '/api/videos/editor/courses/999999', 404],
      ['POST', '/api/videos/editor/live-streams', 400],
      [
        'PUT',
        '/api/videos/editor/live-streams/999999',
        404,
        {
          stream_title: 'Matrix',
          stream_slug: 'matrix',
          stream_starts: '2030-01-01 10:00:00',
          stream_ends: '2030-01-01 11:00:00',
        },
      ],
      ['PUT', '/api/videos/editor/live-streams/999999/published', 404, { stream_published: true }],
      ['DELETE', '/api/videos/editor/live-streams/999999', 404],
      ['GET', '/api/videos/editor/free-resources', 200],
      // The media library the pickers choose from (ADR 0068).
      ['GET', '/api/videos/editor/media', 200],
      ['GET', '/api/videos/editor/free-resources/999999', 404],
      ['POST', '/api/videos/editor/free-resources', 400],
      ['PUT', '/api/videos/editor/free-resources/order', 409, { id_free_resources: [999999] }],
      [
        'PUT',
        '/api/videos/editor/free-resources/999999',
        404,
        { resource_title: 'Matrix', resource_slug: 'matrix', resource_path: 'uploads/matrix.pdf' },
      ],
      ['PUT', '/api/videos/editor/free-resources/999999/published', 404, { resource_published: true }],
      ['DELETE', '/api/videos/editor/free-resources/999999', 404],
    ] as const
  ).map(
    ([method, url, status, payload]: readonly [
      ReturnType<Call['request']>['method'],
      string,
      number,
      Record<string, unknown>?,
    ]): Call => ({
      name: `${method} ${url.replace(/999999/g, ':id')}`,
      allowed: EDITOR,
      allowedStatus: status,
      request: () => ({ method, url, ...(payload ? { payload } : method === 'POST' ? { payload: {} } : {}) }),
    }),
  ),
  // Running a live lesson (ADR 0063): the Editor group and the Staff group; a new key is Staff and above only.
  ...(
    [
      ['GET', '/api/videos/editor/live-streams', 200],
      ['GET', '/api/videos/editor/live-streams/999999', 404],
      ['GET', '/api/videos/editor/live-streams/999999/questions', 404],
      ['POST', '/api/videos/editor/live-streams/999999/questions/1/answer', 404],
    ] as const
  ).map(([method, url, status]): Call => ({
    name: `${method} ${url.replace(/999999/g, ':id')}`,
    allowed: [...EDITOR, 'Staff'],
    allowedStatus: status,
    request: () => ({ method, url }),
  })),
  {
    name: 'POST /api/videos/editor/live-streams/:id/key',
    allowed: STAFF,
    allowedStatus: 404,
    request: () => ({ method: 'POST', url: '/api/videos/editor/live-streams/999999/key' }),
  },
  // Media uploads (ADR 0039): a JSON body instead of the raw file answers allowed callers 415, storing nothing.
  {
    name: 'POST /api/videos/editor/uploads',
    allowed: EDITOR,
    allowedStatus: 415,
    request: () => ({ method: 'POST', url: '/api/videos/editor/uploads?filename=matrix.png', payload: {} }),
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
