import dayjs from 'dayjs';
import { formatLong, type KeepOptions, type RetentionOfferSettings } from '@fretline/contract';
import { and, eq, gt, inArray, isNull, lte, ne, or, tables, type Database } from '@fretline/db';
import { conflict, notFound } from '../../plugins/errors.ts';
import { sendLifecycleMail } from './finance.mails.ts';
import * as repo from './finance.repository.ts';
import { LIVE_STATUSES } from './state-machine.ts';
import type { FinanceContext, SignedInUser, SubscriptionRow } from './finance.service.ts';

/*
 * Keeping members (product.md#keeping-members; docs/decisions/0067-keeping-members-and-the-numbers.md):
 * a pause of one to three months from the end of the paid period, resumable early, and the staff's
 * retention offer, taken at most once per subscription. The provider is told first; our row follows.
 */

const s = tables.subscriptions;
const changes = tables.subscriptionChanges;
const offers = tables.retentionOffers;

const SUBSCRIPTION_NOT_FOUND = 'That subscription cannot be found, please try again later or contact support.';
export const NOT_PAUSED = 'Your membership is not paused.';
export const NOT_CANCELLED = 'Your membership is not cancelled.';
export const ACCESS_ENDED =
  'Your membership has already ended, so its cancellation cannot be undone. You can join again from the membership page.';
const ANOTHER_MEMBERSHIP = 'You already have another membership running, so this one cannot be brought back.';
export const OFFER_TAKEN = 'This subscription has already had this offer.';
export const NO_OFFER = 'There is no offer to take at the moment.';
const OFFER_ACTIVE_ONLY = 'Only an active membership can take this offer.';

const DEFAULT_OFFER: RetentionOfferSettings = { offer_enabled: false, offer_percent_off: 50, offer_months: 3 };

async function requireOwn(db: Database, idUser: number, idSubscription: number): Promise<SubscriptionRow> {
  const row = await repo.findOwnSubscription(db, idUser, idSubscription);
  if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND, 'SUBSCRIPTION_NOT_FOUND');
  return row;
}

/** Why this subscription cannot be paused now, in the member's words; null when it can. */
function pauseUnavailable(sub: SubscriptionRow, now: Date): string | null {
  if (sub.subscription_status !== 'active') return 'Only an active membership can be paused.';
  if (sub.subscription_paused_until && sub.subscription_paused_until > now) {
    return `Your membership is already paused until ${formatLong(sub.subscription_paused_until)}.`;
  }
  if (sub.subscription_trial_end && sub.subscription_trial_end > now) {
    return 'You can pause once your free trial has ended; cancelling during the trial costs nothing.';
  }
  if (sub.subscription_plan_interval !== 'month') return 'A yearly plan is paid for the whole year, so it cannot be paused.';
  if (!sub.subscription_current_period_end || sub.subscription_current_period_end <= now) {
    return 'Your membership cannot be paused while a payment is due.';
  }
  return null;
}

export async function getRetentionOfferSettings(db: Database): Promise<RetentionOfferSettings> {
  const [row] = await db.select().from(offers).where(eq(offers.idRetentionOffer, 1));
  if (!row) return DEFAULT_OFFER;
  return { offer_enabled: row.offerEnabled, offer_percent_off: row.offerPercentOff, offer_months: row.offerMonths };
}

export async function saveRetentionOfferSettings(db: Database, input: RetentionOfferSettings, now: Date) {
  const values = {
    offerEnabled: input.offer_enabled,
    offerPercentOff: input.offer_percent_off,
    offerMonths: input.offer_months,
    offerUpdated: now,
  };
  await db
    .insert(offers)
    .values({ idRetentionOffer: 1, ...values })
    .onConflictDoUpdate({ target: offers.idRetentionOffer, set: values });
  return getRetentionOfferSettings(db);
}

export async function getKeepOptions(ctx: FinanceContext, user: SignedInUser, idSubscription: number): Promise<KeepOptions> {
  const sub = await requireOwn(ctx.db, user.idUser, idSubscription);
  const now = ctx.clock();
  const unavailable = pauseUnavailable(sub, now);
  const from = sub.subscription_current_period_end;
  const settings = await getRetentionOfferSettings(ctx.db);
  const offerOpen = settings.offer_enabled && sub.subscription_status === 'active' && !sub.subscription_retention_offer_taken;
  return {
    pause_unavailable: unavailable,
    pause_choices:
      unavailable || !from
        ? []
        : [1, 2, 3].map((m) => ({ pause_months: m, paused_from: from, paused_until: dayjs(from).add(m, 'month').toDate() })),
    retention_offer: offerOpen ? { percent_off: settings.offer_percent_off, months: settings.offer_months } : null,
  };
}

export async function pauseSubscription(ctx: FinanceContext, user: SignedInUser, idSubscription: number, months: number) {
  const sub = await requireOwn(ctx.db, user.idUser, idSubscription);
  const now = ctx.clock();
  const unavailable = pauseUnavailable(sub, now);
  const row = await repo.findProviderSide(ctx.db, idSubscription);
  if (unavailable || !row?.providerSubscriptionId || !sub.subscription_current_period_end) {
    throw conflict(unavailable ?? 'This subscription is still being set up, please try again in a moment.', 'PAUSE_UNAVAILABLE');
  }
  const pausedFrom = sub.subscription_current_period_end;
  const pausedUntil = dayjs(pausedFrom).add(months, 'month').toDate();
  // The row is claimed first (only while no pause runs), so two clicks make one pause and one
  // provider call; the loser gets the 409. Should the provider refuse, the claim is given back.
  const claimed = await ctx.db
    .update(s)
    .set({ pausedFrom, pausedUntil, subscriptionUpdated: now })
    .where(and(eq(s.idSubscription, idSubscription), or(isNull(s.pausedUntil), lte(s.pausedUntil, now))))
    .returning({ id: s.idSubscription });
  if (claimed.length === 0) {
    throw conflict(`Your membership is already paused until ${formatLong(pausedUntil)}.`, 'PAUSE_UNAVAILABLE');
  }
  try {
    await ctx.provider.pauseSubscription({ providerSubscriptionId: row.providerSubscriptionId, resumesAt: pausedUntil });
  } catch (err) {
    await ctx.db
      .update(s)
      .set({ pausedFrom: sub.subscription_paused_from, pausedUntil: sub.subscription_paused_until })
      .where(and(eq(s.idSubscription, idSubscription), eq(s.pausedUntil, pausedUntil)));
    throw err;
  }
  await ctx.db.insert(changes).values({ fkSubscription: idSubscription, changeKind: 'paused', changeCreated: now });
  return requireOwn(ctx.db, user.idUser, idSubscription);
}

export async function resumeSubscription(ctx: FinanceContext, user: SignedInUser, idSubscription: number) {
  const sub = await requireOwn(ctx.db, user.idUser, idSubscription);
  const now = ctx.clock();
  if (sub.subscription_status !== 'active' || !sub.subscription_paused_until || sub.subscription_paused_until <= now) {
    throw conflict(NOT_PAUSED, 'NOT_PAUSED');
  }
  const row = await repo.findProviderSide(ctx.db, idSubscription);
  const started = !!sub.subscription_paused_from && sub.subscription_paused_from <= now;
  if (row?.providerSubscriptionId) {
    await ctx.provider.resumeSubscription({ providerSubscriptionId: row.providerSubscriptionId, chargeNow: started });
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(s)
      .set({ pausedFrom: null, pausedUntil: null, subscriptionUpdated: now })
      .where(eq(s.idSubscription, idSubscription));
    await tx.insert(changes).values({ fkSubscription: idSubscription, changeKind: 'resumed', changeCreated: now });
  });
  return requireOwn(ctx.db, user.idUser, idSubscription);
}

/**
 * The retention offer, once per subscription: the row is claimed (retention_offer_taken set where it
 * was null) before the provider is told, so two racing requests give one discount.
 */
export async function takeRetentionOffer(ctx: FinanceContext, user: SignedInUser, idSubscription: number) {
  const sub = await requireOwn(ctx.db, user.idUser, idSubscription);
  const now = ctx.clock();
  const settings = await getRetentionOfferSettings(ctx.db);
  if (!settings.offer_enabled) throw conflict(NO_OFFER, 'NO_OFFER');
  if (sub.subscription_retention_offer_taken) throw conflict(OFFER_TAKEN, 'OFFER_TAKEN');
  if (sub.subscription_status !== 'active') throw conflict(OFFER_ACTIVE_ONLY, 'OFFER_UNAVAILABLE');
  const row = await repo.findProviderSide(ctx.db, idSubscription);
  if (!row?.providerSubscriptionId) throw conflict(OFFER_ACTIVE_ONLY, 'OFFER_UNAVAILABLE');
  // Claimed before the provider is told (and given back if it refuses), so two racing clicks give
  // one discount. Not one transaction around the provider call: the sandbox provider writes through
  // its own handle, which on PGlite's single connection would wait for that transaction for ever.
  const claimed = await ctx.db
    .update(s)
    .set({ retentionOfferTaken: now, subscriptionUpdated: now })
    .where(and(eq(s.idSubscription, idSubscription), isNull(s.retentionOfferTaken)))
    .returning({ id: s.idSubscription });
  if (claimed.length === 0) throw conflict(OFFER_TAKEN, 'OFFER_TAKEN');
  try {
    await ctx.provider.applyDiscount({
      providerSubscriptionId: row.providerSubscriptionId,
      percentOff: settings.offer_percent_off,
      months: settings.offer_months,
      idempotencyKey: `fretline-retention-${idSubscription}`,
    });
  } catch (err) {
    await ctx.db.update(s).set({ retentionOfferTaken: null }).where(eq(s.idSubscription, idSubscription));
    throw err;
  }
  await ctx.db.insert(changes).values({ fkSubscription: idSubscription, changeKind: 'offer_taken', changeCreated: now });
  return requireOwn(ctx.db, user.idUser, idSubscription);
}

/**
 * Undo a cancellation (ADR 0082): a member who cancelled keeps access until the paid (or trial)
 * period ends, and until then may change their mind; the membership renews as if never cancelled.
 * Only the member's own cancellation, only while its access lasts; after that it has ended and a new
 * membership starts from /membership. The row is claimed first (cancelled → active, only while the
 * access lasts) so two clicks make one undo; should the provider refuse, the claim is given back.
 */
export async function undoCancellation(ctx: FinanceContext, user: SignedInUser, idSubscription: number) {
  const sub = await requireOwn(ctx.db, user.idUser, idSubscription);
  const now = ctx.clock();
  if (sub.subscription_status !== 'cancelled') throw conflict(NOT_CANCELLED, 'NOT_CANCELLED');
  const [before] = await ctx.db
    .select({
      endReason: s.endReason,
      cancelled: s.subscriptionCancelled,
      periodEnd: s.currentPeriodEnd,
      idProduct: s.idSubscriptionProduct,
    })
    .from(s)
    .where(eq(s.idSubscription, idSubscription));
  const row = await repo.findProviderSide(ctx.db, idSubscription);
  if (!before || before.endReason !== 'member' || !before.periodEnd || before.periodEnd <= now || !row?.providerSubscriptionId) {
    throw conflict(ACCESS_ENDED, 'ACCESS_ENDED');
  }
  // A new membership bought since (one live subscription per product) leaves this one ended.
  const others = await ctx.db
    .select({ id: s.idSubscription })
    .from(s)
    .where(
      and(
        eq(s.idUser, user.idUser),
        eq(s.idSubscriptionProduct, before.idProduct),
        ne(s.idSubscription, idSubscription),
        inArray(s.subscriptionStatus, [...LIVE_STATUSES]),
      ),
    );
  if (others.length > 0) throw conflict(ANOTHER_MEMBERSHIP, 'SUBSCRIPTION_EXISTS');
  const claimed = await ctx.db
    .update(s)
    .set({ subscriptionStatus: 'active', subscriptionCancelled: null, endReason: null, subscriptionUpdated: now })
    .where(
      and(
        eq(s.idSubscription, idSubscription),
        eq(s.subscriptionStatus, 'cancelled'),
        eq(s.endReason, 'member'),
        gt(s.currentPeriodEnd, now),
      ),
    )
    .returning({ id: s.idSubscription });
  if (claimed.length === 0) throw conflict(NOT_CANCELLED, 'NOT_CANCELLED');
  try {
    await ctx.provider.undoCancellation({ providerSubscriptionId: row.providerSubscriptionId });
  } catch (err) {
    await ctx.db
      .update(s)
      .set({ subscriptionStatus: 'cancelled', subscriptionCancelled: before.cancelled, endReason: before.endReason })
      .where(eq(s.idSubscription, idSubscription));
    throw err;
  }
  await ctx.db.transaction(async (tx) => {
    await tx.insert(changes).values({ fkSubscription: idSubscription, changeKind: 'cancel_undone', changeCreated: now });
    const timeZone = ctx.timeZoneOf ? await ctx.timeZoneOf(tx, user.idUser) : null;
    await sendLifecycleMail(
      tx,
      ctx.config,
      now,
      { email: row.customerEmail || user.email, timeZone },
      idSubscription,
      `undone:${now.toISOString()}`,
      {
        kind: 'cancellation-undone',
        productName: sub.subscription_product_name ?? 'Fretline',
        renewsOn: before.periodEnd,
        idSubscription,
      },
    );
  });
  return requireOwn(ctx.db, user.idUser, idSubscription);
}
