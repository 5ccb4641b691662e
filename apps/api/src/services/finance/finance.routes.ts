import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PartyFilterSchema, SUBSCRIPTION_ORDER_FIELDS, SubscriptionFilterSchema, INVOICE_MIN_TOTAL } from '@fretline/contract';
import { requireRoleGroup, requireUser } from '../../plugins/auth.ts';
import { route } from '../../plugins/calls.ts';
import { parseListQuery } from '../../plugins/list-query.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { registerJobHandler } from '../../platform/jobs/index.ts';
import * as finance from './finance.service.ts';
import { figuresToCsv, membershipFigures, type MailerFiguresSource } from './figures.ts';
import * as coupons from './coupons.ts';
import * as keep from './keep-members.ts';
import * as planSwitch from './plan-switch.ts';
import type { TimeZoneOf } from './finance.mails.ts';
import { stripeWebhookRoutes } from './finance.webhooks.ts';
import { PROVIDER_CANCEL_JOB } from './membership.ts';
import type { PaymentProvider } from './providers/index.ts';
import { registerSandboxJobs } from './providers/sandbox.ts';

const ProviderCancelPayload = z.object({ provider: z.enum(['sandbox', 'stripe']), providerSubscriptionId: z.string() });

/** The adapters buildApp hands the finance service (ADR 0051). */
export interface FinanceRoutesOptions {
  provider: PaymentProvider;
  /** The mailers service's delivery counts for the dashboard; its cards are left out without it. */
  mailerFigures?: MailerFiguresSource | undefined;
  /** The member's time zone (the auth service's), for the dates and send times of lifecycle e-mails. */
  timeZoneOf?: TimeZoneOf | undefined;
}

/** /api/finance: the finance calls (product.md#calls). Every id in a path is checked against the signed-in user. */
export const financeRoutes: FastifyPluginAsyncZod<FinanceRoutesOptions> = async (
  app,
  { provider, mailerFigures, timeZoneOf },
) => {
  const ctx = (request: FastifyRequest): finance.FinanceContext => ({
    db: app.db,
    config: app.config,
    provider,
    clock: app.clock,
    log: request.log,
    timeZoneOf,
  });
  const signedIn = (request: FastifyRequest): finance.SignedInUser => {
    const auth = requireUser(request);
    return { idUser: auth.user.idUser, email: auth.user.email };
  };

  const user = { access: 'user' } as const;

  if (provider.name === 'sandbox') registerSandboxJobs(app, timeZoneOf);
  // Account deletion cancels at once (membership.ts); the provider hears about it from this job.
  registerJobHandler(app, PROVIDER_CANCEL_JOB, async (payload) => {
    const p = ProviderCancelPayload.parse(payload);
    if (p.provider !== provider.name) return;
    await provider.cancelSubscription({ providerSubscriptionId: p.providerSubscriptionId, atPeriodEnd: false });
  });

  route(app, 'finance.getProduct', { access: 'public' }, async (request) => ({
    data: { subscription_product: await finance.getProductBySlug(ctx(request), request.params.slug) },
  }));

  route(app, 'finance.listSubscriptions', user, async (request) => {
    const user = signedIn(request);
    const query = parseListQuery(request.query, {
      filterable: SubscriptionFilterSchema.shape,
      orderable: SUBSCRIPTION_ORDER_FIELDS,
      defaultOrder: '-subscription_created',
    });
    const subscriptions = await finance.listSubscriptions(ctx(request), user, query.filter, query.order, query);
    return { data: { subscriptions } };
  });

  route(app, 'finance.getSubscription', user, async (request) => {
    const user = signedIn(request);
    return { data: { subscription: await finance.getSubscription(ctx(request), user, request.params.id) } };
  });

  route(app, 'finance.createSubscription', user, async (request, reply) => {
    const user = signedIn(request);
    const { subscription, created } = await finance.createSubscription(ctx(request), user, {
      idSubscriptionPlan: request.body.id_subscription_plan,
      paymentMethodId: request.body.stripe_payment_method_id,
      idempotencyKey: request.headers['idempotency-key'] ?? request.body.idempotency_key,
      correlationId: request.id,
      couponCode: request.body.coupon_code,
    });
    return reply.code(created ? 201 : 200).send({ data: { subscription } });
  });

  route(app, 'finance.cancelSubscription', user, async (request) => {
    const user = signedIn(request);
    const subscription = await finance.cancelSubscription(
      ctx(request),
      user,
      request.params.id,
      request.body.subscription_product_cancellation_question,
      request.id,
      request.body.cancellation_reason ?? null,
    );
    return { data: { subscription } };
  });

  route(app, 'finance.undoCancellation', user, async (request) => ({
    data: { subscription: await keep.undoCancellation(ctx(request), signedIn(request), request.params.id) },
  }));

  // ── Keeping members (product.md#keeping-members) ──
  route(app, 'finance.getKeepOptions', user, async (request) => ({
    data: { keep_options: await keep.getKeepOptions(ctx(request), signedIn(request), request.params.id) },
  }));

  route(app, 'finance.pauseSubscription', user, async (request) => ({
    data: {
      subscription: await keep.pauseSubscription(ctx(request), signedIn(request), request.params.id, request.body.pause_months),
    },
  }));

  route(app, 'finance.resumeSubscription', user, async (request) => ({
    data: { subscription: await keep.resumeSubscription(ctx(request), signedIn(request), request.params.id) },
  }));

  route(app, 'finance.getPlanSwitch', user, async (request) => ({
    data: { plan_switch: await planSwitch.getPlanSwitch(ctx(request), signedIn(request), request.params.id) },
  }));

  route(app, 'finance.switchPlan', user, async (request) => ({
    data: {
      subscription: await planSwitch.switchPlan(
        ctx(request),
        signedIn(request),
        request.params.id,
        request.body.id_subscription_plan,
      ),
    },
  }));

  route(app, 'finance.takeRetentionOffer', user, async (request) => ({
    data: { subscription: await keep.takeRetentionOffer(ctx(request), signedIn(request), request.params.id) },
  }));

  // Money is the Director group's, as the analytics are (ADR 0036).
  route(app, 'finance.getRetentionOfferSettings', { access: 'Director' }, async () => ({
    data: { retention_offer: await keep.getRetentionOfferSettings(app.db) },
  }));

  route(
    app,
    'finance.saveRetentionOfferSettings',
    { access: 'Director', audit: { action: 'retention_offer.save' } },
    async (request) => {
      const auth = requireRoleGroup(request, 'Director');
      const now = app.clock();
      const saved = await app.db.transaction(async (tx) => {
        const before = await keep.getRetentionOfferSettings(tx);
        const after = await keep.saveRetentionOfferSettings(tx, request.body, now);
        const diff = { retention_offer: { from: before, to: after } };
        await recordAudit(tx, auth, { action: 'retention_offer.save', targetType: 'retention_offer', targetId: 1, diff }, now);
        return after;
      });
      return { data: { retention_offer: saved } };
    },
  );

  // ── Coupon codes (product.md#coupons) ──
  route(app, 'finance.quoteCoupon', user, async (request) => {
    signedIn(request);
    return { data: { coupon_quote: await coupons.quoteCoupon(ctx(request), request.body) } };
  });

  route(app, 'finance.listCoupons', { access: 'Director' }, async () => ({
    data: { coupons: await coupons.listCoupons(app.db) },
  }));

  route(app, 'finance.createCoupon', { access: 'Director', audit: { action: 'coupon.create' } }, async (request, reply) => {
    const auth = requireRoleGroup(request, 'Director');
    // After the provider's call and the insert: the coupon exists at the provider whatever happens here.
    const coupon = await coupons.createCoupon(ctx(request), request.body);
    const diff = { coupon: { from: null, to: coupon } };
    await recordAudit(
      app.db,
      auth,
      { action: 'coupon.create', targetType: 'coupon', targetId: coupon.id_coupon, diff },
      app.clock(),
    );
    return reply.code(201).send({ data: { coupon } });
  });

  route(app, 'finance.getMembershipFigures', { access: 'Director' }, async (request, reply) => {
    const figures = await membershipFigures(app.db, request.query, app.clock(), mailerFigures);
    if (request.query.format === 'csv') {
      // The export is this call's other answer: a CSV file, which the declared JSON response does not describe.
      const file: FastifyReply = reply;
      return file
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="fretline-membership-${figures.current.from}-to-${figures.current.to}.csv"`,
        )
        .serializer((payload: unknown) => String(payload))
        .send(figuresToCsv(figures));
    }
    return { data: { figures } };
  });

  route(app, 'finance.listPaymentMethods', user, async (request) => ({
    data: { payment_methods: await finance.listPaymentMethods(ctx(request), signedIn(request), request.params.id) },
  }));

  route(app, 'finance.addPaymentMethod', user, async (request, reply) => {
    const { paymentMethod, created } = await finance.addPaymentMethod(
      ctx(request),
      signedIn(request),
      request.params.id,
      request.body.stripe_payment_method_id,
    );
    return reply.code(created ? 201 : 200).send({ data: { payment_method: paymentMethod } });
  });

  route(app, 'finance.deletePaymentMethod', user, async (request) => {
    await finance.deletePaymentMethod(ctx(request), signedIn(request), request.params.id, request.params.idMethod);
    return { data: { success: true as const } };
  });

  route(app, 'finance.listInvoices', user, async (request) => {
    const user = signedIn(request);
    // The client asks for totals ≥ 0.01 (filter {"stripe_invoice_total":{"gte":0.01}}; product.md#validation); never less.
    const query = parseListQuery(request.query, {
      filterable: { stripe_invoice_total: z.strictObject({ gte: z.number().min(0) }) },
      orderable: ['stripe_invoice_created'] as const,
      defaultOrder: '-stripe_invoice_created',
    });
    const min = Math.max(INVOICE_MIN_TOTAL, query.filter.stripe_invoice_total?.gte ?? 0);
    return { data: { invoices: await finance.listInvoices(ctx(request), user, request.params.id, min) } };
  });

  route(app, 'finance.listParties', user, async (request) => {
    const user = signedIn(request);
    const query = parseListQuery(request.query, {
      filterable: PartyFilterSchema.shape,
      orderable: ['id_party'] as const,
      defaultOrder: 'id_party',
    });
    return { data: { parties: await finance.listParties(ctx(request), user, query.filter) } };
  });

  route(app, 'finance.getAddress', user, async (request) => ({
    data: { address: await finance.getAddress(ctx(request), signedIn(request), request.params.id) },
  }));

  route(app, 'finance.saveAddress', user, async (request) => ({
    data: { address: await finance.saveAddress(ctx(request), signedIn(request), request.params.id, request.body) },
  }));

  // Not a declared call: Stripe posts raw signed bytes to it, and no client of ours calls it.
  await app.register(stripeWebhookRoutes, { timeZoneOf });
};
