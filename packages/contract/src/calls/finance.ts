import { z } from 'zod';
import {
  AddressSchema,
  InvoiceSchema,
  PartySchema,
  PaymentMethodSchema,
  SubscriptionProductSchema,
  SubscriptionSchema,
  SubscriptionStatusSchema,
} from '../entities/subscription.ts';
import { IdInputSchema } from '../entities/fields.ts';
import { CheckoutCouponCodeSchema } from './coupons.ts';
import { envelope } from '../wire/envelope.ts';
import { CancellationReasonSchema } from './keep-members.ts';

/*
 * Finance calls under /api/finance (product.md#calls). The entity shapes are in entities/subscription.ts; this
 * file adds what the calls take and return.
 */

/** A Stripe PaymentMethod id (`pm_…`); the sandbox takes Stripe's documented test ids too. */
export const StripePaymentMethodIdSchema = z
  .string({ error: 'Please enter your card details.' })
  .trim()
  .min(1, 'Please enter your card details.')
  .max(255)
  .regex(/^pm_[A-Za-z0-9_]+$/, 'That payment method is not recognised, please enter your card details again.');

const IdParam = IdInputSchema;

export const SubscriptionProductSlugParamsSchema = z.object({ slug: z.string().min(1).max(100) });
export const SubscriptionIdParamsSchema = z.object({ id: IdParam });
export const PaymentMethodIdParamsSchema = z.object({ id: IdParam, idMethod: IdParam });
export const PartyIdParamsSchema = z.object({ id: IdParam });

/** The offer adds what the membership gives, one benefit per entry, to the product (product.md#entities). */
export const SubscriptionProductOfferSchema = SubscriptionProductSchema.extend({
  subscription_product_features: z.array(z.string()),
  /** Which payment provider takes the card, and the key Stripe Elements needs (PAYMENTS=stripe). */
  payment_provider: z.enum(['sandbox', 'stripe']),
  stripe_publishable_key: z.string().nullable(),
});
export type SubscriptionProductOffer = z.infer<typeof SubscriptionProductOfferSchema>;
export const SubscriptionProductResponseSchema = envelope('subscription_product', SubscriptionProductOfferSchema);

/** GET me/subscriptions: `filter` is a JSON object over these fields, `order` one of them with `-` for descending. */
export const SUBSCRIPTION_FILTER_FIELDS = ['subscription_status', 'id_subscription_product', 'fk_plan_subscription'] as const;
export const SUBSCRIPTION_ORDER_FIELDS = ['subscription_created', 'id_subscription', 'subscription_status'] as const;
export const SubscriptionFilterSchema = z.strictObject({
  subscription_status: z.union([SubscriptionStatusSchema, z.array(SubscriptionStatusSchema)]).optional(),
  id_subscription_product: z.number().int().optional(),
  fk_plan_subscription: z.number().int().optional(),
});
export type SubscriptionFilter = z.infer<typeof SubscriptionFilterSchema>;
export const SubscriptionListResponseSchema = envelope('subscriptions', z.array(SubscriptionSchema));
export const SubscriptionResponseSchema = envelope('subscription', SubscriptionSchema);

/** A new subscription needs a plan id and a payment method id (product.md#validation). */
export const CreateSubscriptionBodySchema = z.object({
  id_subscription_plan: z.coerce
    .number({ error: 'Please choose a plan.' })
    .int('Please choose a plan.')
    .positive('Please choose a plan.'),
  stripe_payment_method_id: StripePaymentMethodIdSchema,
  /** The same key as the Idempotency-Key header, for clients that send only a form body (ADR 0022). */
  idempotency_key: z.string().trim().min(8).max(200).optional(),
  /** A coupon code typed at checkout (product.md#coupons). */
  coupon_code: CheckoutCouponCodeSchema,
});
export type CreateSubscriptionBody = z.infer<typeof CreateSubscriptionBodySchema>;
/** Sent with POST me/subscriptions so a double submit makes one subscription (ADR 0022). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** PUT me/subscriptions/{id}/status/cancelled: the answer to the product's cancellation question. */
export const CancelSubscriptionBodySchema = z.object({
  /** The reason picked from the short list (product.md#keeping-members); optional for older clients. */
  cancellation_reason: CancellationReasonSchema.optional(),
  subscription_product_cancellation_question: z
    .string({ error: 'Please tell us why you are cancelling.' })
    .trim()
    .min(1, 'Please tell us why you are cancelling.')
    .max(2000, 'Please keep your answer under 2000 characters.'),
});
export type CancelSubscriptionBody = z.infer<typeof CancelSubscriptionBodySchema>;

export const AddPaymentMethodBodySchema = z.object({ stripe_payment_method_id: StripePaymentMethodIdSchema });
export const PaymentMethodListResponseSchema = envelope('payment_methods', z.array(PaymentMethodSchema));
export const PaymentMethodResponseSchema = envelope('payment_method', PaymentMethodSchema);
export const InvoiceListResponseSchema = envelope('invoices', z.array(InvoiceSchema));

/** GET me/parties: product.md#calls asks with the filter `{"fk_organisation_party": null}` (the person's own party). */
export const PartyFilterSchema = z.strictObject({ fk_organisation_party: z.number().int().nullable().optional() });
export const PartyListResponseSchema = envelope('parties', z.array(PartySchema));
/** GET me/parties/{id}/address answers null until an address is saved. */
export const AddressResponseSchema = envelope('address', AddressSchema.nullable());

/** Stripe-style test cards of the sandbox provider, mapped to payment-method ids in the browser (ADR 0023). */
export const SANDBOX_TEST_CARDS = [
  { number: '4242424242424242', paymentMethodId: 'pm_card_visa', outcome: 'Succeeds' },
  { number: '5555555555554444', paymentMethodId: 'pm_card_mastercard', outcome: 'Succeeds' },
  { number: '4000000000000002', paymentMethodId: 'pm_card_chargeDeclined', outcome: 'Declined' },
  {
    number: '4000000000009995',
    paymentMethodId: 'pm_card_chargeDeclinedInsufficientFunds',
    outcome: 'Declined: insufficient funds',
  },
  { number: '4000000000000341', paymentMethodId: 'pm_card_chargeCustomerFail', outcome: 'Succeeds, then fails on renewal' },
] as const;

/** The idempotency key of a new subscription may come as a header (or in the body). */
export const IdempotencyHeadersSchema = z.object({ 'idempotency-key': z.string().trim().min(8).max(200).optional() });
