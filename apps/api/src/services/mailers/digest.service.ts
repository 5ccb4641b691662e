import type { FastifyInstance } from 'fastify';
import { enqueueJob, hasWaitingJob } from '../../platform/jobs/index.ts';
import { enqueueMail, escapeHtml } from '../../platform/mail/index.ts';
import type { MediaStore } from '../../platform/media/index.ts';
import { findMailerContacts } from '../auth/index.ts';
import { listNewLessons } from '../videos/index.ts';
import { buildMailerMessage } from './mailers.service.ts';
import * as repo from './mailers.repository.ts';

/** The weekly digest of new lessons (product.md#mailers): Mondays at 08:00 UTC, the week before. */
export const DIGEST_JOB = 'mailers.digest';
const WEEK_MS = 7 * 24 * 3_600_000;
const DIGEST_HOUR_UTC = 8;
const DIGEST_BATCH = 200;
const DIGEST_LESSONS_MAX = 12;

/** The Monday 00:00 UTC that starts the week holding `at`. */
function mondayOf(at: Date): Date {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d;
}

/** The next digest time after `now` and the week (its Monday, YYYY-MM-DD) it closes. */
export function nextDigestRun(now: Date): { week: string; runAt: Date } {
  let runAt = new Date(mondayOf(now).getTime() + DIGEST_HOUR_UTC * 3_600_000);
  if (runAt.getTime() <= now.getTime()) runAt = new Date(runAt.getTime() + WEEK_MS);
  return { week: mondayOf(runAt).toISOString().slice(0, 10), runAt };
}

/** At start: the digest keeps itself going, so it is queued only when no digest job is waiting. */
export async function startDigest(app: FastifyInstance): Promise<void> {
  if (!(await hasWaitingJob(app.db, DIGEST_JOB))) await scheduleNextDigest(app);
}

/** Queues the next week's digest job. An extra one (two instances starting at once) sends nothing twice. */
async function scheduleNextDigest(app: FastifyInstance): Promise<void> {
  const { week, runAt } = nextDigestRun(app.clock());
  await enqueueJob(app.db, { type: DIGEST_JOB, payload: { week }, runAt });
}

/**
 * The digest job of one week: lessons published in the seven days before that Monday, to everyone
 * who asked for the digest and still takes mailers. Each delivery is recorded in the transaction
 * that queues its e-mail (unique per week and user), so a retry or a second runner sends nobody
 * the same week twice. The runner that first claims the week queues the next one.
 */
export async function handleDigest(app: FastifyInstance, store: MediaStore, payload: unknown): Promise<void> {
  const { week } = payload as { week: string };
  const monday = new Date(`${week}T00:00:00Z`);
  const now = app.clock();
  if (await repo.claimDigestWeek(app.db, week, now)) await scheduleNextDigest(app);
  const lessons = await listNewLessons(app.db, { from: new Date(monday.getTime() - WEEK_MS), to: monday }, DIGEST_LESSONS_MAX);
  if (lessons.length === 0) return;
  const body = lessons
    .map(
      (l) =>
        `<div data-lesson-card="${escapeHtml(l.videoSlug)}" data-title="${escapeHtml(l.videoTitle)}" data-image="${escapeHtml(l.videoImage ?? '')}"></div>`,
    )
    .join('');
  const content = {
    subject: lessons.length === 1 ? 'A new lesson this week' : `${lessons.length} new lessons this week`,
    body: `<p>Here is what was added to Fretline this week.</p>${body}`,
  };
  for (;;) {
    const ids = await repo.listDigestPending(app.db, week, DIGEST_BATCH);
    if (ids.length === 0) return;
    const contacts = await findMailerContacts(app.db, ids);
    for (const id of ids) {
      const contact = contacts.get(id);
      await app.db.transaction(async (tx) => {
        // Recorded even when not sent (opted out of mailers), so the loop moves on.
        if (!(await repo.recordDigestDelivery(tx, week, id, now))) return;
        if (contact?.takesMailers) await enqueueMail(tx, buildMailerMessage({ app, store, now }, content, contact.email));
      });
    }
  }
}
