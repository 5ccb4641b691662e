import { sql } from 'drizzle-orm';
import { check, index, integer, pgSchema, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

// The mailers service's tables (ADR 0066) live in their own Postgres schema (ARCHITECTURE.md).
// Users and courses are referenced by id only: each service owns its tables.
export const mailersSchema = pgSchema('mailers');

/** Who a mailer goes to (product.md#mailers); every audience is narrowed to those who take mailers. */
export const MAILER_AUDIENCES = ['all', 'members', 'trialists', 'free', 'lapsed', 'course'] as const;
/** draft → scheduled → sending → sent; a scheduled mailer can go back to draft. */
export const MAILER_STATUSES = ['draft', 'scheduled', 'sending', 'sent'] as const;
/** One recipient's state: queued, then sent (handed to the mail queue), skipped (opted out when built) or failed. */
export const MAILER_RECIPIENT_STATUSES = ['queued', 'sent', 'skipped', 'failed'] as const;

/** A newsletter written by staff (product.md#mailers). */
export const mailers = mailersSchema.table(
  'mailers',
  {
    idMailer: serial('id_mailer').primaryKey(),
    mailerSubject: text('mailer_subject').notNull(),
    /** Sanitised HTML from the rich-text editor: images and lesson cards carry their media path. */
    mailerBody: text('mailer_body').notNull().default(''),
    mailerAudience: text('mailer_audience').$type<(typeof MAILER_AUDIENCES)[number]>().notNull().default('all'),
    /** The course whose learners get it (audience `course`). */
    idCourse: integer('id_course'),
    mailerStatus: text('mailer_status').$type<(typeof MAILER_STATUSES)[number]>().notNull().default('draft'),
    mailerScheduledAt: timestamp('mailer_scheduled_at', { withTimezone: true }),
    /** When sending started (the recipients were listed) and when the last recipient was done. */
    mailerSendStarted: timestamp('mailer_send_started', { withTimezone: true }),
    mailerSendFinished: timestamp('mailer_send_finished', { withTimezone: true }),
    /** The staff member who wrote it; null once their account is deleted. */
    idUserAuthor: integer('id_user_author'),
    mailerCreated: timestamp('mailer_created', { withTimezone: true }).notNull().defaultNow(),
    mailerUpdated: timestamp('mailer_updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mailers_created_idx').on(sql`${t.mailerCreated} desc`),
    check('mailers_status_check', sql`${t.mailerStatus} in ('draft', 'scheduled', 'sending', 'sent')`),
    check('mailers_audience_check', sql`${t.mailerAudience} in ('all', 'members', 'trialists', 'free', 'lapsed', 'course')`),
  ],
);

/**
 * One row per mailer and user (ADR 0066): the unique pair is what makes a retry or a second
 * instance unable to send anyone a second copy. Rows are claimed with FOR UPDATE SKIP LOCKED.
 */
export const mailerRecipients = mailersSchema.table(
  'mailer_recipients',
  {
    idMailer: integer('id_mailer')
      .notNull()
      .references(() => mailers.idMailer, { onDelete: 'cascade' }),
    idUser: integer('id_user').notNull(),
    recipientStatus: text('recipient_status').$type<(typeof MAILER_RECIPIENT_STATUSES)[number]>().notNull().default('queued'),
    recipientError: text('recipient_error'),
    recipientUpdated: timestamp('recipient_updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.idMailer, t.idUser] }),
    index('mailer_recipients_status_idx').on(t.idMailer, t.recipientStatus),
    // The figures count sent and failed messages in a period (mailerFigures).
    index('mailer_recipients_updated_idx').on(t.recipientUpdated, t.recipientStatus),
    index('mailer_recipients_user_idx').on(t.idUser),
    check('mailer_recipients_status_check', sql`${t.recipientStatus} in ('queued', 'sent', 'skipped', 'failed')`),
  ],
);

/** Who asked for the weekly digest of new lessons (product.md#mailers). */
export const digestSubscribers = mailersSchema.table('digest_subscribers', {
  idUser: integer('id_user').primaryKey(),
  digestSince: timestamp('digest_since', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per digest week (its Monday, UTC) and user: a week's digest is sent once per person. */
export const digestDeliveries = mailersSchema.table(
  'digest_deliveries',
  {
    digestWeek: text('digest_week').notNull(),
    idUser: integer('id_user').notNull(),
    digestSent: timestamp('digest_sent', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.digestWeek, t.idUser] }), index('digest_deliveries_user_idx').on(t.idUser)],
);

/** A week's digest run: the unique week makes the weekly job idempotent across retries and instances. */
export const digestRuns = mailersSchema.table('digest_runs', {
  digestWeek: text('digest_week').primaryKey(),
  digestStarted: timestamp('digest_started', { withTimezone: true }).notNull().defaultNow(),
});
