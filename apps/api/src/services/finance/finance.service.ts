import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@fretline/db';
import { ADDRESS_NO_PARTY, COUPON_UNKNOWN, withArticle, type AddressInput } from '@fretline/contract';
import type { Config } from '../../config.ts';
import { AppError, badRequest, conflict, notFound } from '../../plugins/errors.ts';
import { isUniqueViolation } from '../../platform/database-errors.ts';
import { recordAction } from '../analytics/index.ts';
import { claimCoupon, couponError, forProvider, releaseCoupon, requireRedeemableCoupon } from './coupons.ts';
import { sendLifecycleMail, type TimeZoneOf } from './finance.mails.ts';
import * as repo from './finance.repository.ts';
import type { SubscriptionListFilter, SubscriptionListOrder, SubscriptionRow } from './finance.repository.ts';
import { CouponRejected, PaymentError, type PaymentProvider } from './providers/types.ts';

export type { SubscriptionListFilter, SubscriptionRow } from './finance.repository.ts';

/** ADR 0022: a repeat of the same plan and card by the same user within this window is the same purchase. */
const DOUBLE_SUBMIT_WINDOW_MS = 10 * 60_000;

const SUBSCRIPTION_NOT_FOUND = 'That subscription cannot be found, please try again later or contact support.';

/** Everything a finance call needs besides its input (ADR 0051); the routes build one per request. */
export interface FinanceContext {
  db: Database;
  config: Config;
  provider: PaymentProvider;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** The member's time zone for the dates in their e-mails (given by buildApp). */
  timeZoneOf?: TimeZoneOf | undefined;
}

export interface SignedInUser {
  idUser: number;
  email: string;
}

// ── Products ────────────────────────────────────────────────────────────────────────────────────

export async function getProductBySlug(ctx: FinanceContext, slug: string) {
  const product = await repo.findProductBySlug(ctx.db, slug);
  if (!product) throw notFound(undefined, 'PRODUCT_NOT_FOUND');
  const planRows = await repo.listActivePlans(ctx.db, product.idSubscriptionProduct);
  return {
    id_subscription_product: product.idSubscriptionProduct,
    subscription_product_slug: product.subscriptionProductSlug,
    subscription_product_name: product.subscriptionProductName,
    subscription_product_description: product.subscriptionProductDescription,
    subscription_product_trial_days: product.subscriptionProductTrialDays,
    subscription_product_cancellation_question: product.subscriptionProductCancellationQuestion,
    subscription_product_features: product.subscriptionProductFeatures,
    subscription_plans: planRows.map((p) => ({
      id_subscription_plan: p.idSubscriptionPlan,
      subscription_plan_name: p.subscriptionPlanName,
      subscription_plan_price: p.subscriptionPlanPrice,
      subscription_plan_interval: p.subscriptionPlanInterval as 'month' | 'year',
    })),
    payment_provider: ctx.provider.name,
    stripe_publishable_key: ctx.provider.name === 'stripe' ? (ctx.config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
  };
}

// ── Subscriptions ───────────────────────────────────────────────────────────────────────────────

export async function listSubscriptions(
  ctx: FinanceContext,
  user: SignedInUser,
  filter: SubscriptionListFilter,
  order: SubscriptionListOrder,
  page: { limit: number; offset: number },
): Promise<SubscriptionRow[]> {
  return repo.listSubscriptionsOf(ctx.db, user.idUser, filter, order, page);
}

/** A subscription of this user, or the 404 every other user's id gets (product.md#roles). */
async function requireOwnSubscription(db: Database, idUser: number, idSubscription: number): Promise<SubscriptionRow> {
  const row = await repo.findOwnSubscription(db, idUser, idSubscription);
  if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND, 'SUBSCRIPTION_NOT_FOUND');
  return row;
}

export async function getSubscription(ctx: FinanceContext, user: SignedInUser, idSubscription: number): Promise<SubscriptionRow> {
  return requireOwnSubscription(ctx.db, user.idUser, idSubscription);
}

function paymentFailed(err: PaymentError): AppError {
  return new AppError('PAYMENT_FAILED', 402, err.message, 'stripe_payment_method_id');
}

/**
 * POST me/subscriptions (product.md#calls). The plan and its price come from our database; the browser sends
 * only the plan id and a payment-method id. ADR 0022: a repeat (same Idempotency-Key, or the same
 * plan and card within the window) answers the first subscription instead of buying twice, and the
 * one-live-subscription-per-product index stops a racing duplicate.
 */
export async function createSubscription(
  ctx: FinanceContext,
  user: SignedInUser,
  input: {
    idSubscriptionPlan: number;
    paymentMethodId: string;
    idempotencyKey: string | undefined;
    correlationId?: string;
    couponCode?: string | undefined;
  },
): Promise<{ subscription: SubscriptionRow; created: boolean }> {
  const { db } = ctx;
  const now = ctx.clock();
  const plan = await repo.findActivePlan(db, input.idSubscriptionPlan);
  if (!plan) throw badRequest('That plan is not available, please choose another.', 'id_subscription_plan', 'PLAN_NOT_FOUND');

  const repeat = await findRepeat(db, user.idUser, input, now);
  if (repeat) return { subscription: await requireOwnSubscription(db, user.idUser, repeat), created: false };

  if (await repo.hasLiveSubscriptionTo(db, user.idUser, plan.product.idSubscriptionProduct)) {
    // The live one may be a simultaneous identical request's draft, inserted since the check above.
    const racing = await findRepeat(db, user.idUser, input, now);
    if (racing) return { subscription: await requireOwnSubscription(db, user.idUser, racing), created: false };
    throw conflict(`You already have ${withArticle(plan.product.subscriptionProductName)} subscription.`, 'SUBSCRIPTION_EXISTS');
  }

  // product.md#coupons: an unknown, expired or used-up code stops the checkout before anything is bought.
  const coupon = input.couponCode ? await requireRedeemableCoupon(db, input.couponCode, now) : null;
  const trialDays = (await repo.hasEverSubscribed(db, user.idUser)) ? 0 : plan.product.subscriptionProductTrialDays;
  const previousCustomerId = await repo.findLastCustomerId(db, user.idUser, ctx.provider.name);

  let idDraft: number;
  try {
    idDraft = await repo.insertDraftSubscription(db, {
      idUser: user.idUser,
      idSubscriptionProduct: plan.product.idSubscriptionProduct,
      fkPlanSubscription: plan.plan.idSubscriptionPlan,
      subscriptionCreated: now,
      provider: ctx.provider.name,
      customerEmail: user.email,
      idempotencyKey: input.idempotencyKey ? `header:${input.idempotencyKey}` : `auto:${randomUUID()}`,
      initialPaymentMethodId: input.paymentMethodId,
      idCoupon: coupon?.idCoupon ?? null,
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // A simultaneous identical request won the race: answer its subscription.
    const winner = await findRepeat(db, user.idUser, input, now);
    if (winner) return { subscription: await requireOwnSubscription(db, user.idUser, winner), created: false };
    throw conflict(`You already have ${withArticle(plan.product.subscriptionProductName)} subscription.`, 'SUBSCRIPTION_EXISTS');
  }

  if (coupon) {
    try {
      await claimCoupon(db, coupon.idCoupon);
    } catch (err) {
      await repo.deleteDraftSubscription(db, idDraft);
      throw err;
    }
  }

  let created;
  try {
    created = await ctx.provider.createSubscription({
      idSubscription: idDraft,
      idUser: user.idUser,
      email: user.email,
      customerId: previousCustomerId,
      paymentMethodId: input.paymentMethodId,
      plan: {
        idSubscriptionPlan: plan.plan.idSubscriptionPlan,
        price: plan.plan.subscriptionPlanPrice,
        interval: plan.plan.subscriptionPlanInterval as 'month' | 'year',
        stripePriceId: plan.plan.stripePriceId,
        stripeProductId: plan.product.stripeProductId,
      },
      trialDays,
      coupon: coupon ? forProvider(coupon) : null,
      idempotencyKey: `fretline-subscription-${idDraft}`,
    });
  } catch (err) {
    // ADR 0020: a draft the provider refused never existed for the user (and keeps the trial offer).
    await repo.deleteDraftSubscription(db, idDraft);
    if (coupon) await releaseCoupon(db, coupon.idCoupon);
    if (err instanceof CouponRejected) throw couponError(COUPON_UNKNOWN, 'COUPON_UNKNOWN');
    if (err instanceof PaymentError) throw paymentFailed(err);
    throw err;
  }

  await db.transaction(async (tx) => {
    await repo.markCreatedAtProvider(tx, idDraft, created, now);
    await repo.insertPaymentMethod(tx, {
      fkSubscription: idDraft,
      idUser: user.idUser,
      stripePaymentMethodId: input.paymentMethodId,
      cardBrand: created.card.brand,
      cardLast4: created.card.last4,
      cardExpMonth: created.card.expMonth,
      cardExpYear: created.card.expYear,
      isDefault: true,
      stripePaymentMethodCreated: now,
    });
    await repo.ensurePersonalParty(tx, user.idUser, now);
    await recordAction(tx, {
      actionTypeName: 'subscription_created',
      idUser: user.idUser,
      correlationId: input.correlationId ?? null,
      actionValues: [
        { key: 'id_subscription', value: String(idDraft) },
        { key: 'subscription_plan', value: plan.plan.subscriptionPlanName },
        { key: 'trial', value: trialDays > 0 ? 'true' : 'false' },
      ],
    });
  });
  return { subscription: await requireOwnSubscription(db, user.idUser, idDraft), created: true };
}

/** ADR 0022: the subscription an earlier identical request made (same key, or same plan and card in the window). */
async function findRepeat(
  db: Database,
  idUser: number,
  input: { idSubscriptionPlan: number; paymentMethodId: string; idempotencyKey: string | undefined },
  now: Date,
): Promise<number | undefined> {
  if (input.idempotencyKey) {
    const byKey = await repo.findSubscriptionIdByIdempotencyKey(db, idUser, `header:${input.idempotencyKey}`);
    if (byKey !== undefined) return byKey;
  }
  return repo.findRecentLivePurchase(db, idUser, {
    idSubscriptionPlan: input.idSubscriptionPlan,
    paymentMethodId: input.paymentMethodId,
    since: new Date(now.getTime() - DOUBLE_SUBMIT_WINDOW_MS),
  });
}

/**
 * PUT me/subscriptions/{id}/status/cancelled (product.md#calls). ADR 0020: an active subscription keeps access
 * until its paid (or trial) period ends and the provider stops renewing it; anything not yet paid
 * for ends now. Cancelling twice answers the cancelled subscription.
 */
export async function cancelSubscription(
  ctx: FinanceContext,
  user: SignedInUser,
  idSubscription: number,
  answer: string,
  correlationId?: string,
  reason: string | null = null,
): Promise<SubscriptionRow> {
  const sub = await requireOwnSubscription(ctx.db, user.idUser, idSubscription);
  if (sub.subscription_status === 'cancelled') return sub;
  const now = ctx.clock();
  const row = await repo.findProviderSide(ctx.db, idSubscription);
  // A member whose pause has started has no access left to keep (product.md#keeping-members).
  const pausedNow =
    !!sub.subscription_paused_from && sub.subscription_paused_from <= now && (sub.subscription_paused_until ?? now) > now;
  const keepsAccess = sub.subscription_status === 'active' && !pausedNow && !!row?.currentPeriodEnd && row.currentPeriodEnd > now;
  if (row?.providerSubscriptionId) {
    await ctx.provider.cancelSubscription({ providerSubscriptionId: row.providerSubscriptionId, atPeriodEnd: keepsAccess });
  }
  const accessUntil = keepsAccess ? (row?.currentPeriodEnd ?? null) : null;
  await ctx.db.transaction(async (tx) => {
    await repo.markCancelled(tx, user.idUser, idSubscription, { answer, reason, now, endsNow: !keepsAccess });
    const timeZone = ctx.timeZoneOf ? await ctx.timeZoneOf(tx, user.idUser) : null;
    const to = { email: row?.customerEmail || user.email, timeZone };
    // Keyed by the moment: a member who undoes a cancellation and cancels again is told again (ADR 0082).
    await sendLifecycleMail(tx, ctx.config, now, to, idSubscription, `cancelled:${now.toISOString()}`, {
      kind: 'cancellation-confirmed',
      productName: sub.subscription_product_name ?? 'Fretline',
      accessUntil,
    });
    await recordAction(tx, {
      actionTypeName: 'subscription_cancelled',
      idUser: user.idUser,
      correlationId: correlationId ?? null,
      actionValues: [
        { key: 'id_subscription', value: String(idSubscription) },
        { key: 'reason', value: answer.slice(0, 1000) },
      ],
    });
  });
  return requireOwnSubscription(ctx.db, user.idUser, idSubscription);
}

// ── Payment methods ─────────────────────────────────────────────────────────────────────────────

export async function listPaymentMethods(ctx: FinanceContext, user: SignedInUser, idSubscription: number) {
  await requireOwnSubscription(ctx.db, user.idUser, idSubscription);
  return repo.listPaymentMethodsOf(ctx.db, user.idUser, idSubscription);
}

/** Adds a card and makes it the one renewals use; a subscription waiting on a payment retries it. */
export async function addPaymentMethod(ctx: FinanceContext, user: SignedInUser, idSubscription: number, paymentMethodId: string) {
  const sub = await requireOwnSubscription(ctx.db, user.idUser, idSubscription);
  if (sub.subscription_status === 'cancelled') {
    throw conflict('This subscription has been cancelled, so it needs no card.', 'SUBSCRIPTION_CANCELLED');
  }
  const existing = await repo.findPaymentMethodByProviderId(ctx.db, idSubscription, paymentMethodId);
  if (existing) return { paymentMethod: existing, created: false };
  const row = await repo.findProviderSide(ctx.db, idSubscription);
  if (!row?.providerSubscriptionId || !row.providerCustomerId) {
    throw conflict('This subscription is still being set up, please try again in a moment.', 'SUBSCRIPTION_NOT_READY');
  }
  let card;
  try {
    card = await ctx.provider.replacePaymentMethod({
      customerId: row.providerCustomerId,
      providerSubscriptionId: row.providerSubscriptionId,
      paymentMethodId,
    });
  } catch (err) {
    if (err instanceof PaymentError) throw paymentFailed(err);
    throw err;
  }
  const now = ctx.clock();
  const idInserted = await ctx.db.transaction(async (tx) => {
    await repo.clearDefaultPaymentMethod(tx, idSubscription);
    return repo.insertPaymentMethod(tx, {
      fkSubscription: idSubscription,
      idUser: user.idUser,
      stripePaymentMethodId: paymentMethodId,
      cardBrand: card.brand,
      cardLast4: card.last4,
      cardExpMonth: card.expMonth,
      cardExpYear: card.expYear,
      isDefault: true,
      stripePaymentMethodCreated: now,
    });
  });
  const pm = await repo.findPaymentMethod(ctx.db, idInserted ?? 0);
  if (!pm) throw new Error('payment method not stored');
  return { paymentMethod: pm, created: true };
}

export const DELETE_DEFAULT_CARD = 'This card pays for your subscription. Add another card first, then you can delete this one.';

export async function deletePaymentMethod(ctx: FinanceContext, user: SignedInUser, idSubscription: number, idMethod: number) {
  const sub = await requireOwnSubscription(ctx.db, user.idUser, idSubscription);
  const pm = await repo.findOwnPaymentMethod(ctx.db, user.idUser, idSubscription, idMethod);
  if (!pm) throw notFound('That card cannot be found, please refresh the page and try again.', 'PAYMENT_METHOD_NOT_FOUND');
  if (pm.isDefault && sub.subscription_status !== 'cancelled') throw conflict(DELETE_DEFAULT_CARD, 'PAYMENT_METHOD_IN_USE');
  await ctx.provider.detachPaymentMethod(pm.pmId);
  await repo.softDeletePaymentMethod(ctx.db, pm.id, ctx.clock());
}

// ── Invoices ────────────────────────────────────────────────────────────────────────────────────

/** Only invoices totalling at least 0.01 (trial invoices are £0; product.md#validation); totals in pounds. */
export async function listInvoices(ctx: FinanceContext, user: SignedInUser, idSubscription: number, minTotalPounds: number) {
  await requireOwnSubscription(ctx.db, user.idUser, idSubscription);
  const minPence = Math.max(1, Math.ceil(minTotalPounds * 100 - 1e-9));
  const rows = await repo.listPaidInvoices(ctx.db, user.idUser, idSubscription, minPence);
  return rows.map(({ total, ...r }) => ({ ...r, stripe_invoice_total: total / 100 }));
}

// ── Parties and addresses ───────────────────────────────────────────────────────────────────────

export async function listParties(
  ctx: FinanceContext,
  user: SignedInUser,
  filter: { fk_organisation_party?: number | null | undefined },
) {
  return repo.listPartiesOf(ctx.db, user.idUser, filter);
}

async function requireOwnParty(db: Database, idUser: number, idParty: number): Promise<void> {
  // No party for the user gives the address message (product.md#validation).
  if (!(await repo.isOwnParty(db, idUser, idParty))) throw notFound(ADDRESS_NO_PARTY, 'PARTY_NOT_FOUND');
}

export async function getAddress(ctx: FinanceContext, user: SignedInUser, idParty: number) {
  await requireOwnParty(ctx.db, user.idUser, idParty);
  return (await repo.findAddress(ctx.db, idParty)) ?? null;
}

/** The address is sent whole (product.md#entities), so every field is replaced (a missing one becomes empty). */
export async function saveAddress(ctx: FinanceContext, user: SignedInUser, idParty: number, input: AddressInput) {
  await requireOwnParty(ctx.db, user.idUser, idParty);
  await repo.upsertAddress(ctx.db, idParty, {
    addressLine1: input.address_line_1,
    addressLine2: input.address_line_2,
    addressCity: input.address_city,
    addressCounty: input.address_county,
    addressPostcode: input.address_postcode,
    addressCountry: input.address_country,
    addressUpdated: ctx.clock(),
  });
  const row = await repo.findAddress(ctx.db, idParty);
  if (!row) throw new Error('address not stored');
  return row;
}
