import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';
import { tables, type Database } from '@fretline/db';
import { enqueueJob, registerJobHandler, type JobContext } from '../jobs/index.ts';

export const MAIL_JOB_TYPE = 'mail.send';
/** Mail is retried for about ten minutes of backoff before it is marked failed (ADR 0003). */
const MAIL_MAX_ATTEMPTS = 8;

export const MailMessageSchema = z.object({
  to: z.email().max(320),
  subject: z.string().min(1).max(300),
  text: z.string().max(200_000),
  html: z.string().max(500_000).optional(),
  /** transactional: passcodes, receipts; mailer: newsletters (which respect the mailers opt-out). */
  category: z.enum(['transactional', 'mailer']),
  headers: z.record(z.string(), z.string()).optional(),
});
export type MailMessage = z.input<typeof MailMessageSchema>;

/**
 * Queues an e-mail; the job worker sends it once (SMTP when SMTP_URL is set, else the development
 * mailbox). Pass a transaction as `db` to send only if the surrounding change commits.
 */
export async function enqueueMail(db: Database, message: MailMessage): Promise<{ idJob: number }> {
  const parsed = MailMessageSchema.parse(message);
  return enqueueJob(db, { type: MAIL_JOB_TYPE, payload: parsed, maxAttempts: MAIL_MAX_ATTEMPTS });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMTP transport when SMTP_URL is set; null means the development mailbox. */
    mailTransport: Transporter | null;
  }
}

async function sendMailJob(payload: unknown, { app, job, log }: JobContext): Promise<void> {
  const message = MailMessageSchema.parse(payload);
  const from = app.config.MAIL_FROM;
  const headers = message.headers ?? {};
  if (app.mailTransport) {
    // A Message-ID derived from the job lets receivers drop a copy should a retry resend it.
    await app.mailTransport.sendMail({
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      headers,
      messageId: `<job-${job.idJob}@${new URL(app.config.SITE_URL).hostname}>`,
    });
    log.info({ to: message.to, category: message.category }, 'mail sent');
    return;
  }
  // The job id is unique in the mailbox, so a retried job never files the same e-mail twice.
  await app.db
    .insert(tables.devMail)
    .values({
      idJob: job.idJob,
      mailFrom: from,
      mailTo: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      headers,
      category: message.category,
      created: app.clock(),
    })
    .onConflictDoNothing({ target: tables.devMail.idJob });
  // Logged without subject and body: either may hold a sign-in code.
  log.info({ to: message.to, category: message.category }, 'mail stored in the development mailbox');
}

/** Registers the mail job handler and the SMTP transport (closed with the app). */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const transport = app.config.SMTP_URL ? nodemailer.createTransport(app.config.SMTP_URL) : null;
    app.decorate('mailTransport', transport);
    registerJobHandler(app, MAIL_JOB_TYPE, sendMailJob);
    app.addHook('onClose', async () => transport?.close());
  },
  { name: 'mail', dependencies: ['deps', 'jobs'] },
);
