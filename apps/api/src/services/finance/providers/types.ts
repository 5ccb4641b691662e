/**
 * One interface for every payment provider (ARCHITECTURE.md "payments"): the sandbox (default,
 * offline) and Stripe. Providers never decide our subscription status directly: they report what
 * happened as ProviderEvents, which `applyProviderEvent` runs through the state machine (ADR 0020).
 */

export interface CardDetails {
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
}

export interface PlanForProvider {
  idSubscriptionPlan: number;
  price: number;
  interval: 'month' | 'year';
  stripePriceId: string | null;
  /** Used with the plan's price and interval from our database when the plan has no Stripe Price. */
  stripeProductId: string | null;
}

/** A checkout coupon's terms (product.md#coupons); percentOff or amountOff (pence), never both. */
export interface CouponForProvider {
  code: string;
  percentOff: number | null;
  amountOff: number | null;
  duration: 'once' | 'repeating' | 'forever';
  durationMonths: number | null;
}

export interface CreateProviderSubscriptionInput {
  idSubscription: number;
  idUser: number;
  email: string;
  customerId: string | null;
  paymentMethodId: string;
  plan: PlanForProvider;
  trialDays: number;
  /** A coupon code the member typed, already checked against our coupons. */
  coupon?: CouponForProvider | null;
  /** Passed on to the provider so a retried request never creates a second subscription there. */
  idempotencyKey: string;
}

export interface CreatedProviderSubscription {
  customerId: string;
  providerSubscriptionId: string;
  card: CardDetails;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Creates the customer (unless given), attaches the card and starts the subscription. Throws PaymentError. */
  createSubscription(input: CreateProviderSubscriptionInput): Promise<CreatedProviderSubscription>;
  /** Attaches a card and makes it the one renewals are charged to; retries an unpaid invoice. Throws PaymentError. */
  replacePaymentMethod(input: {
    customerId: string;
    providerSubscriptionId: string;
    paymentMethodId: string;
  }): Promise<CardDetails>;
  /** Detaches a card from the customer. */
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  /** Stops renewals: at the end of the paid period (a user cancelling), or now (account deletion). */
  cancelSubscription(input: { providerSubscriptionId: string; atPeriodEnd: boolean }): Promise<void>;
  /**
   * Calls off a cancellation set for the end of the period (Stripe's cancel_at_period_end=false):
   * renewals go on as if it had never been asked for (product.md#keeping-members, ADR 0082).
   */
  undoCancellation(input: { providerSubscriptionId: string }): Promise<void>;
  /**
   * Pauses collection until `resumesAt` (Stripe's pause_collection, behavior 'void'): the period
   * already paid for runs out, nothing is charged until then (product.md#keeping-members).
   */
  pauseSubscription(input: { providerSubscriptionId: string; resumesAt: Date }): Promise<void>;
  /** Ends a pause early; `chargeNow` when the pause has started, so a new period is paid for from now. */
  resumeSubscription(input: { providerSubscriptionId: string; chargeNow: boolean }): Promise<void>;
  /** The retention offer: a percent off the next `months` monthly charges (a repeating coupon). */
  applyDiscount(input: {
    providerSubscriptionId: string;
    percentOff: number;
    months: number;
    idempotencyKey: string;
  }): Promise<void>;
  /**
   * The credit the customer holds (left over from an earlier switch), in pence: the switch takes it
   * off the new price, so the quote must too.
   */
  creditBalance(providerSubscriptionId: string): Promise<number>;
  /**
   * Makes a checkout coupon on the provider's side: Stripe gets a coupon and a promotion code of the
   * same code (its id is returned); the sandbox needs nothing.
   */
  createCoupon(
    input: CouponForProvider & { expiresAt: Date | null; maxRedemptions: number | null; idempotencyKey: string },
  ): Promise<{ promotionCodeId: string | null }>;
  /**
   * Switches the subscription to another plan (monthly ↔ yearly, product.md#switching-plans): a new
   * period starts now and the unused time on the old plan, with any credit the customer holds, is
   * taken off the new price, which is charged at once. Throws PaymentError when the card refuses
   * that charge; nothing changes then.
   */
  changePlan(input: { providerSubscriptionId: string; plan: PlanForProvider; idempotencyKey: string }): Promise<{
    currentPeriodEnd: Date | null;
  }>;
}

/** A payment the provider refused (a declined card): shown to the user as is (product.md#errors), answered 402. */
export class PaymentError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** The provider does not accept a coupon code (unknown, expired or used up on its side): answered 400. */
export class CouponRejected extends Error {}

/** The provider's status names, as Stripe spells them (the sandbox uses the same). */
export type ProviderSubscriptionStatus =
  'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';

interface ProviderInvoice {
  id: string;
  number: string | null;
  /** Pence. */
  total: number;
  status: string;
  created: Date;
  url: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  /** Stripe's billing_reason: the first invoice is 'subscription_create'. */
  billingReason: string | null;
  /** When the provider will try a failed invoice again (Stripe's next_payment_attempt); null when it will not. */
  nextPaymentAttempt?: Date | null;
}

/** What a provider reports; Stripe webhooks and sandbox jobs both arrive in this shape (ADR 0021). */
export type ProviderEvent = {
  provider: 'sandbox' | 'stripe';
  id: string;
  created: Date;
  providerSubscriptionId: string;
} & (
  | {
      type: 'subscription.updated' | 'subscription.deleted';
      status: ProviderSubscriptionStatus;
      currentPeriodEnd: Date | null;
      trialEnd: Date | null;
    }
  | { type: 'invoice.paid' | 'invoice.payment_failed'; invoice: ProviderInvoice }
  | { type: 'subscription.trial_will_end'; trialEnd: Date | null }
);
