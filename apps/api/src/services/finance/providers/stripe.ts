import Stripe from 'stripe';
import { z } from 'zod';
import {
  PaymentError,
  CouponRejected,
  type CardDetails,
  type CouponForProvider,
  type CreateProviderSubscriptionInput,
  type CreatedProviderSubscription,
  type PaymentProvider,
  type PlanForProvider,
  type ProviderEvent,
} from './types.ts';

/*
 * ADR 0021: the Stripe provider. Card data never reaches our server: Stripe Elements turns the card
 * into a PaymentMethod in the browser and only its id (`pm_…`) is posted to us. Prices and plans
 * come from our database. Every write carries an idempotency key, and the state of our subscription
 * follows Stripe's webhooks (see stripeWebhookEvent), not the API responses.
 */

export interface StripeClientOptions {
  /** Tests point the SDK at a local fake of Stripe's HTTP API. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

export function createStripeClient(secretKey: string, options: StripeClientOptions = {}): Stripe {
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Fretline' },
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
    ...(options.protocol ? { protocol: options.protocol } : {}),
  });
}

/** A refused card is the user's to fix (402 with Stripe's text); anything else is our problem (500). */
function asPaymentError(err: unknown): never {
  if (err instanceof Stripe.errors.StripeCardError) throw new PaymentError(err.message, err.code ?? 'card_declined');
  if (
    err instanceof Stripe.errors.StripeInvalidRequestError &&
    err.code === 'resource_missing' &&
    err.param === 'payment_method'
  ) {
    throw new PaymentError('That card could not be used, please enter your card details again.', 'resource_missing');
  }
  throw err;
}

function cardOf(pm: Stripe.PaymentMethod): CardDetails {
  return {
    brand: pm.card?.brand ?? pm.type ?? null,
    last4: pm.card?.last4 ?? null,
    expMonth: pm.card?.exp_month ?? null,
    expYear: pm.card?.exp_year ?? null,
  };
}

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;

  constructor(private readonly stripe: Stripe) {}

  async createSubscription(input: CreateProviderSubscriptionInput): Promise<CreatedProviderSubscription> {
    const { plan } = input;
    if (!plan.stripePriceId && !plan.stripeProductId) {
      throw new Error(`Plan ${plan.idSubscriptionPlan} has neither a Stripe price nor a Stripe product id`);
    }
    try {
      const customerId =
        input.customerId ??
        (
          await this.stripe.customers.create(
            { email: input.email, metadata: { id_user: String(input.idUser) } },
            { idempotencyKey: `customer-${input.idempotencyKey}` },
          )
        ).id;
      const promotionCode = input.coupon ? await this.findPromotionCode(input.coupon.code) : null;
      const pm = await this.stripe.paymentMethods.attach(input.paymentMethodId, { customer: customerId });
      await this.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: pm.id } });
      const item: Stripe.SubscriptionCreateParams.Item = plan.stripePriceId
        ? { price: plan.stripePriceId }
        : {
            price_data: {
              currency: 'gbp',
              product: plan.stripeProductId ?? '',
              unit_amount: plan.price,
              recurring: { interval: plan.interval },
            },
          };
      const sub = await this.stripe.subscriptions.create(
        {
          customer: customerId,
          items: [item],
          default_payment_method: pm.id,
          ...(input.trialDays > 0 ? { trial_period_days: input.trialDays } : {}),
          ...(promotionCode ? { discounts: [{ promotion_code: promotionCode }] } : {}),
          // A declined first payment fails the call (product.md#errors: the flow stops, the form comes back).
          payment_behavior: 'error_if_incomplete',
          metadata: { id_subscription: String(input.idSubscription), id_user: String(input.idUser) },
        },
        { idempotencyKey: `subscription-${input.idempotencyKey}` },
      );
      return { customerId, providerSubscriptionId: sub.id, card: cardOf(pm) };
    } catch (err) {
      return asPaymentError(err);
    }
  }

  /** The live promotion code of this code (product.md#coupons); Stripe checks its expiry and redemptions itself. */
  private async findPromotionCode(code: string): Promise<string> {
    const found = await this.stripe.promotionCodes.list({ code, active: true, limit: 1 });
    const promo = found.data[0];
    if (!promo) throw new CouponRejected(code);
    if (promo.expires_at && promo.expires_at * 1000 <= Date.now()) throw new CouponRejected(code);
    if (promo.max_redemptions && promo.times_redeemed >= promo.max_redemptions) throw new CouponRejected(code);
    return promo.id;
  }

  /** Stripe keeps a switch's leftover credit as a negative customer balance and applies it to the next invoices. */
  async creditBalance(providerSubscriptionId: string): Promise<number> {
    const subscription = await this.stripe.subscriptions.retrieve(providerSubscriptionId, { expand: ['customer'] });
    const customer = subscription.customer;
    const balance = typeof customer === 'object' && !customer.deleted ? customer.balance : 0;
    return Math.max(0, -balance);
  }

  /** A staff coupon becomes a Stripe coupon with a promotion code of the same code, limits included. */
  async createCoupon(
    input: CouponForProvider & { expiresAt: Date | null; maxRedemptions: number | null; idempotencyKey: string },
  ): Promise<{ promotionCodeId: string }> {
    const coupon = await this.stripe.coupons.create(
      {
        ...(input.percentOff !== null
          ? { percent_off: input.percentOff }
          : { amount_off: input.amountOff ?? 0, currency: 'gbp' }),
        duration: input.duration,
        ...(input.duration === 'repeating' ? { duration_in_months: input.durationMonths ?? 1 } : {}),
        name: input.code,
      },
      { idempotencyKey: `coupon-${input.idempotencyKey}` },
    );
    const promo = await this.stripe.promotionCodes.create(
      {
        promotion: { type: 'coupon', coupon: coupon.id },
        code: input.code,
        ...(input.expiresAt ? { expires_at: Math.floor(input.expiresAt.getTime() / 1000) } : {}),
        ...(input.maxRedemptions ? { max_redemptions: input.maxRedemptions } : {}),
      },
      { idempotencyKey: `promotion-code-${input.idempotencyKey}` },
    );
    return { promotionCodeId: promo.id };
  }

  async replacePaymentMethod(input: {
    customerId: string;
    providerSubscriptionId: string;
    paymentMethodId: string;
  }): Promise<CardDetails> {
    try {
      const pm = await this.stripe.paymentMethods.attach(input.paymentMethodId, { customer: input.customerId });
      await this.stripe.customers.update(input.customerId, { invoice_settings: { default_payment_method: pm.id } });
      const sub = await this.stripe.subscriptions.update(input.providerSubscriptionId, { default_payment_method: pm.id });
      // A subscription waiting on an unpaid invoice tries it again with the new card.
      const latest = sub.latest_invoice;
      const latestId = typeof latest === 'string' ? latest : latest?.id;
      if (latestId && (sub.status === 'past_due' || sub.status === 'unpaid' || sub.status === 'incomplete')) {
        await this.stripe.invoices.pay(latestId, { payment_method: pm.id }).catch((err: unknown) => {
          // The card is saved either way; the failed retry arrives as invoice.payment_failed.
          if (!(err instanceof Stripe.errors.StripeCardError)) throw err;
        });
      }
      return cardOf(pm);
    } catch (err) {
      return asPaymentError(err);
    }
  }

  async detachPaymentMethod(paymentMethodId: string): Promise<void> {
    try {
      await this.stripe.paymentMethods.detach(paymentMethodId);
    } catch (err) {
      // Already detached (or never attached) is the outcome we wanted.
      if (err instanceof Stripe.errors.StripeInvalidRequestError) return;
      throw err;
    }
  }

  async cancelSubscription(input: { providerSubscriptionId: string; atPeriodEnd: boolean }): Promise<void> {
    try {
      if (input.atPeriodEnd) {
        await this.stripe.subscriptions.update(input.providerSubscriptionId, { cancel_at_period_end: true });
      } else {
        await this.stripe.subscriptions.cancel(input.providerSubscriptionId);
      }
    } catch (err) {
      // Cancelling what Stripe has already cancelled is fine.
      if (err instanceof Stripe.errors.StripeInvalidRequestError && /cancel/i.test(err.message)) return;
      throw err;
    }
  }

  async undoCancellation(input: { providerSubscriptionId: string }): Promise<void> {
    await this.stripe.subscriptions.update(input.providerSubscriptionId, { cancel_at_period_end: false });
  }

  /** product.md#keeping-members: invoices of the paused months are voided; Stripe resumes by itself at resumes_at. */
  async pauseSubscription(input: { providerSubscriptionId: string; resumesAt: Date }): Promise<void> {
    await this.stripe.subscriptions.update(input.providerSubscriptionId, {
      pause_collection: { behavior: 'void', resumes_at: Math.floor(input.resumesAt.getTime() / 1000) },
    });
  }

  async resumeSubscription(input: { providerSubscriptionId: string; chargeNow: boolean }): Promise<void> {
    const params: Stripe.SubscriptionUpdateParams = { pause_collection: '' };
    if (input.chargeNow) {
      // A pause that has started ends with a new period paid for from now, not a free stretch until the next cycle.
      params.billing_cycle_anchor = { type: 'now' };
      params.proration_behavior = 'none';
    }
    await this.stripe.subscriptions.update(input.providerSubscriptionId, params);
  }

  async applyDiscount(input: { providerSubscriptionId: string; percentOff: number; months: number; idempotencyKey: string }) {
    const coupon = await this.stripe.coupons.create(
      {
        percent_off: input.percentOff,
        duration: 'repeating',
        duration_in_months: input.months,
        name: `${input.percentOff}% off for ${input.months} month${input.months === 1 ? '' : 's'}`,
      },
      { idempotencyKey: `coupon-${input.idempotencyKey}` },
    );
    await this.stripe.subscriptions.update(
      input.providerSubscriptionId,
      { discounts: [{ coupon: coupon.id }] },
      { idempotencyKey: `discount-${input.idempotencyKey}` },
    );
  }

  /**
   * Monthly ↔ yearly (product.md#switching-plans): the item's price changes, and an interval change
   * resets the billing cycle to now; 'always_invoice' charges the prorated difference at once, and
   * 'error_if_incomplete' turns a refused card into an error with the subscription left as it was.
   */
  async changePlan(input: { providerSubscriptionId: string; plan: PlanForProvider; idempotencyKey: string }) {
    const { plan } = input;
    if (!plan.stripePriceId && !plan.stripeProductId) {
      throw new Error(`Plan ${plan.idSubscriptionPlan} has neither a Stripe price nor a Stripe product id`);
    }
    try {
      const current = await this.stripe.subscriptions.retrieve(input.providerSubscriptionId);
      const itemId = current.items.data[0]?.id;
      if (!itemId) throw new Error(`Stripe subscription ${input.providerSubscriptionId} has no item`);
      const item: Stripe.SubscriptionUpdateParams.Item = plan.stripePriceId
        ? { id: itemId, price: plan.stripePriceId }
        : {
            id: itemId,
            price_data: {
              currency: 'gbp',
              product: plan.stripeProductId ?? '',
              unit_amount: plan.price,
              recurring: { interval: plan.interval },
            },
          };
      const updated = await this.stripe.subscriptions.update(
        input.providerSubscriptionId,
        { items: [item], proration_behavior: 'always_invoice', payment_behavior: 'error_if_incomplete' },
        { idempotencyKey: `plan-${input.idempotencyKey}` },
      );
      const end = updated.items?.data[0]?.current_period_end;
      return { currentPeriodEnd: end ? new Date(end * 1000) : null };
    } catch (err) {
      return asPaymentError(err);
    }
  }
}

// ── Webhooks ────────────────────────────────────────────────────────────────────────────────────

const unix = (n: number | null | undefined) => (typeof n === 'number' ? new Date(n * 1000) : null);
const idOf = z.union([z.string(), z.object({ id: z.string() }).transform((o) => o.id)]);
const Metadata = z.record(z.string(), z.string()).nullish();

const StripeSubscriptionObject = z.object({
  id: z.string(),
  status: z.enum(['incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused']),
  metadata: Metadata,
  trial_end: z.number().nullish(),
  // Older API versions keep the period on the subscription, newer ones on each item.
  current_period_end: z.number().nullish(),
  items: z.object({ data: z.array(z.object({ current_period_end: z.number().nullish() })) }).nullish(),
});

const StripeInvoiceObject = z.object({
  id: z.string(),
  number: z.string().nullish(),
  total: z.number(),
  status: z.string().nullish(),
  created: z.number(),
  hosted_invoice_url: z.string().nullish(),
  billing_reason: z.string().nullish(),
  next_payment_attempt: z.number().nullish(),
  period_start: z.number().nullish(),
  period_end: z.number().nullish(),
  subscription: idOf.nullish(),
  subscription_details: z.object({ metadata: Metadata }).nullish(),
  parent: z.object({ subscription_details: z.object({ subscription: idOf.nullish(), metadata: Metadata }).nullish() }).nullish(),
  lines: z.object({ data: z.array(z.object({ period: z.object({ start: z.number(), end: z.number() }).nullish() })) }).nullish(),
});

const hintOf = (metadata: Record<string, string> | null | undefined) => {
  const n = Number(metadata?.id_subscription);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * Turns a verified Stripe event into our ProviderEvent, or null for events we do not act on.
 * The event's own `created` orders it against others (they may arrive late or out of order).
 */
export function stripeWebhookEvent(event: Stripe.Event): (ProviderEvent & { idSubscriptionHint: number | null }) | null {
  const created = new Date(event.created * 1000);
  const base = { provider: 'stripe' as const, id: event.id, created };
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.trial_will_end': {
      const sub = StripeSubscriptionObject.parse(event.data.object);
      const idSubscriptionHint = hintOf(sub.metadata);
      if (event.type === 'customer.subscription.trial_will_end') {
        return {
          ...base,
          type: 'subscription.trial_will_end',
          providerSubscriptionId: sub.id,
          trialEnd: unix(sub.trial_end),
          idSubscriptionHint,
        };
      }
      const itemEnds = (sub.items?.data ?? []).map((i) => i.current_period_end ?? 0);
      const periodEnd = sub.current_period_end ?? (itemEnds.length ? Math.max(...itemEnds) : null);
      return {
        ...base,
        type: event.type === 'customer.subscription.deleted' ? 'subscription.deleted' : 'subscription.updated',
        providerSubscriptionId: sub.id,
        status: event.type === 'customer.subscription.deleted' ? 'canceled' : sub.status,
        currentPeriodEnd: unix(periodEnd),
        trialEnd: unix(sub.trial_end),
        idSubscriptionHint,
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const inv = StripeInvoiceObject.parse(event.data.object);
      const providerSubscriptionId = inv.parent?.subscription_details?.subscription ?? inv.subscription ?? null;
      if (!providerSubscriptionId) return null;
      const line = inv.lines?.data.find((l) => l.period)?.period;
      return {
        ...base,
        type: event.type,
        providerSubscriptionId,
        idSubscriptionHint: hintOf(inv.parent?.subscription_details?.metadata ?? inv.subscription_details?.metadata),
        invoice: {
          id: inv.id,
          number: inv.number ?? null,
          total: inv.total,
          status: inv.status ?? (event.type === 'invoice.paid' ? 'paid' : 'open'),
          created: new Date(inv.created * 1000),
          url: inv.hosted_invoice_url ?? null,
          periodStart: unix(line?.start ?? inv.period_start),
          periodEnd: unix(line?.end ?? inv.period_end),
          billingReason: inv.billing_reason ?? null,
          nextPaymentAttempt: unix(inv.next_payment_attempt),
        },
      };
    }
    default:
      return null;
  }
}
