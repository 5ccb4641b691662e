import { z } from 'zod';
import { DateSchema, NullableDateSchema } from '../entities/fields.ts';
import { envelope } from '../wire/envelope.ts';
import { formatPence } from '../derived/money.ts';

/*
 * Coupon codes at checkout (product.md#coupons; docs/decisions/0067-keeping-members-and-the-numbers.md):
 * staff (Director group) make them, a member types one on the membership page and sees the
 * discounted price before paying. Money in pence.
 */

export const COUPON_DURATIONS = ['once', 'repeating', 'forever'] as const;
export type CouponDuration = (typeof COUPON_DURATIONS)[number];

export const COUPON_UNKNOWN = "That code isn't valid. Please check it and try again.";
export const COUPON_EXPIRED = 'That code has expired.';
export const COUPON_USED_UP = 'That code has already been used as many times as it can be.';

export const CouponSchema = z.object({
  id_coupon: z.number().int(),
  coupon_code: z.string(),
  percent_off: z.number().int().nullable(),
  amount_off: z.number().int().nullable(),
  coupon_duration: z.enum(COUPON_DURATIONS),
  duration_months: z.number().int().nullable(),
  expires_at: NullableDateSchema,
  max_redemptions: z.number().int().nullable(),
  times_redeemed: z.number().int(),
  coupon_created: DateSchema,
});
export type Coupon = z.infer<typeof CouponSchema>;
export const CouponListResponseSchema = envelope('coupons', z.array(CouponSchema));
export const CouponResponseSchema = envelope('coupon', CouponSchema);

const CouponCodeSchema = z
  .string({ error: 'Please enter a code.' })
  .trim()
  .min(1, 'Please enter a code.')
  .max(40, "That code isn't valid. Please check it and try again.");

const optionalInt = (message: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ error: message }).int(message).optional());

export const CreateCouponBodySchema = z
  .object({
    coupon_code: z
      .string({ error: 'Please enter a code.' })
      .trim()
      .min(3, 'A code is 3 to 40 letters, digits or dashes.')
      .max(40, 'A code is 3 to 40 letters, digits or dashes.')
      .regex(/^[A-Za-z0-9_-]+$/, 'A code is 3 to 40 letters, digits or dashes.')
      .transform((c) => c.toUpperCase()),
    percent_off: optionalInt('Please enter a whole percent.').pipe(
      z.number().min(1, 'The percent off is between 1 and 100.').max(100, 'The percent off is between 1 and 100.').optional(),
    ),
    amount_off: optionalInt('Please enter the amount off in pence.').pipe(
      z.number().min(1, 'The amount off is at least 1p.').max(1_000_000, 'The amount off is at most £10,000.').optional(),
    ),
    coupon_duration: z.enum(COUPON_DURATIONS, { error: 'Please choose how long the discount lasts.' }),
    duration_months: optionalInt('Please enter a whole number of months.').pipe(
      z.number().min(1, 'The discount lasts 1 to 36 months.').max(36, 'The discount lasts 1 to 36 months.').optional(),
    ),
    /** The last day the code works (UTC), YYYY-MM-DD. */
    expires_on: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please choose a valid date.')
        .optional(),
    ),
    max_redemptions: optionalInt('Please enter a whole number.').pipe(
      z.number().min(1, 'A code can be used at least once.').max(1_000_000, 'That is too many.').optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if ((v.percent_off === undefined) === (v.amount_off === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['percent_off'], message: 'Please give either a percent off or an amount off.' });
    }
    if (v.coupon_duration === 'repeating' && v.duration_months === undefined) {
      ctx.addIssue({ code: 'custom', path: ['duration_months'], message: 'Please enter for how many months.' });
    }
  });
export type CreateCouponBody = z.infer<typeof CreateCouponBodySchema>;

/** POST me/coupon-quotes: what a code takes off a plan, checked before paying. */
export const CouponQuoteBodySchema = z.object({
  coupon_code: CouponCodeSchema,
  id_subscription_plan: z.coerce
    .number({ error: 'Please choose a plan.' })
    .int('Please choose a plan.')
    .positive('Please choose a plan.'),
});
export const CouponQuoteSchema = z.object({
  coupon_code: z.string(),
  /** "20% off for 3 months", for the member. */
  coupon_description: z.string(),
  plan_price: z.number().int(),
  /** The first payment with the code. */
  discounted_price: z.number().int(),
});
export type CouponQuote = z.infer<typeof CouponQuoteSchema>;
export const CouponQuoteResponseSchema = envelope('coupon_quote', CouponQuoteSchema);

/** The code's optional field on POST me/subscriptions. */
export const CheckoutCouponCodeSchema = CouponCodeSchema.optional();

type CouponTerms = Pick<Coupon, 'percent_off' | 'amount_off' | 'coupon_duration' | 'duration_months'>;

/** What a price becomes with the coupon, never below zero. */
export function discountedPrice(price: number, c: CouponTerms): number {
  const off = c.percent_off !== null ? Math.round((price * c.percent_off) / 100) : (c.amount_off ?? 0);
  return Math.max(0, price - off);
}

/** "20% off for 3 months", "£5.00 off the first payment", "10% off for as long as you're a member". */
export function describeCoupon(c: CouponTerms): string {
  const off = c.percent_off !== null ? `${c.percent_off}% off` : `${formatPence(c.amount_off ?? 0)} off`;
  if (c.coupon_duration === 'once') return `${off} the first payment`;
  if (c.coupon_duration === 'forever') return `${off} for as long as you're a member`;
  const months = c.duration_months ?? 1;
  return `${off} for ${months === 1 ? 'the first month' : `${months} months`}`;
}
