import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { eq, tables } from '@fretline/db';
import { formatDateInZone } from '@fretline/contract';
import { createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';
import { createStripeClient, StripeProvider } from './providers/stripe.ts';
import { CouponRejected, PaymentError } from './providers/types.ts';
import { runDueJobs } from '../../platform/jobs/index.ts';
import { getMembership } from './index.ts';

const WEBHOOK_SECRET = 'whsec_test_fretline_webhook_secret';
const stripe = new Stripe('sk_test_fretline');

let t: TestApp;
let idUser: number;
let idSubscription: number;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    config: {
      PAYMENTS: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_fretline',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fretline',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
  });
  const user = await createUserWithSession(t.db);
  idUser = user.idUser;
  const [plan] = await t.db.select().from(tables.subscriptionPlans).limit(1);
  const [row] = await t.db
    .insert(tables.subscriptions)
    .values({
      idUser,
      subscriptionStatus: 'created',
      idSubscriptionProduct: plan!.fkProductPlan,
      fkPlanSubscription: plan!.idSubscriptionPlan,
      provider: 'stripe',
      customerEmail: user.email,
      providerCustomerId: 'cus_test_1',
      idempotencyKey: 'test',
      initialPaymentMethodId: 'pm_card_visa',
    })
    .returning();
  idSubscription = row!.idSubscription;
});
afterAll(() => t.close());

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

function stripeEvent(type: string, object: Record<string, unknown>, created: Date, id = `evt_test_${++counter}`) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    created: unix(created),
    api_version: '2026-10-28.endive',
    livemode: false,
    data: { object },
  });
}

function subscriptionObject(status: string, periodEnd: Date) {
  return {
    id: 'sub_test_1',
    object: 'subscription',
    status,
    metadata: { id_subscription: String(idSubscription) },
    trial_end: null,
    items: { data: [{ current_period_end: unix(periodEnd) }] },
  };
}

function invoiceObject(id: string, total: number, created: Date, reason = 'subscription_cycle') {
  return {
    id,
    object: 'invoice',
    number: `INV-${id}`,
    total,
    status: 'paid',
    created: unix(created),
    hosted_invoice_url: `https://invoice.example/${id}`,
    billing_reason: reason,
    parent: { subscription_details: { subscription: 'sub_test_1', metadata: { id_subscription: String(idSubscription) } } },
    lines: { data: [{ period: { start: unix(created), end: unix(created) + 30 * 86_400 } }] },
  };
}

async function deliver(payload: string, signature?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/finance/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined
        ? { 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) }
        : signature
          ? { 'stripe-signature': signature }
          : {}),
    },
    payload,
  });
}

const status = async () =>
  (await t.db.select().from(tables.subscriptions).where(eq(tables.subscriptions.idSubscription, idSubscription)))[0]!;

describe('Stripe webhooks', () => {
  it('offers Stripe Elements its publishable key when PAYMENTS=stripe', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/finance/subscription-products/slug/access-all-areas' });
    expect(res.json().data.subscription_product).toMatchObject({
      payment_provider: 'stripe',
      stripe_publishable_key: 'pk_test_fretline',
    });
  });

  it('refuses a missing or tampered signature and changes nothing', async () => {
    const payload = stripeEvent(
      'customer.subscription.updated',
      subscriptionObject('active', new Date(Date.now() + 30 * 86_400_000)),
      new Date(),
    );
    expect((await deliver(payload, '')).statusCode).toBe(400);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = payload.replace('"active"', '"trialing"');
    expect((await deliver(tampered, header)).statusCode).toBe(400);
    const wrongSecret = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    expect((await deliver(payload, wrongSecret)).statusCode).toBe(400);
    expect((await status()).subscriptionStatus).toBe('created');
    expect(await t.db.select().from(tables.providerEvents)).toHaveLength(0);
  });

  it('applies a valid event: the subscription (found by our id in its metadata) becomes active', async () => {
    const periodEnd = new Date(Date.now() + 30 * 86_400_000);
    const res = await deliver(
      stripeEvent('customer.subscription.created', subscriptionObject('active', periodEnd), new Date(Date.now() - 60_000)),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ received: true, applied: true });
    const row = await status();
    expect(row).toMatchObject({ subscriptionStatus: 'active', providerSubscriptionId: 'sub_test_1' });
    expect(row.currentPeriodEnd?.getTime()).toBe(unix(periodEnd) * 1000);
    expect((await getMembership(t.db, idUser)).hasMembership).toBe(true);
  });

  it('acknowledges a duplicate delivery without applying it twice', async () => {
    const payload = stripeEvent(
      'invoice.paid',
      invoiceObject('in_test_1', 1499, new Date(Date.now() - 50_000), 'subscription_create'),
      new Date(Date.now() - 50_000),
      'evt_dup',
    );
    const first = await deliver(payload);
    const second = await deliver(payload);
    expect(first.json().data.applied).toBe(true);
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({ duplicate: true, applied: false });
    const invoices = await t.db.select().from(tables.invoices).where(eq(tables.invoices.fkSubscription, idSubscription));
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ stripeInvoiceTotal: 1499, stripeInvoiceUrl: 'https://invoice.example/in_test_1' });
  });

  it('keeps the newest state when events arrive out of order', async () => {
    const now = Date.now();
    // A renewal fails (newer)…
    await deliver(
      stripeEvent(
        'customer.subscription.updated',
        subscriptionObject('past_due', new Date(now + 30 * 86_400_000)),
        new Date(now - 10_000),
      ),
    );
    expect((await status()).subscriptionStatus).toBe('failed');
    // …then an older "active" update arrives late: it must not undo the failure.
    const late = await deliver(
      stripeEvent(
        'customer.subscription.updated',
        subscriptionObject('active', new Date(now + 30 * 86_400_000)),
        new Date(now - 40_000),
      ),
    );
    expect(late.statusCode).toBe(200);
    expect((await status()).subscriptionStatus).toBe('failed');
    // The payment then succeeds (newest): active again.
    await deliver(stripeEvent('invoice.paid', invoiceObject('in_test_2', 1499, new Date(now - 5_000)), new Date(now - 5_000)));
    expect((await status()).subscriptionStatus).toBe('active');
  });

  it('e-mails each failed attempt once, with the date Stripe will try again', async () => {
    const now = Date.now();
    const retry1 = new Date(now + 3 * 86_400_000);
    const retry2 = new Date(now + 8 * 86_400_000);
    const failed = (created: number, next: Date | null) => ({
      ...invoiceObject('in_test_retry', 1499, new Date(now - 1_000)),
      status: 'open',
      next_payment_attempt: next ? unix(next) : null,
      created: unix(new Date(created)),
    });
    const first = stripeEvent('invoice.payment_failed', failed(now - 1_000, retry1), new Date(now - 1_000), 'evt_fail_1');
    await deliver(first);
    await deliver(first); // redelivered: no second e-mail
    await deliver(stripeEvent('invoice.payment_failed', failed(now, retry2), new Date(now), 'evt_fail_2'));
    const mails = await t.db.select().from(tables.lifecycleMails).where(eq(tables.lifecycleMails.fkSubscription, idSubscription));
    const keys = mails.filter((m) => m.mailKind === 'payment-failed').map((m) => m.mailKey);
    expect(keys.sort()).toEqual(['evt_fail_1', 'evt_fail_2']);
    while ((await runDueJobs(t.app)) > 0);
    const sent = (await t.db.select().from(tables.devMail)).filter((m) => m.subject.endsWith("payment didn't go through"));
    expect(sent).toHaveLength(2);
    // The long date format of product.md#constants, on the member's calendar.
    const day = (d: Date) => formatDateInZone(d, 'long', 'Europe/London');
    // One e-mail per attempt, each with its own retry date (the jobs may send them in either order).
    const retryDates = sent.map((m) => /We'll try your card again on ([^.]+)\./.exec(m.text)?.[1]).sort();
    expect(retryDates).toEqual([day(retry1), day(retry2)].sort());
  });

  it('never revives a cancelled subscription, though its late invoices are still recorded', async () => {
    const now = Date.now();
    await deliver(
      stripeEvent('customer.subscription.deleted', subscriptionObject('canceled', new Date(now)), new Date(now - 1_000)),
    );
    expect((await status()).subscriptionStatus).toBe('cancelled');
    // Stripe ended it: the e-mail still says until when access lasts (the period it reported).
    while ((await runDueJobs(t.app)) > 0);
    const [cancelled] = (await t.db.select().from(tables.devMail)).filter((m) => m.subject.endsWith('has been cancelled'));
    expect(cancelled?.text).toContain(`you keep access until ${formatDateInZone(new Date(now), 'long', 'Europe/London')}`);
    await deliver(stripeEvent('invoice.paid', invoiceObject('in_test_3', 1499, new Date(now)), new Date(now)));
    expect((await status()).subscriptionStatus).toBe('cancelled');
    expect(await t.db.select().from(tables.invoices).where(eq(tables.invoices.providerInvoiceId, 'in_test_3'))).toHaveLength(1);
  });

  it('acknowledges events it does not act on and events for subscriptions it does not know', async () => {
    expect(
      (await deliver(stripeEvent('charge.refunded', { id: 'ch_1', object: 'charge' }, new Date()))).json().data.applied,
    ).toBe(false);
    const foreign = { ...subscriptionObject('active', new Date()), id: 'sub_someone_else', metadata: {} };
    const res = await deliver(stripeEvent('customer.subscription.updated', foreign, new Date()));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.applied).toBe(false);
  });
});

describe('Stripe provider through the real SDK (Stripe faked at the HTTP boundary)', () => {
  let server: Server;
  const requests: { method: string; path: string; body: URLSearchParams; idempotencyKey: string | undefined }[] = [];
  let declineAttach = false;
  const future = Math.floor(Date.now() / 1000) + 86_400;
  const promotionCodes: Record<string, Record<string, unknown>> = {
    SPRING20: {
      id: 'promo_spring',
      object: 'promotion_code',
      code: 'SPRING20',
      active: true,
      expires_at: future,
      max_redemptions: 10,
      times_redeemed: 3,
    },
    GONE: {
      id: 'promo_gone',
      object: 'promotion_code',
      code: 'GONE',
      active: true,
      expires_at: null,
      max_redemptions: 2,
      times_redeemed: 2,
    },
  };

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const path = (req.url ?? '').split('?')[0]!;
        const idem = req.headers['idempotency-key'];
        requests.push({
          method: req.method ?? '',
          path,
          body: new URLSearchParams(raw),
          idempotencyKey: typeof idem === 'string' ? idem : undefined,
        });
        const send = (status: number, body: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
          res.end(JSON.stringify(body));
        };
        if (req.method === 'POST' && path === '/v1/customers') return send(200, { id: 'cus_new', object: 'customer' });
        if (req.method === 'GET' && path === '/v1/promotion_codes') {
          const code = new URLSearchParams((req.url ?? '').split('?')[1] ?? '').get('code');
          const promo = promotionCodes[code ?? ''];
          return send(200, { object: 'list', has_more: false, url: '/v1/promotion_codes', data: promo ? [promo] : [] });
        }
        if (req.method === 'POST' && path === '/v1/coupons') return send(200, { id: 'co_1', object: 'coupon' });
        if (req.method === 'POST' && path === '/v1/promotion_codes')
          return send(200, { id: 'promo_new', object: 'promotion_code', code: new URLSearchParams(raw).get('code') });
        const attach = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path);
        if (attach) {
          if (declineAttach)
            return send(402, {
              error: {
                type: 'card_error',
                code: 'card_declined',
                decline_code: 'generic_decline',
                message: 'Your card was declined.',
              },
            });
          return send(200, {
            id: attach[1],
            object: 'payment_method',
            type: 'card',
            card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031 },
          });
        }
        if (req.method === 'POST' && path.startsWith('/v1/customers/')) return send(200, { id: 'cus_new', object: 'customer' });
        if (req.method === 'GET' && path === '/v1/subscriptions/sub_new')
          return send(200, {
            id: 'sub_new',
            object: 'subscription',
            status: 'active',
            items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', current_period_end: 1798761600 }] },
          });
        if (req.method === 'GET' && path === '/v1/subscriptions/sub_credit')
          return send(200, {
            id: 'sub_credit',
            object: 'subscription',
            status: 'active',
            customer: { id: 'cus_credit', object: 'customer', balance: -4200 },
            items: { object: 'list', data: [] },
          });
        if (req.method === 'POST' && path === '/v1/subscriptions')
          return send(200, { id: 'sub_new', object: 'subscription', status: 'trialing' });
        if (req.method === 'POST' && path.startsWith('/v1/subscriptions/'))
          return send(200, { id: 'sub_new', object: 'subscription', status: 'active', latest_invoice: 'in_1' });
        if (req.method === 'DELETE' && path.startsWith('/v1/subscriptions/'))
          return send(200, { id: 'sub_new', object: 'subscription', status: 'canceled' });
        send(404, { error: { type: 'invalid_request_error', message: `No fake for ${req.method} ${path}` } });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const provider = () => {
    const { port } = server.address() as AddressInfo;
    return new StripeProvider(createStripeClient('sk_test_fretline', { host: '127.0.0.1', port, protocol: 'http' }));
  };
  const input = {
    idSubscription: 42,
    idUser: 7,
    email: 'learner@example.com',
    customerId: null,
    paymentMethodId: 'pm_card_visa',
    plan: { idSubscriptionPlan: 1, price: 1499, interval: 'month' as const, stripePriceId: null, stripeProductId: 'prod_aaa' },
    trialDays: 14,
    idempotencyKey: 'fretline-subscription-42',
  };

  it('creates the customer, attaches the card and subscribes at our price, with idempotency keys', async () => {
    requests.length = 0;
    const created = await provider().createSubscription(input);
    expect(created).toMatchObject({
      customerId: 'cus_new',
      providerSubscriptionId: 'sub_new',
      card: { brand: 'visa', last4: '4242' },
    });
    const sub = requests.find((r) => r.path === '/v1/subscriptions')!;
    expect(sub.body.get('items[0][price_data][unit_amount]')).toBe('1499');
    expect(sub.body.get('items[0][price_data][currency]')).toBe('gbp');
    expect(sub.body.get('items[0][price_data][recurring][interval]')).toBe('month');
    expect(sub.body.get('trial_period_days')).toBe('14');
    expect(sub.body.get('payment_behavior')).toBe('error_if_incomplete');
    expect(sub.body.get('metadata[id_subscription]')).toBe('42');
    expect(sub.idempotencyKey).toBe('subscription-fretline-subscription-42');
    expect(requests.find((r) => r.path === '/v1/customers')!.idempotencyKey).toBe('customer-fretline-subscription-42');
  });

  it("turns a declined card into a PaymentError with Stripe's text", async () => {
    declineAttach = true;
    try {
      await expect(provider().createSubscription(input)).rejects.toEqual(
        new PaymentError('Your card was declined.', 'card_declined'),
      );
    } finally {
      declineAttach = false;
    }
  });

  it('cancels at the period end for a user, and at once for a deleted account', async () => {
    requests.length = 0;
    await provider().cancelSubscription({ providerSubscriptionId: 'sub_new', atPeriodEnd: true });
    await provider().cancelSubscription({ providerSubscriptionId: 'sub_new', atPeriodEnd: false });
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/v1/subscriptions/sub_new' });
    expect(requests[0]!.body.get('cancel_at_period_end')).toBe('true');
    expect(requests[1]).toMatchObject({ method: 'DELETE', path: '/v1/subscriptions/sub_new' });
  });

  it("switches the plan by replacing the item's price, invoicing the proration at once (product.md#switching-plans)", async () => {
    requests.length = 0;
    await provider().changePlan({
      providerSubscriptionId: 'sub_new',
      plan: { idSubscriptionPlan: 2, price: 14900, interval: 'year', stripePriceId: null, stripeProductId: 'prod_aaa' },
      idempotencyKey: 'fretline-switch-42',
    });
    const update = requests.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions/sub_new')!;
    expect(update.body.get('items[0][id]')).toBe('si_1');
    expect(update.body.get('items[0][price_data][unit_amount]')).toBe('14900');
    expect(update.body.get('items[0][price_data][recurring][interval]')).toBe('year');
    expect(update.body.get('proration_behavior')).toBe('always_invoice');
    expect(update.body.get('payment_behavior')).toBe('error_if_incomplete');
    expect(update.idempotencyKey).toBe('plan-fretline-switch-42');
  });

  it("reads the credit a switch left as the customer's negative balance, for the next switch's quote", async () => {
    requests.length = 0;
    expect(await provider().creditBalance('sub_credit')).toBe(4200);
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/v1/subscriptions/sub_credit' });
  });

  const coupon = { percentOff: 20, amountOff: null, duration: 'repeating' as const, durationMonths: 3 };

  it("redeems a coupon code by looking up Stripe's promotion code and passing it as the subscription's discount", async () => {
    requests.length = 0;
    await provider().createSubscription({ ...input, coupon: { ...coupon, code: 'SPRING20' } });
    const lookup = requests.find((r) => r.method === 'GET' && r.path === '/v1/promotion_codes');
    expect(lookup).toBeDefined();
    const sub = requests.find((r) => r.path === '/v1/subscriptions')!;
    expect(sub.body.get('discounts[0][promotion_code]')).toBe('promo_spring');
  });

  it('refuses an unknown or used-up promotion code before charging or subscribing', async () => {
    for (const code of ['NOPE', 'GONE']) {
      requests.length = 0;
      await expect(provider().createSubscription({ ...input, coupon: { ...coupon, code } })).rejects.toBeInstanceOf(
        CouponRejected,
      );
      expect(requests.some((r) => r.path === '/v1/subscriptions')).toBe(false);
      expect(requests.some((r) => r.path.endsWith('/attach'))).toBe(false);
    }
  });

  it('makes a staff coupon a Stripe coupon and a promotion code of the same code, with its limits', async () => {
    requests.length = 0;
    const expiresAt = new Date('2027-01-01T00:00:00Z');
    const made = await provider().createCoupon({
      ...coupon,
      code: 'SPRING20',
      expiresAt,
      maxRedemptions: 10,
      idempotencyKey: 'fretline-coupon-SPRING20',
    });
    expect(made).toEqual({ promotionCodeId: 'promo_new' });
    const created = requests.find((r) => r.path === '/v1/coupons')!;
    expect(created.body.get('percent_off')).toBe('20');
    expect(created.body.get('duration')).toBe('repeating');
    expect(created.body.get('duration_in_months')).toBe('3');
    expect(created.idempotencyKey).toBe('coupon-fretline-coupon-SPRING20');
    const promo = requests.find((r) => r.method === 'POST' && r.path === '/v1/promotion_codes')!;
    expect(promo.body.get('promotion[type]')).toBe('coupon');
    expect(promo.body.get('promotion[coupon]')).toBe('co_1');
    expect(promo.body.get('code')).toBe('SPRING20');
    expect(promo.body.get('expires_at')).toBe(String(expiresAt.getTime() / 1000));
    expect(promo.body.get('max_redemptions')).toBe('10');
  });

  it('makes an amount-off coupon in pounds sterling', async () => {
    requests.length = 0;
    await provider().createCoupon({
      code: 'FIVER',
      percentOff: null,
      amountOff: 500,
      duration: 'once',
      durationMonths: null,
      expiresAt: null,
      maxRedemptions: null,
      idempotencyKey: 'fretline-coupon-FIVER',
    });
    const created = requests.find((r) => r.path === '/v1/coupons')!;
    expect(created.body.get('amount_off')).toBe('500');
    expect(created.body.get('currency')).toBe('gbp');
    expect(created.body.has('percent_off')).toBe(false);
    expect(created.body.has('duration_in_months')).toBe(false);
    const promo = requests.find((r) => r.method === 'POST' && r.path === '/v1/promotion_codes')!;
    expect(promo.body.has('expires_at')).toBe(false);
    expect(promo.body.has('max_redemptions')).toBe(false);
  });

  it('pauses collection with the void behaviour until the resume date (product.md#keeping-members)', async () => {
    requests.length = 0;
    const resumesAt = new Date('2027-03-01T00:00:00Z');
    await provider().pauseSubscription({ providerSubscriptionId: 'sub_new', resumesAt });
    const update = requests.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions/sub_new')!;
    expect(update.body.get('pause_collection[behavior]')).toBe('void');
    expect(update.body.get('pause_collection[resumes_at]')).toBe(String(resumesAt.getTime() / 1000));
  });

  it('resumes by clearing pause_collection; a started pause restarts the billing cycle now without proration', async () => {
    requests.length = 0;
    await provider().resumeSubscription({ providerSubscriptionId: 'sub_new', chargeNow: false });
    await provider().resumeSubscription({ providerSubscriptionId: 'sub_new', chargeNow: true });
    const [early, started] = requests.filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions/sub_new');
    expect(early!.body.get('pause_collection')).toBe('');
    expect(early!.body.has('billing_cycle_anchor[type]')).toBe(false);
    expect(started!.body.get('pause_collection')).toBe('');
    expect(started!.body.get('billing_cycle_anchor[type]')).toBe('now');
    expect(started!.body.get('proration_behavior')).toBe('none');
  });

  it('undoes a cancellation by setting cancel_at_period_end back to false (ADR 0082)', async () => {
    requests.length = 0;
    await provider().undoCancellation({ providerSubscriptionId: 'sub_new' });
    const update = requests.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions/sub_new')!;
    expect(update.body.get('cancel_at_period_end')).toBe('false');
  });
});
