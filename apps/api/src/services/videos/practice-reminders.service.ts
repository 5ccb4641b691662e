import type { FastifyInstance } from 'fastify';
import { practiceReminderDue } from '@fretline/contract';
import { enqueueJob, hasWaitingJob, registerJobHandler } from '../../platform/jobs/index.ts';
import { enqueueMail, escapeHtml, mailLayout, unsubscribeLinks, type MailMessage } from '../../platform/mail/index.ts';
import { findAccountContact } from '../auth/index.ts';
import {
  claimReminderDay,
  claimReminderRun,
  deleteReminderRunsBefore,
  listRemindersOn,
  secondsOnDay,
} from './practice-log.repository.ts';

/**
 * Practice reminders (product.md#practice-log, ADR 0081): every quarter hour a job on the queue
 * (ADR 0003) e-mails the learners whose picked time has come today, in their own zone, and who have
 * logged nothing that day. The day is claimed on the reminder row in the transaction that queues the
 * mail, so a retry, a late run or a second instance never sends a day twice.
 */
export const PRACTICE_REMINDER_JOB = 'videos.practiceReminders';
const QUARTER_MS = 15 * 60_000;
/** Old runs' rows are dropped after a day: they only stop a quarter's job from queuing its next twice. */
const KEEP_RUNS_MS = 24 * 3_600_000;

/** The next quarter hour strictly after `at`. */
export function nextReminderRun(at: Date): Date {
  return new Date((Math.floor(at.getTime() / QUARTER_MS) + 1) * QUARTER_MS);
}

/** At start: the job keeps itself going, so it is queued only when none is waiting. */
export async function startPracticeReminders(app: FastifyInstance): Promise<void> {
  if (await hasWaitingJob(app.db, PRACTICE_REMINDER_JOB)) return;
  const next = nextReminderRun(app.clock());
  await enqueueJob(app.db, { type: PRACTICE_REMINDER_JOB, payload: { runAt: next.toISOString() }, runAt: next });
}

function reminderMail(app: FastifyInstance, to: string, firstName: string | null): MailMessage {
  const site = app.config.SITE_URL.replace(/\/$/, '');
  const logUrl = `${site}/me/practice`;
  const settingsUrl = `${site}/me/practice#reminders`;
  const links = unsubscribeLinks(app.config, to);
  const subject = 'Time to pick up your guitar?';
  const hello = firstName ? `Hi ${firstName},` : 'Hi,';
  const text = [
    hello,
    '',
    'You have not practised today yet. Even ten minutes keeps your fingers moving and your streak going.',
    '',
    `Open your practice log: ${logUrl}`,
    '',
    '—',
    `You asked for this reminder on days you have not practised. Change its time or turn it off: ${settingsUrl}`,
    `Stop every e-mail from Fretline: ${links.unsubscribeUrl}`,
  ].join('\n');
  const html = mailLayout(
    subject,
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(hello)}</p>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5">You have not practised today yet. Even ten minutes keeps your fingers moving and your streak going.</p>
<p style="margin:0 0 24px;text-align:center"><a href="${escapeHtml(logUrl)}" style="display:inline-block;background:#ea580c;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:8px">Open your practice log</a></p>
<p style="margin:0;font-size:12px;line-height:1.5;color:#78716c">You asked for this reminder on days you have not practised. <a href="${escapeHtml(
      settingsUrl,
    )}">Change its time or turn it off</a> · <a href="${escapeHtml(links.unsubscribeUrl)}">Stop every e-mail</a></p>`,
  );
  return { to, subject, text, html, category: 'transactional', headers: links.listUnsubscribeHeaders };
}

/**
 * Sends the reminders due at `now`: one per learner and local day, only while the reminder is on,
 * the account is live and takes e-mail, and nothing is logged on that day. Returns how many went.
 */
export async function sendDuePracticeReminders(app: FastifyInstance, now: Date): Promise<number> {
  let sent = 0;
  for (const reminder of await listRemindersOn(app.db)) {
    const { due, day } = practiceReminderDue(now, {
      time: reminder.reminderTime,
      timeZone: reminder.reminderTimeZone,
      lastSentOn: reminder.reminderSentOn,
    });
    if (!due) continue;
    await app.db.transaction(async (tx) => {
      // Claimed even when nothing is sent (practised already, e-mail off): the day is settled.
      if (!(await claimReminderDay(tx, reminder.idUser, day))) return;
      if ((await secondsOnDay(tx, reminder.idUser, day)) > 0) return;
      // Addresses and preferences are auth's (ADR 0050): a deleted account is not found.
      const contact = await findAccountContact(tx, reminder.idUser);
      if (!contact?.notificationsEmails) return;
      await enqueueMail(tx, reminderMail(app, contact.email, contact.firstName));
      sent += 1;
    });
  }
  return sent;
}

/**
 * One quarter's job: the run that first claims its quarter queues the next one (so a duplicate
 * chain dies out), then every run sends what is due; claiming each day makes extra runs harmless.
 */
export async function handlePracticeReminders(app: FastifyInstance, payload: { runAt: string }): Promise<void> {
  const runAt = new Date(payload.runAt);
  const now = app.clock();
  if (await claimReminderRun(app.db, runAt, now)) {
    const next = nextReminderRun(new Date(Math.max(now.getTime(), runAt.getTime())));
    await enqueueJob(app.db, { type: PRACTICE_REMINDER_JOB, payload: { runAt: next.toISOString() }, runAt: next });
    await deleteReminderRunsBefore(app.db, new Date(now.getTime() - KEEP_RUNS_MS));
  }
  await sendDuePracticeReminders(app, now);
}

export function registerPracticeReminders(app: FastifyInstance): void {
  registerJobHandler<{ runAt: string }>(app, PRACTICE_REMINDER_JOB, (payload) => handlePracticeReminders(app, payload));
  // The job keeps itself going (each quarter's job queues the next); this starts it. Tests run it by hand.
  if (app.config.NODE_ENV !== 'test') app.addHook('onReady', async () => startPracticeReminders(app));
}
