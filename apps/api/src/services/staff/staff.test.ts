import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_ACTIONS } from '@fretline/contract';
import { eq, tables } from '@fretline/db';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';
import { recordAction } from '../analytics/index.ts';
import { countHelpdeskPerDay } from '../messages/index.ts';
import { OWN_LAST_ADMIN_ROLE, SUPERADMIN_ONLY } from './staff.routes.ts';

let t: TestApp;
type User = Awaited<ReturnType<typeof createUserWithSession>>;
let superadmin: User;
let admin: User;
let staff: User;
let director: User;
let learner: User;

beforeAll(async () => {
  t = await createTestApp();
  superadmin = await createUserWithSession(t.db, {
    email: 'root@example.com',
    firstName: 'Robin',
    lastName: 'Root',
    roles: ['Superadmin'],
  });
  admin = await createUserWithSession(t.db, {
    email: 'admin@example.com',
    firstName: 'Ada',
    lastName: 'Admin',
    roles: ['Admin'],
  });
  staff = await createUserWithSession(t.db, {
    email: 'staff@example.com',
    firstName: 'Sam',
    lastName: 'Staff',
    roles: ['Staff'],
  });
  director = await createUserWithSession(t.db, { email: 'director@example.com', firstName: 'Dee', roles: ['Director'] });
  learner = await createUserWithSession(t.db, { email: 'lee.learner@example.com', firstName: 'Lee', lastName: 'Learner' });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token: string) => t.app.inject({ url, headers: bearer(token) });

describe('members', () => {
  it('finds members by part of the e-mail, the first name or the full name', async () => {
    for (const q of ['lee.learner', 'LEE', 'lee learner']) {
      const res = await get(`/api/staff/members?q=${encodeURIComponent(q)}`, staff.token);
      expect(res.statusCode).toBe(200);
      const body = res.json<{ data: { members: Array<{ id_user: number }>; total: number } }>();
      expect(body.data.members.map((m) => m.id_user)).toContain(learner.idUser);
      expect(body.data.total).toBe(body.data.members.length);
    }
  });

  it('treats % and _ in a search as text, not wildcards', async () => {
    const res = await get('/api/staff/members?q=%25', staff.token);
    expect(res.json<{ data: { total: number } }>().data.total).toBe(0);
  });

  it('pages the member list with limit and offset and reports the total', async () => {
    const first = await get('/api/staff/members?limit=2&offset=0', staff.token);
    const second = await get('/api/staff/members?limit=2&offset=2', staff.token);
    const a = first.json<{ data: { members: Array<{ id_user: number }>; total: number } }>().data;
    const b = second.json<{ data: { members: Array<{ id_user: number }>; total: number } }>().data;
    expect(a.members).toHaveLength(2);
    expect(a.total).toBeGreaterThanOrEqual(5);
    expect(b.members.map((m) => m.id_user)).not.toContain(a.members[0]!.id_user);
  });

  it('rejects a limit over 100 with a 400 naming the field', async () => {
    const res = await get('/api/staff/members?limit=1000', staff.token);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Array<{ field?: string }> }>().errors[0]?.field).toBe('limit');
  });

  it("shows a member's profile, roles, sessions, subscriptions with invoices and conversations", async () => {
    const [product] = await t.db
      .insert(tables.subscriptionProducts)
      .values({ subscriptionProductSlug: 'access-all-areas', subscriptionProductName: 'Access All Areas' })
      .returning();
    const [plan] = await t.db
      .insert(tables.subscriptionPlans)
      .values({
        fkProductPlan: product!.idSubscriptionProduct,
        subscriptionPlanName: 'Monthly',
        subscriptionPlanInterval: 'month',
        subscriptionPlanPrice: 999,
      })
      .returning();
    const [sub] = await t.db
      .insert(tables.subscriptions)
      .values({
        idUser: learner.idUser,
        subscriptionStatus: 'active',
        idSubscriptionProduct: product!.idSubscriptionProduct,
        fkPlanSubscription: plan!.idSubscriptionPlan,
        provider: 'sandbox',
        idempotencyKey: 'k1',
        initialPaymentMethodId: 'pm_card_visa',
      })
      .returning();
    await t.db.insert(tables.invoices).values([
      {
        fkSubscription: sub!.idSubscription,
        idUser: learner.idUser,
        providerInvoiceId: 'in_1',
        stripeInvoiceTotal: 999,
        stripeInvoiceStatus: 'paid',
        stripeInvoiceCreated: new Date(),
      },
      {
        fkSubscription: sub!.idSubscription,
        idUser: learner.idUser,
        providerInvoiceId: 'in_0',
        stripeInvoiceTotal: 0,
        stripeInvoiceStatus: 'paid',
        stripeInvoiceCreated: new Date(),
      },
    ]);
    const [thread] = await t.db
      .insert(tables.threads)
      .values({ threadTitle: 'Help with barre chords', idUserSender: learner.idUser, threadHelpdesk: true })
      .returning();

    const res = await get(`/api/staff/members/${learner.idUser}`, staff.token);
    expect(res.statusCode).toBe(200);
    const { member } = res.json<{
      data: {
        member: {
          email: string;
          roles: string[];
          sessions: Array<{ id_session: number; session_deleted: string | null }>;
          subscriptions: Array<{
            subscription_status: string;
            subscription_plan_name: string;
            invoices: Array<{ stripe_invoice_total: number }>;
          }>;
          conversations: Array<{ id_thread: number; thread_title: string; thread_url: string }>;
        };
      };
    }>().data;
    expect(member.email).toBe('lee.learner@example.com');
    expect(member.roles).toEqual([]);
    expect(member.sessions.map((s) => s.id_session)).toEqual([learner.idSession]);
    expect(member.subscriptions).toHaveLength(1);
    expect(member.subscriptions[0]).toMatchObject({ subscription_status: 'active', subscription_plan_name: 'Monthly' });
    // Invoices under 0.01 are not listed (product.md#validation); totals travel in pounds.
    expect(member.subscriptions[0]!.invoices.map((i) => i.stripe_invoice_total)).toEqual([9.99]);
    expect(member.conversations).toEqual([
      expect.objectContaining({
        id_thread: thread!.idThread,
        thread_title: 'Help with barre chords',
        thread_url: `/staff/inbox/${thread!.idThread}`,
      }),
    ]);
  });

  it('answers 404 for a member that does not exist', async () => {
    const res = await get('/api/staff/members/999999', staff.token);
    expect(res.statusCode).toBe(404);
  });

  it("ends a member's session, which stops it working, and records it in the audit log", async () => {
    const victim = await createUserWithSession(t.db, { email: 'ended@example.com' });
    expect((await get('/api/auth/me', victim.token)).json<{ data: { user: { id_user: number } } }>().data.user.id_user).toBe(
      victim.idUser,
    );

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/staff/members/${victim.idUser}/sessions/${victim.idSession}`,
      headers: bearer(staff.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { session: { session_deleted: string | null } } }>().data.session.session_deleted).not.toBeNull();

    const after = await get('/api/staff/members?q=ended', victim.token);
    expect(after.statusCode).toBe(401);

    const audit = await get(`/api/staff/audit?target_type=user&target_id=${victim.idUser}`, staff.token);
    const entries = audit.json<{
      data: { audit: Array<{ audit_action: string; actor_email: string; audit_diff: { id_session: number } }> };
    }>().data.audit;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      audit_action: 'member.session.end',
      actor_email: 'staff@example.com',
      audit_diff: { id_session: victim.idSession },
    });

    // Ending it again changes nothing and records nothing.
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/staff/members/${victim.idUser}/sessions/${victim.idSession}`,
      headers: bearer(staff.token),
    });
    expect(again.statusCode).toBe(200);
    const audit2 = await get(`/api/staff/audit?target_type=user&target_id=${victim.idUser}`, staff.token);
    expect(audit2.json<{ data: { total: number } }>().data.total).toBe(1);
  });

  it('answers 404 for a session id that belongs to another member', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/staff/members/${learner.idUser}/sessions/${admin.idSession}`,
      headers: bearer(staff.token),
    });
    expect(res.statusCode).toBe(404);
    const rows = await t.db.select().from(tables.sessions).where(eq(tables.sessions.idSession, admin.idSession));
    expect(rows[0]?.sessionDeleted).toBeNull();
  });
});

describe('roles', () => {
  const putRoles = (idUser: number, token: string, payload: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/staff/members/${idUser}/roles`,
      headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });

  it('lets an admin grant Staff with a form body, and audits who changed what', async () => {
    const target = await createUserWithSession(t.db, { email: 'promoted@example.com' });
    const res = await putRoles(target.idUser, admin.token, 'roles[0]=Staff');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { roles: string[] } }>().data.roles).toEqual(['Staff']);
    // The new staff member can now use the staff API.
    expect((await get('/api/staff/members', target.token)).statusCode).toBe(200);

    const audit = await get('/api/staff/audit?limit=1', staff.token);
    const [entry] = audit.json<{ data: { audit: Array<Record<string, unknown>> } }>().data.audit;
    expect(entry).toMatchObject({
      audit_action: 'member.roles.set',
      actor_email: 'admin@example.com',
      id_user_actor: admin.idUser,
      target_type: 'user',
      target_id: String(target.idUser),
      audit_diff: { roles: { from: [], to: ['Staff'] }, added: ['Staff'], removed: [] },
    });
    expect(typeof entry!.audit_created).toBe('string');
  });

  it('removes every role with an empty list', async () => {
    const target = await createUserWithSession(t.db, { roles: ['Editor', 'Staff'] });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/staff/members/${target.idUser}/roles`,
      headers: bearer(admin.token),
      payload: { roles: [] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { roles: string[] } }>().data.roles).toEqual([]);
  });

  it('rejects a role that does not exist with a 400 on the roles field', async () => {
    const res = await putRoles(learner.idUser, admin.token, 'roles[0]=Wizard');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: Array<{ field?: string }> }>().errors[0]?.field).toMatch(/^roles/);
  });

  it('never lets an admin remove their own last admin role', async () => {
    const res = await putRoles(admin.idUser, admin.token, 'roles[0]=Staff');
    expect(res.statusCode).toBe(409);
    expect(res.json<{ errors: Array<{ message: string }> }>().errors[0]?.message).toBe(OWN_LAST_ADMIN_ROLE);
    const roles = await t.db.select().from(tables.userRoles).where(eq(tables.userRoles.idUser, admin.idUser));
    expect(roles.map((r) => r.role)).toEqual(['Admin']);
  });

  it('lets a superadmin drop Superadmin while keeping Admin', async () => {
    const other = await createUserWithSession(t.db, { roles: ['Superadmin', 'Admin'] });
    const res = await putRoles(other.idUser, other.token, 'roles[0]=Admin');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { roles: string[] } }>().data.roles).toEqual(['Admin']);
  });

  it('keeps Superadmin for superadmins to grant or remove', async () => {
    const res = await putRoles(learner.idUser, admin.token, 'roles[0]=Superadmin');
    expect(res.statusCode).toBe(403);
    expect(res.json<{ errors: Array<{ message: string }> }>().errors[0]?.message).toBe(SUPERADMIN_ONLY);
    const ok = await putRoles(director.idUser, superadmin.token, 'roles[0]=Director&roles[1]=Editor');
    expect(ok.json<{ data: { roles: string[] } }>().data.roles).toEqual(['Director', 'Editor']);
  });

  it('answers 404 when the member does not exist', async () => {
    expect((await putRoles(999999, admin.token, 'roles[0]=Staff')).statusCode).toBe(404);
  });

  it('checks the role before the body: a bad body is 401 signed out and 403 for a non-admin', async () => {
    const bad = 'roles[0]=Emperor';
    expect((await putRoles(learner.idUser, admin.token, bad)).statusCode).toBe(400);
    expect((await putRoles(learner.idUser, staff.token, bad)).statusCode).toBe(403);
    const signedOut = await t.app.inject({
      method: 'PUT',
      url: '/api/staff/members/x/roles',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: bad,
    });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('audit log', () => {
  it('lists newest first and pages', async () => {
    const res = await get('/api/staff/audit?limit=2', staff.token);
    const body = res.json<{ data: { audit: Array<{ id_audit: number }>; total: number } }>().data;
    expect(body.audit).toHaveLength(2);
    expect(body.audit[0]!.id_audit).toBeGreaterThan(body.audit[1]!.id_audit);
    expect(body.total).toBeGreaterThanOrEqual(3);
  });
});

describe('analytics', () => {
  it('counts page loads per day over the chosen range, with empty days as 0', async () => {
    const day = (d: string) => new Date(`${d}T12:00:00Z`);
    for (const [created, path, corr] of [
      ['2026-03-01', '/videos/a-minor', 'c1'],
      ['2026-03-01', '/videos/a-minor', 'c2'],
      ['2026-03-03', '/courses/lead-guitar-1', 'c1'],
      ['2026-04-01', '/videos/a-minor', 'c3'],
    ] as const) {
      await recordAction(t.db, {
        actionTypeName: ANALYTICS_ACTIONS.pageLoad,
        actionValues: [{ key: 'path', value: path }],
        correlationId: corr,
        created: day(created),
      });
    }
    await recordAction(t.db, {
      actionTypeName: ANALYTICS_ACTIONS.trackedPageLoad,
      actionValues: [
        { key: 'campaign', value: 'spring' },
        { key: 'source', value: 'newsletter' },
      ],
      created: day('2026-03-02'),
    });
    await recordAction(t.db, { actionTypeName: ANALYTICS_ACTIONS.subscriptionCreated, created: day('2026-03-02') });
    await recordAction(t.db, {
      actionTypeName: ANALYTICS_ACTIONS.subscriptionCancelled,
      actionValues: [{ key: 'reason', value: 'Too expensive' }],
      created: day('2026-03-03'),
    });

    const res = await get('/api/staff/analytics/page-loads?from=2026-03-01&to=2026-03-03', director.token);
    expect(res.statusCode).toBe(200);
    const { report } = res.json<{ data: { report: { rows: unknown[]; total: number } } }>().data;
    expect(report.rows).toEqual([
      { day: '2026-03-01', page_loads: 2, visitors: 2 },
      { day: '2026-03-02', page_loads: 0, visitors: 0 },
      { day: '2026-03-03', page_loads: 1, visitors: 1 },
    ]);
    expect(report.total).toBe(3);

    const top = (await get('/api/staff/analytics/top-content?from=2026-03-01&to=2026-03-31', director.token)).json<{
      data: { report: { rows: Array<{ path: string; page_loads: number; kind: string }> } };
    }>().data.report.rows;
    expect(top.map((r) => [r.path, r.kind, r.page_loads])).toEqual([
      ['/videos/a-minor', 'Video', 2],
      ['/courses/lead-guitar-1', 'Course', 1],
    ]);

    const camp = (await get('/api/staff/analytics/campaigns?from=2026-03-01&to=2026-03-31', director.token)).json<{
      data: { report: { rows: unknown[] } };
    }>();
    expect(camp.data.report.rows).toEqual([{ campaign: 'spring', source: 'newsletter', visits: 1 }]);

    const subs = (await get('/api/staff/analytics/subscriptions?from=2026-03-02&to=2026-03-03', director.token)).json<{
      data: { report: { rows: unknown[] } };
    }>();
    expect(subs.data.report.rows).toEqual([
      { day: '2026-03-02', new_subscriptions: 1, cancellations: 0 },
      { day: '2026-03-03', new_subscriptions: 0, cancellations: 1 },
    ]);
    const reasons = (await get('/api/staff/analytics/cancellations?from=2026-03-01&to=2026-03-31', director.token)).json<{
      data: { report: { rows: unknown[] } };
    }>();
    expect(reasons.data.report.rows).toEqual([{ reason: 'Too expensive', cancellations: 1 }]);
  });

  it('counts sign-ups and helpdesk threads opened and answered', async () => {
    const today = t.clock.now().toISOString().slice(0, 10);
    const signups = (await get(`/api/staff/analytics/signups?from=${today}&to=${today}`, director.token)).json<{
      data: { report: { total: number } };
    }>();
    expect(signups.data.report.total).toBeGreaterThanOrEqual(5);
    const [thread] = await t.db.insert(tables.threads).values({ threadTitle: 'Q', threadHelpdesk: true }).returning();
    await t.db.insert(tables.messages).values({ idThread: thread!.idThread, messageContent: 'Answer', messageFromStaff: true });
    const help = (await get(`/api/staff/analytics/helpdesk?from=${today}&to=${today}`, director.token)).json<{
      data: { report: { rows: Array<{ opened: number; answered: number }> } };
    }>();
    expect(help.data.report.rows[0]!.opened).toBeGreaterThanOrEqual(2);
    expect(help.data.report.rows[0]!.answered).toBe(1);
  });

  it('reads an ended day once and today on every request (ADR 0036)', async () => {
    const now = t.clock.now();
    const dayOf = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const [ended, today] = [dayOf(2), dayOf(0)];
    const url = `/api/staff/analytics/page-loads?from=${ended}&to=${today}`;
    const loads = async () =>
      (await get(url, director.token)).json<{ data: { report: { rows: Array<{ day: string; page_loads: number }> } } }>().data
        .report.rows;
    const record = (created: Date) =>
      recordAction(t.db, {
        actionTypeName: ANALYTICS_ACTIONS.pageLoad,
        actionValues: [{ key: 'path', value: '/videos/a-minor' }],
        created,
      });
    await record(new Date(`${ended}T12:00:00Z`));
    const first = await loads();
    expect(first.map((r) => r.day)).toEqual([ended, dayOf(1), today]);
    expect(first[0]!.page_loads).toBe(1);

    // Today is still filling up: a new page load counts at once.
    await record(now);
    const second = await loads();
    expect(second[2]!.page_loads).toBe(first[2]!.page_loads + 1);
    // An ended day is read once: actions are stored as they happen, so nothing joins it later.
    // One back-dated by hand shows that the day is answered from memory.
    await record(new Date(`${ended}T13:00:00Z`));
    expect((await loads())[0]!.page_loads).toBe(1);
  });

  it("keeps helpdesk counts of ended days, shows today's replies to older threads, and matches a fresh count", async () => {
    const now = t.clock.now();
    const dayOf = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const [ended, later, today] = [dayOf(5), dayOf(4), dayOf(0)];
    const at = (day: string, time: string) => new Date(`${day}T${time}Z`);
    // Rows as the messages service writes them, stamped with the day they happened.
    const openThread = async (created: Date, helpdesk = true) => {
      const [row] = await t.db
        .insert(tables.threads)
        .values({
          threadTitle: 'Help',
          threadHelpdesk: helpdesk,
          idUserSender: learner.idUser,
          threadCreated: created,
          threadEdited: created,
        })
        .returning({ id: tables.threads.idThread });
      return row!.id;
    };
    const write = (idThread: number, created: Date, fromStaff: boolean) =>
      t.db
        .insert(tables.messages)
        .values({ idThread, messageContent: 'Text', messageFromStaff: fromStaff, messageCreated: created });
    const a = await openThread(at(ended, '09:00:00'));
    const b = await openThread(at(ended, '10:00:00'));
    const notHelpdesk = await openThread(at(ended, '11:00:00'), false);
    await write(a, at(ended, '09:30:00'), true);
    await write(a, at(ended, '09:40:00'), false);
    await write(b, at(later, '08:00:00'), true);
    await write(b, at(later, '09:00:00'), true);
    await write(notHelpdesk, at(ended, '12:00:00'), true);

    type Row = { day: string; opened: number; answered: number };
    const url = `/api/staff/analytics/helpdesk?from=${ended}&to=${today}`;
    const report = async () =>
      (await get(url, director.token)).json<{ data: { report: { rows: Row[]; total: number } } }>().data.report;
    const fresh = async (): Promise<Row[]> => {
      const counted = await countHelpdeskPerDay(
        t.db,
        at(ended, '00:00:00'),
        new Date(at(today, '00:00:00').getTime() + 86_400_000),
      );
      const opened = new Map(counted.opened.map((r) => [r.day, r.n]));
      const answered = new Map(counted.answered.map((r) => [r.day, r.n]));
      return [5, 4, 3, 2, 1, 0]
        .map(dayOf)
        .map((day) => ({ day, opened: opened.get(day) ?? 0, answered: answered.get(day) ?? 0 }));
    };

    const first = await report();
    expect(first.rows).toEqual(await fresh());
    expect(first.rows[0]).toEqual({ day: ended, opened: 2, answered: 1 });
    expect(first.rows[1]).toEqual({ day: later, opened: 0, answered: 1 });

    // Today the staff answer, resolve and assign threads opened on an ended day, and a new one
    // arrives: the reply and the new thread count today, and the ended days stay as they were.
    const staffCall = (method: 'POST' | 'PUT', path: string, payload: object) =>
      t.app.inject({ method, url: `/api/messages/staff/threads/${path}`, headers: bearer(staff.token), payload });
    expect((await staffCall('POST', `${a}/messages`, { message_content: 'Following up' })).statusCode).toBe(200);
    expect((await staffCall('PUT', `${b}/resolved`, { thread_resolved: true })).statusCode).toBe(200);
    expect((await staffCall('PUT', `${a}/assignee`, { id_user_assigned: staff.idUser })).statusCode).toBe(200);
    await openThread(t.clock.now());
    const second = await report();
    expect(second.rows).toEqual(await fresh());
    expect(second.rows.slice(0, 5)).toEqual(first.rows.slice(0, 5));
    expect(second.rows[5]).toEqual({ day: today, opened: first.rows[5]!.opened + 1, answered: first.rows[5]!.answered + 1 });
    expect(second.total).toBe(first.total + 1);

    // An ended day is read once: a thread back-dated by hand (never done by the app) does not join it.
    await openThread(at(ended, '13:00:00'));
    expect((await report()).rows[0]).toEqual({ day: ended, opened: 2, answered: 1 });
  });

  it('exports a report as CSV', async () => {
    const res = await get('/api/staff/analytics/cancellations?from=2026-03-01&to=2026-03-31&format=csv', director.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('fretline-cancellations-2026-03-01-to-2026-03-31.csv');
    expect(res.body).toBe('Reason given,Cancellations\r\nToo expensive,1\r\n');
  });

  it('rejects a range that ends before it starts, a bad date, or more than a year', async () => {
    expect((await get('/api/staff/analytics/signups?from=2026-03-05&to=2026-03-01', director.token)).statusCode).toBe(400);
    expect((await get('/api/staff/analytics/signups?from=yesterday', director.token)).statusCode).toBe(400);
    expect((await get('/api/staff/analytics/signups?from=2024-01-01&to=2026-01-01', director.token)).statusCode).toBe(400);
    expect((await get('/api/staff/analytics/nonsense', director.token)).statusCode).toBe(400);
  });
});
