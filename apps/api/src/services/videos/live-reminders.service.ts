import type { FastifyInstance } from 'fastify';
import { formatTimeRangeInZone } from '@fretline/contract';
import type { Database } from '@fretline/db';
import { enqueueJob, registerJobHandler } from '../../platform/jobs/index.ts';
import { enqueueMail, escapeHtml, mailLayout, type MailMessage } from '../../platform/mail/index.ts';
import { AppError } from '../../plugins/errors.ts';
import { findAccountContacts } from '../auth/index.ts';
import { requirePublishedStream } from './published-stream.ts';
import * as repo from './live-reminders.repository.ts';

/** The job that e-mails a live lesson's reminders (product.md#pages, /live). */
const REMINDER_JOB_TYPE = 'videos.liveReminders';
/** Reminders go this long before the start. */
const LEAD_MS = 3_600_000;
/** A job that wakes a little early (clock skew) still sends. */
const EARLY_MS = 60_000;

/** Whether this user asked for the stream's reminder (the single read shows the button's state). */
export function hasLiveReminder(db: Database, idLiveStream: number, idUser: number): Promise<boolean> {
  return repo.hasReminder(db, idLiveStream, idUser);
}

/**
 * PUT reminder: on, the member gets one e-mail an hour before the start (at once when asked later
 * than that), with the times in `timeZone`; off, none. A stream that has ended refuses with 409.
 */
export async function setLiveReminder(
  db: Database,
  input: { slug: string; idUser: number; remind: boolean; timeZone: string; now: Date },
): Promise<boolean> {
  const stream = await requirePublishedStream(db, input.slug);
  if (!input.remind) {
    await repo.deleteReminder(db, stream.idLiveStream, input.idUser);
    return false;
  }
  if (input.now.getTime() >= stream.streamEnds.getTime()) {
    throw new AppError('STREAM_ENDED', 409, 'This live lesson has ended: watch its replay instead.');
  }
  await db.transaction(async (tx) => {
    await repo.upsertReminder(tx, stream.idLiveStream, input.idUser, input.timeZone, input.now);
    // One job per request: a job finds every unsent reminder of the stream, so extra ones send nothing.
    const runAt = new Date(Math.max(input.now.getTime(), stream.streamStarts.getTime() - LEAD_MS));
    await enqueueJob(tx, { type: REMINDER_JOB_TYPE, payload: { idLiveStream: stream.idLiveStream }, runAt });
  });
  return true;
}

/**
 * The editor moved the start: the reminders follow it. The job is queued for an hour before the new
 * start (one queued for the old time would send late after a move earlier), and a reminder already
 * sent goes again with the new time, as long as the lesson has not started.
 */
export async function rescheduleLiveReminders(db: Database, idLiveStream: number, starts: Date, now: Date): Promise<void> {
  if (starts.getTime() <= now.getTime()) return;
  const asked = await repo.resetReminders(db, idLiveStream);
  if (!asked.length) return;
  const runAt = new Date(Math.max(now.getTime(), starts.getTime() - LEAD_MS));
  await enqueueJob(db, { type: REMINDER_JOB_TYPE, payload: { idLiveStream }, runAt });
}

function reminderMail(input: {
  to: string;
  firstName: string | null;
  title: string;
  when: string;
  pageUrl: string;
  calendarUrl: string;
}): MailMessage {
  const subject = `Starting soon: ${input.title}`;
  const hello = input.firstName ? `Hi ${input.firstName},` : 'Hi,';
  const text =
    `${hello}\n\nThe live lesson you asked to be reminded of starts soon:\n\n${input.title}\n${input.when}\n\n` +
    `Join it here: ${input.pageUrl}\nAdd it to your calendar: ${input.calendarUrl}\n\n` +
    'You get this e-mail because you asked for a reminder on the lesson’s page.\n';
  const html = mailLayout(
    subject,
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(hello)}</p>
<p style="margin:0 0 8px;font-size:16px;line-height:1.5">The live lesson you asked to be reminded of starts soon:</p>
<p style="margin:0 0 4px;font-size:18px;font-weight:bold">${escapeHtml(input.title)}</p>
<p style="margin:0 0 24px;font-size:16px;color:#57534e">${escapeHtml(input.when)}</p>
<p style="margin:0 0 24px;text-align:center"><a href="${escapeHtml(input.pageUrl)}" style="display:inline-block;background:#ea580c;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:8px">Join the live lesson</a></p>
<p style="margin:0;font-size:14px;line-height:1.5;color:#57534e"><a href="${escapeHtml(input.calendarUrl)}">Add it to your calendar</a>. You get this e-mail because you asked for a reminder on the lesson’s page.</p>`,
  );
  return { to: input.to, subject, text, html, category: 'transactional' };
}

/** Registers the reminder job: it sends each unsent reminder once, and follows a start that moved. */
export function registerLiveReminders(app: FastifyInstance): void {
  registerJobHandler<{ idLiveStream: number }>(app, REMINDER_JOB_TYPE, async ({ idLiveStream }) => {
    const stream = await repo.findPublishedStream(app.db, idLiveStream);
    if (!stream) return;
    const now = app.clock();
    const due = stream.streamStarts.getTime() - LEAD_MS;
    if (now.getTime() < due - EARLY_MS) {
      // The start was moved later since this job was queued: wait for the new time.
      await enqueueJob(app.db, { type: REMINDER_JOB_TYPE, payload: { idLiveStream }, runAt: new Date(due) });
      return;
    }
    if (now.getTime() >= stream.streamEnds.getTime()) return;
    const site = app.config.SITE_URL.replace(/\/$/, '');
    await app.db.transaction(async (tx) => {
      const claimed = await repo.claimUnsentReminders(tx, idLiveStream, now);
      // Names and addresses are auth's (ADR 0050): asked through its index.
      const contacts = await findAccountContacts(
        tx,
        claimed.map((c) => c.idUser),
      );
      for (const person of claimed) {
        const contact = contacts.get(person.idUser);
        if (!contact) continue;
        await enqueueMail(
          tx,
          reminderMail({
            to: contact.email,
            firstName: contact.firstName,
            title: stream.streamTitle,
            when: formatTimeRangeInZone(stream.streamStarts, stream.streamEnds, person.timeZone),
            pageUrl: `${site}/live/${stream.streamSlug}`,
            calendarUrl: `${site}/api/videos/live/${stream.streamSlug}/calendar.ics`,
          }),
        );
      }
    });
  });
}
