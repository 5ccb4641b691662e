import { z } from 'zod';
import { DateSchema, IdInputSchema, IdSchema, NullableDateSchema } from '../entities/fields.ts';
import { envelope } from '../wire/envelope.ts';

/**
 * The mailers calls (product.md#mailers, ADR 0066): staff write newsletters at /api/mailers/...,
 * and anyone signed in may take the weekly digest of new lessons.
 */

export const MAILER_AUDIENCES = ['all', 'members', 'trialists', 'free', 'lapsed', 'course'] as const;
export type MailerAudience = (typeof MAILER_AUDIENCES)[number];

/** The audience's name as staff read it (product.md#mailers). */
export const MAILER_AUDIENCE_LABELS = {
  all: 'Everyone who takes mailers',
  members: 'Members',
  trialists: 'Members on the free trial',
  free: 'Free learners (never subscribed)',
  lapsed: 'Lapsed members',
  course: 'Learners of a course',
} as const satisfies Record<MailerAudience, string>;

export const MAILER_STATUSES = ['draft', 'scheduled', 'sending', 'sent'] as const;
export type MailerStatus = (typeof MAILER_STATUSES)[number];
export const MAILER_STATUS_LABELS = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
} as const satisfies Record<MailerStatus, string>;

export const MAILER_SUBJECT_MAX = 200;
export const MAILER_BODY_MAX = 200_000;

export const MailerCountsSchema = z.object({
  recipients: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
});
export type MailerCounts = z.infer<typeof MailerCountsSchema>;

export const MailerSummarySchema = z.object({
  id_mailer: IdSchema,
  mailer_subject: z.string(),
  mailer_audience: z.enum(MAILER_AUDIENCES),
  id_course: IdSchema.nullable(),
  mailer_status: z.enum(MAILER_STATUSES),
  mailer_scheduled_at: NullableDateSchema,
  mailer_send_started: NullableDateSchema,
  mailer_send_finished: NullableDateSchema,
  mailer_created: DateSchema,
  mailer_updated: DateSchema,
  counts: MailerCountsSchema,
});
export type MailerSummary = z.infer<typeof MailerSummarySchema>;

export const MailerSchema = MailerSummarySchema.extend({ mailer_body: z.string() });
export type Mailer = z.infer<typeof MailerSchema>;

export const MailerIdParamsSchema = z.object({ idMailer: IdInputSchema });

const AudienceFields = {
  mailer_audience: z.enum(MAILER_AUDIENCES, { error: 'Choose who the mailer goes to.' }),
  // '' from an empty select means no course.
  id_course: z.union([z.literal('').transform(() => null), z.null(), IdInputSchema]).optional(),
};

export const MailerBodySchema = z
  .object({
    mailer_subject: z
      .string()
      .trim()
      .min(1, { error: 'Give the mailer a subject.' })
      .max(MAILER_SUBJECT_MAX, { error: `Keep the subject under ${MAILER_SUBJECT_MAX} characters.` }),
    mailer_body: z.string().max(MAILER_BODY_MAX, { error: 'The mailer is too long.' }),
    ...AudienceFields,
  })
  .refine((b) => b.mailer_audience !== 'course' || (b.id_course ?? null) !== null, {
    error: 'Choose the course whose learners get the mailer.',
    path: ['id_course'],
  });

export const MailerResponseSchema = envelope('mailer', MailerSchema);
export const MailerListResponseSchema = envelope('mailers', z.array(MailerSummarySchema));

export const MailerSendBodySchema = z.object({
  // Absent, null or '': now. z.coerce.date() would read null as 1970.
  mailer_scheduled_at: z.union([z.null(), z.literal('').transform(() => null), z.coerce.date()]).optional(),
});

export const MailerTestResponseSchema = envelope('sent_to', z.string());

export const MailerAudienceQuerySchema = z.object(AudienceFields);
export const MailerAudienceResponseSchema = envelope('count', z.number().int());

export const MailerPreviewBodySchema = z.object({
  mailer_subject: z.string().trim().max(MAILER_SUBJECT_MAX).default(''),
  mailer_body: z.string().max(MAILER_BODY_MAX),
});
export const MailerPreviewResponseSchema = envelope('html', z.string());

export const LessonCardSchema = z.object({
  id_video: IdSchema,
  video_title: z.string(),
  video_slug: z.string(),
  /** The poster's media path (kept in the mailer) and a signed URL to show it now. */
  video_image: z.string().nullable(),
  image_url: z.string().nullable(),
});
export type LessonCard = z.infer<typeof LessonCardSchema>;
export const LessonCardQuerySchema = z.object({ q: z.string().trim().max(200).optional() });
export const LessonCardListResponseSchema = envelope('lessons', z.array(LessonCardSchema));

export const MailerCourseSchema = z.object({ id_course: IdSchema, course_title: z.string() });
export const MailerCourseListResponseSchema = envelope('courses', z.array(MailerCourseSchema));

export const DigestBodySchema = z.object({
  digest: z.union([z.boolean(), z.enum(['true', 'false', 'on', 'off']).transform((v) => v === 'true' || v === 'on')]),
});
export const DigestResponseSchema = envelope('digest', z.boolean());
