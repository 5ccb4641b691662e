import { z } from 'zod';
import { LifecycleMailSchema } from './keep-members.ts';
import { LIST_LIMIT_MAX } from '../constants.ts';
import { DateSchema, IdInputSchema, IdSchema, NullableDateSchema, TextSchema } from '../entities/fields.ts';
import { InvoiceSchema, SubscriptionStatusSchema } from '../entities/subscription.ts';
import { ROLES } from '../roles.ts';
import { envelope, pagedEnvelope } from '../wire/envelope.ts';

/**
 * The staff console's calls (ADR 0035): /api/staff/... Every call is checked on the
 * server against a role group (product.md#roles); these schemas validate the API and type the web pages.
 */

export const STAFF_PAGE_SIZE = 25;

export const StaffPagingQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
});

// ── Audit log ────────────────────────────────────────────────────────────────────────────────

export const AuditEntrySchema = z.object({
  id_audit: IdSchema,
  id_user_actor: IdSchema.nullable(),
  actor_email: z.string(),
  audit_action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  audit_diff: z.record(z.string(), z.unknown()),
  audit_created: DateSchema,
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditListQuerySchema = StaffPagingQuerySchema.extend({
  target_type: z.string().trim().max(40).optional(),
  target_id: z.string().trim().max(40).optional(),
});
export const AuditListResponseSchema = pagedEnvelope('audit', AuditEntrySchema);

// ── Members ──────────────────────────────────────────────────────────────────────────────────

export const StaffRoleSchema = z.enum(ROLES, { error: `Roles must be among ${ROLES.join(', ')}.` });

export const StaffMemberSummarySchema = z.object({
  id_user: IdSchema,
  first_name: TextSchema,
  last_name: TextSchema,
  email: TextSchema,
  roles: z.array(z.string()),
  user_created: DateSchema,
});
export type StaffMemberSummary = z.infer<typeof StaffMemberSummarySchema>;

export const MemberSearchQuerySchema = StaffPagingQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
});
export const MemberListResponseSchema = pagedEnvelope('members', StaffMemberSummarySchema);

export const MemberIdParamsSchema = z.object({ idUser: IdInputSchema });
export const MemberSessionParamsSchema = MemberIdParamsSchema.extend({ idSession: IdInputSchema });

export const StaffSessionSchema = z.object({
  id_session: IdSchema,
  session_ip: TextSchema,
  session_user_agent: TextSchema,
  session_created: DateSchema,
  session_accessed: DateSchema,
  session_deleted: NullableDateSchema,
  session_expires: DateSchema,
});
export type StaffSession = z.infer<typeof StaffSessionSchema>;

export const StaffSubscriptionSchema = z.object({
  id_subscription: IdSchema,
  subscription_status: SubscriptionStatusSchema,
  subscription_created: DateSchema,
  subscription_cancelled: NullableDateSchema,
  subscription_current_period_end: NullableDateSchema,
  subscription_product_name: TextSchema,
  subscription_plan_name: TextSchema,
  subscription_product_cancellation_question: TextSchema,
  subscription_cancellation_reason: z.string().nullable().optional(),
  subscription_paused_from: NullableDateSchema.optional(),
  subscription_paused_until: NullableDateSchema.optional(),
  invoices: z.array(InvoiceSchema),
  /** The lifecycle e-mails sent for it, newest first (product.md#lifecycle-e-mails). */
  lifecycle_mails: z.array(LifecycleMailSchema).optional(),
});
export type StaffSubscription = z.infer<typeof StaffSubscriptionSchema>;

export const StaffConversationSchema = z.object({
  id_thread: IdSchema,
  thread_title: TextSchema,
  thread_helpdesk: z.boolean(),
  thread_resolved: z.boolean(),
  thread_created: DateSchema,
  thread_edited: DateSchema,
  /** Where staff open the thread: the staff inbox for helpdesk threads, else the thread page. */
  thread_url: z.string(),
});
export type StaffConversation = z.infer<typeof StaffConversationSchema>;

export const StaffMemberDetailSchema = StaffMemberSummarySchema.extend({
  telephone: TextSchema,
  user_deleted: NullableDateSchema,
  sessions: z.array(StaffSessionSchema),
  subscriptions: z.array(StaffSubscriptionSchema),
  conversations: z.array(StaffConversationSchema),
});
export type StaffMemberDetail = z.infer<typeof StaffMemberDetailSchema>;
export const MemberResponseSchema = envelope('member', StaffMemberDetailSchema);

export const SetRolesBodySchema = z.object({
  // Form bodies send `roles[0]=Staff`; an empty list may arrive as a missing key or ''.
  roles: z
    .union([z.array(z.string()), z.string(), z.undefined(), z.null()])
    .transform((v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]))
    .pipe(z.array(StaffRoleSchema).max(ROLES.length)),
});
export const RolesResponseSchema = envelope('roles', z.array(z.string()));
export const StaffSessionResponseSchema = envelope('session', StaffSessionSchema);

// ── Analytics (Director group) ───────────────────────────────────────────────────────────────

export const ANALYTICS_REPORTS = [
  'page-loads',
  'top-content',
  'campaigns',
  'signups',
  'subscriptions',
  'cancellations',
  'helpdesk',
] as const;
export type AnalyticsReportName = (typeof ANALYTICS_REPORTS)[number];
export const AnalyticsReportNameSchema = z.enum(ANALYTICS_REPORTS);
export const AnalyticsReportParamsSchema = z.object({ report: AnalyticsReportNameSchema });

/** The longest range a report covers, so one request cannot scan years of actions. */
export const ANALYTICS_MAX_DAYS = 366;

const DayStringSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31.');
export const AnalyticsQuerySchema = z.object({
  from: DayStringSchema.optional(),
  to: DayStringSchema.optional(),
  format: z.enum(['json', 'csv']).optional(),
});

/** One row of a report: a label (a day, a path, a campaign, a reason) and its counts. */
export const AnalyticsRowSchema = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
export type AnalyticsRow = z.infer<typeof AnalyticsRowSchema>;

export const AnalyticsReportSchema = z.object({
  name: AnalyticsReportNameSchema,
  title: z.string(),
  from: z.string(),
  to: z.string(),
  /** Column keys in display order; the first is the label. */
  columns: z.array(z.object({ key: z.string(), label: z.string() })),
  rows: z.array(AnalyticsRowSchema),
  total: z.number(),
});
export type AnalyticsReport = z.infer<typeof AnalyticsReportSchema>;
export const AnalyticsReportResponseSchema = envelope('report', AnalyticsReportSchema);
