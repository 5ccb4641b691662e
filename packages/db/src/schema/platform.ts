import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgSchema, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// The platform's own tables (jobs, mail, client error reports, rate-limit counters) live in their
// own Postgres schema (ARCHITECTURE.md; ADR 0003 jobs and mail, ADR 0004 rate limiting).
export const platformSchema = pgSchema('platform');

/**
 * The durable job queue (ADR 0003). Workers claim due rows with `FOR UPDATE SKIP LOCKED`, so any
 * number of app instances can poll the same table without running a job twice.
 */
export const jobs = platformSchema.table(
  'jobs',
  {
    idJob: bigserial('id_job', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull().$type<unknown>(),
    // pending → running → done | failed; a failed attempt with tries left goes back to pending.
    status: text('status', { enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    // A running job whose lock has lapsed belonged to a worker that died; it is claimed again.
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    // What a handler recorded mid-attempt (ADR 0044), committed at once so a crash leaves it for the
    // attempt that resumes the job: a mail job marks "sending" and then the server's acceptance.
    checkpoint: jsonb('checkpoint').$type<unknown>(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    finished: timestamp('finished', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} in ('pending', 'running')`),
    index('jobs_finished_idx').on(t.finished),
  ],
);

/** The development mailbox: every e-mail sent while SMTP_URL is unset (ARCHITECTURE.md "Mail"). */
export const devMail = platformSchema.table(
  'dev_mail',
  {
    idMail: serial('id_mail').primaryKey(),
    // The job that sent it: a unique key so a retried job never files the same e-mail twice.
    idJob: bigint('id_job', { mode: 'number' }),
    mailFrom: text('mail_from').notNull(),
    mailTo: text('mail_to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    headers: jsonb('headers').notNull().$type<Record<string, string>>().default({}),
    category: text('category').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('dev_mail_job_key').on(t.idJob), index('dev_mail_to_idx').on(sql`lower(${t.mailTo})`, t.created)],
);

/** Client error reports of `GET /api/error` (product.md#calls, "error reports"). */
export const clientErrors = platformSchema.table(
  'client_errors',
  {
    idClientError: serial('id_client_error').primaryKey(),
    message: text('message').notNull(),
    url: text('url'),
    userAgent: text('user_agent'),
    idUser: integer('id_user'),
    correlationId: text('correlation_id'),
    ip: text('ip'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('client_errors_created_idx').on(t.created)],
);

/**
 * Fixed-window counters shared by every instance (ADR 0004): the API's route limits when Redis is
 * absent, and always the sign-in (ADR 0010) and helpdesk (ADR 0028) limits, counted in the
 * transaction that does the work. Keys may hold an IP or e-mail address; rows go once lapsed.
 */
export const rateLimits = platformSchema.table(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/**
 * One row whose number goes up on every catalogue write (ADR 0056). Each instance reads it every
 * quarter second and, when it moved, forgets its stored signed-out pages and catalogue memories:
 * an editor's publish, edit or delete reaches every instance without Redis or a broadcast.
 */
export const contentVersion = platformSchema.table('content_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
  changed: timestamp('changed', { withTimezone: true }).notNull().defaultNow(),
});
