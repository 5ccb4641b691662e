import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, tables } from '@fretline/db';
import { formatDateInZone, type Subscription } from '@fretline/contract';
import { runDueJobs } from '../../platform/jobs/index.ts';
import { membershipPlans, sessionOnClock } from '../../../test/finance-helpers.ts';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';
import { getMembership } from './index.ts';
import { atLocalMorning } from './finance.mails.ts';
import { NOT_PAUSED, NO_OFFER, OFFER_TAKEN } from './keep-members.ts';

/*
 * Keeping members (product.md#keeping-members) and the lifecycle e-mails (product.md#lifecycle-e-mails)
 * in the sandbox provider, with the injected clock.
 */

let t: TestApp;
let monthlyPlan: number;
let yearlyPlan: number;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const plans = await membershipPlans(t);
  monthlyPlan = plans.monthly.id_subscription_plan;
  yearlyPlan = plans.yearly.id_subscription_plan;
});
afterAll(() => t.close());

const sessionFor = (idUser: number) => sessionOnClock(t, idUser);

async function newUser() {
  const user = await createUserWithSession(t.db);
  return { ...user, token: (await sessionFor(user.idUser)).token };
}

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token?: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api/finance${url}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

async function settle(advanceMs = 2_000) {
  t.clock.advance(advanceMs);
  await runDueJobs(t.app);
  await runDueJobs(t.app);
}

/** A member on a plan whose 14-day trial has been paid out of: active, paid for a month from now. */
/** A learner whose card is refused at the first charge, past the 14-day trial (the renewal is what fails). */
async function failingSubscriber() {
  const user = await newUser();
  const res = await call('POST', '/me/subscriptions', user.token, {
    id_subscription_plan: monthlyPlan,
    stripe_payment_method_id: 'pm_card_chargeCustomerFail',
  });
  const id = res.json().data.subscription.id_subscription as number;
  await settle();
  await settle(14 * DAY);
  return { token: user.token, id };
}

async function payingMember(plan = monthlyPlan) {
  const user = await newUser();
  const res = await call('POST', '/me/subscriptions', user.token, {
    id_subscription_plan: plan,
    stripe_payment_method_id: 'pm_card_visa',
  });
  expect(res.statusCode).toBe(201);
  const idSubscription = res.json().data.subscription.id_subscription as number;
  await settle();
  await settle(14 * DAY);
  const sub = await getSub(user.token, idSubscription);
  expect(sub.subscription_status).toBe('active');
  return { ...user, idSubscription };
}

async function getSub(token: string, id: number): Promise<Subscription> {
  const res = await call('GET', `/me/subscriptions/${id}`, token);
  return res.json().data.subscription as Subscription;
}

const mailsOf = (idSubscription: number) =>
  t.db.select().from(tables.lifecycleMails).where(eq(tables.lifecycleMails.fkSubscription, idSubscription));

const invoicesOf = (idSubscription: number) =>
  t.db
    .select({ total: tables.invoices.stripeInvoiceTotal, created: tables.invoices.stripeInvoiceCreated })
    .from(tables.invoices)
    .where(and(eq(tables.invoices.fkSubscription, idSubscription), eq(tables.invoices.stripeInvoiceStatus, 'paid')));

describe('lifecycle e-mails', () => {
  it('sends the trial reminder three days before the charge, with the amount, the date and the links, once', async () => {
    const user = await newUser();
    const res = await call('POST', '/me/subscriptions', user.token, {
      id_subscription_plan: monthlyPlan,
      stripe_payment_method_id: 'pm_card_visa',
    });
    const id = res.json().data.subscription.id_subscription as number;
    await settle();
    const trialEnd = new Date((await getSub(user.token, id)).subscription_trial_end!);
    // Due at 10:00 London time on or before trial end − 3 days (no zone stored: the business's own).
    const due = atLocalMorning(new Date(trialEnd.getTime() - 3 * DAY), 'Europe/London');
    expect(trialEnd.getTime() - due.getTime()).toBeGreaterThanOrEqual(3 * DAY);
    // A minute before the reminder is due: nothing yet.
    await settle(due.getTime() - t.clock.now().getTime() - 60_000);
    expect((await mailsOf(id)).filter((m) => m.mailKind === 'trial-ending')).toHaveLength(0);
    await settle(120_000);
    const reminders = (await mailsOf(id)).filter((m) => m.mailKind === 'trial-ending');
    expect(reminders).toHaveLength(1);
    const devMail = () => t.db.select().from(tables.devMail).where(eq(tables.devMail.mailTo, user.email));
    const reminder = (await devMail()).find((m) => m.subject.startsWith('Your free trial ends'));
    expect(reminder?.text).toContain('£14.99');
    expect(reminder?.text).toContain(`/me/subscriptions/${id}/cancel`);
    expect(reminder?.text).toContain(`/me/subscriptions/${id}#cards`);
    // The worker running again (or a second instance) sends nothing more.
    await settle(1000);
    expect((await mailsOf(id)).filter((m) => m.mailKind === 'trial-ending')).toHaveLength(1);
    expect((await devMail()).filter((m) => m.subject.startsWith('Your free trial ends'))).toHaveLength(1);
  });

  it('sends a receipt for each renewal, a payment-failed e-mail for the failed renewal, and one cancellation e-mail', async () => {
    const m = await payingMember();
    expect((await mailsOf(m.idSubscription)).map((x) => x.mailKind)).toContain('renewal-receipt');
    await settle(31 * DAY);
    expect((await mailsOf(m.idSubscription)).filter((x) => x.mailKind === 'renewal-receipt')).toHaveLength(2);

    const { token: failingToken, id } = await failingSubscriber();
    await settle(31 * DAY);
    expect((await getSub(failingToken, id)).subscription_status).toBe('failed');
    expect((await mailsOf(id)).filter((x) => x.mailKind === 'payment-failed')).toHaveLength(1);

    const cancelled = await call('PUT', `/me/subscriptions/${m.idSubscription}/status/cancelled`, m.token, {
      subscription_product_cancellation_question: 'Moving abroad',
      cancellation_reason: 'other',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.subscription.subscription_cancellation_reason).toBe('other');
    expect((await mailsOf(m.idSubscription)).filter((x) => x.mailKind === 'cancellation-confirmed')).toHaveLength(1);
  });

  it('sends the receipt, the payment-failed and the cancellation e-mails at their moment, once each', async () => {
    const kinds = async (id: number, kind: string) => (await mailsOf(id)).filter((x) => x.mailKind === kind);
    // The receipt: not a minute before the renewal, once at it, never again on a rerun.
    const m = await payingMember();
    const periodEnd = new Date((await getSub(m.token, m.idSubscription)).subscription_current_period_end!);
    const receipts = (await kinds(m.idSubscription, 'renewal-receipt')).length;
    await settle(periodEnd.getTime() - t.clock.now().getTime() - 60_000);
    expect(await kinds(m.idSubscription, 'renewal-receipt')).toHaveLength(receipts);
    await settle(120_000);
    const after = await kinds(m.idSubscription, 'renewal-receipt');
    expect(after).toHaveLength(receipts + 1);
    expect(Math.abs(after.at(-1)!.mailCreated.getTime() - periodEnd.getTime())).toBeLessThan(3 * 60_000);
    await settle(1_000);
    expect(await kinds(m.idSubscription, 'renewal-receipt')).toHaveLength(receipts + 1);

    // The payment failed: at the renewal the card refuses, not before, and once.
    const { token: failingToken, id } = await failingSubscriber();
    const renewal = new Date((await getSub(failingToken, id)).subscription_current_period_end!);
    await settle(renewal.getTime() - t.clock.now().getTime() - 60_000);
    expect(await kinds(id, 'payment-failed')).toHaveLength(0);
    await settle(120_000);
    expect(await kinds(id, 'payment-failed')).toHaveLength(1);
    await settle(1_000);
    expect(await kinds(id, 'payment-failed')).toHaveLength(1);

    // The cancellation: at once, saying until when; the provider's own end later sends nothing more.
    const leaving = await payingMember();
    const paidUntil = new Date((await getSub(leaving.token, leaving.idSubscription)).subscription_current_period_end!);
    await call('PUT', `/me/subscriptions/${leaving.idSubscription}/status/cancelled`, leaving.token, {
      subscription_product_cancellation_question: 'Done for now',
      cancellation_reason: 'not_using',
    });
    expect(await kinds(leaving.idSubscription, 'cancellation-confirmed')).toHaveLength(1);
    await settle(paidUntil.getTime() - t.clock.now().getTime() + 60_000);
    expect(await kinds(leaving.idSubscription, 'cancellation-confirmed')).toHaveLength(1);
    while ((await runDueJobs(t.app)) > 0);
    const cancelMail = (await t.db.select().from(tables.devMail).where(eq(tables.devMail.mailTo, leaving.email))).filter((x) =>
      x.subject.endsWith('has been cancelled'),
    );
    expect(cancelMail).toHaveLength(1);
    // The long date format of product.md#constants, on the member's calendar.
    expect(cancelMail[0]!.text).toContain(`you keep access until ${formatDateInZone(paidUntil, 'long', 'Europe/London')}`);
  });

  it("sends the trial reminder on the member's own morning, with the dates on their calendar", async () => {
    const user = await newUser();
    // Signed in from Los Angeles: the browser's zone is stored with the sign-in (or the profile).
    const zone = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: bearer(user.token),
      payload: { time_zone: 'America/Los_Angeles' },
    });
    expect(zone.statusCode).toBe(200);
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: bearer(user.token),
      payload: { time_zone: 'Mars/Olympus' },
    });
    expect(unknown.statusCode).toBe(400);
    // Subscribe at 03:00 UTC, which is the evening before in Los Angeles.
    const next3am = new Date(t.clock.now());
    next3am.setUTCDate(next3am.getUTCDate() + 1);
    next3am.setUTCHours(3, 0, 0, 0);
    t.clock.advance(next3am.getTime() - t.clock.now().getTime());
    const res = await call('POST', '/me/subscriptions', user.token, {
      id_subscription_plan: monthlyPlan,
      stripe_payment_method_id: 'pm_card_visa',
    });
    const id = res.json().data.subscription.id_subscription as number;
    await settle();
    const trialEnd = new Date((await getSub(user.token, id)).subscription_trial_end!);
    const localDay = (d: Date) => formatDateInZone(d, 'long', 'America/Los_Angeles');
    // Not at trial end − 72 h (the evening in Los Angeles) but at the 10:00 there before it.
    const exact = new Date(trialEnd.getTime() - 3 * DAY);
    await settle(exact.getTime() - t.clock.now().getTime() - DAY);
    const hourThere = () =>
      Number(
        new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Los_Angeles', hour: 'numeric', hourCycle: 'h23' }).format(
          t.clock.now(),
        ),
      );
    const reminders = async () => (await mailsOf(id)).filter((m) => m.mailKind === 'trial-ending');
    while ((await reminders()).length === 0 && t.clock.now() < exact) await settle(60 * 60_000);
    expect(await reminders()).toHaveLength(1);
    // Found within the hour after it was due: 10:xx in Los Angeles, before the exact three days.
    expect(hourThere()).toBe(10);
    expect(t.clock.now().getTime()).toBeLessThan(exact.getTime());
    const [reminder] = await reminders();
    // The trial ends at 03:00 UTC, the evening before in Los Angeles: the e-mail gives that day.
    expect(reminder!.mailSubject).toBe(`Your free trial ends on ${localDay(trialEnd)}`);
    expect(localDay(trialEnd)).not.toBe(formatDateInZone(trialEnd, 'long', 'Europe/London'));
  });

  it('lists them on the member page of the staff console', async () => {
    const m = await payingMember();
    // Made now: a session left idle through the months the clock has moved would have lapsed.
    const staff = await sessionFor((await createUserWithSession(t.db, { roles: ['Staff'] })).idUser);
    const res = await t.app.inject({ method: 'GET', url: `/api/staff/members/${m.idUser}`, headers: bearer(staff.token) });
    expect(res.statusCode).toBe(200);
    const [sub] = res.json().data.member.subscriptions as Array<{ lifecycle_mails: Array<{ mail_kind: string }> }>;
    expect(sub!.lifecycle_mails.map((x) => x.mail_kind)).toEqual(
      expect.arrayContaining(['renewal-receipt', 'subscription-confirmed']),
    );
  });
});

describe('cancelling with a reason', () => {
  it('refuses a reason that is not on the list, and changes nothing', async () => {
    const m = await payingMember();
    const res = await call('PUT', `/me/subscriptions/${m.idSubscription}/status/cancelled`, m.token, {
      subscription_product_cancellation_question: 'x',
      cancellation_reason: 'bored',
    });
    expect(res.statusCode).toBe(400);
    expect((await getSub(m.token, m.idSubscription)).subscription_status).toBe('active');
  });
});

describe('pause and resume', () => {
  it('pauses from the end of the paid period for the months chosen, charges nothing until then, and resumes by itself', async () => {
    const m = await payingMember();
    const before = await getSub(m.token, m.idSubscription);
    const periodEnd = new Date(before.subscription_current_period_end!);
    const options = await call('GET', `/me/subscriptions/${m.idSubscription}/keep-options`, m.token);
    expect(options.statusCode).toBe(200);
    expect(options.json().data.keep_options.pause_unavailable).toBeNull();
    expect(options.json().data.keep_options.pause_choices).toHaveLength(3);

    const res = await call('PUT', `/me/subscriptions/${m.idSubscription}/pause`, m.token, { pause_months: 2 });
    expect(res.statusCode).toBe(200);
    const sub = res.json().data.subscription as Subscription;
    expect(new Date(sub.subscription_paused_from!).getTime()).toBe(periodEnd.getTime());
    const until = new Date(sub.subscription_paused_until!);
    expect(Math.round((until.getTime() - periodEnd.getTime()) / DAY)).toBeGreaterThanOrEqual(59);

    // Access until the paid period ends, none during the pause, back when it ends.
    expect((await getMembership(t.db, m.idUser, t.clock.now())).hasMembership).toBe(true);
    const paidBefore = (await invoicesOf(m.idSubscription)).length;
    await settle(periodEnd.getTime() - t.clock.now().getTime() + DAY);
    expect((await getMembership(t.db, m.idUser, t.clock.now())).hasMembership).toBe(false);
    await settle(30 * DAY);
    expect((await invoicesOf(m.idSubscription)).length).toBe(paidBefore);
    await settle(until.getTime() - t.clock.now().getTime() + 1000);
    expect((await invoicesOf(m.idSubscription)).length).toBe(paidBefore + 1);
    expect((await getMembership(t.db, m.idUser, t.clock.now())).hasMembership).toBe(true);
  });

  it('makes one pause of two simultaneous clicks, telling the provider once', async () => {
    const m = await payingMember();
    const [a, b] = await Promise.all([
      call('PUT', `/me/subscriptions/${m.idSubscription}/pause`, m.token, { pause_months: 1 }),
      call('PUT', `/me/subscriptions/${m.idSubscription}/pause`, m.token, { pause_months: 1 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const paused = await t.db
      .select()
      .from(tables.subscriptionChanges)
      .where(
        and(eq(tables.subscriptionChanges.fkSubscription, m.idSubscription), eq(tables.subscriptionChanges.changeKind, 'paused')),
      );
    expect(paused).toHaveLength(1);
  });

  it('resumes early: a pause that has started charges now and opens access at once', async () => {
    const m = await payingMember();
    await call('PUT', `/me/subscriptions/${m.idSubscription}/pause`, m.token, { pause_months: 3 });
    const periodEnd = new Date((await getSub(m.token, m.idSubscription)).subscription_current_period_end!);
    await settle(periodEnd.getTime() - t.clock.now().getTime() + 5 * DAY);
    expect((await getMembership(t.db, m.idUser, t.clock.now())).hasMembership).toBe(false);
    const paidBefore = (await invoicesOf(m.idSubscription)).length;
    const res = await call('DELETE', `/me/subscriptions/${m.idSubscription}/pause`, m.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.subscription.subscription_paused_until).toBeNull();
    await settle();
    expect((await invoicesOf(m.idSubscription)).length).toBe(paidBefore + 1);
    expect((await getMembership(t.db, m.idUser, t.clock.now())).hasMembership).toBe(true);
    const again = await call('DELETE', `/me/subscriptions/${m.idSubscription}/pause`, m.token);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(NOT_PAUSED);
  });

  it('refuses bad input, a trial, a yearly plan, another user and a signed-out caller', async () => {
    const m = await payingMember();
    const bad = await call('PUT', `/me/subscriptions/${m.idSubscription}/pause`, m.token, { pause_months: 4 });
    expect(bad.statusCode).toBe(400);
    expect((await getSub(m.token, m.idSubscription)).subscription_paused_until).toBeNull();
    const other = await newUser();
    expect((await call('PUT', `/me/subscriptions/${m.idSubscription}/pause`, other.token, { pause_months: 1 })).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/me/subscriptions/${m.idSubscription}/keep-options`, other.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/me/subscriptions/${m.idSubscription}/pause`, other.token)).statusCode).toBe(404);
    expect((await call('PUT', `/me/subscriptions/${m.idSubscription}/pause`, undefined, { pause_months: 1 })).statusCode).toBe(
      401,
    );
    expect((await call('GET', `/me/subscriptions/${m.idSubscription}/keep-options`)).statusCode).toBe(401);
    expect((await call('DELETE', `/me/subscriptions/${m.idSubscription}/pause`)).statusCode).toBe(401);

    const trialist = await newUser();
    const res = await call('POST', '/me/subscriptions', trialist.token, {
      id_subscription_plan: monthlyPlan,
      stripe_payment_method_id: 'pm_card_visa',
    });
    const id = res.json().data.subscription.id_subscription as number;
    await settle();
    const trial = await call('PUT', `/me/subscriptions/${id}/pause`, trialist.token, { pause_months: 1 });
    expect(trial.statusCode).toBe(409);
    expect(trial.body).toContain('free trial');

    const yearly = await payingMember(yearlyPlan);
    const y = await call('PUT', `/me/subscriptions/${yearly.idSubscription}/pause`, yearly.token, { pause_months: 1 });
    expect(y.statusCode).toBe(409);
  });
});

describe('the retention offer', () => {
  it('is off until a Director turns it on; then taken once per subscription, and the next charges are discounted', async () => {
    const m = await payingMember();
    const director = await sessionFor((await createUserWithSession(t.db, { roles: ['Director'] })).idUser);
    const none = await call('POST', `/me/subscriptions/${m.idSubscription}/retention-offer`, m.token);
    expect(none.statusCode).toBe(409);
    expect(none.body).toContain(NO_OFFER);

    expect(
      (await call('PUT', '/staff/retention-offer', m.token, { offer_enabled: true, offer_percent_off: 40, offer_months: 2 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', '/staff/retention-offer', undefined, { offer_enabled: true, offer_percent_off: 40, offer_months: 2 }))
        .statusCode,
    ).toBe(401);
    expect((await call('GET', '/staff/retention-offer')).statusCode).toBe(401);
    const bad = await call('PUT', '/staff/retention-offer', director.token, {
      offer_enabled: true,
      offer_percent_off: 140,
      offer_months: 2,
    });
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', '/staff/retention-offer', director.token)).json().data.retention_offer.offer_enabled).toBe(false);
    const saved = await call('PUT', '/staff/retention-offer', director.token, {
      offer_enabled: true,
      offer_percent_off: 40,
      offer_months: 2,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.retention_offer).toEqual({ offer_enabled: true, offer_percent_off: 40, offer_months: 2 });

    const options = await call('GET', `/me/subscriptions/${m.idSubscription}/keep-options`, m.token);
    expect(options.json().data.keep_options.retention_offer).toEqual({ percent_off: 40, months: 2 });
    const other = await newUser();
    expect((await call('POST', `/me/subscriptions/${m.idSubscription}/retention-offer`, other.token)).statusCode).toBe(404);
    expect((await call('POST', `/me/subscriptions/${m.idSubscription}/retention-offer`)).statusCode).toBe(401);

    const [a, b] = await Promise.all([
      call('POST', `/me/subscriptions/${m.idSubscription}/retention-offer`, m.token),
      call('POST', `/me/subscriptions/${m.idSubscription}/retention-offer`, m.token),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((a.statusCode === 409 ? a : b).body).toContain(OFFER_TAKEN);
    const after = await call('GET', `/me/subscriptions/${m.idSubscription}/keep-options`, m.token);
    expect(after.json().data.keep_options.retention_offer).toBeNull();

    // £14.99 less 40% for two charges, then the full price again.
    await settle(31 * DAY);
    await settle(31 * DAY);
    await settle(31 * DAY);
    const totals = (await invoicesOf(m.idSubscription))
      .sort((x, y) => x.created.getTime() - y.created.getTime())
      .map((i) => i.total);
    expect(totals.slice(-3)).toEqual([899, 899, 1499]);
  });
});
