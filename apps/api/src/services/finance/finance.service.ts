import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, desc, eq, gte, inArray, isNull, ne, sql, tables, type Database, type SQL } from '@fretline/db';
import { ADDRESS_NO_PARTY, withArticle, type AddressInput, type SubscriptionStatus } from '@fretline/contract';
import type { Config } from '../../config.ts';
import { AppError, badRequest, conflict, notFound } from '../../plugins/errors.ts';
import { recordAction } from '../analytics/index.ts';
import { enqueueFinanceMail } from './finance.mails.ts';
import { PaymentError, type PaymentProvider } from './providers/types.ts';
import { LIVE_STATUSES } from './state-machine.ts';

const s = tables.subscriptions;
const plans = tables.subscriptionPlans;
const products = tables.subscriptionProducts;
const pms = tables.paymentMethods;

/** ADR 0022: a repeat of the same plan and card by the same user within this window is the same purchase. */
export const DOUBLE_SUBMIT_WINDOW_MS = 10 * 60_000;

export const SUBSCRIPTION_NOT_FOUND = 'That subscription cannot be found, please try again later or contact support.';

export interface FinanceContext {
  db: Database;
  config: Config;
  provider: PaymentProvider;
  clock: () => Date;
  log: FastifyBaseLogger;
}

export interface SignedInUser {
  idUser: number;
  email: string;
}

const subscriptionColumns = {
  id_subscription: s.idSubscription,
  subscription_status: s.subscriptionStatus,
  id_subscription_product: s.idSubscriptionProduct,
  fk_plan_subscription: s.fkPlanSubscription,
  subscription_created: s.subscriptionCreated,
  subscription_current_period_end: s.currentPeriodEnd,
  subscription_trial_end: s.trialEnd,
  subscription_product_cancellation_question: s.subscriptionProductCancellationQuestion,
  subscription_product_name: products.subscriptionProductName,
  subscription_plan_name: plans.subscriptionPlanName,
  subscription_plan_price: plans.subscriptionPlanPrice,
  subscription_plan_interval: sql<'month' | 'year'>`${plans.subscriptionPlanInterval}`,
};

function selectSubscriptions(db: Database) {
  return db
    .select(subscriptionColumns)
    .from(s)
    .innerJoin(plans, eq(plans.idSubscriptionPlan, s.fkPlanSubscription))
    .innerJoin(products, eq(products.idSubscriptionProduct, s.idSubscriptionProduct));
}
export type SubscriptionRow = Awaited<ReturnType<typeof selectSubscriptions>>[number];

// ── Products ────────────────────────────────────────────────────────────────────────────────────

export async function getProductBySlug(ctx: FinanceContext, slug: string) {
  const [product] = await ctx.db.select().from(products).where(eq(products.subscriptionProductSlug, slug));
  if (!product) throw notFound(undefined, 'PRODUCT_NOT_FOUND');
  const planRows = await ctx.db
    .select()
    .from(plans)
    .where(and(eq(plans.fkProductPlan, product.idSubscriptionProduct), eq(plans.subscriptionPlanActive, true)))
    .orderBy(asc(plans.subscriptionPlanOrder), asc(plans.idSubscriptionPlan));
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

export interface SubscriptionListFilter {
  subscription_status?: SubscriptionStatus | SubscriptionStatus[] | undefined;
  id_subscription_product?: number | undefined;
  fk_plan_subscription?: number | undefined;
}

export async function listSubscriptions(
  ctx: FinanceContext,
  idUser: number,
  filter: SubscriptionListFilter,
  order: { field: 'subscription_created' | 'id_subscription' | 'subscription_status'; direction: 'asc' | 'desc' },
  page: { limit: number; offset: number },
): Promise<SubscriptionRow[]> {
  const where: SQL[] = [eq(s.idUser, idUser)];
  if (filter.subscription_status !== undefined) {
    const statuses = Array.isArray(filter.subscription_status) ? filter.subscription_status : [filter.subscription_status];
    where.push(inArray(s.subscriptionStatus, statuses));
  }
  if (filter.id_subscription_product !== undefined) where.push(eq(s.idSubscriptionProduct, filter.id_subscription_product));
  if (filter.fk_plan_subscription !== undefined) where.push(eq(s.fkPlanSubscription, filter.fk_plan_subscription));
  const column = {
    subscription_created: s.subscriptionCreated,
    id_subscription: s.idSubscription,
    subscription_status: s.subscriptionStatus,
  }[order.field];
  const dir = order.direction === 'asc' ? asc : desc;
  // Spec §9: newest first; the id breaks ties between subscriptions made in the same instant.
  return selectSubscriptions(ctx.db)
    .where(and(...where))
    .orderBy(dir(column), dir(s.idSubscription))
    .limit(page.limit)
    .offset(page.offset);
}

/** A subscription of this user, or the 404 every other user's id gets (issue 5, security). */
export async function requireOwnSubscription(db: Database, idUser: number, idSubscription: number): Promise<SubscriptionRow> {
  const [row] = await selectSubscriptions(db).where(and(eq(s.idSubscription, idSubscription), eq(s.idUser, idUser)));
  if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND, 'SUBSCRIPTION_NOT_FOUND');
  return row;
}

function paymentFailed(err: PaymentError): AppError {
  return new AppError('PAYMENT_FAILED', 402, err.message, 'stripe_payment_method_id');
}

/**
 * Spec §7 POST me/subscriptions. The plan and its price come from our database; the browser sends
 * only the plan id and a payment-method id. ADR 0022: a repeat (same Idempotency-Key, or the same
 * plan and card within the window) answers the first subscription instead of buying twice, and the
 * one-live-subscription-per-product index stops a racing duplicate.
 */
export async function createSubscription(
  ctx: FinanceContext,
  user: SignedInUser,
  input: { idSubscriptionPlan: number; paymentMethodId: string; idempotencyKey: string | undefined; correlationId?: string },
): Promise<{ subscription: SubscriptionRow; created: boolean }> {
  const { db } = ctx;
  const now = ctx.clock();
  const [plan] = await db
    .select({ plan: plans, product: products })
    .from(plans)
    .innerJoin(products, eq(products.idSubscriptionProduct, plans.fkProductPlan))
    .where(and(eq(plans.idSubscriptionPlan, input.idSubscriptionPlan), eq(plans.subscriptionPlanActive, true)));
  if (!plan) throw badRequest('That plan is not available, please choose another.', 'id_subscription_plan', 'PLAN_NOT_FOUND');

  const repeat = await findRepeat(db, user.idUser, input, now);
  if (repeat) return { subscription: await requireOwnSubscription(db, user.idUser, repeat), created: false };

  const live = await db
    .select({ id: s.idSubscription })
    .from(s)
    .where(
      and(
        eq(s.idUser, user.idUser),
        eq(s.idSubscriptionProduct, plan.product.idSubscriptionProduct),
        inArray(s.subscriptionStatus, [...LIVE_STATUSES]),
      ),
    );
  if (live.length > 0) {
    // The live one may be a simultaneous identical request's draft, inserted since the check above.
    const racing = await findRepeat(db, user.idUser, input, now);
    if (racing) return { subscription: await requireOwnSubscription(db, user.idUser, racing), created: false };
    throw conflict(`You already have ${withArticle(plan.product.subscriptionProductName)} subscription.`, 'SUBSCRIPTION_EXISTS');
  }

  const everSubscribed = await db
    .select({ id: s.idSubscription })
    .from(s)
    .where(and(eq(s.idUser, user.idUser), ne(s.subscriptionStatus, 'draft')))
    .limit(1);
  const trialDays = everSubscribed.length === 0 ? plan.product.subscriptionProductTrialDays : 0;
  const [previousCustomer] = await db
    .select({ customerId: s.providerCustomerId })
    .from(s)
    .where(and(eq(s.idUser, user.idUser), eq(s.provider, ctx.provider.name), sql`${s.providerCustomerId} is not null`))
    .orderBy(desc(s.idSubscription))
    .limit(1);

  let draft: { idSubscription: number };
  try {
    const [row] = await db
      .insert(s)
      .values({
        idUser: user.idUser,
        subscriptionStatus: 'draft',
        idSubscriptionProduct: plan.product.idSubscriptionProduct,
        fkPlanSubscription: plan.plan.idSubscriptionPlan,
        subscriptionCreated: now,
        subscriptionUpdated: now,
        provider: ctx.provider.name,
        customerEmail: user.email,
        idempotencyKey: input.idempotencyKey ? `header:${input.idempotencyKey}` : `auto:${randomUUID()}`,
        initialPaymentMethodId: input.paymentMethodId,
      })
      .returning({ idSubscription: s.idSubscription });
    if (!row) throw new Error('subscription not inserted');
    draft = row;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // A simultaneous identical request won the race: answer its subscription.
    const winner = await findRepeat(db, user.idUser, input, now);
    if (winner) return { subscription: await requireOwnSubscription(db, user.idUser, winner), created: false };
    throw conflict(`You already have ${withArticle(plan.product.subscriptionProductName)} subscription.`, 'SUBSCRIPTION_EXISTS');
  }

  let created;
  try {
    created = await ctx.provider.createSubscription({
      idSubscription: draft.idSubscription,
      idUser: user.idUser,
      email: user.email,
      customerId: previousCustomer?.customerId ?? null,
      paymentMethodId: input.paymentMethodId,
      plan: {
        idSubscriptionPlan: plan.plan.idSubscriptionPlan,
        price: plan.plan.subscriptionPlanPrice,
        interval: plan.plan.subscriptionPlanInterval as 'month' | 'year',
        stripePriceId: plan.plan.stripePriceId,
        stripeProductId: plan.product.stripeProductId,
      },
      trialDays,
      idempotencyKey: `fretline-subscription-${draft.idSubscription}`,
    });
  } catch (err) {
    // ADR 0020: a draft the provider refused never existed for the user (and keeps the trial offer).
    await db.delete(s).where(and(eq(s.idSubscription, draft.idSubscription), eq(s.subscriptionStatus, 'draft')));
    if (err instanceof PaymentError) throw paymentFailed(err);
    throw err;
  }

  await db.transaction(async (tx) => {
    // The provider's events may already have moved the draft on; only a draft becomes 'created'.
    await tx
      .update(s)
      .set({
        subscriptionStatus: sql`case when ${s.subscriptionStatus} = 'draft' then 'created' else ${s.subscriptionStatus} end`,
        providerCustomerId: created.customerId,
        providerSubscriptionId: created.providerSubscriptionId,
        subscriptionUpdated: now,
      })
      .where(eq(s.idSubscription, draft.idSubscription));
    await tx.insert(pms).values({
      fkSubscription: draft.idSubscription,
      idUser: user.idUser,
      stripePaymentMethodId: input.paymentMethodId,
      cardBrand: created.card.brand,
      cardLast4: created.card.last4,
      cardExpMonth: created.card.expMonth,
      cardExpYear: created.card.expYear,
      isDefault: true,
      stripePaymentMethodCreated: now,
    });
    await ensurePersonalParty(tx, user.idUser, now);
    await recordAction(tx, {
      actionTypeName: 'subscription_created',
      idUser: user.idUser,
      correlationId: input.correlationId ?? null,
      actionValues: [
        { key: 'id_subscription', value: String(draft.idSubscription) },
        { key: 'subscription_plan', value: plan.plan.subscriptionPlanName },
        { key: 'trial', value: trialDays > 0 ? 'true' : 'false' },
      ],
    });
  });
  return { subscription: await requireOwnSubscription(db, user.idUser, draft.idSubscription), created: true };
}

async function findRepeat(
  db: Database,
  idUser: number,
  input: { idSubscriptionPlan: number; paymentMethodId: string; idempotencyKey: string | undefined },
  now: Date,
): Promise<number | undefined> {
  if (input.idempotencyKey) {
    const [byKey] = await db
      .select({ id: s.idSubscription })
      .from(s)
      .where(and(eq(s.idUser, idUser), eq(s.idempotencyKey, `header:${input.idempotencyKey}`)));
    if (byKey) return byKey.id;
  }
  const [natural] = await db
    .select({ id: s.idSubscription })
    .from(s)
    .where(
      and(
        eq(s.idUser, idUser),
        eq(s.fkPlanSubscription, input.idSubscriptionPlan),
        eq(s.initialPaymentMethodId, input.paymentMethodId),
        gte(s.subscriptionCreated, new Date(now.getTime() - DOUBLE_SUBMIT_WINDOW_MS)),
        inArray(s.subscriptionStatus, [...LIVE_STATUSES]),
      ),
    )
    .orderBy(desc(s.idSubscription))
    .limit(1);
  return natural?.id;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: unknown } | undefined;
  if (!e) return false;
  if (e.code === '23505') return true;
  return e.cause ? isUniqueViolation(e.cause) : false;
}

/**
 * Spec §7 PUT me/subscriptions/{id}/status/cancelled. ADR 0020: an active subscription keeps access
 * until its paid (or trial) period ends and the provider stops renewing it; anything not yet paid
 * for ends now. Cancelling twice answers the cancelled subscription.
 */
export async function cancelSubscription(
  ctx: FinanceContext,
  user: SignedInUser,
  idSubscription: number,
  answer: string,
  correlationId?: string,
): Promise<SubscriptionRow> {
  const sub = await requireOwnSubscription(ctx.db, user.idUser, idSubscription);
  if (sub.subscription_status === 'cancelled') return sub;
  const now = ctx.clock();
  const [row] = await ctx.db
    .select({
      providerSubscriptionId: s.providerSubscriptionId,
      currentPeriodEnd: s.currentPeriodEnd,
      customerEmail: s.customerEmail,
    })
    .from(s)
    .where(eq(s.idSubscription, idSubscription));
  const keepsAccess = sub.subscription_status === 'active' && !!row?.currentPeriodEnd && row.currentPeriodEnd > now;
  if (row?.providerSubscriptionId) {
    await ctx.provider.cancelSubscription({ providerSubscriptionId: row.providerSubscriptionId, atPeriodEnd: keepsAccess });
  }
  const accessUntil = keepsAccess ? (row?.currentPeriodEnd ?? null) : null;
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(s)
      .set({
        subscriptionStatus: 'cancelled',
        subscriptionProductCancellationQuestion: answer,
        subscriptionCancelled: now,
        subscriptionUpdated: now,
        ...(keepsAccess ? {} : { currentPeriodEnd: now }),
      })
      .where(and(eq(s.idSubscription, idSubscription), eq(s.idUser, user.idUser)));
    await enqueueFinanceMail(tx, ctx.config, row?.customerEmail || user.email, {
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

const paymentMethodColumns = {
  id_stripe_payment_method: pms.idStripePaymentMethod,
  stripe_payment_method_id: pms.stripePaymentMethodId,
  stripe_payment_method_created: pms.stripePaymentMethodCreated,
  stripe_payment_method_brand: pms.cardBrand,
  stripe_payment_method_last4: pms.cardLast4,
  stripe_payment_method_exp_month: pms.cardExpMonth,
  stripe_payment_method_exp_year: pms.cardExpYear,
};

export async function listPaymentMethods(ctx: FinanceContext, user: SignedInUser, idSubscription: number) {
  await requireOwnSubscription(ctx.db, user.idUser, idSubscription);
  return ctx.db
    .select(paymentMethodColumns)
    .from(pms)
    .where(and(eq(pms.fkSubscription, idSubscription), eq(pms.idUser, user.idUser), isNull(pms.deletedAt)))
    .orderBy(desc(pms.stripePaymentMethodCreated), desc(pms.idStripePaymentMethod));
}

/** Adds a card and makes it the one renewals use; a subscription waiting on a payment retries it. */
export async function addPaymentMethod(ctx: FinanceContext, user: SignedInUser, idSubscription: number, paymentMethodId: string) {
  const sub = await requireOwnSubscription(ctx.db, user.idUser, idSubscription);
  if (sub.subscription_status === 'cancelled') {
    throw conflict('This subscription has been cancelled, so it needs no card.', 'SUBSCRIPTION_CANCELLED');
  }
  const [existing] = await ctx.db
    .select(paymentMethodColumns)
    .from(pms)
    .where(and(eq(pms.fkSubscription, idSubscription), eq(pms.stripePaymentMethodId, paymentMethodId), isNull(pms.deletedAt)));
  if (existing) return { paymentMethod: existing, created: false };
  const [row] = await ctx.db
    .select({ providerSubscriptionId: s.providerSubscriptionId, providerCustomerId: s.providerCustomerId })
    .from(s)
    .where(eq(s.idSubscription, idSubscription));
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
  const inserted = await ctx.db.transaction(async (tx) => {
    await tx.update(pms).set({ isDefault: false }).where(eq(pms.fkSubscription, idSubscription));
    return tx
      .insert(pms)
      .values({
        fkSubscription: idSubscription,
        idUser: user.idUser,
        stripePaymentMethodId: paymentMethodId,
        cardBrand: card.brand,
        cardLast4: card.last4,
        cardExpMonth: card.expMonth,
        cardExpYear: card.expYear,
        isDefault: true,
        stripePaymentMethodCreated: now,
      })
      .returning({ id: pms.idStripePaymentMethod });
  });
  const [pm] = await ctx.db
    .select(paymentMethodColumns)
    .from(pms)
    .where(eq(pms.idStripePaymentMethod, inserted[0]?.id ?? 0));
  if (!pm) throw new Error('payment method not stored');
  return { paymentMethod: pm, created: true };
}

export const DELETE_DEFAULT_CARD = 'This card pays for your subscription. Add another card first, then you can delete this one.';

export async function deletePaymentMethod(ctx: FinanceContext, user: SignedInUser, idSubscription: number, idMethod: number) {
  const sub = await requireOwnSubscription(ctx.db, user.idUser, idSubscription);
  const [pm] = await ctx.db
    .select({ id: pms.idStripePaymentMethod, pmId: pms.stripePaymentMethodId, isDefault: pms.isDefault })
    .from(pms)
    .where(
      and(
        eq(pms.idStripePaymentMethod, idMethod),
        eq(pms.fkSubscription, idSubscription),
        eq(pms.idUser, user.idUser),
        isNull(pms.deletedAt),
      ),
    );
  if (!pm) throw notFound('That card cannot be found, please refresh the page and try again.', 'PAYMENT_METHOD_NOT_FOUND');
  if (pm.isDefault && sub.subscription_status !== 'cancelled') throw conflict(DELETE_DEFAULT_CARD, 'PAYMENT_METHOD_IN_USE');
  await ctx.provider.detachPaymentMethod(pm.pmId);
  await ctx.db.update(pms).set({ deletedAt: ctx.clock(), isDefault: false }).where(eq(pms.idStripePaymentMethod, pm.id));
}

// ── Invoices ────────────────────────────────────────────────────────────────────────────────────

/** Spec §5: only invoices totalling at least 0.01 (trial invoices are £0); totals in pounds. */
export async function listInvoices(ctx: FinanceContext, user: SignedInUser, idSubscription: number, minTotalPounds: number) {
  await requireOwnSubscription(ctx.db, user.idUser, idSubscription);
  const minPence = Math.max(1, Math.ceil(minTotalPounds * 100 - 1e-9));
  const i = tables.invoices;
  const rows = await ctx.db
    .select({
      id_stripe_invoice: i.idStripeInvoice,
      stripe_invoice_number: i.stripeInvoiceNumber,
      total: i.stripeInvoiceTotal,
      stripe_invoice_created: i.stripeInvoiceCreated,
      stripe_invoice_url: i.stripeInvoiceUrl,
    })
    .from(i)
    .where(
      and(
        eq(i.fkSubscription, idSubscription),
        eq(i.idUser, user.idUser),
        gte(i.stripeInvoiceTotal, minPence),
        eq(i.stripeInvoiceStatus, 'paid'),
      ),
    )
    .orderBy(desc(i.stripeInvoiceCreated), desc(i.idStripeInvoice));
  return rows.map(({ total, ...r }) => ({ ...r, stripe_invoice_total: total / 100 }));
}

// ── Parties and addresses ───────────────────────────────────────────────────────────────────────

export async function ensurePersonalParty(db: Database, idUser: number, now: Date): Promise<void> {
  await db.insert(tables.parties).values({ idUser, fkOrganisationParty: null, partyCreated: now }).onConflictDoNothing();
}

export async function listParties(
  ctx: FinanceContext,
  user: SignedInUser,
  filter: { fk_organisation_party?: number | null | undefined },
) {
  const p = tables.parties;
  const where: SQL[] = [eq(p.idUser, user.idUser)];
  if (filter.fk_organisation_party === null) where.push(isNull(p.fkOrganisationParty));
  else if (filter.fk_organisation_party !== undefined) where.push(eq(p.fkOrganisationParty, filter.fk_organisation_party));
  return ctx.db
    .select({ id_party: p.idParty, fk_organisation_party: p.fkOrganisationParty })
    .from(p)
    .where(and(...where))
    .orderBy(asc(p.idParty));
}

async function requireOwnParty(db: Database, idUser: number, idParty: number): Promise<void> {
  const p = tables.parties;
  const [party] = await db
    .select({ id: p.idParty })
    .from(p)
    .where(and(eq(p.idParty, idParty), eq(p.idUser, idUser)));
  // Spec §5: no party for the user gives the address message.
  if (!party) throw notFound(ADDRESS_NO_PARTY, 'PARTY_NOT_FOUND');
}

const a = tables.addresses;
const addressColumns = {
  id_address: a.idAddress,
  fk_party_address: a.fkPartyAddress,
  address_line_1: a.addressLine1,
  address_line_2: a.addressLine2,
  address_city: a.addressCity,
  address_county: a.addressCounty,
  address_postcode: a.addressPostcode,
  address_country: a.addressCountry,
};

export async function getAddress(ctx: FinanceContext, user: SignedInUser, idParty: number) {
  await requireOwnParty(ctx.db, user.idUser, idParty);
  const [row] = await ctx.db.select(addressColumns).from(a).where(eq(a.fkPartyAddress, idParty));
  return row ?? null;
}

/** Spec §3: the address is sent whole, so every field is replaced (a missing one becomes empty). */
export async function saveAddress(ctx: FinanceContext, user: SignedInUser, idParty: number, input: AddressInput) {
  await requireOwnParty(ctx.db, user.idUser, idParty);
  const values = {
    addressLine1: input.address_line_1,
    addressLine2: input.address_line_2,
    addressCity: input.address_city,
    addressCounty: input.address_county,
    addressPostcode: input.address_postcode,
    addressCountry: input.address_country,
    addressUpdated: ctx.clock(),
  };
  await ctx.db
    .insert(a)
    .values({ fkPartyAddress: idParty, ...values })
    .onConflictDoUpdate({ target: a.fkPartyAddress, set: values });
  const [row] = await ctx.db.select(addressColumns).from(a).where(eq(a.fkPartyAddress, idParty));
  if (!row) throw new Error('address not stored');
  return row;
}
