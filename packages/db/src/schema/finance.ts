import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// The finance service's tables live in their own Postgres schema (ARCHITECTURE.md).
// Users are referenced by id only, without a foreign key into the auth schema: each service owns its
// tables, and billing records must outlive an account deletion (they are accounting records).
export const financeSchema = pgSchema('finance');

/** Subscription states (product.md#states); ADR 0020 has the transitions. */
export const SUBSCRIPTION_STATUSES = ['draft', 'created', 'initialised', 'active', 'incomplete', 'failed', 'cancelled'] as const;
export type SubscriptionStatusValue = (typeof SUBSCRIPTION_STATUSES)[number];

/** Subscription product (product.md#entities), looked up by slug (the membership is `access-all-areas`). */
export const subscriptionProducts = financeSchema.table(
  'subscription_products',
  {
    idSubscriptionProduct: serial('id_subscription_product').primaryKey(),
    subscriptionProductSlug: text('subscription_product_slug').notNull(),
    subscriptionProductName: text('subscription_product_name').notNull(),
    subscriptionProductDescription: text('subscription_product_description').notNull().default(''),
    /** What the membership gives, one benefit per entry, shown on /membership. */
    subscriptionProductFeatures: jsonb('subscription_product_features').$type<string[]>().notNull().default([]),
    subscriptionProductTrialDays: integer('subscription_product_trial_days').notNull().default(0),
    /** The question asked when cancelling; the answer is stored on the subscription. */
    subscriptionProductCancellationQuestion: text('subscription_product_cancellation_question'),
    stripeProductId: text('stripe_product_id'),
    subscriptionProductCreated: timestamp('subscription_product_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subscription_products_slug_key').on(t.subscriptionProductSlug)],
);

/** Subscription plan (product.md#entities): a price and an interval of one product. Prices in pence (GBP). */
export const subscriptionPlans = financeSchema.table(
  'subscription_plans',
  {
    idSubscriptionPlan: serial('id_subscription_plan').primaryKey(),
    fkProductPlan: integer('fk_product_plan')
      .notNull()
      .references(() => subscriptionProducts.idSubscriptionProduct),
    subscriptionPlanName: text('subscription_plan_name').notNull(),
    subscriptionPlanInterval: text('subscription_plan_interval').notNull(),
    subscriptionPlanPrice: integer('subscription_plan_price').notNull(),
    subscriptionPlanCurrency: text('subscription_plan_currency').notNull().default('GBP'),
    subscriptionPlanOrder: integer('subscription_plan_order').notNull().default(0),
    subscriptionPlanActive: boolean('subscription_plan_active').notNull().default(true),
    /** The Stripe Price this plan is billed with when PAYMENTS=stripe. */
    stripePriceId: text('stripe_price_id'),
  },
  (t) => [
    index('subscription_plans_product_idx').on(t.fkProductPlan),
    check('subscription_plans_interval_check', sql`${t.subscriptionPlanInterval} in ('month', 'year')`),
    check('subscription_plans_price_check', sql`${t.subscriptionPlanPrice} >= 0`),
  ],
);

/** Subscription (product.md#entities). Status moves only by provider events and by cancelling (ADR 0020). */
export const subscriptions = financeSchema.table(
  'subscriptions',
  {
    idSubscription: serial('id_subscription').primaryKey(),
    idUser: integer('id_user').notNull(),
    subscriptionStatus: text('subscription_status').$type<SubscriptionStatusValue>().notNull().default('draft'),
    idSubscriptionProduct: integer('id_subscription_product')
      .notNull()
      .references(() => subscriptionProducts.idSubscriptionProduct),
    fkPlanSubscription: integer('fk_plan_subscription')
      .notNull()
      .references(() => subscriptionPlans.idSubscriptionPlan),
    subscriptionCreated: timestamp('subscription_created', { withTimezone: true }).notNull().defaultNow(),
    subscriptionUpdated: timestamp('subscription_updated', { withTimezone: true }).notNull().defaultNow(),
    /** The user's answer to the product's cancellation question. */
    subscriptionProductCancellationQuestion: text('subscription_product_cancellation_question'),
    subscriptionCancelled: timestamp('subscription_cancelled', { withTimezone: true }),
    /** The end of the paid (or trial) period; a cancelled subscription keeps access until then (ADR 0020). */
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    provider: text('provider').notNull(),
    /** Where billing e-mails go: the address the user subscribed with (the provider's customer e-mail). */
    customerEmail: text('customer_email').notNull().default(''),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    /** The creation time of the newest provider event applied, so older events never undo newer ones (ADR 0021). */
    providerEventAt: timestamp('provider_event_at', { withTimezone: true }),
    /** Double-submit protection (ADR 0022): the Idempotency-Key header, else a key derived from the request. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The payment method given when subscribing (the natural idempotency key within a window). */
    initialPaymentMethodId: text('initial_payment_method_id').notNull(),
    /** Why the member cancelled, one of CANCELLATION_REASONS (docs/decisions/0067-keeping-members-and-the-numbers.md). */
    cancellationReason: text('cancellation_reason'),
    /** How the subscription ended: 'member' (cancelled it), 'payment_failed' (the provider gave up), 'account_deleted'. */
    endReason: text('end_reason'),
    /** A pause (product.md#keeping-members): no access and no charge from `pausedFrom` until `pausedUntil`. */
    pausedFrom: timestamp('paused_from', { withTimezone: true }),
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    /** When the member took the retention offer: once per subscription. */
    retentionOfferTaken: timestamp('retention_offer_taken', { withTimezone: true }),
    /** The coupon redeemed at checkout (docs/decisions/0067-keeping-members-and-the-numbers.md), if any. */
    idCoupon: integer('id_coupon').references(() => coupons.idCoupon),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.idUser, t.subscriptionCreated),
    uniqueIndex('subscriptions_user_idempotency_key').on(t.idUser, t.idempotencyKey),
    uniqueIndex('subscriptions_provider_subscription_key').on(t.provider, t.providerSubscriptionId),
    // The staff dashboard's figures (docs/decisions/0067-keeping-members-and-the-numbers.md) read by these times.
    index('subscriptions_created_idx').on(t.subscriptionCreated),
    index('subscriptions_trial_end_idx').on(t.trialEnd),
    index('subscriptions_period_end_idx').on(t.currentPeriodEnd),
    index('subscriptions_cancelled_idx').on(t.subscriptionCancelled),
    // One live subscription per user and product: a racing second POST fails here instead of buying twice.
    uniqueIndex('subscriptions_one_live_per_product')
      .on(t.idUser, t.idSubscriptionProduct)
      .where(sql`${t.subscriptionStatus} in ('draft', 'created', 'initialised', 'active', 'incomplete', 'failed')`),
    check(
      'subscriptions_status_check',
      sql`${t.subscriptionStatus} in ('draft', 'created', 'initialised', 'active', 'incomplete', 'failed', 'cancelled')`,
    ),
  ],
);

/** Payment method (product.md#entities): cards attached to a subscription (only their provider id and display details). */
export const paymentMethods = financeSchema.table(
  'payment_methods',
  {
    idStripePaymentMethod: serial('id_stripe_payment_method').primaryKey(),
    fkSubscription: integer('fk_subscription')
      .notNull()
      .references(() => subscriptions.idSubscription),
    idUser: integer('id_user').notNull(),
    stripePaymentMethodId: text('stripe_payment_method_id').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    /** The card renewals are charged to; the newest added card becomes the default. */
    isDefault: boolean('is_default').notNull().default(false),
    stripePaymentMethodCreated: timestamp('stripe_payment_method_created', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_methods_subscription_idx').on(t.fkSubscription),
    uniqueIndex('payment_methods_live_key')
      .on(t.fkSubscription, t.stripePaymentMethodId)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** Invoice (product.md#entities). Totals in pence; the wire shows pounds (product.md#validation: only totals ≥ 0.01 are listed). */
export const invoices = financeSchema.table(
  'invoices',
  {
    idStripeInvoice: serial('id_stripe_invoice').primaryKey(),
    fkSubscription: integer('fk_subscription')
      .notNull()
      .references(() => subscriptions.idSubscription),
    idUser: integer('id_user').notNull(),
    providerInvoiceId: text('provider_invoice_id').notNull(),
    stripeInvoiceNumber: text('stripe_invoice_number'),
    /** The provider's hosted invoice page (Stripe's hosted_invoice_url), when there is one. */
    stripeInvoiceUrl: text('stripe_invoice_url'),
    stripeInvoiceTotal: integer('stripe_invoice_total').notNull(),
    stripeInvoiceStatus: text('stripe_invoice_status').notNull(),
    stripeInvoiceCreated: timestamp('stripe_invoice_created', { withTimezone: true }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invoices_provider_invoice_key').on(t.providerInvoiceId),
    index('invoices_subscription_idx').on(t.fkSubscription, t.stripeInvoiceCreated),
  ],
);

/** Party (product.md#entities): the billing identity of a user (fk_organisation_party null = the person themself). */
export const parties = financeSchema.table(
  'parties',
  {
    idParty: serial('id_party').primaryKey(),
    idUser: integer('id_user').notNull(),
    fkOrganisationParty: integer('fk_organisation_party'),
    partyCreated: timestamp('party_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('parties_user_idx').on(t.idUser),
    uniqueIndex('parties_one_personal_per_user')
      .on(t.idUser)
      .where(sql`${t.fkOrganisationParty} is null`),
  ],
);

/** Address (product.md#entities): the billing address of a party, sent whole (fields as the contract's AddressSchema). */
export const addresses = financeSchema.table(
  'addresses',
  {
    idAddress: serial('id_address').primaryKey(),
    fkPartyAddress: integer('fk_party_address')
      .notNull()
      .references(() => parties.idParty),
    addressLine1: text('address_line_1'),
    addressLine2: text('address_line_2'),
    addressCity: text('address_city'),
    addressCounty: text('address_county'),
    addressPostcode: text('address_postcode'),
    addressCountry: text('address_country'),
    addressUpdated: timestamp('address_updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('addresses_party_key').on(t.fkPartyAddress)],
);

/** Provider events already applied, by (provider, event id): a redelivered webhook changes nothing (ADR 0021). */
export const providerEvents = financeSchema.table(
  'provider_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    eventCreated: timestamp('event_created', { withTimezone: true }).notNull(),
    received: timestamp('received', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** The sandbox provider's own record of its customers' cards and subscriptions (it plays Stripe's part). */
export const sandboxSubscriptions = financeSchema.table('sandbox_subscriptions', {
  providerSubscriptionId: text('provider_subscription_id').primaryKey(),
  providerCustomerId: text('provider_customer_id').notNull(),
  defaultPaymentMethodId: text('default_payment_method_id').notNull(),
  planPrice: integer('plan_price').notNull(),
  planInterval: text('plan_interval').notNull(),
  status: text('status').notNull(),
  /** How many charges were paid; the "fails on renewal" card succeeds only on the first (ADR 0023). */
  chargeCount: integer('charge_count').notNull().default(0),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  /** Stripe's pause_collection with behavior 'void': periods before this are not charged. */
  resumesAt: timestamp('resumes_at', { withTimezone: true }),
  /** A repeating percent-off coupon (the retention offer): this many more charges are discounted. */
  discountPercent: integer('discount_percent').notNull().default(0),
  discountChargesLeft: integer('discount_charges_left').notNull().default(0),
  /** Credit left over from a plan switch (Stripe's customer balance), taken off the next charges in pence. */
  creditBalance: integer('credit_balance').notNull().default(0),
  /** A checkout coupon's amount off each discounted charge, in pence (beside `discountPercent`). */
  discountAmountOff: integer('discount_amount_off').notNull().default(0),
});

/**
 * What happened to a subscription besides its status, for the staff dashboard's pauses and saves
 * (docs/decisions/0067-keeping-members-and-the-numbers.md): 'paused', 'resumed', 'offer_taken', and
 * 'cancel_undone' (ADR 0082).
 */
export const subscriptionChanges = financeSchema.table(
  'subscription_changes',
  {
    idSubscriptionChange: serial('id_subscription_change').primaryKey(),
    fkSubscription: integer('fk_subscription')
      .notNull()
      .references(() => subscriptions.idSubscription),
    changeKind: text('change_kind').notNull(),
    changeCreated: timestamp('change_created', { withTimezone: true }).notNull(),
  },
  (t) => [index('subscription_changes_kind_created_idx').on(t.changeKind, t.changeCreated)],
);

/**
 * The lifecycle e-mails sent for each subscription (product.md#lifecycle-e-mails): one row per
 * (subscription, kind, key) makes each one go once, whichever instance or retry gets there first.
 */
export const lifecycleMails = financeSchema.table(
  'lifecycle_mails',
  {
    idLifecycleMail: serial('id_lifecycle_mail').primaryKey(),
    fkSubscription: integer('fk_subscription')
      .notNull()
      .references(() => subscriptions.idSubscription),
    mailKind: text('mail_kind').notNull(),
    /** What makes it one e-mail: the trial end, the invoice id, the failed attempt's event id. */
    mailKey: text('mail_key').notNull(),
    mailSubject: text('mail_subject').notNull(),
    mailCreated: timestamp('mail_created', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('lifecycle_mails_once_key').on(t.fkSubscription, t.mailKind, t.mailKey)],
);

/** Staff's retention offer (one row, id 1): a percent off for some months, offered once per subscription. */
export const retentionOffers = financeSchema.table(
  'retention_offers',
  {
    idRetentionOffer: integer('id_retention_offer').primaryKey(),
    offerEnabled: boolean('offer_enabled').notNull().default(false),
    offerPercentOff: integer('offer_percent_off').notNull().default(50),
    offerMonths: integer('offer_months').notNull().default(3),
    offerUpdated: timestamp('offer_updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('retention_offers_percent_check', sql`${t.offerPercentOff} between 1 and 100`),
    check('retention_offers_months_check', sql`${t.offerMonths} between 1 and 12`),
  ],
);

/**
 * Coupon codes redeemed at checkout (product.md#coupons; docs/decisions/0067-keeping-members-and-the-numbers.md):
 * a percent or an amount off, once, for some months or forever. `timesRedeemed` is raised with a
 * conditional update, so `maxRedemptions` holds across racing checkouts. With Stripe each one is
 * also a Stripe promotion code of the same code.
 */
export const coupons = financeSchema.table(
  'coupons',
  {
    idCoupon: serial('id_coupon').primaryKey(),
    /** Stored upper-case; matched case-insensitively. */
    couponCode: text('coupon_code').notNull(),
    percentOff: integer('percent_off'),
    /** Pence. */
    amountOff: integer('amount_off'),
    couponDuration: text('coupon_duration').$type<'once' | 'repeating' | 'forever'>().notNull(),
    durationMonths: integer('duration_months'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxRedemptions: integer('max_redemptions'),
    timesRedeemed: integer('times_redeemed').notNull().default(0),
    stripePromotionCodeId: text('stripe_promotion_code_id'),
    couponCreated: timestamp('coupon_created', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(t.couponCode),
    check('coupons_one_discount_check', sql`(${t.percentOff} is null) <> (${t.amountOff} is null)`),
    check('coupons_percent_check', sql`${t.percentOff} is null or ${t.percentOff} between 1 and 100`),
    check('coupons_amount_check', sql`${t.amountOff} is null or ${t.amountOff} > 0`),
    check('coupons_duration_check', sql`${t.couponDuration} in ('once', 'repeating', 'forever')`),
  ],
);
