import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '@fretline/db';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';
import { membershipFigures } from './figures.ts';

/*
 * The dashboard's figures (product.md#membership-figures) against a fixture worked out by hand:
 * eight subscriptions, March 2026 against the 31 days before it (29 January to 28 February).
 */

let t: TestApp;
const d = (iso: string) => new Date(`${iso}T00:00:00Z`);

beforeAll(async () => {
  t = await createTestApp();
  const [product] = await t.db
    .insert(tables.subscriptionProducts)
    .values({ subscriptionProductSlug: 'access-all-areas', subscriptionProductName: 'Access All Areas' })
    .returning();
  const [monthly, yearly] = await t.db
    .insert(tables.subscriptionPlans)
    .values([
      {
        fkProductPlan: product!.idSubscriptionProduct,
        subscriptionPlanName: 'Monthly',
        subscriptionPlanInterval: 'month',
        subscriptionPlanPrice: 1000,
      },
      {
        fkProductPlan: product!.idSubscriptionProduct,
        subscriptionPlanName: 'Yearly',
        subscriptionPlanInterval: 'year',
        subscriptionPlanPrice: 12000,
      },
    ])
    .returning();
  let n = 0;
  const sub = async (v: Partial<typeof tables.subscriptions.$inferInsert> & { yearly?: boolean }) => {
    n += 1;
    const { yearly: isYearly, ...values } = v;
    const [row] = await t.db
      .insert(tables.subscriptions)
      .values({
        idUser: 1000 + n,
        idSubscriptionProduct: product!.idSubscriptionProduct,
        fkPlanSubscription: (isYearly ? yearly : monthly)!.idSubscriptionPlan,
        provider: 'sandbox',
        idempotencyKey: `k${n}`,
        initialPaymentMethodId: 'pm_card_visa',
        subscriptionStatus: 'active',
        ...values,
      })
      .returning();
    return row!.idSubscription;
  };
  const change = (fk: number, kind: string, at: string) =>
    t.db.insert(tables.subscriptionChanges).values({ fkSubscription: fk, changeKind: kind, changeCreated: d(at) });

  // A: monthly, paying throughout.
  await sub({ subscriptionCreated: d('2026-01-01') });
  // B: yearly (£10 a month), trial ended 24 February and paid.
  const b = await sub({ yearly: true, subscriptionCreated: d('2026-02-10'), trialEnd: d('2026-02-24') });
  await t.db.insert(tables.invoices).values({
    fkSubscription: b,
    idUser: 1002,
    providerInvoiceId: 'in_b',
    stripeInvoiceTotal: 12000,
    stripeInvoiceStatus: 'paid',
    stripeInvoiceCreated: d('2026-02-24'),
  });
  // C: took the offer on 8 March, then cancelled on 10 March (too expensive); access ended 20 March.
  const c = await sub({
    subscriptionCreated: d('2026-01-05'),
    subscriptionStatus: 'cancelled',
    endReason: 'member',
    cancellationReason: 'too_expensive',
    subscriptionCancelled: d('2026-03-10'),
    currentPeriodEnd: d('2026-03-20'),
  });
  await change(c, 'offer_taken', '2026-03-08');
  // D: payments failed; access ended 5 March, the provider gave up on 25 March.
  await sub({
    subscriptionCreated: d('2026-01-02'),
    subscriptionStatus: 'cancelled',
    endReason: 'payment_failed',
    subscriptionCancelled: d('2026-03-25'),
    currentPeriodEnd: d('2026-03-05'),
  });
  // E: in a trial until 3 April.
  await sub({ subscriptionCreated: d('2026-03-20'), trialEnd: d('2026-04-03'), currentPeriodEnd: d('2026-04-03') });
  // F: cancelled during the trial (something else): a trial not converted, no churn.
  await sub({
    subscriptionCreated: d('2026-03-02'),
    trialEnd: d('2026-03-16'),
    subscriptionStatus: 'cancelled',
    endReason: 'member',
    cancellationReason: 'other',
    subscriptionCancelled: d('2026-03-05'),
    currentPeriodEnd: d('2026-03-16'),
  });
  // G: paused from 15 March to 15 May (asked on 10 March).
  const g = await sub({ subscriptionCreated: d('2026-01-10'), pausedFrom: d('2026-03-15'), pausedUntil: d('2026-05-15') });
  await change(g, 'paused', '2026-03-10');
  // H: took the offer on 12 March and stayed.
  const h = await sub({ subscriptionCreated: d('2026-01-03') });
  await change(h, 'offer_taken', '2026-03-12');
});
afterAll(() => t.close());

describe('membership figures', () => {
  it('match the hand-computed fixture for March 2026 and the 31 days before', async () => {
    const mailers = async (_db: unknown, range: { from: Date; to: Date }) =>
      range.from.getTime() === d('2026-03-01').getTime()
        ? { sent: 120, failed: 3, unsubscribes: 2 }
        : { sent: 80, failed: 0, unsubscribes: 1 };
    const f = await membershipFigures(t.db, { from: '2026-03-01', to: '2026-03-31' }, d('2026-11-01'), mailers);
    expect(f.current).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      mrr_pence: 3000,
      active_members: 3,
      trials_running: 1,
      trials_ended: 1,
      trials_converted: 0,
      trial_conversion: 0,
      members_at_start: 6,
      churned_voluntary: 1,
      churned_failed_payment: 1,
      churn_rate: 2 / 6,
      cancellation_reasons: [
        { reason: 'other', n: 1 },
        { reason: 'too_expensive', n: 1 },
      ],
      pauses: 1,
      offers_taken: 2,
      saves: 2,
      mailers: { sent: 120, failed: 3, unsubscribes: 2 },
    });
    expect(f.previous).toEqual({
      from: '2026-01-29',
      to: '2026-02-28',
      mrr_pence: 6000,
      active_members: 6,
      trials_running: 0,
      trials_ended: 1,
      trials_converted: 1,
      trial_conversion: 1,
      members_at_start: 5,
      churned_voluntary: 0,
      churned_failed_payment: 0,
      churn_rate: 0,
      cancellation_reasons: [],
      pauses: 0,
      offers_taken: 0,
      saves: 0,
      mailers: { sent: 80, failed: 0, unsubscribes: 1 },
    });
  });
});

describe('GET /api/finance/staff/figures', () => {
  const url = '/api/finance/staff/figures?from=2026-03-01&to=2026-03-31';

  it('answers a Director with both periods, the mailer figures coming from the mailers service', async () => {
    const director = await createUserWithSession(t.db, { roles: ['Director'] });
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(director.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.figures.current.active_members).toBe(3);
    // No mailer was sent in the fixture's period: the mailers service counts nothing.
    expect(res.json().data.figures.current.mailers).toEqual({ sent: 0, failed: 0, unsubscribes: 0 });
  });

  it('exports CSV', async () => {
    const director = await createUserWithSession(t.db, { roles: ['Director'] });
    const res = await t.app.inject({ method: 'GET', url: `${url}&format=csv`, headers: bearer(director.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.split('\r\n')[0]).toBe('Figure,2026-03-01 to 2026-03-31,2026-01-29 to 2026-02-28');
    expect(res.body).toContain('MRR (GBP),30.00,60.00');
    expect(res.body).toContain('Churn rate (%),33.3,0.0');
    expect(res.body).toContain('Reason: It costs too much,1,0');
  });

  it('refuses bad dates, other roles and signed-out callers', async () => {
    const director = await createUserWithSession(t.db, { roles: ['Director'] });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/finance/staff/figures?from=2026-04-01&to=2026-03-01',
      headers: bearer(director.token),
    });
    expect(bad.statusCode).toBe(400);
    const junk = await t.app.inject({
      method: 'GET',
      url: '/api/finance/staff/figures?from=yesterday',
      headers: bearer(director.token),
    });
    expect(junk.statusCode).toBe(400);
    const staff = await createUserWithSession(t.db, { roles: ['Staff'] });
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(staff.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
