import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, tables } from '@fretline/db';
import { ADDRESS_NO_PARTY, type Subscription } from '@fretline/contract';
import { runDueJobs } from '../../platform/jobs/index.ts';
import { findDevMail } from '../../platform/mail/index.ts';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';
import { getMembership } from './index.ts';
import { DELETE_DEFAULT_CARD } from './finance.service.ts';

let t: TestApp;
let monthlyPlan: number;
let yearlyPlan: number;
let member: { idUser: number; token: string; idSubscription: number };

const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const res = await t.app.inject({ method: 'GET', url: '/api/finance/subscription-products/slug/access-all-areas' });
  const plans = res.json().data.subscription_product.subscription_plans as {
    id_subscription_plan: number;
    subscription_plan_interval: string;
  }[];
  monthlyPlan = plans.find((p) => p.subscription_plan_interval === 'month')!.id_subscription_plan;
  yearlyPlan = plans.find((p) => p.subscription_plan_interval === 'year')!.id_subscription_plan;
  // The seeded member signs in with a session made for the test.
  const [row] = await t.db
    .select({ idUser: tables.users.idUser })
    .from(tables.users)
    .where(eq(tables.users.email, 'member@example.com'));
  const { token } = await sessionFor(row!.idUser);
  const [sub] = await t.db.select().from(tables.subscriptions).where(eq(tables.subscriptions.idUser, row!.idUser));
  member = { idUser: row!.idUser, token, idSubscription: sub!.idSubscription };
});
afterAll(() => t.close());

/** A user whose session outlives the months these tests move the clock through. */
async function newUser() {
  const user = await createUserWithSession(t.db);
  return { ...user, token: (await sessionFor(user.idUser)).token };
}

async function sessionFor(idUser: number) {
  const { createSessionToken, hashSessionToken } = await import('../auth/index.ts');
  const token = createSessionToken();
  await t.db
    .insert(tables.sessions)
    .values({ idUser, tokenHash: hashSessionToken(token), expiresAt: new Date(Date.now() + 365 * DAY) });
  return { token };
}

const ids = (res: { json: () => unknown }) =>
  (res.json() as { data: { subscriptions: Subscription[] } }).data.subscriptions.map((s) => s.id_subscription);

const post = (token: string, url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/finance${url}`, headers: { ...bearer(token), ...headers }, payload });
const get = (token: string, url: string) => t.app.inject({ method: 'GET', url: `/api/finance${url}`, headers: bearer(token) });

/** Runs the provider's asynchronous events (and the mail they queue), as the worker would. */
async function settle(advanceMs = 2_000) {
  t.clock.advance(advanceMs);
  await runDueJobs(t.app);
  await runDueJobs(t.app);
}

async function subscribe(token: string, pm = 'pm_card_visa', plan = monthlyPlan, headers: Record<string, string> = {}) {
  return post(token, '/me/subscriptions', { id_subscription_plan: plan, stripe_payment_method_id: pm }, headers);
}

describe('GET subscription-products/slug/{slug}', () => {
  it('shows the membership with its plans in pence, its trial and its cancellation question to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/finance/subscription-products/slug/access-all-areas' });
    expect(res.statusCode).toBe(200);
    const product = res.json().data.subscription_product;
    expect(product).toMatchObject({
      subscription_product_slug: 'access-all-areas',
      subscription_product_name: 'Access All Areas',
      subscription_product_trial_days: 14,
      payment_provider: 'sandbox',
      stripe_publishable_key: null,
    });
    expect(product.subscription_product_cancellation_question).toMatch(/reason/);
    expect((product.subscription_plans as { subscription_plan_price: number }[]).map((p) => p.subscription_plan_price)).toEqual([
      1499, 14900,
    ]);
  });

  it('answers 404 for a product that does not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/finance/subscription-products/slug/nope' });
    expect(res.statusCode).toBe(404);
  });
});

describe('signed-out callers', () => {
  it('get 401 from every me/ call', async () => {
    for (const [method, url] of [
      ['GET', '/me/subscriptions'],
      ['GET', `/me/subscriptions/${member.idSubscription}`],
      ['POST', '/me/subscriptions'],
      ['GET', `/me/subscriptions/${member.idSubscription}/methods`],
      ['GET', `/me/subscriptions/${member.idSubscription}/invoices`],
      ['GET', '/me/parties'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/finance${url}`,
        ...(method === 'POST'
          ? { payload: { id_subscription_plan: monthlyPlan, stripe_payment_method_id: 'pm_card_visa' } }
          : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('POST me/subscriptions', () => {
  it('needs both a plan id and a payment method id (product.md#validation)', async () => {
    const { token } = await newUser();
    const noCard = await post(token, '/me/subscriptions', { id_subscription_plan: monthlyPlan });
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().errors[0].field).toBe('stripe_payment_method_id');
    const noPlan = await post(token, '/me/subscriptions', { stripe_payment_method_id: 'pm_card_visa' });
    expect(noPlan.statusCode).toBe(400);
    expect(noPlan.json().errors[0].field).toBe('id_subscription_plan');
    const unknownPlan = await subscribe(token, 'pm_card_visa', 999_999);
    expect(unknownPlan.statusCode).toBe(400);
  });

  it('words field errors for people: no raw field-name prefixes', async () => {
    const { token } = await newUser();
    const noPlan = await post(token, '/me/subscriptions', { stripe_payment_method_id: 'pm_card_visa' });
    expect(noPlan.json().errors[0]).toMatchObject({ field: 'id_subscription_plan', message: 'Please choose a plan.' });
    const shortKey = await post(token, '/me/subscriptions', {
      id_subscription_plan: monthlyPlan,
      stripe_payment_method_id: 'pm_card_visa',
      idempotency_key: 'abc',
    });
    expect(shortKey.statusCode).toBe(400);
    const { message } = shortKey.json().errors[0] as { message: string };
    expect(message).toBe('Idempotency key is too short.');
    expect(message).not.toMatch(/idempotency_key|Too small|expected/);
  });

  it('starts a free trial asynchronously: created at once, active after the provider reports, with a welcome e-mail', async () => {
    const user = await newUser();
    expect(await getMembership(t.db, user.idUser)).toEqual({ hasMembership: false, eligibleForTrial: true });
    const res = await subscribe(user.token);
    expect(res.statusCode).toBe(201);
    const sub = res.json().data.subscription as Subscription;
    expect(sub.subscription_status).toBe('created');
    expect(sub.subscription_plan_price).toBe(1499);
    expect((await getMembership(t.db, user.idUser)).hasMembership).toBe(false);

    await settle();
    const after = await get(user.token, `/me/subscriptions/${sub.id_subscription}`);
    expect(after.json().data.subscription.subscription_status).toBe('active');
    // The trial's end comes with the subscription, so the page can say "Free trial — ends on …".
    const trialEnd = new Date(after.json().data.subscription.subscription_trial_end as string);
    expect(Math.round((trialEnd.getTime() - t.clock.now().getTime()) / 86_400_000)).toBe(14);
    expect(await getMembership(t.db, user.idUser, t.clock.now())).toEqual({ hasMembership: true, eligibleForTrial: false });
    const mail = await findDevMail(t.db, user.email);
    expect(mail.map((m) => m.subject)).toContain('Welcome to Access All Areas');
    const welcome = mail.find((m) => m.subject === 'Welcome to Access All Areas')!;
    expect(welcome.text).toMatch(/free trial runs until/);
    expect(welcome.text).toMatch(/\/unsubscribe\//);
    expect(welcome.headers['List-Unsubscribe']).toBeTruthy();
    // The £0 trial invoice is left out of the list (product.md#validation).
    const invoices = await get(user.token, `/me/subscriptions/${sub.id_subscription}/invoices`);
    expect(invoices.json().data.invoices).toEqual([]);
    const actions = await t.db
      .select()
      .from(tables.actions)
      .where(and(eq(tables.actions.idUser, user.idUser), eq(tables.actions.actionTypeName, 'subscription_created')));
    expect(actions).toHaveLength(1);
  });

  it('refuses a declined card with 402 and its text, creates nothing and keeps the trial offer', async () => {
    const user = await newUser();
    const res = await subscribe(user.token, 'pm_card_chargeDeclined');
    expect(res.statusCode).toBe(402);
    expect(res.json().errors[0]).toMatchObject({
      message: 'Your card was declined.',
      code: 'PAYMENT_FAILED',
      field: 'stripe_payment_method_id',
    });
    const list = await get(user.token, '/me/subscriptions');
    expect(list.json().data.subscriptions).toEqual([]);
    expect(await getMembership(t.db, user.idUser)).toEqual({ hasMembership: false, eligibleForTrial: true });
    // The form works again: the same user can subscribe with a good card.
    expect((await subscribe(user.token)).statusCode).toBe(201);
  });

  it('takes a form-encoded body as the web client sends it', async () => {
    const user = await newUser();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/finance/me/subscriptions',
      headers: { ...bearer(user.token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id_subscription_plan=${yearlyPlan}&stripe_payment_method_id=pm_card_visa`,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.subscription.subscription_plan_interval).toBe('year');
  });

  it('makes one subscription from two identical POSTs with the same Idempotency-Key, even at the same moment', async () => {
    const user = await newUser();
    const headers = { 'idempotency-key': 'checkout-attempt-0001' };
    const [a, b] = await Promise.all([
      subscribe(user.token, 'pm_card_visa', monthlyPlan, headers),
      subscribe(user.token, 'pm_card_visa', monthlyPlan, headers),
    ]);
    const ids = [a, b].map((r) => r.json<{ data: { subscription: Subscription } }>().data.subscription.id_subscription);
    expect(ids[0]).toBe(ids[1]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    const rows = await t.db.select().from(tables.subscriptions).where(eq(tables.subscriptions.idUser, user.idUser));
    expect(rows).toHaveLength(1);
  });

  it('makes one subscription from a repeated submit without a key (same plan and card within minutes)', async () => {
    const user = await newUser();
    const a = await subscribe(user.token);
    const b = await subscribe(user.token);
    expect(b.statusCode).toBe(200);
    expect(b.json().data.subscription.id_subscription).toBe(a.json().data.subscription.id_subscription);
  });

  it('refuses a second, different membership while one is live', async () => {
    const user = await newUser();
    await subscribe(user.token);
    const other = await subscribe(user.token, 'pm_card_mastercard', yearlyPlan);
    expect(other.statusCode).toBe(409);
    expect(other.json().errors[0].code).toBe('SUBSCRIPTION_EXISTS');
    // The article follows the sound of the product's name.
    expect(other.json().errors[0].message).toBe('You already have an Access All Areas subscription.');
  });

  it('takes the price from our database, whatever else the browser sends', async () => {
    const user = await newUser();
    const res = await post(user.token, '/me/subscriptions', {
      id_subscription_plan: monthlyPlan,
      stripe_payment_method_id: 'pm_card_visa',
      subscription_plan_price: 1,
    });
    expect(res.statusCode).toBe(201);
    const [sb] = await t.db
      .select()
      .from(tables.sandboxSubscriptions)
      .where(
        eq(
          tables.sandboxSubscriptions.providerCustomerId,
          (
            await t.db
              .select()
              .from(tables.subscriptions)
              .where(
                eq(
                  tables.subscriptions.idSubscription,
                  res.json<{ data: { subscription: Subscription } }>().data.subscription.id_subscription,
                ),
              )
          )[0]!.providerCustomerId!,
        ),
      );
    expect(sb!.planPrice).toBe(1499);
  });
});

describe('GET me/subscriptions', () => {
  it("lists only the signed-in user's subscriptions, newest first, with filter and order", async () => {
    const user = await newUser();
    const first = (await subscribe(user.token)).json().data.subscription.id_subscription as number;
    await t.app.inject({
      method: 'PUT',
      url: `/api/finance/me/subscriptions/${first}/status/cancelled`,
      headers: bearer(user.token),
      payload: { subscription_product_cancellation_question: 'Trying it out' },
    });
    t.clock.advance(1000);
    const second = (await subscribe(user.token, 'pm_card_mastercard', yearlyPlan)).json().data.subscription
      .id_subscription as number;
    const all = await get(user.token, '/me/subscriptions');
    expect(ids(all)).toEqual([second, first]);
    const filtered = await get(
      user.token,
      `/me/subscriptions?filter=${encodeURIComponent(JSON.stringify({ subscription_status: 'cancelled' }))}`,
    );
    expect(ids(filtered)).toEqual([first]);
    const oldestFirst = await get(user.token, '/me/subscriptions?order=subscription_created');
    expect(ids(oldestFirst)).toEqual([first, second]);
    const bad = await get(user.token, `/me/subscriptions?filter=${encodeURIComponent('{"id_user":1}')}`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('ownership', () => {
  it("answers 404 for every call on another user's subscription, card or party", async () => {
    const stranger = await newUser();
    const id = member.idSubscription;
    const [pm] = await t.db.select().from(tables.paymentMethods).where(eq(tables.paymentMethods.fkSubscription, id));
    const [party] = await t.db.select().from(tables.parties).where(eq(tables.parties.idUser, member.idUser));
    const calls = [
      get(stranger.token, `/me/subscriptions/${id}`),
      get(stranger.token, `/me/subscriptions/${id}/methods`),
      get(stranger.token, `/me/subscriptions/${id}/invoices`),
      post(stranger.token, `/me/subscriptions/${id}/methods`, { stripe_payment_method_id: 'pm_card_visa' }),
      t.app.inject({
        method: 'DELETE',
        url: `/api/finance/me/subscriptions/${id}/methods/${pm!.idStripePaymentMethod}`,
        headers: bearer(stranger.token),
      }),
      t.app.inject({
        method: 'PUT',
        url: `/api/finance/me/subscriptions/${id}/status/cancelled`,
        headers: bearer(stranger.token),
        payload: { subscription_product_cancellation_question: 'x' },
      }),
      get(stranger.token, `/me/parties/${party!.idParty}/address`),
      post(stranger.token, `/me/parties/${party!.idParty}/address`, { address_city: 'Elsewhere' }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(404);
    const [still] = await t.db.select().from(tables.subscriptions).where(eq(tables.subscriptions.idSubscription, id));
    expect(still!.subscriptionStatus).toBe('active');
    const address = await get(stranger.token, `/me/parties/${party!.idParty}/address`);
    expect(address.json().errors[0].message).toBe(ADDRESS_NO_PARTY);
  });
});

describe('payment methods and invoices of the seeded member', () => {
  it("lists the member's paid invoices newest first, in pounds, leaving out the £0 trial invoice", async () => {
    const res = await get(
      member.token,
      `/me/subscriptions/${member.idSubscription}/invoices?filter=${encodeURIComponent('{"stripe_invoice_total":{"gte":0.01}}')}`,
    );
    expect(res.statusCode).toBe(200);
    const invoices = res.json().data.invoices as { stripe_invoice_total: number; stripe_invoice_created: string }[];
    expect(invoices).toHaveLength(3);
    expect(invoices.every((i) => i.stripe_invoice_total === 14.99)).toBe(true);
    expect([...invoices].sort((a, b) => b.stripe_invoice_created.localeCompare(a.stripe_invoice_created))).toEqual(invoices);
  });

  it('adds a card (newest first), refuses to delete the card in use, and deletes the old one', async () => {
    const base = `/me/subscriptions/${member.idSubscription}/methods`;
    const before = (await get(member.token, base)).json().data.payment_methods as { id_stripe_payment_method: number }[];
    const declined = await post(member.token, base, { stripe_payment_method_id: 'pm_card_chargeDeclined' });
    expect(declined.statusCode).toBe(402);
    const added = await post(member.token, base, { stripe_payment_method_id: 'pm_card_mastercard' });
    expect(added.statusCode).toBe(201);
    expect(added.json().data.payment_method).toMatchObject({
      stripe_payment_method_brand: 'mastercard',
      stripe_payment_method_last4: '4444',
    });
    const list = (await get(member.token, base)).json().data.payment_methods as { id_stripe_payment_method: number }[];
    expect(list[0]!.id_stripe_payment_method).toBe(added.json().data.payment_method.id_stripe_payment_method);
    expect(list).toHaveLength(before.length + 1);

    const inUse = await t.app.inject({
      method: 'DELETE',
      url: `/api/finance${base}/${list[0]!.id_stripe_payment_method}`,
      headers: bearer(member.token),
    });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().errors[0].message).toBe(DELETE_DEFAULT_CARD);
    const old = await t.app.inject({
      method: 'DELETE',
      url: `/api/finance${base}/${before[0]!.id_stripe_payment_method}`,
      headers: bearer(member.token),
    });
    expect(old.statusCode).toBe(200);
    expect((await get(member.token, base)).json().data.payment_methods).toHaveLength(before.length);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/finance${base}/${before[0]!.id_stripe_payment_method}`,
      headers: bearer(member.token),
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('parties and the billing address', () => {
  it("finds the member's own party and reads and replaces its address", async () => {
    const parties = await get(member.token, `/me/parties?filter=${encodeURIComponent('{"fk_organisation_party":null}')}`);
    expect(parties.statusCode).toBe(200);
    const [party] = parties.json().data.parties as { id_party: number; fk_organisation_party: null }[];
    expect(party!.fk_organisation_party).toBeNull();
    const address = await get(member.token, `/me/parties/${party!.id_party}/address`);
    expect(address.json().data.address).toMatchObject({ address_city: 'Bristol', address_postcode: 'BS1 4DJ' });
    const saved = await post(member.token, `/me/parties/${party!.id_party}/address`, {
      address_line_1: '1 New Street',
      address_city: 'Leeds',
      address_postcode: 'LS1 1AA',
      address_country: 'GB',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.address).toMatchObject({
      address_line_1: '1 New Street',
      address_city: 'Leeds',
      address_county: null,
    });
  });

  it('fails when a field does not exist in the address (product.md#validation)', async () => {
    const [party] = await t.db.select().from(tables.parties).where(eq(tables.parties.idUser, member.idUser));
    const res = await post(member.token, `/me/parties/${party!.idParty}/address`, {
      address_city: 'Leeds',
      address_planet: 'Mars',
    });
    expect(res.statusCode).toBe(400);
  });

  it('gives a user without a party no parties, and the address message for a made-up one', async () => {
    const user = await newUser();
    expect((await get(user.token, '/me/parties')).json().data.parties).toEqual([]);
    const res = await get(user.token, '/me/parties/999999/address');
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].message).toBe(ADDRESS_NO_PARTY);
  });
});

describe('PUT me/subscriptions/{id}/status/cancelled', () => {
  it('needs the answer to the cancellation question', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/finance/me/subscriptions/${member.idSubscription}/status/cancelled`,
      headers: bearer(member.token),
      payload: {},
    });
    expect(res.statusCode).toBe(400);
  });

  it('cancels, keeps access until the paid period ends, e-mails a confirmation and records the reason', async () => {
    const user = await newUser();
    const id = (await subscribe(user.token)).json().data.subscription.id_subscription as number;
    await settle();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/finance/me/subscriptions/${id}/status/cancelled`,
      headers: bearer(user.token),
      payload: { subscription_product_cancellation_question: 'Too busy to practise' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.subscription).toMatchObject({
      subscription_status: 'cancelled',
      subscription_product_cancellation_question: 'Too busy to practise',
    });
    expect((await getMembership(t.db, user.idUser, t.clock.now())).hasMembership).toBe(true);
    expect((await getMembership(t.db, user.idUser, new Date(t.clock.now().getTime() + 15 * DAY))).hasMembership).toBe(false);
    await settle();
    expect((await findDevMail(t.db, user.email)).map((m) => m.subject)).toContain(
      'Your Access All Areas membership has been cancelled',
    );
    const [action] = await t.db
      .select()
      .from(tables.actions)
      .where(and(eq(tables.actions.idUser, user.idUser), eq(tables.actions.actionTypeName, 'subscription_cancelled')));
    expect(action!.actionValues).toContainEqual(expect.objectContaining({ key: 'reason', value: 'Too busy to practise' }));
    // The trial end passes: the sandbox does not renew a cancelled subscription, and it stays cancelled.
    await settle(15 * DAY);
    expect((await get(user.token, `/me/subscriptions/${id}`)).json().data.subscription.subscription_status).toBe('cancelled');
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/finance/me/subscriptions/${id}/status/cancelled`,
      headers: bearer(user.token),
      payload: { subscription_product_cancellation_question: 'again' },
    });
    expect(again.json().data.subscription.subscription_product_cancellation_question).toBe('Too busy to practise');
  });
});

describe('the sandbox state machine over time', () => {
  it('reminds 3 days before the trial ends, charges at its end, fails a renewal on the 0341 card, and recovers with a new card', async () => {
    const user = await newUser();
    const id = (await subscribe(user.token, 'pm_card_chargeCustomerFail')).json().data.subscription.id_subscription as number;
    const status = async () =>
      (await get(user.token, `/me/subscriptions/${id}`)).json().data.subscription.subscription_status as string;
    await settle();
    expect(await status()).toBe('active');

    await settle(11 * DAY + 60_000);
    expect((await findDevMail(t.db, user.email)).map((m) => m.subject).some((s) => s.startsWith('Your free trial ends on'))).toBe(
      true,
    );

    // Trial end: the first charge succeeds (the 0341 card pays once), an invoice of £14.99 appears.
    await settle(3 * DAY);
    await settle();
    expect(await status()).toBe('active');
    const invoices = (await get(user.token, `/me/subscriptions/${id}/invoices`)).json().data.invoices;
    expect(invoices).toHaveLength(1);
    expect(invoices[0].stripe_invoice_total).toBe(14.99);

    // A month later the renewal fails: Payment Failed, no membership, an e-mail with a link to update the card.
    await settle(32 * DAY);
    await settle();
    expect(await status()).toBe('failed');
    expect((await getMembership(t.db, user.idUser, t.clock.now())).hasMembership).toBe(false);
    const failedMail = (await findDevMail(t.db, user.email)).find((m) => m.subject.includes("payment didn't go through"));
    expect(failedMail?.text).toContain(`/me/subscriptions/${id}`);

    // A new card pays the open invoice and the subscription is active again.
    const added = await post(user.token, `/me/subscriptions/${id}/methods`, { stripe_payment_method_id: 'pm_card_visa' });
    expect(added.statusCode).toBe(201);
    await settle();
    expect(await status()).toBe('active');
    expect((await get(user.token, `/me/subscriptions/${id}/invoices`)).json().data.invoices).toHaveLength(2);
  });

  it('goes created → initialised → active without a trial for a returning user', async () => {
    const user = await newUser();
    const first = (await subscribe(user.token)).json().data.subscription.id_subscription as number;
    await t.app.inject({
      method: 'PUT',
      url: `/api/finance/me/subscriptions/${first}/status/cancelled`,
      headers: bearer(user.token),
      payload: { subscription_product_cancellation_question: 'x' },
    });
    expect((await getMembership(t.db, user.idUser)).eligibleForTrial).toBe(false);
    const id = (await subscribe(user.token, 'pm_card_mastercard')).json().data.subscription.id_subscription as number;
    const status = async () =>
      (await get(user.token, `/me/subscriptions/${id}`)).json().data.subscription.subscription_status as string;
    expect(await status()).toBe('created');
    t.clock.advance(500);
    await runDueJobs(t.app);
    expect(await status()).toBe('initialised');
    await settle();
    expect(await status()).toBe('active');
    const invoices = (await get(user.token, `/me/subscriptions/${id}/invoices`)).json().data.invoices;
    expect(invoices).toHaveLength(1);
  });
});
