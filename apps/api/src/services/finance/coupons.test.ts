import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, tables } from '@fretline/db';
import { COUPON_EXPIRED, COUPON_UNKNOWN, COUPON_USED_UP } from '@fretline/contract';
import { runDueJobs } from '../../platform/jobs/index.ts';
import { membershipPlans, sessionOnClock } from '../../../test/finance-helpers.ts';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';

/* Coupon codes at checkout in the sandbox provider (product.md#coupons), with the injected clock. */

let t: TestApp;
let monthlyPlan: number;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  monthlyPlan = (await membershipPlans(t)).monthly.id_subscription_plan;
});
afterAll(() => t.close());

async function newUser(roles: string[] = []) {
  const user = await createUserWithSession(t.db, { roles });
  return { ...user, token: (await sessionOnClock(t, user.idUser)).token };
}

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api/finance${url}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

// A staff session lasts hours from its creation, so each staff call gets a fresh Director on the moving clock.
const directorToken = async () => (await newUser(['Director'])).token;
const createCoupon = async (payload: Record<string, unknown>, token?: string) =>
  call('POST', '/staff/coupons', token ?? (await directorToken()), payload);
const quote = (code: string, token: string) =>
  call('POST', '/me/coupon-quotes', token, { coupon_code: code, id_subscription_plan: monthlyPlan });
const subscribe = (token: string, code?: string) =>
  call('POST', '/me/subscriptions', token, {
    id_subscription_plan: monthlyPlan,
    stripe_payment_method_id: 'pm_card_visa',
    ...(code === undefined ? {} : { coupon_code: code }),
  });

async function settle(advanceMs = 2_000) {
  t.clock.advance(advanceMs);
  await runDueJobs(t.app);
  await runDueJobs(t.app);
}

const subscriptionsOf = (idUser: number) =>
  t.db.select().from(tables.subscriptions).where(eq(tables.subscriptions.idUser, idUser));
const paidInvoices = (idSubscription: number) =>
  t.db
    .select({ total: tables.invoices.stripeInvoiceTotal })
    .from(tables.invoices)
    .where(and(eq(tables.invoices.fkSubscription, idSubscription), eq(tables.invoices.stripeInvoiceStatus, 'paid')))
    .orderBy(tables.invoices.stripeInvoiceCreated);
const couponRow = async (code: string) =>
  (await t.db.select().from(tables.coupons).where(eq(tables.coupons.couponCode, code)))[0]!;

describe('staff coupons', () => {
  it('lets the Director group make a percent-off code and lists it', async () => {
    const res = await createCoupon({
      coupon_code: 'spring20',
      percent_off: 20,
      coupon_duration: 'repeating',
      duration_months: 3,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.coupon).toMatchObject({
      coupon_code: 'SPRING20',
      percent_off: 20,
      amount_off: null,
      coupon_duration: 'repeating',
      duration_months: 3,
      times_redeemed: 0,
    });
    const list = await call('GET', '/staff/coupons', await directorToken());
    const codes = (list.json().data.coupons as { coupon_code: string }[]).map((c) => c.coupon_code);
    expect(codes).toContain('SPRING20');
  });

  it('refuses bad input with the field to fix, and a code that already exists', async () => {
    const neither = await createCoupon({ coupon_code: 'NOTHING', coupon_duration: 'once' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().errors[0]).toMatchObject({ field: 'percent_off' });
    const both = await createCoupon({ coupon_code: 'BOTH', percent_off: 10, amount_off: 100, coupon_duration: 'once' });
    expect(both.statusCode).toBe(400);
    const noMonths = await createCoupon({ coupon_code: 'NOMONTHS', percent_off: 10, coupon_duration: 'repeating' });
    expect(noMonths.json().errors[0]).toMatchObject({ field: 'duration_months' });
    const badCode = await createCoupon({ coupon_code: 'no spaces!', percent_off: 10, coupon_duration: 'once' });
    expect(badCode.json().errors[0]).toMatchObject({ field: 'coupon_code' });
    const past = await createCoupon({ coupon_code: 'PAST', percent_off: 10, coupon_duration: 'once', expires_on: '2001-01-01' });
    expect(past.json().errors[0]).toMatchObject({ field: 'expires_on' });
    const again = await createCoupon({ coupon_code: 'Spring20', percent_off: 5, coupon_duration: 'once' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toMatchObject({ field: 'coupon_code' });
    expect(await t.db.select().from(tables.coupons)).toHaveLength(1);
  });

  it('is for the Director group only', async () => {
    const staff = await newUser(['Staff']);
    expect((await call('GET', '/staff/coupons', staff.token)).statusCode).toBe(403);
    expect(
      (await createCoupon({ coupon_code: 'SNEAKY', percent_off: 90, coupon_duration: 'forever' }, staff.token)).statusCode,
    ).toBe(403);
    expect((await call('GET', '/staff/coupons')).statusCode).toBe(401);
  });
});

describe('a coupon code at checkout', () => {
  it('quotes the discounted price before paying', async () => {
    const user = await newUser();
    const res = await quote(' spring20 ', user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.coupon_quote).toEqual({
      coupon_code: 'SPRING20',
      coupon_description: '20% off for 3 months',
      plan_price: 1499,
      discounted_price: 1199,
    });
  });

  it('answers an unknown code with a clear error on the code field', async () => {
    const user = await newUser();
    const res = await quote('NOPE', user.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: 'COUPON_UNKNOWN', message: COUPON_UNKNOWN, field: 'coupon_code' });
    const checkout = await subscribe(user.token, 'NOPE');
    expect(checkout.statusCode).toBe(400);
    expect(checkout.json().errors[0]).toMatchObject({ message: COUPON_UNKNOWN, field: 'coupon_code' });
    expect(await subscriptionsOf(user.idUser)).toHaveLength(0);
  });

  it('refuses a signed-out visitor', async () => {
    const res = await call('POST', '/me/coupon-quotes', undefined, {
      coupon_code: 'SPRING20',
      id_subscription_plan: monthlyPlan,
    });
    expect(res.statusCode).toBe(401);
  });

  it('takes the code off the first payments after the trial, then charges the full price', async () => {
    expect(
      (await createCoupon({ coupon_code: 'HALFOFF', percent_off: 50, coupon_duration: 'repeating', duration_months: 2 }))
        .statusCode,
    ).toBe(201);
    const user = await newUser();
    const res = await subscribe(user.token, 'halfoff');
    expect(res.statusCode).toBe(201);
    const id = res.json().data.subscription.id_subscription as number;
    const [row] = await subscriptionsOf(user.idUser);
    expect(row!.idCoupon).toBe((await couponRow('HALFOFF')).idCoupon);
    expect((await couponRow('HALFOFF')).timesRedeemed).toBe(1);
    await settle();
    await settle(14 * DAY); // the trial ends: first charge
    await settle(31 * DAY); // second month
    await settle(31 * DAY); // third month: full price
    expect((await paidInvoices(id)).map((i) => i.total)).toEqual([0, 750, 750, 1499]);
  });

  it('takes an amount off once', async () => {
    await createCoupon({ coupon_code: 'FIVER', amount_off: 500, coupon_duration: 'once' });
    const user = await newUser();
    expect((await quote('FIVER', user.token)).json().data.coupon_quote).toMatchObject({
      coupon_description: '£5.00 off the first payment',
      discounted_price: 999,
    });
    const id = (await subscribe(user.token, 'FIVER')).json().data.subscription.id_subscription as number;
    await settle();
    await settle(14 * DAY);
    await settle(31 * DAY);
    expect((await paidInvoices(id)).map((i) => i.total)).toEqual([0, 999, 1499]);
  });

  it('refuses an expired code', async () => {
    const today = t.clock.now().toISOString().slice(0, 10);
    expect(
      (await createCoupon({ coupon_code: 'TODAYONLY', percent_off: 10, coupon_duration: 'once', expires_on: today })).statusCode,
    ).toBe(201);
    const user = await newUser();
    expect((await quote('TODAYONLY', user.token)).statusCode).toBe(200);
    t.clock.advance(2 * DAY);
    const res = await quote('TODAYONLY', user.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: 'COUPON_EXPIRED', message: COUPON_EXPIRED, field: 'coupon_code' });
    expect((await subscribe(user.token, 'TODAYONLY')).json().errors[0]).toMatchObject({ message: COUPON_EXPIRED });
    expect(await subscriptionsOf(user.idUser)).toHaveLength(0);
  });

  it('refuses a code that has been used as many times as it may, and counts each use once', async () => {
    await createCoupon({ coupon_code: 'ONEUSE', percent_off: 10, coupon_duration: 'once', max_redemptions: 1 });
    const first = await newUser();
    const second = await newUser();
    expect((await subscribe(first.token, 'ONEUSE')).statusCode).toBe(201);
    const res = await subscribe(second.token, 'ONEUSE');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ code: 'COUPON_USED_UP', message: COUPON_USED_UP, field: 'coupon_code' });
    expect((await quote('ONEUSE', second.token)).json().errors[0]).toMatchObject({ message: COUPON_USED_UP });
    expect(await subscriptionsOf(second.idUser)).toHaveLength(0);
    expect((await couponRow('ONEUSE')).timesRedeemed).toBe(1);
  });

  it('gives the use back when the card is refused', async () => {
    await createCoupon({ coupon_code: 'LASTONE', percent_off: 10, coupon_duration: 'once', max_redemptions: 1 });
    const user = await newUser();
    const declined = await call('POST', '/me/subscriptions', user.token, {
      id_subscription_plan: monthlyPlan,
      stripe_payment_method_id: 'pm_card_chargeDeclined',
      coupon_code: 'LASTONE',
    });
    expect(declined.statusCode).toBe(402);
    expect((await couponRow('LASTONE')).timesRedeemed).toBe(0);
    expect((await subscribe(user.token, 'LASTONE')).statusCode).toBe(201);
  });
});
