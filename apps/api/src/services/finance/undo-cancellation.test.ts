import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, tables } from '@fretline/db';
import type { Subscription } from '@fretline/contract';
import { runDueJobs } from '../../platform/jobs/index.ts';
import { membershipPlans, sessionOnClock } from '../../../test/finance-helpers.ts';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';
import { getMembership } from './index.ts';
import { ACCESS_ENDED, NOT_CANCELLED } from './keep-members.ts';

/*
 * Undoing a cancellation (product.md#keeping-members, ADR 0082): DELETE
 * me/subscriptions/{id}/status/cancelled, in the sandbox provider with the injected clock.
 */

let t: TestApp;
let monthlyPlan: number;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  monthlyPlan = (await membershipPlans(t)).monthly.id_subscription_plan;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token?: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api/finance${url}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

async function settle(advanceMs = 2_000) {
  t.clock.advance(advanceMs);
  await runDueJobs(t.app);
  await runDueJobs(t.app);
}

async function subscriber() {
  const user = await createUserWithSession(t.db);
  const { token } = await sessionOnClock(t, user.idUser);
  const res = await call('POST', '/me/subscriptions', token, {
    id_subscription_plan: monthlyPlan,
    stripe_payment_method_id: 'pm_card_visa',
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().data.subscription.id_subscription as number;
  await settle();
  return { ...user, token, id };
}

const getSub = async (token: string, id: number) =>
  (await call('GET', `/me/subscriptions/${id}`, token)).json().data.subscription as Subscription;
const cancel = (token: string, id: number) =>
  call('PUT', `/me/subscriptions/${id}/status/cancelled`, token, {
    subscription_product_cancellation_question: 'Trying it out',
    cancellation_reason: 'not_using',
  });
const undo = (id: number, token?: string) => call('DELETE', `/me/subscriptions/${id}/status/cancelled`, token);
const paidInvoices = (id: number) =>
  t.db
    .select({ total: tables.invoices.stripeInvoiceTotal })
    .from(tables.invoices)
    .where(and(eq(tables.invoices.fkSubscription, id), eq(tables.invoices.stripeInvoiceStatus, 'paid')));
const mailsOf = (id: number) => t.db.select().from(tables.lifecycleMails).where(eq(tables.lifecycleMails.fkSubscription, id));

describe('undoing a cancellation', () => {
  it('brings a cancelled trial back while its access lasts: active again, renewed and charged at the trial end, with an e-mail', async () => {
    const m = await subscriber();
    expect((await cancel(m.token, m.id)).statusCode).toBe(200);
    const cancelled = await getSub(m.token, m.id);
    expect(cancelled.subscription_status).toBe('cancelled');
    const trialEnd = new Date(cancelled.subscription_current_period_end!);

    const res = await undo(m.id, m.token);
    expect(res.statusCode).toBe(200);
    const back = res.json().data.subscription as Subscription;
    expect(back.subscription_status).toBe('active');
    expect(back.subscription_trial_end).not.toBeNull();
    expect(new Date(back.subscription_current_period_end!).getTime()).toBe(trialEnd.getTime());
    expect((await mailsOf(m.id)).map((x) => x.mailKind)).toContain('cancellation-undone');
    await runDueJobs(t.app);
    const mail = (await t.db.select().from(tables.devMail).where(eq(tables.devMail.mailTo, m.email))).find((x) =>
      x.subject.endsWith('carries on'),
    );
    // The long date format of product.md#constants, as on every page ('Dec 16th, 2026').
    expect(mail?.text).toMatch(/renews on [A-Z][a-z]{2} \d{1,2}(st|nd|rd|th), \d{4}/);

    // At the trial's end the provider renews it instead of ending it.
    const paidBefore = (await paidInvoices(m.id)).length;
    await settle(trialEnd.getTime() - t.clock.now().getTime() + DAY);
    expect((await getSub(m.token, m.id)).subscription_status).toBe('active');
    expect((await paidInvoices(m.id)).length).toBe(paidBefore + 1);
    expect((await getMembership(t.db, m.idUser, t.clock.now())).hasMembership).toBe(true);
    const changes = await t.db
      .select()
      .from(tables.subscriptionChanges)
      .where(eq(tables.subscriptionChanges.fkSubscription, m.id));
    expect(changes.map((c) => c.changeKind)).toEqual(['cancel_undone']);
  });

  it('tells the member again when they cancel a second time after an undo', async () => {
    const m = await subscriber();
    await cancel(m.token, m.id);
    expect((await undo(m.id, m.token)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await cancel(m.token, m.id)).statusCode).toBe(200);
    expect((await mailsOf(m.id)).filter((x) => x.mailKind === 'cancellation-confirmed')).toHaveLength(2);
  });

  it('refuses once the access has ended, and changes nothing', async () => {
    const m = await subscriber();
    await cancel(m.token, m.id);
    const end = new Date((await getSub(m.token, m.id)).subscription_current_period_end!);
    await settle(end.getTime() - t.clock.now().getTime() + DAY);
    const res = await undo(m.id, m.token);
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain(ACCESS_ENDED);
    expect((await getSub(m.token, m.id)).subscription_status).toBe('cancelled');
  });

  it('refuses a membership that is not cancelled, and makes one undo of two clicks', async () => {
    const m = await subscriber();
    const notCancelled = await undo(m.id, m.token);
    expect(notCancelled.statusCode).toBe(409);
    expect(notCancelled.body).toContain(NOT_CANCELLED);

    await cancel(m.token, m.id);
    const [a, b] = await Promise.all([undo(m.id, m.token), undo(m.id, m.token)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await getSub(m.token, m.id)).subscription_status).toBe('active');
  });

  it("answers 404 for another user's subscription, 401 signed out and 400 for a bad id, changing nothing", async () => {
    const m = await subscriber();
    await cancel(m.token, m.id);
    const other = await createUserWithSession(t.db);
    const { token: otherToken } = await sessionOnClock(t, other.idUser);
    expect((await undo(m.id, otherToken)).statusCode).toBe(404);
    expect((await undo(m.id)).statusCode).toBe(401);
    expect((await call('DELETE', '/me/subscriptions/not-a-number/status/cancelled', m.token)).statusCode).toBe(400);
    expect((await undo(999_999, m.token)).statusCode).toBe(404);
    expect((await getSub(m.token, m.id)).subscription_status).toBe('cancelled');
  });
});
