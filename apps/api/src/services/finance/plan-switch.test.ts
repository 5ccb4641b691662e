import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, tables } from '@fretline/db';
import type { PlanSwitch, Subscription } from '@fretline/contract';
import { runDueJobs } from '../../platform/jobs/index.ts';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';
import { NOT_THAT_PLAN } from './plan-switch.ts';
import { prorate } from './providers/proration.ts';

/* Switching monthly ↔ yearly (product.md#switching-plans) in the sandbox provider, with the injected clock. */

let t: TestApp;
let monthlyPlan: number;
let yearlyPlan: number;
let yearlyPrice: number;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const res = await t.app.inject({ method: 'GET', url: '/api/finance/subscription-products/slug/access-all-areas' });
  const plans = res.json().data.subscription_product.subscription_plans as {
    id_subscription_plan: number;
    subscription_plan_interval: string;
    subscription_plan_price: number;
  }[];
  monthlyPlan = plans.find((p) => p.subscription_plan_interval === 'month')!.id_subscription_plan;
  const yearly = plans.find((p) => p.subscription_plan_interval === 'year')!;
  yearlyPlan = yearly.id_subscription_plan;
  yearlyPrice = yearly.subscription_plan_price;
});
afterAll(() => t.close());

async function newUser() {
  const { createSessionToken, hashSessionToken } = await import('../auth/index.ts');
  const user = await createUserWithSession(t.db);
  const token = createSessionToken();
  const now = t.clock.now();
  await t.db.insert(tables.sessions).values({
    idUser: user.idUser,
    tokenHash: hashSessionToken(token),
    sessionCreated: now,
    sessionAccessed: now,
    expiresAt: new Date(now.getTime() + 3650 * DAY),
  });
  return { ...user, token };
}

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token?: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api/finance${url}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

async function settle(advanceMs = 2_000) {
  t.clock.advance(advanceMs);
  await runDueJobs(t.app);
  await runDueJobs(t.app);
}

async function getSub(token: string, id: number): Promise<Subscription> {
  return (await call('GET', `/me/subscriptions/${id}`, token)).json().data.subscription as Subscription;
}

/** A member still in the 14-day trial (`paid` false) or paid for a month from the trial's end. */
async function member(paid = true, card = 'pm_card_visa') {
  const user = await newUser();
  const res = await call('POST', '/me/subscriptions', user.token, {
    id_subscription_plan: monthlyPlan,
    stripe_payment_method_id: card,
  });
  expect(res.statusCode).toBe(201);
  const idSubscription = res.json().data.subscription.id_subscription as number;
  await settle();
  if (paid) await settle(14 * DAY);
  return { ...user, idSubscription };
}

const paidInvoices = (idSubscription: number) =>
  t.db
    .select({ total: tables.invoices.stripeInvoiceTotal })
    .from(tables.invoices)
    .where(and(eq(tables.invoices.fkSubscription, idSubscription), eq(tables.invoices.stripeInvoiceStatus, 'paid')));

describe('switching monthly ↔ yearly', () => {
  it('quotes the yearly plan with the unused days credited, charges that now and starts a year', async () => {
    const m = await member();
    await settle(10 * DAY);
    const before = await getSub(m.token, m.idSubscription);
    const quote = await call('GET', `/me/subscriptions/${m.idSubscription}/plan-switch`, m.token);
    expect(quote.statusCode).toBe(200);
    const q = quote.json().data.plan_switch as PlanSwitch;
    const expected = prorate({
      oldPrice: before.subscription_plan_price!,
      oldInterval: 'month',
      periodEnd: new Date(before.subscription_current_period_end!),
      newPrice: yearlyPrice,
      now: t.clock.now(),
    });
    expect(q).toMatchObject({
      switch_unavailable: null,
      to_plan: { id_subscription_plan: yearlyPlan, subscription_plan_interval: 'year' },
      credit: expected.credit,
      amount_due: expected.amountDue,
    });
    expect(q.credit).toBeGreaterThan(0);

    const res = await call('PUT', `/me/subscriptions/${m.idSubscription}/plan`, m.token, { id_subscription_plan: yearlyPlan });
    expect(res.statusCode).toBe(200);
    const sub = res.json().data.subscription as Subscription;
    expect(sub.fk_plan_subscription).toBe(yearlyPlan);
    expect(sub.subscription_plan_interval).toBe('year');
    const days = (new Date(sub.subscription_current_period_end!).getTime() - t.clock.now().getTime()) / DAY;
    expect(Math.round(days)).toBeGreaterThanOrEqual(365);
    await settle();
    expect((await paidInvoices(m.idSubscription)).map((i) => i.total)).toContain(expected.amountDue);
    // The old month's renewal is void: nothing more is charged until the year ends.
    const count = (await paidInvoices(m.idSubscription)).length;
    await settle(40 * DAY);
    expect((await paidInvoices(m.idSubscription)).length).toBe(count);
    expect((await getSub(m.token, m.idSubscription)).subscription_status).toBe('active');
  });

  it('switches back to monthly with the credit beyond a month kept for the next payments', async () => {
    const m = await member();
    await call('PUT', `/me/subscriptions/${m.idSubscription}/plan`, m.token, { id_subscription_plan: yearlyPlan });
    await settle();
    const q = (await call('GET', `/me/subscriptions/${m.idSubscription}/plan-switch`, m.token)).json().data
      .plan_switch as PlanSwitch;
    expect(q.to_plan?.id_subscription_plan).toBe(monthlyPlan);
    expect(q.amount_due).toBe(0);
    expect(q.carried_credit).toBeGreaterThan(0);
    const res = await call('PUT', `/me/subscriptions/${m.idSubscription}/plan`, m.token, { id_subscription_plan: monthlyPlan });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.subscription.subscription_plan_interval).toBe('month');
    await settle();
    // The next month is paid from the credit, so it costs nothing.
    await settle(32 * DAY);
    const totals = (await paidInvoices(m.idSubscription)).map((i) => i.total);
    expect(totals.slice(-2)).toEqual([0, 0]);
  });

  it('quotes exactly what the switch then charges when credit is carried from an earlier switch', async () => {
    const m = await member();
    const quoteNow = async () =>
      (await call('GET', `/me/subscriptions/${m.idSubscription}/plan-switch`, m.token)).json().data.plan_switch as PlanSwitch;
    const switchTo = async (idPlan: number) => {
      const q = await quoteNow();
      const res = await call('PUT', `/me/subscriptions/${m.idSubscription}/plan`, m.token, { id_subscription_plan: idPlan });
      expect(res.statusCode, res.body).toBe(200);
      await settle();
      return q;
    };
    // Monthly → yearly → monthly leaves most of the year as credit; a few days on, yearly again.
    const charged = async () => (await paidInvoices(m.idSubscription)).map((i) => i.total).at(-1);
    const first = await switchTo(yearlyPlan);
    expect(await charged()).toBe(first.amount_due);
    const back = await switchTo(monthlyPlan);
    expect(back.carried_credit).toBeGreaterThan(0);
    await settle(3 * DAY);
    const again = await switchTo(yearlyPlan);
    expect(await charged()).toBe(again.amount_due);
    // The confirmation's lines add up: the price, less both credits, is what is charged.
    expect(again.credit_balance).toBe(back.carried_credit);
    expect(again.amount_due).toBe(Math.max(0, yearlyPrice - again.credit - again.credit_balance));
  });

  it('refuses a plan that is not the other one, with a message, and changes nothing', async () => {
    const m = await member();
    for (const body of [{ id_subscription_plan: monthlyPlan }, { id_subscription_plan: 999999 }]) {
      const res = await call('PUT', `/me/subscriptions/${m.idSubscription}/plan`, m.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message ?? JSON.stringify(res.json())).toContain(NOT_THAT_PLAN);
    }
    const bad = await call('PUT', `/me/subscriptions/${m.idSubscription}/plan`, m.token, { id_subscription_plan: 'yearly' });
    expect(bad.statusCode).toBe(400);
    expect((await getSub(m.token, m.idSubscription)).fk_plan_subscription).toBe(monthlyPlan);
  });

  it("answers 404 for another member's subscription and 401 signed out", async () => {
    const m = await member();
    const other = await newUser();
    expect((await call('GET', `/me/subscriptions/${m.idSubscription}/plan-switch`, other.token)).statusCode).toBe(404);
    const res = await call('PUT', `/me/subscriptions/${m.idSubscription}/plan`, other.token, {
      id_subscription_plan: yearlyPlan,
    });
    expect(res.statusCode).toBe(404);
    expect(
      (await call('PUT', `/me/subscriptions/${m.idSubscription}/plan`, undefined, { id_subscription_plan: yearlyPlan }))
        .statusCode,
    ).toBe(401);
    expect((await getSub(m.token, m.idSubscription)).fk_plan_subscription).toBe(monthlyPlan);
  });

  it('refuses a trial, a paused and a cancelled membership with a clear message', async () => {
    const trial = await member(false);
    const q = (await call('GET', `/me/subscriptions/${trial.idSubscription}/plan-switch`, trial.token)).json().data
      .plan_switch as PlanSwitch;
    expect(q.switch_unavailable).toBe('You can switch plans once your free trial has ended.');
    let res = await call('PUT', `/me/subscriptions/${trial.idSubscription}/plan`, trial.token, {
      id_subscription_plan: yearlyPlan,
    });
    expect(res.statusCode).toBe(409);
    expect(JSON.stringify(res.json())).toContain('You can switch plans once your free trial has ended.');

    const paused = await member();
    expect(
      (await call('PUT', `/me/subscriptions/${paused.idSubscription}/pause`, paused.token, { pause_months: 1 })).statusCode,
    ).toBe(200);
    res = await call('PUT', `/me/subscriptions/${paused.idSubscription}/plan`, paused.token, {
      id_subscription_plan: yearlyPlan,
    });
    expect(res.statusCode).toBe(409);
    expect(JSON.stringify(res.json())).toContain('Please resume your membership before switching plans.');

    const cancelled = await member();
    await call('PUT', `/me/subscriptions/${cancelled.idSubscription}/status/cancelled`, cancelled.token, {
      subscription_product_cancellation_question: 'Moving abroad',
      cancellation_reason: 'other',
    });
    res = await call('PUT', `/me/subscriptions/${cancelled.idSubscription}/plan`, cancelled.token, {
      id_subscription_plan: yearlyPlan,
    });
    expect(res.statusCode).toBe(409);
    expect(JSON.stringify(res.json())).toContain('A cancelled membership cannot switch plans.');
    expect((await getSub(cancelled.token, cancelled.idSubscription)).fk_plan_subscription).toBe(monthlyPlan);
  });

  it('answers 402 with the card’s refusal when the charge fails, and keeps the plan', async () => {
    const m = await member(true, 'pm_card_chargeCustomerFail');
    const res = await call('PUT', `/me/subscriptions/${m.idSubscription}/plan`, m.token, { id_subscription_plan: yearlyPlan });
    expect(res.statusCode).toBe(402);
    expect(JSON.stringify(res.json())).toContain('Your card was declined.');
    expect((await getSub(m.token, m.idSubscription)).fk_plan_subscription).toBe(monthlyPlan);
  });
});
