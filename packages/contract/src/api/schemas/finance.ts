import {
  AddPaymentMethodBodySchema,
  AddressResponseSchema,
  CancelSubscriptionBodySchema,
  CreateSubscriptionBodySchema,
  IdempotencyHeadersSchema,
  InvoiceListResponseSchema,
  PartyIdParamsSchema,
  PartyListResponseSchema,
  PaymentMethodIdParamsSchema,
  PaymentMethodListResponseSchema,
  PaymentMethodResponseSchema,
  SubscriptionIdParamsSchema,
  SubscriptionListResponseSchema,
  SubscriptionProductResponseSchema,
  SubscriptionProductSlugParamsSchema,
  SubscriptionResponseSchema,
} from '../../calls/finance.ts';
import { SuccessResponseSchema } from '../../calls/auth.ts';
import {
  FiguresQuerySchema,
  KeepOptionsResponseSchema,
  MembershipFiguresResponseSchema,
  PauseBodySchema,
  PlanSwitchResponseSchema,
  SwitchPlanBodySchema,
  RetentionOfferSettingsBodySchema,
  RetentionOfferSettingsResponseSchema,
} from '../../calls/keep-members.ts';
import {
  CouponListResponseSchema,
  CouponQuoteBodySchema,
  CouponQuoteResponseSchema,
  CouponResponseSchema,
  CreateCouponBodySchema,
} from '../../calls/coupons.ts';
import { AddressInputSchema } from '../../entities/subscription.ts';
import { ListQuerySchema } from '../../wire/list-query.ts';
import type { SchemasFor } from '../call.ts';
import type { financeAddresses } from '../addresses/finance.ts';

/** The finance calls' schemas, one entry per address in ../addresses/finance.ts. */
export const financeSchemas = {
  'finance.getProduct': {
    summary: 'A subscription product and its prices, by slug',
    params: SubscriptionProductSlugParamsSchema,
    response: SubscriptionProductResponseSchema,
  },
  'finance.listSubscriptions': {
    summary: "The caller's subscriptions; filter and order as in the list query",
    query: ListQuerySchema,
    response: SubscriptionListResponseSchema,
  },
  'finance.getSubscription': {
    summary: "One of the caller's subscriptions",
    params: SubscriptionIdParamsSchema,
    response: SubscriptionResponseSchema,
  },
  'finance.createSubscription': {
    conflict: 'The caller already has a subscription to that product.',
    summary: 'Subscribe: 201 for a new subscription, 200 when the idempotency key repeats one',
    body: CreateSubscriptionBodySchema,
    headers: IdempotencyHeadersSchema,
    response: SubscriptionResponseSchema,
    status: [200, 201],
  },
  'finance.cancelSubscription': {
    summary: 'Cancel a subscription, with the reason for leaving',
    params: SubscriptionIdParamsSchema,
    body: CancelSubscriptionBodySchema,
    response: SubscriptionResponseSchema,
  },
  'finance.undoCancellation': {
    conflict: 'The subscription is not cancelled, or its access has ended, or another membership took its place.',
    summary: 'Undo a cancellation while its access lasts: the membership renews again',
    params: SubscriptionIdParamsSchema,
    response: SubscriptionResponseSchema,
  },
  'finance.listPaymentMethods': {
    summary: "A subscription's cards",
    params: SubscriptionIdParamsSchema,
    response: PaymentMethodListResponseSchema,
  },
  'finance.addPaymentMethod': {
    conflict: 'The subscription is cancelled or still being set up.',
    summary: 'Add a payment method: 201 when new, 200 when it was already there',
    params: SubscriptionIdParamsSchema,
    body: AddPaymentMethodBodySchema,
    response: PaymentMethodResponseSchema,
    status: [200, 201],
  },
  'finance.deletePaymentMethod': {
    summary: 'Remove a card from a subscription',
    conflict: 'The card is the default of a live subscription.',
    params: PaymentMethodIdParamsSchema,
    response: SuccessResponseSchema,
  },
  'finance.listInvoices': {
    summary: "A subscription's invoices of at least the minimum total",
    params: SubscriptionIdParamsSchema,
    query: ListQuerySchema,
    response: InvoiceListResponseSchema,
  },
  'finance.listParties': { summary: "The caller's billing parties", query: ListQuerySchema, response: PartyListResponseSchema },
  'finance.getAddress': { summary: "A billing party's address", params: PartyIdParamsSchema, response: AddressResponseSchema },
  'finance.saveAddress': {
    summary: "Save a billing party's address",
    params: PartyIdParamsSchema,
    body: AddressInputSchema,
    response: AddressResponseSchema,
  },
  'finance.getKeepOptions': {
    summary: 'What the member may do instead of cancelling: a pause, the retention offer',
    params: SubscriptionIdParamsSchema,
    response: KeepOptionsResponseSchema,
  },
  'finance.pauseSubscription': {
    conflict: 'The subscription cannot be paused now (already paused, or still being set up).',
    summary: 'Pause for 1-3 months from the end of the paid period',
    params: SubscriptionIdParamsSchema,
    body: PauseBodySchema,
    response: SubscriptionResponseSchema,
  },
  'finance.resumeSubscription': {
    conflict: 'The subscription is not paused.',
    summary: 'End a pause early (or call off one not started yet)',
    params: SubscriptionIdParamsSchema,
    response: SubscriptionResponseSchema,
  },
  'finance.takeRetentionOffer': {
    conflict: 'No offer is running, it was already taken, or the subscription is not active.',
    summary: "Take the staff's retention offer (once per subscription)",
    params: SubscriptionIdParamsSchema,
    response: SubscriptionResponseSchema,
  },
  'finance.getPlanSwitch': {
    summary: 'The other plan (monthly ↔ yearly) and what switching to it now costs',
    params: SubscriptionIdParamsSchema,
    response: PlanSwitchResponseSchema,
  },
  'finance.switchPlan': {
    conflict: 'The switch is not available for this subscription now.',
    summary: 'Switch to the other plan now, prorated: the unused time is credited, the rest charged',
    params: SubscriptionIdParamsSchema,
    body: SwitchPlanBodySchema,
    response: SubscriptionResponseSchema,
  },
  'finance.getRetentionOfferSettings': {
    summary: 'The retention offer (Director group)',
    response: RetentionOfferSettingsResponseSchema,
  },
  'finance.saveRetentionOfferSettings': {
    summary: 'Change the retention offer (Director group)',
    body: RetentionOfferSettingsBodySchema,
    response: RetentionOfferSettingsResponseSchema,
  },
  'finance.quoteCoupon': {
    summary: 'What a coupon code takes off a plan, checked before paying',
    body: CouponQuoteBodySchema,
    response: CouponQuoteResponseSchema,
  },
  'finance.listCoupons': { summary: 'The coupon codes (Director group)', response: CouponListResponseSchema },
  'finance.createCoupon': {
    conflict: 'A coupon with a code like this one exists.',
    summary: 'Make a coupon code (Director group); with Stripe, also a Stripe promotion code',
    body: CreateCouponBodySchema,
    response: CouponResponseSchema,
    status: 201,
  },
  'finance.getMembershipFigures': {
    summary: "The dashboard's membership figures for a period and the one before (Director group); ?format=csv exports",
    query: FiguresQuerySchema,
    response: MembershipFiguresResponseSchema,
  },
} satisfies SchemasFor<typeof financeAddresses>;
