import type { FastifyInstance } from 'fastify';
import type { MailerAudience } from '@fretline/contract';
import type { Database } from '@fretline/db';
import { enqueueJob } from '../../platform/jobs/index.ts';
import { enqueueMail, unsubscribeLinks, type MailMessage } from '../../platform/mail/index.ts';
import { contentTypeFor, isSafeMediaPath, type MediaStore } from '../../platform/media/index.ts';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';
import { countMailerUnsubscribes, findMailerContacts, listMailerOptInIds } from '../auth/index.ts';
import { listMembershipAudiences } from '../finance/index.ts';
import { findLessonPosters, findMembersOnlyMedia, listCourseLearnerIds, listCourseTitles } from '../videos/index.ts';
import { mailerFrame, mailerMediaPaths, mailerText, renderMailerBody, sanitizeMailerBody } from './mailer-html.ts';
import * as repo from './mailers.repository.ts';

/** The job that lists a mailer's recipients when it is due (now, or at its scheduled time). */
export const MAILER_START_JOB = 'mailers.start';
/** The job that builds and queues one batch of a mailer's messages. */
export const MAILER_BATCH_JOB = 'mailers.batch';
/** Messages built per batch job (ADR 0066): small enough for one short transaction. */
const MAILER_BATCH_SIZE = 50;
/** Images and thumbnails in a sent e-mail stay viewable this long (signed media URLs, ADR 0017). */
const EMAIL_MEDIA_TTL_S = 365 * 24 * 3600;

export const MAILER_NOT_FOUND = 'That mailer cannot be found.';
export const MAILER_LOCKED = 'This mailer has started sending and can no longer be changed.';
const MAILER_SCHEDULE_PAST = 'Pick a time in the future, or send it now.';
const COURSE_NOT_FOUND = 'That course cannot be found.';
const MAILER_IMAGE_REFUSED = 'A mailer can show only pictures from the media library that no premium lesson keeps for members:';
/** Where the media library's pictures live (ADR 0068): uploads and the committed demo media. */
const LIBRARY_FOLDERS = ['uploads/', 'demo/'];

export interface MailersContext {
  app: FastifyInstance;
  db: Database;
  store: MediaStore;
  now: Date;
}

/** Who an audience names now, before the opt-in (product.md#mailers). */
async function audienceIds(db: Database, audience: MailerAudience, idCourse: number | null, now: Date): Promise<number[]> {
  if (audience === 'all') return [];
  if (audience === 'course') return idCourse === null ? [] : listCourseLearnerIds(db, idCourse);
  const segments = await listMembershipAudiences(db, now);
  if (audience === 'members') return segments.members;
  if (audience === 'trialists') return segments.trialists;
  if (audience === 'lapsed') return segments.lapsed;
  // free: opted-in accounts that never subscribed (filtered below against everSubscribed).
  return segments.everSubscribed;
}

/** The ids an audience reaches now: the segment narrowed to those who take mailers (sorted). */
export async function resolveAudience(
  db: Database,
  audience: MailerAudience,
  idCourse: number | null,
  now: Date,
): Promise<number[]> {
  const optedIn = await listMailerOptInIds(db);
  if (audience === 'all') return optedIn.sort((a, b) => a - b);
  const segment = new Set(await audienceIds(db, audience, idCourse, now));
  const keep = audience === 'free' ? (id: number) => !segment.has(id) : (id: number) => segment.has(id);
  return optedIn.filter(keep).sort((a, b) => a - b);
}

export async function requireCourse(db: Database, idCourse: number | null | undefined): Promise<void> {
  if (idCourse === null || idCourse === undefined) return;
  const courses = await listCourseTitles(db);
  if (!courses.some((c) => c.idCourse === idCourse)) throw badRequest(COURSE_NOT_FOUND, 'id_course', 'COURSE_NOT_FOUND');
}

/**
 * A mailer's pictures are signed for a year and sent to everyone (ADR 0066), so a body may name
 * only a published lesson's poster, or a picture of the media library that no premium lesson
 * keeps for members (a section's file or poster). Anything else is refused, naming it.
 */
export async function requireMailerImages(db: Database, body: string): Promise<void> {
  const paths = mailerMediaPaths(body);
  if (paths.length === 0) return;
  const [posters, membersOnly] = await Promise.all([findLessonPosters(db, paths), findMembersOnlyMedia(db, paths)]);
  const refused = paths.filter(
    (p) =>
      !posters.has(p) &&
      (membersOnly.has(p) ||
        !isSafeMediaPath(p) ||
        !LIBRARY_FOLDERS.some((folder) => p.startsWith(folder)) ||
        !contentTypeFor(p).startsWith('image/')),
  );
  if (refused.length > 0)
    throw badRequest(`${MAILER_IMAGE_REFUSED} ${refused.join(', ')}`, 'mailer_body', 'MAILER_IMAGE_REFUSED');
}

export function toMailerValues(body: {
  mailer_subject: string;
  mailer_body: string;
  mailer_audience: MailerAudience;
  id_course?: number | null | undefined;
}): repo.MailerValues {
  return {
    mailerSubject: body.mailer_subject,
    mailerBody: sanitizeMailerBody(body.mailer_body),
    mailerAudience: body.mailer_audience,
    idCourse: body.mailer_audience === 'course' ? (body.id_course ?? null) : null,
  };
}

/** Signed, long-lived absolute media URLs for e-mails. */
function emailMediaUrl(app: FastifyInstance, store: MediaStore, now: Date) {
  const site = app.config.SITE_URL.replace(/\/$/, '');
  const exp = Math.floor(now.getTime() / 1000) + EMAIL_MEDIA_TTL_S;
  return (mediaPath: string) => `${site}${store.signedUrlWithExpiry(mediaPath, exp)}`;
}

/** One message of a mailer for one address, with the RFC 8058 one-click headers (ADR 0012). */
export function buildMailerMessage(
  ctx: Pick<MailersContext, 'app' | 'store' | 'now'>,
  mailer: { subject: string; body: string },
  to: string,
  options: { test?: boolean } = {},
): MailMessage {
  const { app, store, now } = ctx;
  const site = app.config.SITE_URL.replace(/\/$/, '');
  const links = unsubscribeLinks(app.config, to, 'mailers');
  const bodyHtml = renderMailerBody(mailer.body, { site, mediaUrl: emailMediaUrl(app, store, now) });
  const reason = options.test
    ? 'This is a test: only you got it.'
    : 'You get Fretline’s mailers because you chose to in your e-mail settings.';
  const html = mailerFrame({
    subject: mailer.subject,
    bodyHtml,
    mailersUrl: links.mailersUrl,
    settingsUrl: `${site}/me/notifications`,
    reason,
  });
  const text = `${mailerText(bodyHtml)}\n\n--\n${reason}\nUnsubscribe from mailers: ${links.mailersUrl}\n`;
  return {
    to,
    subject: options.test ? `[Test] ${mailer.subject}` : mailer.subject,
    text,
    html,
    category: 'mailer',
    headers: { ...links.listUnsubscribeHeaders },
  };
}

/** Send now (no time, or one already passed is refused) or at a time; only a draft or scheduled mailer. */
export async function sendMailer(ctx: MailersContext, idMailer: number, scheduledAt: Date | null): Promise<void> {
  const { db, now } = ctx;
  if (scheduledAt && scheduledAt.getTime() <= now.getTime()) throw badRequest(MAILER_SCHEDULE_PAST, 'mailer_scheduled_at');
  await db.transaction(async (tx) => {
    const mailer = await repo.lockMailerForStart(tx, idMailer);
    if (!mailer) throw notFound(MAILER_NOT_FOUND, 'MAILER_NOT_FOUND');
    if (mailer.status !== 'draft' && mailer.status !== 'scheduled') throw conflict(MAILER_LOCKED, 'MAILER_LOCKED');
    const content = await repo.findMailerContent(tx, idMailer);
    if (!content?.body.trim()) throw badRequest('Write the mailer before sending it.', 'mailer_body');
    await requireMailerImages(tx, content.body);
    const runAt = scheduledAt ?? now;
    await repo.setMailerStatus(tx, idMailer, ['draft', 'scheduled'], { status: 'scheduled', scheduledAt: runAt, now });
    await enqueueJob(tx, { type: MAILER_START_JOB, payload: { idMailer }, runAt });
  });
}

/**
 * The start job (ADR 0066): when the mailer is still scheduled and due, lists its recipients (one
 * row each, unique per mailer and user) and queues the batch jobs, in one transaction. A job left
 * by an earlier schedule, or a retry after the start committed, finds nothing to do.
 */
export async function handleMailerStart(app: FastifyInstance, payload: unknown): Promise<void> {
  const { idMailer } = payload as { idMailer: number };
  const now = app.clock();
  await app.db.transaction(async (tx) => {
    const mailer = await repo.lockMailerForStart(tx, idMailer);
    if (!mailer || mailer.status !== 'scheduled' || !mailer.scheduledAt) return;
    if (mailer.scheduledAt.getTime() > now.getTime()) return;
    const ids = await resolveAudience(tx, mailer.audience, mailer.idCourse, now);
    await repo.insertRecipients(tx, idMailer, ids, now);
    await repo.setMailerStatus(tx, idMailer, ['scheduled'], { status: 'sending', sendStarted: now, now });
    // One job per batch, so several instances share a large send; each claims its own rows.
    const batches = Math.max(1, Math.ceil(ids.length / MAILER_BATCH_SIZE));
    for (let i = 0; i < batches; i++) await enqueueJob(tx, { type: MAILER_BATCH_JOB, payload: { idMailer }, runAt: now });
  });
}

/**
 * Sends a sent mailer again to the recipients it failed (`npm run admin -- resend-mailer`): they go
 * back in the queue and batch jobs are queued for them, in one transaction. Those it reached are
 * never sent twice. Returns how many were queued again (0: nothing to re-send).
 */
export async function resendFailedMailer(db: Database, idMailer: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const queued = await repo.requeueFailedRecipients(tx, idMailer, now);
    const batches = Math.ceil(queued / MAILER_BATCH_SIZE);
    for (let i = 0; i < batches; i++) await enqueueJob(tx, { type: MAILER_BATCH_JOB, payload: { idMailer }, runAt: now });
    return queued;
  });
}

/**
 * A batch job: claims up to a batch of queued recipients (FOR UPDATE SKIP LOCKED), reads each
 * account's preferences at that moment, queues the message of those who still take mailers, and
 * marks every row, all in one transaction: a retry or another runner can never queue a second copy.
 * The last batch to find nothing queued marks the mailer sent.
 */
export async function handleMailerBatch(
  app: FastifyInstance,
  store: MediaStore,
  payload: unknown,
  attempt?: { attempts: number; maxAttempts: number },
): Promise<void> {
  const { idMailer } = payload as { idMailer: number };
  try {
    await sendMailerBatch(app, store, idMailer);
  } catch (err) {
    // The job's last try: its share of the queue is marked failed and the mailer can still finish,
    // rather than stay 'sending' for ever once the job queue gives up on it.
    if (attempt && attempt.attempts >= attempt.maxAttempts) await giveUpMailerBatch(app, idMailer, err);
    throw err;
  }
}

async function giveUpMailerBatch(app: FastifyInstance, idMailer: number, err: unknown): Promise<void> {
  const now = app.clock();
  const reason = `not sent: ${err instanceof Error ? err.message.slice(0, 400) : 'the batch kept failing'}`;
  await app.db.transaction(async (tx) => {
    const ids = await repo.claimQueuedRecipients(tx, idMailer, MAILER_BATCH_SIZE);
    await repo.markRecipients(tx, idMailer, ids, 'failed', now, reason);
    await repo.finishMailerIfDone(tx, idMailer, now);
  });
}

async function sendMailerBatch(app: FastifyInstance, store: MediaStore, idMailer: number): Promise<void> {
  const now = app.clock();
  await app.db.transaction(async (tx) => {
    const content = await repo.findMailerContent(tx, idMailer);
    if (!content || content.status !== 'sending') return;
    const ids = await repo.claimQueuedRecipients(tx, idMailer, MAILER_BATCH_SIZE);
    const contacts = await findMailerContacts(tx, ids);
    const sent: number[] = [];
    const skipped: number[] = [];
    const failed: Array<{ id: number; error: string }> = [];
    for (const id of ids) {
      const contact = contacts.get(id);
      if (!contact?.takesMailers) {
        skipped.push(id);
        continue;
      }
      try {
        await enqueueMail(tx, buildMailerMessage({ app, store, now }, content, contact.email));
        sent.push(id);
      } catch (err) {
        failed.push({ id, error: err instanceof Error ? err.message.slice(0, 500) : 'could not be built' });
      }
    }
    await repo.markRecipients(tx, idMailer, sent, 'sent', now);
    await repo.markRecipients(tx, idMailer, skipped, 'skipped', now, 'opted out before sending');
    for (const f of failed) await repo.markRecipients(tx, idMailer, [f.id], 'failed', now, f.error);
    await repo.finishMailerIfDone(tx, idMailer, now);
  });
}

/**
 * The mailer figures of the staff dashboard (product.md#mailers): messages sent and failed, and
 * mailer unsubscribes, in [from, to).
 */
export async function mailerFigures(
  db: Database,
  range: { from: Date; to: Date },
): Promise<{ sent: number; failed: number; unsubscribes: number }> {
  const [outcomes, unsubscribes] = await Promise.all([
    repo.countRecipientOutcomes(db, range),
    countMailerUnsubscribes(db, range),
  ]);
  return { ...outcomes, unsubscribes };
}
