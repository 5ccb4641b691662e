import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, tables } from '@fretline/db';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';
import type { MemberContext } from '@fretline/contract';
import { fillSavedReply } from './staff-tools.ts';

/*
 * The staff inbox's tools (ADR 0060): views, full-text search, assignment, internal notes that
 * never reach the sender, saved replies with variables, the member context, the collision warning
 * and the staff's new-message e-mails.
 */

let t: TestApp;
type User = Awaited<ReturnType<typeof createUserWithSession>>;
let sam: User;
let kit: User;
let member: User;
let learner: User;
let idPlan: number;
let idProduct: number;

beforeAll(async () => {
  t = await createTestApp({ config: { CAPTCHA: 'off' } });
  sam = await createUserWithSession(t.db, { email: 'sam@example.com', firstName: 'Sam', roles: ['Staff'] });
  kit = await createUserWithSession(t.db, { email: 'kit@example.com', firstName: 'Kit', roles: ['Staff'] });
  member = await createUserWithSession(t.db, { email: 'morgan@example.com', firstName: 'Morgan', lastName: 'Member' });
  learner = await createUserWithSession(t.db, { email: 'lee@example.com', firstName: 'Lee' });
  const [product] = await t.db
    .insert(tables.subscriptionProducts)
    .values({
      subscriptionProductSlug: 'access-all-areas',
      subscriptionProductName: 'Access All Areas',
      subscriptionProductTrialDays: 14,
    })
    .returning();
  idProduct = product!.idSubscriptionProduct;
  const [plan] = await t.db
    .insert(tables.subscriptionPlans)
    .values({
      fkProductPlan: idProduct,
      subscriptionPlanName: 'Monthly',
      subscriptionPlanInterval: 'month',
      subscriptionPlanPrice: 1499,
    })
    .returning();
  idPlan = plan!.idSubscriptionPlan;
});
afterAll(async () => {
  await t.close();
});

/** The e-mails queued (ADR 0003) to one address, read from the job queue before any is sent. */
async function queuedMail(to: string): Promise<Array<{ to: string; subject: string; text: string }>> {
  const rows = await t.db.select({ payload: tables.jobs.payload }).from(tables.jobs).where(eq(tables.jobs.type, 'mail.send'));
  return rows.map((r) => r.payload as { to: string; subject: string; text: string }).filter((m) => m.to === to);
}

let ip = 1;
async function helpdesk(message: string, as?: User, fields: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/messages/helpdesks',
    remoteAddress: `10.9.0.${ip++}`,
    headers: as ? bearer(as.token) : {},
    payload: { first_name: 'Vic', email: `vic-${ip}@example.com`, message, ...fields },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { thread: { id_thread: number; jwt?: string } } }>().data.thread;
}

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: User | null, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/messages/staff${url}`,
    headers: who ? bearer(who.token) : {},
    ...(payload ? { payload } : {}),
  });
}

async function listIds(query: string, who: User = sam): Promise<number[]> {
  const res = await call('GET', `/threads?${query}`, who);
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { threads: Array<{ id_thread: number }> } }>().data.threads.map((x) => x.id_thread);
}

describe('views and assignment', () => {
  it('lists unassigned, mine, open and resolved threads, and counts them for the navigation', async () => {
    const a = await helpdesk('First question about chords');
    const b = await helpdesk('Second question about strumming');
    const c = await helpdesk('Third question, already sorted');
    expect((await call('PUT', `/threads/${b.id_thread}/assignee`, sam, { id_user_assigned: sam.idUser })).statusCode).toBe(200);
    expect((await call('PUT', `/threads/${c.id_thread}/resolved`, sam, { thread_resolved: true })).statusCode).toBe(200);

    const unassigned = await listIds('view=unassigned');
    expect(unassigned).toContain(a.id_thread);
    expect(unassigned).not.toContain(b.id_thread);
    expect(unassigned).not.toContain(c.id_thread);
    expect(await listIds('view=mine')).toEqual([b.id_thread]);
    expect(await listIds('view=mine', kit)).toEqual([]);
    const open = await listIds('view=open');
    expect(open).toEqual(expect.arrayContaining([a.id_thread, b.id_thread]));
    expect(open).not.toContain(c.id_thread);
    expect(await listIds('view=resolved')).toContain(c.id_thread);

    const counts = await call('GET', '/counts', sam);
    expect(counts.statusCode).toBe(200);
    const n = counts.json<{ data: { counts: { open: number; mine: number; unassigned: number; unanswered: number } } }>().data
      .counts;
    expect(n.mine).toBe(1);
    expect(n.open).toBe(open.length);
    expect(n.unassigned).toBe(unassigned.length);
    expect(n.unanswered).toBe(open.length);
  });

  it('refuses a view that does not exist, a non-staff assignee, and anyone outside Staff', async () => {
    expect((await call('GET', '/threads?view=everything', sam)).statusCode).toBe(400);
    const x = await helpdesk('Who will take this?');
    const bad = await call('PUT', `/threads/${x.id_thread}/assignee`, sam, { id_user_assigned: learner.idUser });
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', '/counts', learner)).statusCode).toBe(403);
    expect((await call('GET', '/counts', null)).statusCode).toBe(401);
    expect((await call('GET', '/threads?view=mine', learner)).statusCode).toBe(403);
  });
});

describe('full-text search', () => {
  it('finds a thread by any of its messages, stemmed, and by the sender address', async () => {
    const t1 = await helpdesk('My card payment was declined twice');
    await call('POST', `/threads/${t1.id_thread}/messages`, sam, { message_content: 'Could you try another card?' });
    const t2 = await helpdesk('The metronome clicks too quietly', undefined, { email: 'drummer@example.org' });
    // "declines" stems to the same word as "declined"; the staff reply is searched too.
    expect(await listIds('view=all&search=declines')).toEqual([t1.id_thread]);
    expect(await listIds('view=all&search=another%20card')).toEqual([t1.id_thread]);
    expect(await listIds('view=all&search=drummer@example')).toEqual([t2.id_thread]);
    expect(await listIds('view=all&search=%22quietly%20metronome%22')).toEqual([]);
    expect(await listIds('view=all&search=nothing-matches-this')).toEqual([]);
  });
});

describe('internal notes', () => {
  it('shows notes to staff, marked, and never to the sender by any of their calls', async () => {
    const thread = await helpdesk('I cannot find my invoice', member);
    await call('POST', `/threads/${thread.id_thread}/messages`, sam, { message_content: 'Here it is.' });
    const note = await call('POST', `/threads/${thread.id_thread}/notes`, sam, {
      message_content: 'Refunded in Stripe, do not refund again',
    });
    expect(note.statusCode).toBe(200);
    expect(note.json<{ data: { message: { message_internal: boolean } } }>().data.message.message_internal).toBe(true);

    const staffView = await call('GET', `/threads/${thread.id_thread}/messages`, kit);
    const staffMessages = staffView.json<{ data: { messages: Array<{ message_content: string; message_internal: boolean }> } }>()
      .data.messages;
    expect(staffMessages.find((m) => m.message_internal)?.message_content).toBe('Refunded in Stripe, do not refund again');

    const mine = await t.app.inject({ url: `/api/messages/threads/${thread.id_thread}/messages`, headers: bearer(member.token) });
    expect(mine.statusCode).toBe(200);
    expect(mine.body).not.toContain('Refunded in Stripe');
    expect(mine.json<{ data: { total: number } }>().data.total).toBe(2);
    const list = await t.app.inject({ url: '/api/messages/threads', headers: bearer(member.token) });
    expect(list.body).not.toContain('Refunded in Stripe');
    const single = await t.app.inject({ url: `/api/messages/threads/${thread.id_thread}`, headers: bearer(member.token) });
    expect(single.json<{ data: { thread: { thread_last_message: string } } }>().data.thread.thread_last_message).toBe(
      'Here it is.',
    );
    // The note made no e-mail either: only the reply's.
    const mails = await queuedMail('morgan@example.com');
    expect(mails.length).toBeGreaterThan(0);
    expect(JSON.stringify(mails)).not.toContain('Refunded in Stripe');
  });

  it('keeps notes from a signed-out sender reading with the e-mailed link', async () => {
    const thread = await helpdesk('Link reader here');
    await call('POST', `/threads/${thread.id_thread}/notes`, sam, { message_content: 'Secret staff remark' });
    const res = await t.app.inject({ url: `/api/messages/threads/${thread.id_thread}/${thread.jwt}/messages` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Secret staff remark');
  });

  it('refuses an empty note and a note from outside Staff', async () => {
    const thread = await helpdesk('Another one');
    expect((await call('POST', `/threads/${thread.id_thread}/notes`, sam, { message_content: '  ' })).statusCode).toBe(400);
    expect((await call('POST', `/threads/${thread.id_thread}/notes`, member, { message_content: 'x' })).statusCode).toBe(403);
    expect((await call('POST', `/threads/999999/notes`, sam, { message_content: 'x' })).statusCode).toBe(404);
  });
});

describe('saved replies', () => {
  it('fills variables from the thread: a trial member gets their trial end and subscription link', async () => {
    const now = t.clock.now();
    const trialEnd = new Date(now.getTime() + 4 * 86_400_000);
    await t.db.insert(tables.subscriptions).values({
      idUser: member.idUser,
      idSubscriptionProduct: idProduct,
      fkPlanSubscription: idPlan,
      subscriptionStatus: 'active',
      subscriptionCreated: new Date(now.getTime() - 10 * 86_400_000),
      trialEnd,
      currentPeriodEnd: trialEnd,
      provider: 'sandbox',
      idempotencyKey: 'trial-1',
      initialPaymentMethodId: 'pm_card_visa',
    });
    const created = await call('POST', '/saved-replies', sam, {
      saved_reply_title: 'Trial ending',
      saved_reply_body:
        'Hi {first_name}, your trial ends on {trial_ends}. Manage it at {subscription_link}. {staff_first_name} {not_a_variable}',
    });
    expect(created.statusCode).toBe(200);
    const id = created.json<{ data: { saved_reply: { id_saved_reply: number } } }>().data.saved_reply.id_saved_reply;
    const thread = await helpdesk('When does my trial end?', member, { first_name: 'Morgan' });
    const filled = await call('GET', `/threads/${thread.id_thread}/saved-replies/${id}`, kit);
    expect(filled.statusCode).toBe(200);
    const { text, missing } = filled.json<{ data: { filled: { text: string; missing: string[] } } }>().data.filled;
    expect(text).toContain('Hi Morgan, your trial ends on ');
    expect(text).not.toContain('{trial_ends}');
    expect(text).toContain(`${t.config.SITE_URL}/me/subscriptions`);
    expect(text).toContain('Kit {not_a_variable}');
    expect(missing).toEqual([]);

    // A signed-out sender: nothing is known of a trial or a subscription; the gaps are named.
    const visitor = await helpdesk('Hello there');
    const gap = await call('GET', `/threads/${visitor.id_thread}/saved-replies/${id}`, sam);
    const v = gap.json<{ data: { filled: { text: string; missing: string[] } } }>().data.filled;
    expect(v.text).toContain('Hi Vic,');
    expect(v.missing).toEqual(['trial_ends', 'subscription_link']);
  });

  it('lets staff edit and delete saved replies, with clear errors', async () => {
    const created = await call('POST', '/saved-replies', sam, {
      saved_reply_title: 'Thanks',
      saved_reply_body: 'Thanks {first_name}!',
    });
    const id = created.json<{ data: { saved_reply: { id_saved_reply: number } } }>().data.saved_reply.id_saved_reply;
    const updated = await call('PUT', `/saved-replies/${id}`, kit, {
      saved_reply_title: 'Thank you',
      saved_reply_body: 'Thank you {first_name}!',
    });
    expect(updated.statusCode).toBe(200);
    const list = await call('GET', '/saved-replies', sam);
    expect(list.body).toContain('Thank you {first_name}!');
    expect((await call('POST', '/saved-replies', sam, { saved_reply_title: '', saved_reply_body: 'x' })).statusCode).toBe(400);
    expect((await call('POST', '/saved-replies', member, { saved_reply_title: 'a', saved_reply_body: 'b' })).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/saved-replies', null)).statusCode).toBe(401);
    expect((await call('DELETE', `/saved-replies/${id}`, sam)).statusCode).toBe(200);
    expect((await call('DELETE', `/saved-replies/${id}`, sam)).statusCode).toBe(404);
    expect((await call('PUT', `/saved-replies/${id}`, sam, { saved_reply_title: 'a', saved_reply_body: 'b' })).statusCode).toBe(
      404,
    );
  });

  it('leaves unknown braces alone and names known variables without a value', () => {
    expect(fillSavedReply('{first_name} {x} {renews_on}', { first_name: 'Ana', renews_on: null })).toEqual({
      text: 'Ana {x} {renews_on}',
      missing: ['renews_on'],
    });
  });
});

describe('member context', () => {
  it('shows a member their trial day, learning, sessions, sign-in failures and earlier conversations', async () => {
    const earlier = await helpdesk('An older question', member);
    const thread = await helpdesk('A newer question', member);
    await t.db.insert(tables.passcodes).values({
      purpose: 'login',
      email: 'morgan@example.com',
      codeHmac: 'x',
      createdAt: t.clock.now(),
      expiresAt: new Date(t.clock.now().getTime() + 600_000),
      failedAttempts: 3,
    });
    const res = await call('GET', `/threads/${thread.id_thread}/context`, sam);
    expect(res.statusCode).toBe(200);
    const ctx = res.json<{ data: { context: MemberContext } }>().data.context;
    expect(ctx.member_url).toBe(`/staff/members/${member.idUser}`);
    expect(ctx.membership?.state).toBe('trial');
    expect(ctx.membership?.trial_day).toBe(11);
    expect(ctx.membership?.trial_days).toBe(14);
    expect(ctx.active_sessions.length).toBe(1);
    expect(ctx.sign_in_failures[0]?.failed_attempts).toBe(3);
    expect(ctx.learning).toEqual({ current_course: null, recent_videos: [] });
    expect(ctx.conversations.map((c) => c.id_thread)).toContain(earlier.id_thread);
    expect(ctx.conversations.map((c) => c.id_thread)).not.toContain(thread.id_thread);
  });

  it('shows a signed-out sender only what is known of the address', async () => {
    const thread = await helpdesk('Is this Morgan?', undefined, { email: 'morgan@example.com' });
    const ctx = (await call('GET', `/threads/${thread.id_thread}/context`, sam)).json<{
      data: { context: MemberContext };
    }>().data.context;
    expect(ctx).toMatchObject({
      id_user: null,
      email_verified: false,
      account_with_address: true,
      membership: null,
      learning: null,
    });
    expect(ctx.active_sessions).toEqual([]);
    expect((await call('GET', `/threads/${thread.id_thread}/context`, member)).statusCode).toBe(403);
  });

  it('shows a pause not over yet with its dates, and none once it has ended', async () => {
    const [sub] = await t.db
      .select({ id: tables.subscriptions.idSubscription })
      .from(tables.subscriptions)
      .where(eq(tables.subscriptions.idUser, member.idUser))
      .limit(1);
    const [thread] = await t.db
      .select({ id_thread: tables.threads.idThread })
      .from(tables.threads)
      .where(eq(tables.threads.idUserSender, member.idUser))
      .limit(1);
    const membership = async () =>
      (await call('GET', `/threads/${thread!.id_thread}/context`, sam)).json<{ data: { context: MemberContext } }>().data.context
        .membership;
    const day = 86_400_000;
    const now = t.clock.now().getTime();
    const setPause = (from: number, until: number) =>
      t.db
        .update(tables.subscriptions)
        .set({ pausedFrom: new Date(from), pausedUntil: new Date(until) })
        .where(eq(tables.subscriptions.idSubscription, sub!.id));
    await setPause(now - day, now + 20 * day);
    const paused = await membership();
    expect(String(paused?.paused_from)).toContain(new Date(now - day).toISOString().slice(0, 10));
    expect(String(paused?.paused_until)).toContain(new Date(now + 20 * day).toISOString().slice(0, 10));
    await setPause(now - 40 * day, now - 10 * day);
    const over = await membership();
    expect(over?.paused_from ?? null).toBeNull();
    expect(over?.paused_until ?? null).toBeNull();
    await t.db
      .update(tables.subscriptions)
      .set({ pausedFrom: null, pausedUntil: null })
      .where(eq(tables.subscriptions.idSubscription, sub!.id));
  });

  it('names only a failed payment as the last failed one, never a void invoice', async () => {
    const [sub] = await t.db
      .select({ id: tables.subscriptions.idSubscription })
      .from(tables.subscriptions)
      .where(eq(tables.subscriptions.idUser, member.idUser))
      .limit(1);
    const day = 86_400_000;
    const invoice = (id: string, status: string, daysAgo: number) => ({
      fkSubscription: sub!.id,
      idUser: member.idUser,
      providerInvoiceId: id,
      stripeInvoiceTotal: 1200,
      stripeInvoiceStatus: status,
      stripeInvoiceCreated: new Date(t.clock.now().getTime() - daysAgo * day),
    });
    // One of the member's earlier threads: the helpdesk form is rate limited.
    const [thread] = await t.db
      .select({ id_thread: tables.threads.idThread })
      .from(tables.threads)
      .where(eq(tables.threads.idUserSender, member.idUser))
      .limit(1);
    const failedPayment = async () => {
      const res = await call('GET', `/threads/${thread!.id_thread}/context`, sam);
      return res.json<{ data: { context: MemberContext } }>().data.context.membership?.last_failed_payment ?? null;
    };
    await t.db.insert(tables.invoices).values([invoice('in_void', 'void', 1), invoice('in_paid', 'paid', 1)]);
    expect(await failedPayment()).toBeNull();
    await t.db.insert(tables.invoices).values(invoice('in_failed', 'open', 3));
    expect(String(await failedPayment())).toContain(new Date(t.clock.now().getTime() - 3 * day).toISOString().slice(0, 10));
  });
});

describe('collision warning', () => {
  it('tells a colleague who else is writing, until the reply is sent or the presence goes stale', async () => {
    const thread = await helpdesk('Two staff, one thread');
    expect((await call('PUT', `/threads/${thread.id_thread}/replying`, sam)).json()).toEqual({ data: { replying: [] } });
    const seen = await call('GET', `/threads/${thread.id_thread}/replying`, kit);
    expect(seen.json<{ data: { replying: Array<{ first_name: string }> } }>().data.replying.map((r) => r.first_name)).toEqual([
      'Sam',
    ]);
    // Sam does not see himself.
    expect((await call('GET', `/threads/${thread.id_thread}/replying`, sam)).json()).toEqual({ data: { replying: [] } });
    await call('POST', `/threads/${thread.id_thread}/messages`, sam, { message_content: 'On it' });
    expect((await call('GET', `/threads/${thread.id_thread}/replying`, kit)).json()).toEqual({ data: { replying: [] } });

    await call('PUT', `/threads/${thread.id_thread}/replying`, sam);
    t.clock.advance(30_000);
    expect((await call('GET', `/threads/${thread.id_thread}/replying`, kit)).json()).toEqual({ data: { replying: [] } });
    expect((await call('PUT', `/threads/${thread.id_thread}/replying`, learner)).statusCode).toBe(403);
  });
});

describe('new-message e-mails for staff', () => {
  it('e-mails opted-in staff about a new message, and the assignee only once a thread is assigned', async () => {
    expect((await call('PUT', '/notification-prefs', kit, { notify_new_messages: true })).statusCode).toBe(200);
    expect((await call('GET', '/notification-prefs', kit)).json()).toEqual({ data: { prefs: { notify_new_messages: true } } });
    const mailsTo = async (to: string) => (await queuedMail(to)).map((m) => m.subject);
    const before = (await mailsTo('kit@example.com')).length;
    const thread = await helpdesk('Please tell Kit', learner);
    expect((await mailsTo('kit@example.com')).length).toBe(before + 1);
    expect(await mailsTo('sam@example.com')).toEqual([]);

    await call('PUT', `/threads/${thread.id_thread}/assignee`, sam, { id_user_assigned: sam.idUser });
    await t.app.inject({
      method: 'POST',
      url: `/api/messages/threads/${thread.id_thread}/messages`,
      headers: bearer(learner.token),
      payload: { message_content: 'Any news?' },
    });
    // Assigned to Sam, who did not opt in: Kit is not told of it.
    expect((await mailsTo('kit@example.com')).length).toBe(before + 1);
    expect((await call('PUT', '/notification-prefs', learner, { notify_new_messages: true })).statusCode).toBe(403);
  });
});
