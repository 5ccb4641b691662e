import { z } from 'zod';
import { SUBSCRIPTION_STATUSES } from '../status.ts';
import { DateSchema, IdSchema, NullableDateSchema, NullableIdSchema, SlugSchema, TextSchema } from './fields.ts';

/*
 * Finance entities (product.md#entities). Added beyond the spec's list (the product needs them to show an offer,
 * a subscription, a card and an invoice):
 *   plan: subscription_plan_price (pence), subscription_plan_interval ('month' | 'year');
 *   product: subscription_product_slug, subscription_product_name, subscription_product_description,
 *     subscription_product_trial_days, subscription_product_cancellation_question, subscription_plans;
 *   subscription: subscription_current_period_end, subscription_trial_end, subscription_product_name, subscription_plan_name,
 *     subscription_plan_price, subscription_plan_interval (denormalised for the subscription page);
 *   payment method: stripe_payment_method_brand, _last4, _exp_month, _exp_year;
 *   invoice: id_stripe_invoice, stripe_invoice_number, stripe_invoice_url;
 *   address: every field (spec: "the field list is not shown").
 * Money: plan prices are integer pence (Stripe's unit); invoice totals are pounds, because product.md#validation
 * filters invoices by "total at least 0.01".
 */

export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);

export const SUBSCRIPTION_PLAN_INTERVALS = ['month', 'year'] as const;
export const SubscriptionPlanIntervalSchema = z.enum(SUBSCRIPTION_PLAN_INTERVALS);
export type SubscriptionPlanInterval = z.infer<typeof SubscriptionPlanIntervalSchema>;

export const SubscriptionPlanSchema = z.object({
  id_subscription_plan: IdSchema,
  subscription_plan_name: TextSchema,
  subscription_plan_price: IdSchema.min(0),
  subscription_plan_interval: SubscriptionPlanIntervalSchema,
});
export type SubscriptionPlan = z.infer<typeof SubscriptionPlanSchema>;

export const SubscriptionProductSchema = z.object({
  id_subscription_product: IdSchema,
  subscription_product_slug: SlugSchema,
  subscription_product_name: TextSchema,
  subscription_product_description: TextSchema,
  subscription_product_trial_days: IdSchema.min(0),
  subscription_product_cancellation_question: TextSchema,
  subscription_plans: z.array(SubscriptionPlanSchema),
});
export type SubscriptionProduct = z.infer<typeof SubscriptionProductSchema>;

export const SubscriptionSchema = z.object({
  id_subscription: IdSchema,
  subscription_status: SubscriptionStatusSchema,
  id_subscription_product: IdSchema,
  fk_plan_subscription: IdSchema,
  subscription_created: DateSchema,
  subscription_current_period_end: NullableDateSchema,
  /** When the free trial ends (null: no trial); a running trial is shown as such (ADR 0048). */
  subscription_trial_end: NullableDateSchema,
  subscription_product_cancellation_question: TextSchema,
  subscription_product_name: TextSchema,
  subscription_plan_name: TextSchema,
  subscription_plan_price: IdSchema.min(0).nullable(),
  subscription_plan_interval: SubscriptionPlanIntervalSchema.nullable(),
  /** A pause (product.md#keeping-members): no access and no charge from `paused_from` until `paused_until`. */
  subscription_paused_from: NullableDateSchema.optional(),
  subscription_paused_until: NullableDateSchema.optional(),
  /** The reason picked when cancelling (one of CANCELLATION_REASONS). */
  subscription_cancellation_reason: z.string().nullable().optional(),
  /** When the retention offer was taken, and its discount (it is offered once per subscription). */
  subscription_retention_offer_taken: NullableDateSchema.optional(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const PaymentMethodSchema = z.object({
  id_stripe_payment_method: IdSchema,
  stripe_payment_method_id: z.string().min(1),
  stripe_payment_method_created: DateSchema,
  stripe_payment_method_brand: TextSchema,
  stripe_payment_method_last4: TextSchema,
  stripe_payment_method_exp_month: NullableIdSchema,
  stripe_payment_method_exp_year: NullableIdSchema,
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

export const InvoiceSchema = z.object({
  id_stripe_invoice: IdSchema,
  stripe_invoice_number: TextSchema,
  stripe_invoice_total: z.number().min(0),
  stripe_invoice_created: DateSchema,
  stripe_invoice_url: TextSchema,
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/** A party is the user's billing identity; one with fk_organisation_party null is the person. */
export const PartySchema = z.object({
  id_party: IdSchema,
  fk_organisation_party: NullableIdSchema,
});
export type Party = z.infer<typeof PartySchema>;

/** The address fields a user sets; sent whole (product.md#entities). */
export const ADDRESS_FIELDS = [
  'address_line_1',
  'address_line_2',
  'address_city',
  'address_county',
  'address_postcode',
  'address_country',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

export const AddressSchema = z.object({
  id_address: IdSchema,
  fk_party_address: IdSchema,
  address_line_1: TextSchema,
  address_line_2: TextSchema,
  address_city: TextSchema,
  address_county: TextSchema,
  address_postcode: TextSchema,
  address_country: TextSchema,
});
export type Address = z.infer<typeof AddressSchema>;

/** One address field as sent: trimmed, at most 255 characters, blank or missing becomes null. */
const AddressInputFieldSchema = z
  .string()
  .trim()
  .max(255)
  .nullable()
  .optional()
  .transform((value) => (value ? value : null));

/**
 * POST me/parties/{id}/address body (product.md#calls). Strict, because product.md#validation says updating an address
 * fails when a field does not exist in the address.
 */
export const AddressInputSchema = z.strictObject({
  address_line_1: AddressInputFieldSchema,
  address_line_2: AddressInputFieldSchema,
  address_city: AddressInputFieldSchema,
  address_county: AddressInputFieldSchema,
  address_postcode: AddressInputFieldSchema,
  address_country: AddressInputFieldSchema,
});
export type AddressInput = z.infer<typeof AddressInputSchema>;
