import { and, desc, eq, gte, inArray, lt, sql, tables, type Database } from '@fretline/db';
import type { MailerAudience, MailerCounts, MailerStatus } from '@fretline/contract';

/**
 * The mailers service's queries (ADR 0051, ADR 0066): each takes the database handle first so a
 * transaction can pass through. Recipients are claimed with FOR UPDATE SKIP LOCKED, so any number
 * of job runners share a send without handing anyone a second copy.
 */
const { mailers, mailerRecipients: r, digestSubscribers, digestDeliveries, digestRuns } = tables;

const mailerColumns = {
  id_mailer: mailers.idMailer,
  mailer_subject: mailers.mailerSubject,
  mailer_audience: mailers.mailerAudience,
  id_course: mailers.idCourse,
  mailer_status: mailers.mailerStatus,
  mailer_scheduled_at: mailers.mailerScheduledAt,
  mailer_send_started: mailers.mailerSendStarted,
  mailer_send_finished: mailers.mailerSendFinished,
  mailer_created: mailers.mailerCreated,
  mailer_updated: mailers.mailerUpdated,
};

const countColumns = {
  recipients: sql<number>`count(${r.idUser})::int`,
  queued: sql<number>`(count(*) filter (where ${r.recipientStatus} = 'queued'))::int`,
  sent: sql<number>`(count(*) filter (where ${r.recipientStatus} = 'sent'))::int`,
  skipped: sql<number>`(count(*) filter (where ${r.recipientStatus} = 'skipped'))::int`,
  failed: sql<number>`(count(*) filter (where ${r.recipientStatus} = 'failed'))::int`,
};

function withCounts<T extends Record<string, unknown>>(row: T & MailerCounts) {
  const { recipients, queued, sent, skipped, failed, ...rest } = row;
  return { ...rest, counts: { recipients, queued, sent, skipped, failed } };
}

/** Every mailer, newest first, with its recipients counted by state (one grouped query). */
export async function listMailers(db: Database) {
  const rows = await db
    .select({ ...mailerColumns, ...countColumns })
    .from(mailers)
    .leftJoin(r, eq(r.idMailer, mailers.idMailer))
    .groupBy(mailers.idMailer)
    .orderBy(desc(mailers.mailerCreated), desc(mailers.idMailer))
    .limit(200);
  return rows.map(withCounts);
}

export async function findMailer(db: Database, idMailer: number) {
  const [row] = await db
    .select({ ...mailerColumns, mailer_body: mailers.mailerBody, ...countColumns })
    .from(mailers)
    .leftJoin(r, eq(r.idMailer, mailers.idMailer))
    .where(eq(mailers.idMailer, idMailer))
    .groupBy(mailers.idMailer);
  return row ? withCounts(row) : undefined;
}

export interface MailerValues {
  mailerSubject: string;
  mailerBody: string;
  mailerAudience: MailerAudience;
  idCourse: number | null;
}

export async function insertMailer(db: Database, values: MailerValues & { idUserAuthor: number; now: Date }): Promise<number> {
  const [row] = await db
    .insert(mailers)
    .values({ ...values, mailerCreated: values.now, mailerUpdated: values.now })
    .returning({ idMailer: mailers.idMailer });
  if (!row) throw new Error('mailer not created');
  return row.idMailer;
}

/** Changes a mailer that has not started sending; false when it has (or is gone). */
export async function updateEditableMailer(db: Database, idMailer: number, values: MailerValues, now: Date): Promise<boolean> {
  const rows = await db
    .update(mailers)
    .set({ ...values, mailerUpdated: now })
    .where(and(eq(mailers.idMailer, idMailer), inArray(mailers.mailerStatus, ['draft', 'scheduled'])))
    .returning({ idMailer: mailers.idMailer });
  return rows.length > 0;
}

export async function deleteDraftMailer(db: Database, idMailer: number): Promise<boolean> {
  const rows = await db
    .delete(mailers)
    .where(and(eq(mailers.idMailer, idMailer), eq(mailers.mailerStatus, 'draft')))
    .returning({ idMailer: mailers.idMailer });
  return rows.length > 0;
}

/** Moves a mailer between states when it is in one of `from`; false otherwise (a race lost, or sent). */
export async function setMailerStatus(
  db: Database,
  idMailer: number,
  from: readonly MailerStatus[],
  values: { status: MailerStatus; scheduledAt?: Date | null; sendStarted?: Date; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(mailers)
    .set({
      mailerStatus: values.status,
      mailerUpdated: values.now,
      ...(values.scheduledAt !== undefined ? { mailerScheduledAt: values.scheduledAt } : {}),
      ...(values.sendStarted ? { mailerSendStarted: values.sendStarted } : {}),
    })
    .where(and(eq(mailers.idMailer, idMailer), inArray(mailers.mailerStatus, [...from])))
    .returning({ idMailer: mailers.idMailer });
  return rows.length > 0;
}

/** The mailer row locked for the start of a send (the one transaction that lists its recipients). */
export async function lockMailerForStart(db: Database, idMailer: number) {
  const [row] = await db
    .select({
      idMailer: mailers.idMailer,
      status: mailers.mailerStatus,
      scheduledAt: mailers.mailerScheduledAt,
      audience: mailers.mailerAudience,
      idCourse: mailers.idCourse,
    })
    .from(mailers)
    .where(eq(mailers.idMailer, idMailer))
    .for('update');
  return row;
}

/** What a message is built from. */
export async function findMailerContent(db: Database, idMailer: number) {
  const [row] = await db
    .select({ subject: mailers.mailerSubject, body: mailers.mailerBody, status: mailers.mailerStatus })
    .from(mailers)
    .where(eq(mailers.idMailer, idMailer));
  return row;
}

/** One row per recipient; a user already listed keeps their row (a retried start lists nobody twice). */
export async function insertRecipients(db: Database, idMailer: number, ids: readonly number[], now: Date): Promise<void> {
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    await db
      .insert(r)
      .values(chunk.map((idUser) => ({ idMailer, idUser, recipientUpdated: now })))
      .onConflictDoNothing();
  }
}

/** Claims up to `limit` queued recipients of the mailer; rows another runner holds are skipped. */
export async function claimQueuedRecipients(db: Database, idMailer: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ idUser: r.idUser })
    .from(r)
    .where(and(eq(r.idMailer, idMailer), eq(r.recipientStatus, 'queued')))
    .orderBy(r.idUser)
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((row) => row.idUser);
}

export async function markRecipients(
  db: Database,
  idMailer: number,
  ids: readonly number[],
  status: 'sent' | 'skipped' | 'failed',
  now: Date,
  error?: string,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(r)
    .set({ recipientStatus: status, recipientUpdated: now, recipientError: error ?? null })
    .where(and(eq(r.idMailer, idMailer), inArray(r.idUser, [...ids]), eq(r.recipientStatus, 'queued')));
}

/**
 * Puts a sent mailer's failed recipients back in the queue and the mailer back to sending (the
 * operator's re-send, README "Operations"), locking the mailer first like finishMailerIfDone.
 * Returns how many went back; 0 when the mailer is not sent or has no failures.
 */
export async function requeueFailedRecipients(db: Database, idMailer: number, now: Date): Promise<number> {
  const [mailer] = await db
    .select({ status: mailers.mailerStatus })
    .from(mailers)
    .where(eq(mailers.idMailer, idMailer))
    .for('update');
  if (mailer?.status !== 'sent') return 0;
  const rows = await db
    .update(r)
    .set({ recipientStatus: 'queued', recipientUpdated: now, recipientError: null })
    .where(and(eq(r.idMailer, idMailer), eq(r.recipientStatus, 'failed')))
    .returning({ idUser: r.idUser });
  if (rows.length) await setMailerStatus(db, idMailer, ['sent'], { status: 'sending', now });
  return rows.length;
}

/**
 * Marks the mailer sent once no recipient is queued any more (any runner may be the last). The
 * mailer's row is locked first: two batches finishing at once would otherwise each still see the
 * other's uncommitted rows as queued and neither would mark it sent. The second waits for the
 * first to commit and then, in a new statement, sees its rows.
 */
export async function finishMailerIfDone(db: Database, idMailer: number, now: Date): Promise<boolean> {
  await db.select({ idMailer: mailers.idMailer }).from(mailers).where(eq(mailers.idMailer, idMailer)).for('update');
  const rows = await db
    .update(mailers)
    .set({ mailerStatus: 'sent', mailerSendFinished: now, mailerUpdated: now })
    .where(
      and(
        eq(mailers.idMailer, idMailer),
        eq(mailers.mailerStatus, 'sending'),
        sql`not exists (select 1 from ${r} where ${r.idMailer} = ${idMailer} and ${r.recipientStatus} = 'queued')`,
      ),
    )
    .returning({ idMailer: mailers.idMailer });
  return rows.length > 0;
}

/** Messages sent and failed in [from, to), by when their row last changed (mailerFigures). */
export async function countRecipientOutcomes(db: Database, range: { from: Date; to: Date }) {
  const [row] = await db
    .select({
      sent: sql<number>`(count(*) filter (where ${r.recipientStatus} = 'sent'))::int`,
      failed: sql<number>`(count(*) filter (where ${r.recipientStatus} = 'failed'))::int`,
    })
    .from(r)
    .where(
      and(gte(r.recipientUpdated, range.from), lt(r.recipientUpdated, range.to), inArray(r.recipientStatus, ['sent', 'failed'])),
    );
  return { sent: row?.sent ?? 0, failed: row?.failed ?? 0 };
}

// ── The weekly digest ─────────────────────────────────────────────────────────────────────────

export async function hasDigest(db: Database, idUser: number): Promise<boolean> {
  const [row] = await db
    .select({ idUser: digestSubscribers.idUser })
    .from(digestSubscribers)
    .where(eq(digestSubscribers.idUser, idUser));
  return row !== undefined;
}

export async function setDigest(db: Database, idUser: number, on: boolean, now: Date): Promise<void> {
  if (on) await db.insert(digestSubscribers).values({ idUser, digestSince: now }).onConflictDoNothing();
  else await db.delete(digestSubscribers).where(eq(digestSubscribers.idUser, idUser));
}

/** Claims a week's run; false when another runner (or an earlier attempt) already has. */
export async function claimDigestWeek(db: Database, week: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(digestRuns)
    .values({ digestWeek: week, digestStarted: now })
    .onConflictDoNothing()
    .returning({ week: digestRuns.digestWeek });
  return rows.length > 0;
}

/** Digest subscribers not yet sent this week's digest. */
export async function listDigestPending(db: Database, week: string, limit: number): Promise<number[]> {
  const rows = await db
    .select({ idUser: digestSubscribers.idUser })
    .from(digestSubscribers)
    .where(
      sql`not exists (select 1 from ${digestDeliveries} where ${digestDeliveries.digestWeek} = ${week} and ${digestDeliveries.idUser} = ${digestSubscribers.idUser})`,
    )
    .orderBy(digestSubscribers.idUser)
    .limit(limit);
  return rows.map((row) => row.idUser);
}

/** Records this week's digest for the user; false when it was already recorded (then nothing is sent). */
export async function recordDigestDelivery(db: Database, week: string, idUser: number, now: Date): Promise<boolean> {
  const rows = await db
    .insert(digestDeliveries)
    .values({ digestWeek: week, idUser, digestSent: now })
    .onConflictDoNothing()
    .returning({ idUser: digestDeliveries.idUser });
  return rows.length > 0;
}

// ── Account deletion (ADR 0046) ──────────────────────────────────────────────────────────────

export async function eraseUser(db: Database, idUser: number): Promise<void> {
  // Recipient rows stay (the figures count them) with the anonymised account's id; a queued one
  // is skipped when built, as the account no longer takes mailers.
  await db.delete(digestSubscribers).where(eq(digestSubscribers.idUser, idUser));
  await db.delete(digestDeliveries).where(eq(digestDeliveries.idUser, idUser));
}
