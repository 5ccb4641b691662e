import { z } from 'zod';
import { DateSchema } from '../entities/fields.ts';
import { envelope } from '../wire/envelope.ts';

/*
 * Keeping members and the numbers (product.md#keeping-members, product.md#membership-figures;
 * docs/decisions/0067-keeping-members-and-the-numbers.md): the cancel flow's reasons, the pause,
 * the retention offer staff configure, the lifecycle e-mails staff see and the dashboard's figures.
 */

/** The short list a member leaving picks from; 'other' asks for their own words. */
export const CANCELLATION_REASONS = ['too_expensive', 'not_using', 'missing_content', 'technical', 'other'] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];
export const CancellationReasonSchema = z.enum(CANCELLATION_REASONS, { error: 'Please choose a reason.' });
export const CANCELLATION_REASON_LABELS: Record<CancellationReason, string> = {
  too_expensive: 'It costs too much',
  not_using: "I'm not using it enough",
  missing_content: "It doesn't have what I want to learn",
  technical: 'Something is not working for me',
  other: 'Something else',
};

/** A pause is one, two or three months (product.md#keeping-members). */
export const PAUSE_MONTHS = [1, 2, 3] as const;
export const PauseBodySchema = z.object({
  pause_months: z.coerce
    .number({ error: 'Please choose how long to pause for.' })
    .int('Please choose how long to pause for.')
    .min(1, 'A pause is one, two or three months.')
    .max(3, 'A pause is one, two or three months.'),
});

export const RetentionOfferSchema = z.object({
  percent_off: z.number().int(),
  months: z.number().int(),
});
export type RetentionOffer = z.infer<typeof RetentionOfferSchema>;

/** What a member may do instead of cancelling, for one subscription. */
export const KeepOptionsSchema = z.object({
  /** Null when a pause is possible; else why not, in words for the member. */
  pause_unavailable: z.string().nullable(),
  /** When each pause length would end: the pause starts when the paid period ends. */
  pause_choices: z.array(z.object({ pause_months: z.number().int(), paused_from: DateSchema, paused_until: DateSchema })),
  /** The staff's offer, when it is on and this subscription has not had it. */
  retention_offer: RetentionOfferSchema.nullable(),
});
export type KeepOptions = z.infer<typeof KeepOptionsSchema>;
export const KeepOptionsResponseSchema = envelope('keep_options', KeepOptionsSchema);

export const RetentionOfferSettingsSchema = z.object({
  offer_enabled: z.boolean(),
  offer_percent_off: z.number().int(),
  offer_months: z.number().int(),
});
export type RetentionOfferSettings = z.infer<typeof RetentionOfferSettingsSchema>;
export const RetentionOfferSettingsBodySchema = z.object({
  offer_enabled: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]),
  offer_percent_off: z.coerce
    .number({ error: 'Please enter the percent off.' })
    .int('Please enter a whole percent.')
    .min(1, 'The percent off is between 1 and 100.')
    .max(100, 'The percent off is between 1 and 100.'),
  offer_months: z.coerce
    .number({ error: 'Please enter for how many months.' })
    .int('Please enter a whole number of months.')
    .min(1, 'The offer lasts between 1 and 12 months.')
    .max(12, 'The offer lasts between 1 and 12 months.'),
});
export const RetentionOfferSettingsResponseSchema = envelope('retention_offer', RetentionOfferSettingsSchema);

// ── Switching monthly ↔ yearly (product.md#switching-plans) ──────────────────────────────────

/** The other plan of the membership and what switching to it now costs; money in pence. */
export const PlanSwitchSchema = z.object({
  /** Null when the switch is possible; else why not, in words for the member. */
  switch_unavailable: z.string().nullable(),
  to_plan: z
    .object({
      id_subscription_plan: z.number().int(),
      subscription_plan_name: z.string(),
      subscription_plan_price: z.number().int(),
      subscription_plan_interval: z.enum(['month', 'year']),
    })
    .nullable(),
  /** The unused time on the current plan, credited against the new price. */
  credit: z.number().int(),
  /** Credit already held from an earlier switch, also taken off the new price. */
  credit_balance: z.number().int(),
  /** Charged now to the card on file. */
  amount_due: z.number().int(),
  /** Credit beyond the new price, taken off the next payments. */
  carried_credit: z.number().int(),
  /** When the first period on the new plan ends (the next payment). */
  new_period_end: DateSchema.nullable(),
});
export type PlanSwitch = z.infer<typeof PlanSwitchSchema>;
export const PlanSwitchResponseSchema = envelope('plan_switch', PlanSwitchSchema);
export const SwitchPlanBodySchema = z.object({
  id_subscription_plan: z.coerce
    .number({ error: 'Please choose the plan to switch to.' })
    .int('Please choose the plan to switch to.')
    .positive('Please choose the plan to switch to.'),
});

/** A lifecycle e-mail sent for a subscription (product.md#lifecycle-e-mails), as staff see it. */
export const LifecycleMailSchema = z.object({
  mail_kind: z.string(),
  mail_subject: z.string(),
  mail_created: DateSchema,
});
export type LifecycleMail = z.infer<typeof LifecycleMailSchema>;

// ── The dashboard's figures (product.md#membership-figures) ──────────────────────────────────

export const FiguresQuerySchema = z.object({
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please choose a valid start date.')
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please choose a valid end date.')
    .optional(),
  format: z.enum(['json', 'csv']).optional(),
});

/** One period's figures; money in pence, rates as fractions 0..1 (null when there is nothing to divide by). */
export const PeriodFiguresSchema = z.object({
  from: z.string(),
  to: z.string(),
  mrr_pence: z.number().int(),
  active_members: z.number().int(),
  trials_running: z.number().int(),
  trials_ended: z.number().int(),
  trials_converted: z.number().int(),
  trial_conversion: z.number().nullable(),
  members_at_start: z.number().int(),
  churned_voluntary: z.number().int(),
  churned_failed_payment: z.number().int(),
  churn_rate: z.number().nullable(),
  cancellation_reasons: z.array(z.object({ reason: z.string(), n: z.number().int() })),
  pauses: z.number().int(),
  offers_taken: z.number().int(),
  saves: z.number().int(),
  mailers: z.object({ sent: z.number().int(), failed: z.number().int(), unsubscribes: z.number().int() }).nullable(),
});
export type PeriodFigures = z.infer<typeof PeriodFiguresSchema>;
export const MembershipFiguresSchema = z.object({ current: PeriodFiguresSchema, previous: PeriodFiguresSchema });
export type MembershipFigures = z.infer<typeof MembershipFiguresSchema>;
export const MembershipFiguresResponseSchema = envelope('figures', MembershipFiguresSchema);
