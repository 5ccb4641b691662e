import {
  COUPON_EXPIRED,
  COUPON_UNKNOWN,
  COUPON_USED_UP,
  describeCoupon,
  discountedPrice,
  type Coupon,
  type CouponQuote,
  type CreateCouponBody,
} from '@fretline/contract';
import { and, desc, eq, isNull, lt, or, sql, tables, type Database } from '@fretline/db';
import { AppError, badRequest } from '../../plugins/errors.ts';
import { isUniqueViolation } from '../../platform/database-errors.ts';
import * as repo from './finance.repository.ts';
import type { CouponForProvider, PaymentProvider } from './providers/types.ts';

/*
 * Coupon codes at checkout (product.md#coupons; docs/decisions/0067-keeping-members-and-the-numbers.md).
 * Our table is the list staff see and the first check at checkout; with Stripe each code is also a
 * promotion code, which Stripe checks again when the subscription is created.
 */

/** The part of the finance context coupons need (the service imports this file, so not its type). */
interface CouponContext {
  db: Database;
  provider: PaymentProvider;
  clock: () => Date;
}

const c = tables.coupons;
type CouponRow = typeof c.$inferSelect;

const toWire = (r: CouponRow): Coupon => ({
  id_coupon: r.idCoupon,
  coupon_code: r.couponCode,
  percent_off: r.percentOff,
  amount_off: r.amountOff,
  coupon_duration: r.couponDuration,
  duration_months: r.durationMonths,
  expires_at: r.expiresAt,
  max_redemptions: r.maxRedemptions,
  times_redeemed: r.timesRedeemed,
  coupon_created: r.couponCreated,
});

export const forProvider = (r: CouponRow): CouponForProvider => ({
  code: r.couponCode,
  percentOff: r.percentOff,
  amountOff: r.amountOff,
  duration: r.couponDuration,
  durationMonths: r.durationMonths,
});

const duplicateCode = () => new AppError('COUPON_EXISTS', 409, 'There is already a code like this one.', 'coupon_code');

export const couponError = (message: string, code: string) => badRequest(message, 'coupon_code', code);

export async function listCoupons(db: Database): Promise<Coupon[]> {
  const rows = await db.select().from(c).orderBy(desc(c.couponCreated), desc(c.idCoupon)).limit(500);
  return rows.map(toWire);
}

export async function createCoupon(ctx: CouponContext, body: CreateCouponBody): Promise<Coupon> {
  const now = ctx.clock();
  // The last day given is included: the code stops working at the following midnight (UTC).
  const expiresAt = body.expires_on ? new Date(`${body.expires_on}T00:00:00Z`) : null;
  if (expiresAt) expiresAt.setUTCDate(expiresAt.getUTCDate() + 1);
  if (expiresAt && expiresAt <= now) throw badRequest('Please choose a day from today on.', 'expires_on', 'COUPON_DATE_PAST');
  const [existing] = await ctx.db.select({ id: c.idCoupon }).from(c).where(eq(c.couponCode, body.coupon_code));
  if (existing) throw duplicateCode();
  const terms = {
    code: body.coupon_code,
    percentOff: body.percent_off ?? null,
    amountOff: body.percent_off === undefined ? (body.amount_off ?? null) : null,
    duration: body.coupon_duration,
    durationMonths: body.coupon_duration === 'repeating' ? (body.duration_months ?? 1) : null,
  };
  const { promotionCodeId } = await ctx.provider.createCoupon({
    ...terms,
    expiresAt,
    maxRedemptions: body.max_redemptions ?? null,
    idempotencyKey: `fretline-coupon-${body.coupon_code}`,
  });
  try {
    const [row] = await ctx.db
      .insert(c)
      .values({
        couponCode: terms.code,
        percentOff: terms.percentOff,
        amountOff: terms.amountOff,
        couponDuration: terms.duration,
        durationMonths: terms.durationMonths,
        expiresAt,
        maxRedemptions: body.max_redemptions ?? null,
        stripePromotionCodeId: promotionCodeId,
        couponCreated: now,
      })
      .returning();
    return toWire(row!);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateCode();
    throw err;
  }
}

/** The coupon of a code typed by a member, or the 400 that says why it cannot be used. */
export async function requireRedeemableCoupon(db: Database, code: string, now: Date): Promise<CouponRow> {
  const [row] = await db.select().from(c).where(eq(c.couponCode, code.trim().toUpperCase()));
  if (!row) throw couponError(COUPON_UNKNOWN, 'COUPON_UNKNOWN');
  if (row.expiresAt && row.expiresAt <= now) throw couponError(COUPON_EXPIRED, 'COUPON_EXPIRED');
  if (row.maxRedemptions !== null && row.timesRedeemed >= row.maxRedemptions) {
    throw couponError(COUPON_USED_UP, 'COUPON_USED_UP');
  }
  return row;
}

/**
 * Counts a redemption only while the limit allows it: a conditional update, so two checkouts racing
 * for a code's last use cannot both have it.
 */
export async function claimCoupon(db: Database, idCoupon: number): Promise<void> {
  const claimed = await db
    .update(c)
    .set({ timesRedeemed: sql`${c.timesRedeemed} + 1` })
    .where(and(eq(c.idCoupon, idCoupon), or(isNull(c.maxRedemptions), lt(c.timesRedeemed, c.maxRedemptions))))
    .returning({ id: c.idCoupon });
  if (claimed.length === 0) throw couponError(COUPON_USED_UP, 'COUPON_USED_UP');
}

/** Gives a redemption back when the checkout it was claimed for did not go through. */
export async function releaseCoupon(db: Database, idCoupon: number): Promise<void> {
  await db
    .update(c)
    .set({ timesRedeemed: sql`greatest(${c.timesRedeemed} - 1, 0)` })
    .where(eq(c.idCoupon, idCoupon));
}

export async function quoteCoupon(
  ctx: CouponContext,
  input: { coupon_code: string; id_subscription_plan: number },
): Promise<CouponQuote> {
  const plan = await repo.findActivePlan(ctx.db, input.id_subscription_plan);
  if (!plan) throw badRequest('That plan is not available, please choose another.', 'id_subscription_plan', 'PLAN_NOT_FOUND');
  const row = await requireRedeemableCoupon(ctx.db, input.coupon_code, ctx.clock());
  const terms = toWire(row);
  const price = plan.plan.subscriptionPlanPrice;
  return {
    coupon_code: row.couponCode,
    coupon_description: describeCoupon(terms),
    plan_price: price,
    discounted_price: discountedPrice(price, terms),
  };
}
