import { and, asc, desc, eq, gt, gte, inArray, isNull, ne, or, sql, tables, type Database, type SQL } from '@fretline/db';
import { MEMBERSHIP_PRODUCT_SLUG, type SubscriptionStatus } from '@fretline/contract';
import { LIVE_STATUSES } from './state-machine.ts';

/**
 * The finance service's queries (ADR 0051): each takes the database handle first, so the service
 * can pass a transaction through, and selects the columns it needs. Rules (the state machine, what
 * a repeat purchase is, what the provider is told) stay in finance.service.ts and finance.events.ts.
 */

const s = tables.subscriptions;
const plans = tables.subscriptionPlans;
const products = tables.subscriptionProducts;
const pms = tables.paymentMethods;
const invoices = tables.invoices;
const parties = tables.parties;
const addresses = tables.addresses;

// ── Products and plans ──────────────────────────────────────────────────────────────────────────

export async function findProductBySlug(db: Database, slug: string) {
  const [product] = await db
    .select({
      idSubscriptionProduct: products.idSubscriptionProduct,
      subscriptionProductSlug: products.subscriptionProductSlug,
      subscriptionProductName: products.subscriptionProductName,
      subscriptionProductDescription: products.subscriptionProductDescription,
      subscriptionProductTrialDays: products.subscriptionProductTrialDays,
      subscriptionProductCancellationQuestion: products.subscriptionProductCancellationQuestion,
      subscriptionProductFeatures: products.subscriptionProductFeatures,
    })
    .from(products)
    .where(eq(products.subscriptionProductSlug, slug));
  return product;
}

/** A product's plans on sale, in the teacher's order. */
export async function listActivePlans(db: Database, idSubscriptionProduct: number) {
  return db
    .select({
      idSubscriptionPlan: plans.idSubscriptionPlan,
      subscriptionPlanName: plans.subscriptionPlanName,
      subscriptionPlanPrice: plans.subscriptionPlanPrice,
      subscriptionPlanInterval: plans.subscriptionPlanInterval,
    })
    .from(plans)
    .where(and(eq(plans.fkProductPlan, idSubscriptionProduct), eq(plans.subscriptionPlanActive, true)))
    .orderBy(asc(plans.subscriptionPlanOrder), asc(plans.idSubscriptionPlan));
}

/** A plan on sale with what a purchase needs of it and its product. */
export async function findActivePlan(db: Database, idSubscriptionPlan: number) {
  const [row] = await db
    .select({
      plan: {
        idSubscriptionPlan: plans.idSubscriptionPlan,
        subscriptionPlanName: plans.subscriptionPlanName,
        subscriptionPlanPrice: plans.subscriptionPlanPrice,
        subscriptionPlanInterval: plans.subscriptionPlanInterval,
        stripePriceId: plans.stripePriceId,
      },
      product: {
        idSubscriptionProduct: products.idSubscriptionProduct,
        subscriptionProductName: products.subscriptionProductName,
        subscriptionProductTrialDays: products.subscriptionProductTrialDays,
        stripeProductId: products.stripeProductId,
      },
    })
    .from(plans)
    .innerJoin(products, eq(products.idSubscriptionProduct, plans.fkProductPlan))
    .where(and(eq(plans.idSubscriptionPlan, idSubscriptionPlan), eq(plans.subscriptionPlanActive, true)));
  return row;
}

/** The names and price the finance e-mails quote for a plan. */
export async function findPlanForMail(db: Database, idSubscriptionPlan: number) {
  const [row] = await db
    .select({
      planName: plans.subscriptionPlanName,
      price: plans.subscriptionPlanPrice,
      productName: products.subscriptionProductName,
    })
    .from(plans)
    .innerJoin(products, eq(products.idSubscriptionProduct, plans.fkProductPlan))
    .where(eq(plans.idSubscriptionPlan, idSubscriptionPlan));
  return row;
}

// ── Subscriptions as the member sees them ───────────────────────────────────────────────────────

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
  subscription_paused_from: s.pausedFrom,
  subscription_paused_until: s.pausedUntil,
  subscription_cancellation_reason: s.cancellationReason,
  subscription_retention_offer_taken: s.retentionOfferTaken,
};

function selectSubscriptions(db: Database) {
  return db
    .select(subscriptionColumns)
    .from(s)
    .innerJoin(plans, eq(plans.idSubscriptionPlan, s.fkPlanSubscription))
    .innerJoin(products, eq(products.idSubscriptionProduct, s.idSubscriptionProduct));
}
export type SubscriptionRow = Awaited<ReturnType<typeof selectSubscriptions>>[number];

export interface SubscriptionListFilter {
  subscription_status?: SubscriptionStatus | SubscriptionStatus[] | undefined;
  id_subscription_product?: number | undefined;
  fk_plan_subscription?: number | undefined;
}

export interface SubscriptionListOrder {
  field: 'subscription_created' | 'id_subscription' | 'subscription_status';
  direction: 'asc' | 'desc';
}

export async function listSubscriptionsOf(
  db: Database,
  idUser: number,
  filter: SubscriptionListFilter,
  order: SubscriptionListOrder,
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
  // Newest first (product.md#constants); the id breaks ties between subscriptions made in the same instant.
  return selectSubscriptions(db)
    .where(and(...where))
    .orderBy(dir(column), dir(s.idSubscription))
    .limit(page.limit)
    .offset(page.offset);
}

/** A subscription of this user; another user's id finds nothing. */
export async function findOwnSubscription(db: Database, idUser: number, idSubscription: number) {
  const [row] = await selectSubscriptions(db).where(and(eq(s.idSubscription, idSubscription), eq(s.idUser, idUser)));
  return row;
}

/** What we know of a subscription at the payment provider, and where its e-mails go. */
export async function findProviderSide(db: Database, idSubscription: number) {
  const [row] = await db
    .select({
      providerSubscriptionId: s.providerSubscriptionId,
      providerCustomerId: s.providerCustomerId,
      currentPeriodEnd: s.currentPeriodEnd,
      customerEmail: s.customerEmail,
    })
    .from(s)
    .where(eq(s.idSubscription, idSubscription));
  return row;
}

// ── Membership and account deletion ──────────────────────────────────────────────────────────────

/**
 * Whether the user has a live membership (an active subscription to the membership product, or a
 * cancelled one whose period has not ended by `now`), and how many subscriptions beyond drafts they had.
 */
export async function findMembershipFacts(db: Database, idUser: number, now: Date) {
  const [row] = await db
    .select({
      member: sql<boolean>`coalesce(bool_or(${and(
        eq(products.subscriptionProductSlug, MEMBERSHIP_PRODUCT_SLUG),
        or(eq(s.subscriptionStatus, 'active'), and(eq(s.subscriptionStatus, 'cancelled'), gt(s.currentPeriodEnd, now))),
        // A pause that has started locks the membership until it ends (product.md#keeping-members).
        sql`not coalesce(${s.pausedFrom} <= ${now} and ${s.pausedUntil} > ${now}, false)`,
      )}), false)`,
      subscribed: sql<number>`count(*) filter (where ${s.subscriptionStatus} <> 'draft')::int`,
    })
    .from(s)
    .innerJoin(products, eq(products.idSubscriptionProduct, s.idSubscriptionProduct))
    .where(eq(s.idUser, idUser));
  return { member: row?.member === true, subscribed: row?.subscribed ?? 0 };
}

/** Cancels, as of `now`, every subscription of the user in one of `statuses`; returns what the provider must hear. */
export async function cancelSubscriptionsOf(db: Database, idUser: number, statuses: readonly SubscriptionStatus[], now: Date) {
  return db
    .update(s)
    .set({
      subscriptionStatus: 'cancelled',
      subscriptionCancelled: now,
      subscriptionUpdated: now,
      currentPeriodEnd: now,
      endReason: 'account_deleted',
    })
    .where(and(eq(s.idUser, idUser), inArray(s.subscriptionStatus, [...statuses])))
    .returning({ idSubscription: s.idSubscription, provider: s.provider, providerSubscriptionId: s.providerSubscriptionId });
}

// ── The staff console's view ────────────────────────────────────────────────────────────────────

/** A member's subscriptions for staff, newest first (product.md#constants). */
export async function listSubscriptionsForStaff(db: Database, idUser: number) {
  return db
    .select({
      id_subscription: s.idSubscription,
      subscription_status: s.subscriptionStatus,
      subscription_created: s.subscriptionCreated,
      subscription_cancelled: s.subscriptionCancelled,
      subscription_current_period_end: s.currentPeriodEnd,
      subscription_product_name: products.subscriptionProductName,
      subscription_plan_name: plans.subscriptionPlanName,
      subscription_product_cancellation_question: s.subscriptionProductCancellationQuestion,
      subscription_cancellation_reason: s.cancellationReason,
      subscription_paused_from: s.pausedFrom,
      subscription_paused_until: s.pausedUntil,
    })
    .from(s)
    .leftJoin(products, eq(products.idSubscriptionProduct, s.idSubscriptionProduct))
    .leftJoin(plans, eq(plans.idSubscriptionPlan, s.fkPlanSubscription))
    .where(eq(s.idUser, idUser))
    .orderBy(desc(s.subscriptionCreated), desc(s.idSubscription));
}

/** The invoices of these subscriptions of at least `minPence` (paid or not), newest first; totals in pence. */
export async function listInvoicesOfSubscriptions(db: Database, idSubscriptions: number[], minPence: number) {
  return db
    .select({
      fk_subscription: invoices.fkSubscription,
      id_stripe_invoice: invoices.idStripeInvoice,
      stripe_invoice_number: invoices.stripeInvoiceNumber,
      stripe_invoice_total: invoices.stripeInvoiceTotal,
      stripe_invoice_created: invoices.stripeInvoiceCreated,
      stripe_invoice_url: invoices.stripeInvoiceUrl,
    })
    .from(invoices)
    .where(and(inArray(invoices.fkSubscription, idSubscriptions), gte(invoices.stripeInvoiceTotal, minPence)))
    .orderBy(desc(invoices.stripeInvoiceCreated), desc(invoices.idStripeInvoice));
}

/** The lifecycle e-mails sent for these subscriptions, newest first (product.md#lifecycle-e-mails). */
export async function listLifecycleMailsOf(db: Database, idSubscriptions: number[]) {
  const m = tables.lifecycleMails;
  return db
    .select({
      fk_subscription: m.fkSubscription,
      mail_kind: m.mailKind,
      mail_subject: m.mailSubject,
      mail_created: m.mailCreated,
    })
    .from(m)
    .where(inArray(m.fkSubscription, idSubscriptions))
    .orderBy(desc(m.mailCreated), desc(m.idLifecycleMail));
}

// ── Purchases ───────────────────────────────────────────────────────────────────────────────────

export async function findSubscriptionIdByIdempotencyKey(db: Database, idUser: number, storedKey: string) {
  const [row] = await db
    .select({ id: s.idSubscription })
    .from(s)
    .where(and(eq(s.idUser, idUser), eq(s.idempotencyKey, storedKey)));
  return row?.id;
}

/** The newest live subscription of this user to this plan with this card, made since `since`. */
export async function findRecentLivePurchase(
  db: Database,
  idUser: number,
  purchase: { idSubscriptionPlan: number; paymentMethodId: string; since: Date },
) {
  const [row] = await db
    .select({ id: s.idSubscription })
    .from(s)
    .where(
      and(
        eq(s.idUser, idUser),
        eq(s.fkPlanSubscription, purchase.idSubscriptionPlan),
        eq(s.initialPaymentMethodId, purchase.paymentMethodId),
        gte(s.subscriptionCreated, purchase.since),
        inArray(s.subscriptionStatus, [...LIVE_STATUSES]),
      ),
    )
    .orderBy(desc(s.idSubscription))
    .limit(1);
  return row?.id;
}

export async function hasLiveSubscriptionTo(db: Database, idUser: number, idSubscriptionProduct: number): Promise<boolean> {
  const live = await db
    .select({ id: s.idSubscription })
    .from(s)
    .where(
      and(
        eq(s.idUser, idUser),
        eq(s.idSubscriptionProduct, idSubscriptionProduct),
        inArray(s.subscriptionStatus, [...LIVE_STATUSES]),
      ),
    );
  return live.length > 0;
}

/** Whether the user ever had a subscription beyond a draft the provider never saw. */
export async function hasEverSubscribed(db: Database, idUser: number): Promise<boolean> {
  const rows = await db
    .select({ id: s.idSubscription })
    .from(s)
    .where(and(eq(s.idUser, idUser), ne(s.subscriptionStatus, 'draft')))
    .limit(1);
  return rows.length > 0;
}

/** The provider's customer id from this user's latest subscription with that provider, if any. */
export async function findLastCustomerId(db: Database, idUser: number, provider: string) {
  const [row] = await db
    .select({ customerId: s.providerCustomerId })
    .from(s)
    .where(and(eq(s.idUser, idUser), eq(s.provider, provider), sql`${s.providerCustomerId} is not null`))
    .orderBy(desc(s.idSubscription))
    .limit(1);
  return row?.customerId ?? null;
}

export async function insertDraftSubscription(
  db: Database,
  draft: Pick<
    typeof s.$inferInsert,
    | 'idUser'
    | 'idSubscriptionProduct'
    | 'fkPlanSubscription'
    | 'subscriptionCreated'
    | 'provider'
    | 'customerEmail'
    | 'idempotencyKey'
    | 'initialPaymentMethodId'
    | 'idCoupon'
  >,
): Promise<number> {
  const [row] = await db
    .insert(s)
    .values({ ...draft, subscriptionStatus: 'draft', subscriptionUpdated: draft.subscriptionCreated })
    .returning({ idSubscription: s.idSubscription });
  if (!row) throw new Error('subscription not inserted');
  return row.idSubscription;
}

/** Removes a subscription only while it is still a draft. */
export async function deleteDraftSubscription(db: Database, idSubscription: number): Promise<void> {
  await db.delete(s).where(and(eq(s.idSubscription, idSubscription), eq(s.subscriptionStatus, 'draft')));
}

/** Stores the provider's ids; the provider's events may already have moved the draft on, so only a draft becomes 'created'. */
export async function markCreatedAtProvider(
  db: Database,
  idSubscription: number,
  provider: { customerId: string; providerSubscriptionId: string },
  now: Date,
): Promise<void> {
  await db
    .update(s)
    .set({
      subscriptionStatus: sql`case when ${s.subscriptionStatus} = 'draft' then 'created' else ${s.subscriptionStatus} end`,
      providerCustomerId: provider.customerId,
      providerSubscriptionId: provider.providerSubscriptionId,
      subscriptionUpdated: now,
    })
    .where(eq(s.idSubscription, idSubscription));
}

export async function markCancelled(
  db: Database,
  idUser: number,
  idSubscription: number,
  cancel: { answer: string; reason: string | null; now: Date; endsNow: boolean },
): Promise<void> {
  await db
    .update(s)
    .set({
      subscriptionStatus: 'cancelled',
      subscriptionProductCancellationQuestion: cancel.answer,
      cancellationReason: cancel.reason,
      endReason: 'member',
      // A pause not yet over ends with the membership (product.md#keeping-members).
      pausedFrom: null,
      pausedUntil: null,
      subscriptionCancelled: cancel.now,
      subscriptionUpdated: cancel.now,
      ...(cancel.endsNow ? { currentPeriodEnd: cancel.now } : {}),
    })
    .where(and(eq(s.idSubscription, idSubscription), eq(s.idUser, idUser)));
}

// ── Provider events ─────────────────────────────────────────────────────────────────────────────

/** Records a provider event by (provider, event id); false when it had been recorded before. */
export async function recordProviderEvent(
  db: Database,
  event: { provider: string; id: string; type: string; created: Date },
): Promise<boolean> {
  const recorded = await db
    .insert(tables.providerEvents)
    .values({ provider: event.provider, eventId: event.id, eventType: event.type, eventCreated: event.created })
    .onConflictDoNothing()
    .returning({ eventId: tables.providerEvents.eventId });
  return recorded.length > 0;
}

const eventSubscriptionColumns = {
  idSubscription: s.idSubscription,
  idUser: s.idUser,
  subscriptionStatus: s.subscriptionStatus,
  fkPlanSubscription: s.fkPlanSubscription,
  providerSubscriptionId: s.providerSubscriptionId,
  providerEventAt: s.providerEventAt,
  currentPeriodEnd: s.currentPeriodEnd,
  trialEnd: s.trialEnd,
  customerEmail: s.customerEmail,
};

/** The subscription a provider event is about, locked for update: by the provider's id, else by our id the event carries. */
export async function lockSubscriptionForEvent(
  db: Database,
  event: { provider: string; providerSubscriptionId: string; idSubscriptionHint?: number | null },
) {
  const [byProviderId] = await db
    .select(eventSubscriptionColumns)
    .from(s)
    .where(and(eq(s.provider, event.provider), eq(s.providerSubscriptionId, event.providerSubscriptionId)))
    .for('update');
  if (byProviderId) return byProviderId;
  if (!event.idSubscriptionHint) return undefined;
  const [byHint] = await db
    .select(eventSubscriptionColumns)
    .from(s)
    .where(
      and(
        eq(s.idSubscription, event.idSubscriptionHint),
        eq(s.provider, event.provider),
        sql`${s.providerSubscriptionId} is null`,
      ),
    )
    .for('update');
  return byHint;
}

export type SubscriptionPatch = Partial<typeof s.$inferInsert>;

export async function updateSubscription(db: Database, idSubscription: number, patch: SubscriptionPatch): Promise<void> {
  await db.update(s).set(patch).where(eq(s.idSubscription, idSubscription));
}

/** Stamps the update time with the database's own clock, as provider events always have. */
export async function updateSubscriptionFromEvent(db: Database, idSubscription: number, patch: SubscriptionPatch): Promise<void> {
  await db
    .update(s)
    .set({ ...patch, subscriptionUpdated: sql`now()` })
    .where(eq(s.idSubscription, idSubscription));
}

/** Upserts an invoice by the provider's id, whatever order its events arrive in. */
export async function upsertInvoice(
  db: Database,
  invoice: Pick<
    typeof invoices.$inferInsert,
    | 'fkSubscription'
    | 'idUser'
    | 'providerInvoiceId'
    | 'stripeInvoiceNumber'
    | 'stripeInvoiceUrl'
    | 'stripeInvoiceTotal'
    | 'stripeInvoiceStatus'
    | 'stripeInvoiceCreated'
    | 'periodStart'
    | 'periodEnd'
  >,
): Promise<void> {
  await db
    .insert(invoices)
    .values(invoice)
    .onConflictDoUpdate({
      target: invoices.providerInvoiceId,
      // A paid invoice stays paid even if its earlier failure arrives late.
      set: {
        stripeInvoiceStatus: sql`case when ${invoices.stripeInvoiceStatus} = 'paid' then 'paid' else excluded.stripe_invoice_status end`,
        stripeInvoiceNumber: sql`coalesce(excluded.stripe_invoice_number, ${invoices.stripeInvoiceNumber})`,
        stripeInvoiceUrl: sql`coalesce(excluded.stripe_invoice_url, ${invoices.stripeInvoiceUrl})`,
      },
    });
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

export async function listPaymentMethodsOf(db: Database, idUser: number, idSubscription: number) {
  return db
    .select(paymentMethodColumns)
    .from(pms)
    .where(and(eq(pms.fkSubscription, idSubscription), eq(pms.idUser, idUser), isNull(pms.deletedAt)))
    .orderBy(desc(pms.stripePaymentMethodCreated), desc(pms.idStripePaymentMethod));
}

export async function findPaymentMethod(db: Database, idStripePaymentMethod: number) {
  const [row] = await db.select(paymentMethodColumns).from(pms).where(eq(pms.idStripePaymentMethod, idStripePaymentMethod));
  return row;
}

/** A card not deleted on this subscription, by the provider's payment-method id. */
export async function findPaymentMethodByProviderId(db: Database, idSubscription: number, paymentMethodId: string) {
  const [row] = await db
    .select(paymentMethodColumns)
    .from(pms)
    .where(and(eq(pms.fkSubscription, idSubscription), eq(pms.stripePaymentMethodId, paymentMethodId), isNull(pms.deletedAt)));
  return row;
}

/** A card not deleted of this user on this subscription. */
export async function findOwnPaymentMethod(db: Database, idUser: number, idSubscription: number, idMethod: number) {
  const [row] = await db
    .select({ id: pms.idStripePaymentMethod, pmId: pms.stripePaymentMethodId, isDefault: pms.isDefault })
    .from(pms)
    .where(
      and(
        eq(pms.idStripePaymentMethod, idMethod),
        eq(pms.fkSubscription, idSubscription),
        eq(pms.idUser, idUser),
        isNull(pms.deletedAt),
      ),
    );
  return row;
}

/** No card of the subscription is the default any more (a new default follows in the same transaction). */
export async function clearDefaultPaymentMethod(db: Database, idSubscription: number): Promise<void> {
  await db.update(pms).set({ isDefault: false }).where(eq(pms.fkSubscription, idSubscription));
}

export async function insertPaymentMethod(
  db: Database,
  card: Pick<
    typeof pms.$inferInsert,
    | 'fkSubscription'
    | 'idUser'
    | 'stripePaymentMethodId'
    | 'cardBrand'
    | 'cardLast4'
    | 'cardExpMonth'
    | 'cardExpYear'
    | 'isDefault'
    | 'stripePaymentMethodCreated'
  >,
): Promise<number | undefined> {
  const [row] = await db.insert(pms).values(card).returning({ id: pms.idStripePaymentMethod });
  return row?.id;
}

export async function softDeletePaymentMethod(db: Database, idStripePaymentMethod: number, now: Date): Promise<void> {
  await db.update(pms).set({ deletedAt: now, isDefault: false }).where(eq(pms.idStripePaymentMethod, idStripePaymentMethod));
}

// ── Invoices ────────────────────────────────────────────────────────────────────────────────────

/** Paid invoices of this user's subscription of at least `minPence`, newest first; totals in pence. */
export async function listPaidInvoices(db: Database, idUser: number, idSubscription: number, minPence: number) {
  return db
    .select({
      id_stripe_invoice: invoices.idStripeInvoice,
      stripe_invoice_number: invoices.stripeInvoiceNumber,
      total: invoices.stripeInvoiceTotal,
      stripe_invoice_created: invoices.stripeInvoiceCreated,
      stripe_invoice_url: invoices.stripeInvoiceUrl,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.fkSubscription, idSubscription),
        eq(invoices.idUser, idUser),
        gte(invoices.stripeInvoiceTotal, minPence),
        eq(invoices.stripeInvoiceStatus, 'paid'),
      ),
    )
    .orderBy(desc(invoices.stripeInvoiceCreated), desc(invoices.idStripeInvoice));
}

// ── Parties and addresses ───────────────────────────────────────────────────────────────────────

export async function ensurePersonalParty(db: Database, idUser: number, now: Date): Promise<void> {
  await db.insert(parties).values({ idUser, fkOrganisationParty: null, partyCreated: now }).onConflictDoNothing();
}

export async function listPartiesOf(db: Database, idUser: number, filter: { fk_organisation_party?: number | null | undefined }) {
  const where: SQL[] = [eq(parties.idUser, idUser)];
  if (filter.fk_organisation_party === null) where.push(isNull(parties.fkOrganisationParty));
  else if (filter.fk_organisation_party !== undefined) where.push(eq(parties.fkOrganisationParty, filter.fk_organisation_party));
  return db
    .select({ id_party: parties.idParty, fk_organisation_party: parties.fkOrganisationParty })
    .from(parties)
    .where(and(...where))
    .orderBy(asc(parties.idParty));
}

export async function isOwnParty(db: Database, idUser: number, idParty: number): Promise<boolean> {
  const [party] = await db
    .select({ id: parties.idParty })
    .from(parties)
    .where(and(eq(parties.idParty, idParty), eq(parties.idUser, idUser)));
  return party !== undefined;
}

const addressColumns = {
  id_address: addresses.idAddress,
  fk_party_address: addresses.fkPartyAddress,
  address_line_1: addresses.addressLine1,
  address_line_2: addresses.addressLine2,
  address_city: addresses.addressCity,
  address_county: addresses.addressCounty,
  address_postcode: addresses.addressPostcode,
  address_country: addresses.addressCountry,
};

export async function findAddress(db: Database, idParty: number) {
  const [row] = await db.select(addressColumns).from(addresses).where(eq(addresses.fkPartyAddress, idParty));
  return row;
}

export async function upsertAddress(
  db: Database,
  idParty: number,
  values: Omit<typeof addresses.$inferInsert, 'idAddress' | 'fkPartyAddress'>,
): Promise<void> {
  await db
    .insert(addresses)
    .values({ fkPartyAddress: idParty, ...values })
    .onConflictDoUpdate({ target: addresses.fkPartyAddress, set: values });
}
