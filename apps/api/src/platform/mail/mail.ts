import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';
import { tables, type Database } from '@fretline/db';
import { enqueueJob, registerJobHandler, type JobContext } from '../jobs/index.ts';
import type { DkimSigning } from '../../config.ts';
import { mailLayout } from './layout.ts';

export const MAIL_JOB_TYPE = 'mail.send';
/** Mail is retried for about ten minutes of backoff before it is marked failed (ADR 0003). */
const MAIL_MAX_ATTEMPTS = 8;
/**
 * ADR 0044: a send is bounded by the SMTP timeouts below (well under a minute), so a mail job whose
 * worker died is resumed after a minute, not the queue's default five.
 */
const MAIL_LOCK_MS = 60_000;
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000, dnsTimeout: 5_000 };

const MailMessageSchema = z.object({
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
 * mailbox). Pass a transaction as `db` to send only if the surrounding change commits. Subject,
 * body and headers may hold secrets (sign-in codes, thread and unsubscribe links): the queue keeps
 * them only until the job is done or fails for good (ADR 0044), so nothing else is needed.
 */
export async function enqueueMail(db: Database, message: MailMessage): Promise<{ idJob: number }> {
  const parsed = MailMessageSchema.parse(message);
  // Every e-mail shares one frame: a body written as a fragment is put in it here.
  if (parsed.html && !/^\s*<!doctype/i.test(parsed.html)) parsed.html = mailLayout(parsed.subject, parsed.html);
  return enqueueJob(db, { type: MAIL_JOB_TYPE, payload: parsed, maxAttempts: MAIL_MAX_ATTEMPTS });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMTP transport when SMTP_URL is set; null means the development mailbox. */
    mailTransport: Transporter | null;
  }
}

/** What a finished mail job keeps of its payload: nothing that could be a secret or personal. */
function redactMailPayload(payload: unknown): unknown {
  const parsed = MailMessageSchema.pick({ category: true }).safeParse(payload);
  return { redacted: true, ...(parsed.success ? { category: parsed.data.category } : {}) };
}

/**
 * The mark an SMTP attempt leaves in its job (ADR 0044): `sending` before the transport is called,
 * `accepted` with the server's answer once it took the message, `refused` when it said no.
 */
const MailCheckpointSchema = z.object({
  state: z.enum(['sending', 'accepted', 'refused']),
  messageId: z.string(),
  attempt: z.number().int(),
  response: z.string().optional(),
});
type MailCheckpoint = z.infer<typeof MailCheckpointSchema>;

async function sendMailJob(payload: unknown, context: JobContext): Promise<void> {
  const { app, job, log } = context;
  const message = MailMessageSchema.parse(payload);
  const from = app.config.MAIL_FROM;
  const headers = message.headers ?? {};
  if (app.mailTransport) {
    // A Message-ID derived from the job lets receivers drop a copy should a retry resend it.
    const messageId = `<job-${job.idJob}@${new URL(app.config.SITE_URL).hostname}>`;
    const earlier = MailCheckpointSchema.safeParse(context.checkpoint);
    if (earlier.success && earlier.data.state === 'accepted') {
      // The worker died after the server took the message and before the job was marked done.
      log.info({ messageId, response: earlier.data.response }, 'mail was accepted by an earlier attempt; not sent again');
      return;
    }
    if (earlier.success && earlier.data.state === 'sending') {
      // Unknown whether the server took it: sent again, under the same Message-ID (at least once).
      log.warn({ messageId, interruptedAttempt: earlier.data.attempt }, 'an earlier attempt stopped mid-send; sending again');
    }
    const mark = (state: MailCheckpoint['state'], response?: string) =>
      context.saveCheckpoint({
        state,
        messageId,
        attempt: job.attempts,
        ...(response ? { response } : {}),
      } satisfies MailCheckpoint);
    await mark('sending');
    let info: { messageId?: string; response?: string };
    try {
      info = await app.mailTransport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        headers,
        messageId,
      });
    } catch (err) {
      app.metrics.mailFailed.inc({ category: message.category });
      // An SMTP reply code means the server answered no; anything else (a dropped connection)
      // leaves the `sending` mark, as the message may have got through.
      const code = (err as { responseCode?: unknown }).responseCode;
      if (typeof code === 'number') await mark('refused', String(code));
      throw err;
    }
    app.metrics.mailSent.inc({ category: message.category, transport: 'smtp' });
    await mark('accepted', info.response?.slice(0, 500));
    log.info({ to: message.to, category: message.category, messageId }, 'mail sent');
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
  app.metrics.mailSent.inc({ category: message.category, transport: 'mailbox' });
  // Logged without subject and body: either may hold a sign-in code.
  log.info({ to: message.to, category: message.category }, 'mail stored in the development mailbox');
}

/**
 * The SMTP transport; with DKIM set, nodemailer signs every message on it (its transport-level
 * `dkim` option, https://nodemailer.com/dkim/; docs/operations/mail.md).
 */
export function createSmtpTransport(url: string, dkim: DkimSigning | null) {
  return nodemailer.createTransport({ url, ...SMTP_TIMEOUTS, ...(dkim ? { dkim } : {}) });
}

/** Registers the mail job handler and the SMTP transport (closed with the app). */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    // The URL's own settings win over these timeouts (nodemailer merges them so).
    const transport = app.config.SMTP_URL ? createSmtpTransport(app.config.SMTP_URL, app.config.DKIM) : null;
    app.decorate('mailTransport', transport);
    registerJobHandler(app, MAIL_JOB_TYPE, sendMailJob, { lockMs: MAIL_LOCK_MS, redactPayload: redactMailPayload });
    app.addHook('onClose', async () => transport?.close());
  },
  { name: 'mail', dependencies: ['deps', 'jobs'] },
);
