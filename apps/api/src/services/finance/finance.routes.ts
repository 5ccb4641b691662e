import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddPaymentMethodBodySchema,
  AddressInputSchema,
  AddressResponseSchema,
  CancelSubscriptionBodySchema,
  CreateSubscriptionBodySchema,
  InvoiceListResponseSchema,
  PartyFilterSchema,
  PartyIdParamsSchema,
  PartyListResponseSchema,
  PaymentMethodIdParamsSchema,
  PaymentMethodListResponseSchema,
  PaymentMethodResponseSchema,
  SUBSCRIPTION_ORDER_FIELDS,
  SubscriptionFilterSchema,
  SubscriptionIdParamsSchema,
  SubscriptionListResponseSchema,
  SubscriptionProductResponseSchema,
  SubscriptionProductSlugParamsSchema,
  SubscriptionResponseSchema,
  SuccessResponseSchema,
  INVOICE_MIN_TOTAL,
} from '@fretline/contract';
import { requireUser } from '../../plugins/auth.ts';
import { ListQuerySchema, parseListQuery } from '../../plugins/list-query.ts';
import { registerJobHandler } from '../../platform/jobs/index.ts';
import * as finance from './finance.service.ts';
import { stripeWebhookRoutes } from './finance.webhooks.ts';
import { PROVIDER_CANCEL_JOB } from './membership.ts';
import type { PaymentProvider } from './providers/index.ts';
import { registerSandboxJobs } from './providers/sandbox.ts';

const IdempotencyHeaderSchema = z.object({ 'idempotency-key': z.string().trim().min(8).max(200).optional() });
const ProviderCancelPayload = z.object({ provider: z.enum(['sandbox', 'stripe']), providerSubscriptionId: z.string() });

/** The adapters buildApp hands the finance service (ADR 0051). */
export interface FinanceRoutesOptions {
  provider: PaymentProvider;
}

/** /api/finance: the finance calls of spec §7. Every id in a path is checked against the signed-in user. */
export const financeRoutes: FastifyPluginAsyncZod<FinanceRoutesOptions> = async (app, { provider }) => {
  const ctx = (request: FastifyRequest): finance.FinanceContext => ({
    db: app.db,
    config: app.config,
    provider,
    clock: app.clock,
    log: request.log,
  });
  const signedIn = (request: FastifyRequest): finance.SignedInUser => {
    const auth = requireUser(request);
    return { idUser: auth.user.idUser, email: auth.user.email };
  };

  if (provider.name === 'sandbox') registerSandboxJobs(app);
  // Account deletion cancels at once (membership.ts); the provider hears about it from this job.
  registerJobHandler(app, PROVIDER_CANCEL_JOB, async (payload) => {
    const p = ProviderCancelPayload.parse(payload);
    if (p.provider !== provider.name) return;
    await provider.cancelSubscription({ providerSubscriptionId: p.providerSubscriptionId, atPeriodEnd: false });
  });

  app.get(
    '/subscription-products/slug/:slug',
    { schema: { params: SubscriptionProductSlugParamsSchema, response: { 200: SubscriptionProductResponseSchema } } },
    async (request) => ({ data: { subscription_product: await finance.getProductBySlug(ctx(request), request.params.slug) } }),
  );

  app.get(
    '/me/subscriptions',
    { schema: { querystring: ListQuerySchema, response: { 200: SubscriptionListResponseSchema } } },
    async (request) => {
      const user = signedIn(request);
      const query = parseListQuery(request.query, {
        filterable: SubscriptionFilterSchema.shape,
        orderable: SUBSCRIPTION_ORDER_FIELDS,
        defaultOrder: '-subscription_created',
      });
      const subscriptions = await finance.listSubscriptions(ctx(request), user.idUser, query.filter, query.order, query);
      return { data: { subscriptions } };
    },
  );

  app.get(
    '/me/subscriptions/:id',
    { schema: { params: SubscriptionIdParamsSchema, response: { 200: SubscriptionResponseSchema } } },
    async (request) => {
      const user = signedIn(request);
      return { data: { subscription: await finance.getSubscription(ctx(request), user, request.params.id) } };
    },
  );

  app.post(
    '/me/subscriptions',
    {
      schema: {
        body: CreateSubscriptionBodySchema,
        headers: IdempotencyHeaderSchema,
        response: { 200: SubscriptionResponseSchema, 201: SubscriptionResponseSchema },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      const { subscription, created } = await finance.createSubscription(ctx(request), user, {
        idSubscriptionPlan: request.body.id_subscription_plan,
        paymentMethodId: request.body.stripe_payment_method_id,
        idempotencyKey: request.headers['idempotency-key'] ?? request.body.idempotency_key,
        correlationId: request.id,
      });
      return reply.code(created ? 201 : 200).send({ data: { subscription } });
    },
  );

  app.put(
    '/me/subscriptions/:id/status/cancelled',
    {
      schema: {
        params: SubscriptionIdParamsSchema,
        body: CancelSubscriptionBodySchema,
        response: { 200: SubscriptionResponseSchema },
      },
    },
    async (request) => {
      const user = signedIn(request);
      const subscription = await finance.cancelSubscription(
        ctx(request),
        user,
        request.params.id,
        request.body.subscription_product_cancellation_question,
        request.id,
      );
      return { data: { subscription } };
    },
  );

  app.get(
    '/me/subscriptions/:id/methods',
    { schema: { params: SubscriptionIdParamsSchema, response: { 200: PaymentMethodListResponseSchema } } },
    async (request) => ({
      data: { payment_methods: await finance.listPaymentMethods(ctx(request), signedIn(request), request.params.id) },
    }),
  );

  app.post(
    '/me/subscriptions/:id/methods',
    {
      schema: {
        params: SubscriptionIdParamsSchema,
        body: AddPaymentMethodBodySchema,
        response: { 200: PaymentMethodResponseSchema, 201: PaymentMethodResponseSchema },
      },
    },
    async (request, reply) => {
      const { paymentMethod, created } = await finance.addPaymentMethod(
        ctx(request),
        signedIn(request),
        request.params.id,
        request.body.stripe_payment_method_id,
      );
      return reply.code(created ? 201 : 200).send({ data: { payment_method: paymentMethod } });
    },
  );

  app.delete(
    '/me/subscriptions/:id/methods/:idMethod',
    { schema: { params: PaymentMethodIdParamsSchema, response: { 200: SuccessResponseSchema } } },
    async (request) => {
      await finance.deletePaymentMethod(ctx(request), signedIn(request), request.params.id, request.params.idMethod);
      return { data: { success: true as const } };
    },
  );

  app.get(
    '/me/subscriptions/:id/invoices',
    {
      schema: { params: SubscriptionIdParamsSchema, querystring: ListQuerySchema, response: { 200: InvoiceListResponseSchema } },
    },
    async (request) => {
      const user = signedIn(request);
      // Spec §5: the client asks for totals ≥ 0.01 (filter {"stripe_invoice_total":{"gte":0.01}}); never less.
      const query = parseListQuery(request.query, {
        filterable: { stripe_invoice_total: z.strictObject({ gte: z.number().min(0) }) },
        orderable: ['stripe_invoice_created'] as const,
        defaultOrder: '-stripe_invoice_created',
      });
      const min = Math.max(INVOICE_MIN_TOTAL, query.filter.stripe_invoice_total?.gte ?? 0);
      return { data: { invoices: await finance.listInvoices(ctx(request), user, request.params.id, min) } };
    },
  );

  app.get(
    '/me/parties',
    { schema: { querystring: ListQuerySchema, response: { 200: PartyListResponseSchema } } },
    async (request) => {
      const user = signedIn(request);
      const query = parseListQuery(request.query, {
        filterable: PartyFilterSchema.shape,
        orderable: ['id_party'] as const,
        defaultOrder: 'id_party',
      });
      return { data: { parties: await finance.listParties(ctx(request), user, query.filter) } };
    },
  );

  app.get(
    '/me/parties/:id/address',
    { schema: { params: PartyIdParamsSchema, response: { 200: AddressResponseSchema } } },
    async (request) => ({ data: { address: await finance.getAddress(ctx(request), signedIn(request), request.params.id) } }),
  );

  app.post(
    '/me/parties/:id/address',
    { schema: { params: PartyIdParamsSchema, body: AddressInputSchema, response: { 200: AddressResponseSchema } } },
    async (request) => ({
      data: { address: await finance.saveAddress(ctx(request), signedIn(request), request.params.id, request.body) },
    }),
  );

  await app.register(stripeWebhookRoutes);
};
