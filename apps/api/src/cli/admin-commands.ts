import { ROLES } from '@fretline/contract';
import { and, count, createSuperadmin, eq, sql, tables, type Database } from '@fretline/db';
import { recordOperatorAudit } from '../platform/audit/index.ts';
import { bumpContentVersion } from '../platform/content-version.ts';
import { endAllMemberSessions, findRoles, orderedRoles, replaceRoles, rolesChangeDiff } from '../services/auth/index.ts';
import { resendFailedMailer } from '../services/mailers/index.ts';
import { retryFailedTranscode } from '../services/videos/index.ts';

/*
 * The operator's commands (`npm run admin -- <command>`, README "Operations"). Each takes the
 * database and its arguments and gives the lines to print; a mistake throws an OperatorError,
 * printed without a stack. Changes are recorded in the audit log with the operator as actor.
 * Another instance's two-second session memory (ADR 0011) may serve a revoked session or old
 * roles for up to two seconds after a command.
 */

export class OperatorError extends Error {}

type Command = (db: Database, args: string[], now: Date) => Promise<string[]>;

const usage = (line: string) => new OperatorError(`Usage: npm run admin -- ${line}`);

async function userByEmail(db: Database, email: string | undefined): Promise<{ idUser: number; email: string }> {
  const address = email?.trim().toLowerCase();
  if (!address) throw new OperatorError('Give the account’s e-mail address.');
  const [user] = await db
    .select({ idUser: tables.users.idUser, email: tables.users.email })
    .from(tables.users)
    .where(sql`lower(${tables.users.email}) = ${address}`);
  if (!user) throw new OperatorError(`No account has the address ${address}.`);
  return user;
}

const createSuperadminCommand: Command = async (db, [email]) => {
  if (!email) throw usage('create-superadmin <email>');
  try {
    const { idUser, created } = await createSuperadmin(db, email);
    return [
      `${created ? 'Created' : 'Updated'} user ${idUser} (${email}): Superadmin. They sign in with a code sent to that address.`,
    ];
  } catch (err) {
    throw new OperatorError(err instanceof Error ? err.message : String(err));
  }
};

const setRoles: Command = async (db, [email, ...wanted], now) => {
  if (!email) throw usage(`set-roles <email> [${ROLES.join('|')} ...]`);
  const unknown = wanted.filter((r) => !(ROLES as readonly string[]).includes(r));
  if (unknown.length) throw new OperatorError(`Unknown role: ${unknown.join(', ')}. Roles are ${ROLES.join(', ')}.`);
  const user = await userByEmail(db, email);
  const next = orderedRoles(wanted);
  return db.transaction(async (tx) => {
    const before = await findRoles(tx, user.idUser);
    const diff = rolesChangeDiff(before, next);
    if (!diff) return [`${user.email} already has ${before.length ? before.join(', ') : 'no roles'}: nothing changed.`];
    await replaceRoles(tx, user.idUser, next);
    await recordOperatorAudit(tx, { action: 'member.roles.set', targetType: 'user', targetId: user.idUser, diff }, now);
    return [`${user.email}: ${before.length ? before.join(', ') : 'no roles'} → ${next.length ? next.join(', ') : 'no roles'}.`];
  });
};

const revokeSessions: Command = async (db, [email], now) => {
  if (!email) throw usage('revoke-sessions <email>');
  const user = await userByEmail(db, email);
  const ended = await db.transaction(async (tx) => {
    const n = await endAllMemberSessions(tx, user.idUser, now);
    if (n)
      await recordOperatorAudit(
        tx,
        { action: 'member.sessions.end', targetType: 'user', targetId: user.idUser, diff: { sessions: n } },
        now,
      );
    return n;
  });
  return [`${user.email}: ${ended} session${ended === 1 ? '' : 's'} ended; they sign in again with a code.`];
};

const retryTranscode: Command = async (db, [slug], now) => {
  if (!slug) throw usage('retry-transcode <video-slug>');
  const [video] = await db
    .select({ idVideo: tables.videos.idVideo })
    .from(tables.videos)
    .where(eq(tables.videos.videoSlug, slug));
  if (!video) throw new OperatorError(`No video has the slug ${slug}.`);
  const outcome = await retryFailedTranscode(db, video.idVideo);
  if (outcome !== 'queued') throw new OperatorError(`The processing of ${slug} has not failed: nothing to retry.`);
  await recordOperatorAudit(db, { action: 'video.stream.retry', targetType: 'video', targetId: video.idVideo, diff: {} }, now);
  return [`${slug}: processing queued again from its uploaded file.`];
};

const resendMailer: Command = async (db, [id], now) => {
  const idMailer = Number(id);
  if (!Number.isSafeInteger(idMailer) || idMailer < 1) throw usage('resend-mailer <mailer id>');
  const queued = await resendFailedMailer(db, idMailer, now);
  if (!queued) throw new OperatorError(`Mailer ${idMailer} is not a sent mailer with failed recipients: nothing to re-send.`);
  await recordOperatorAudit(
    db,
    { action: 'mailer.resend', targetType: 'mailer', targetId: idMailer, diff: { recipients: queued } },
    now,
  );
  return [`Mailer ${idMailer}: ${queued} failed recipient${queued === 1 ? '' : 's'} queued again.`];
};

/**
 * The search reads a generated column and an in-process vocabulary (ADR 0080): rebuilding is
 * rebuilding its indexes and statistics, and moving the content version so every instance drops
 * its catalogue memories (ADR 0056) and reads the words afresh.
 */
const rebuildSearch: Command = async (db) => {
  await db.execute(sql`reindex table videos.videos`);
  await db.execute(sql`reindex table videos.video_chords`);
  await db.execute(sql`analyze videos.videos`);
  await db.execute(sql`analyze videos.video_chords`);
  await bumpContentVersion(db);
  return ['Search indexes rebuilt; every instance reads the catalogue afresh within a second.'];
};

const health: Command = async (db, _args, now) => {
  const started = performance.now();
  await db.execute(sql`select 1`);
  const pingMs = performance.now() - started;
  const { jobs, mailers, videos } = tables;
  const [waiting] = await db
    .select({ n: count(), oldest: sql`min(${jobs.runAt})`.mapWith(jobs.runAt) })
    .from(jobs)
    .where(and(eq(jobs.status, 'pending'), sql`${jobs.runAt} <= ${now}`));
  const failed = await db
    .select({ type: jobs.type, n: count() })
    .from(jobs)
    .where(and(eq(jobs.status, 'failed'), sql`${jobs.finished} > ${new Date(now.getTime() - 86_400_000)}`))
    .groupBy(jobs.type);
  const [transcodes] = await db.select({ n: count() }).from(videos).where(eq(videos.streamStatus, 'failed'));
  const [sending] = await db.select({ n: count() }).from(mailers).where(eq(mailers.mailerStatus, 'sending'));
  const oldestSeconds = waiting?.oldest ? Math.round((now.getTime() - waiting.oldest.getTime()) / 1000) : 0;
  return [
    `database: answers in ${pingMs.toFixed(1)} ms`,
    `jobs due: ${waiting?.n ?? 0}${waiting?.n ? `, the oldest waiting ${oldestSeconds} s` : ''}`,
    `jobs failed in the last 24 h: ${failed.length ? failed.map((f) => `${f.type} ${f.n}`).join(', ') : 'none'}`,
    `videos whose processing failed: ${transcodes?.n ?? 0}${transcodes?.n ? ' (npm run admin -- retry-transcode <slug>)' : ''}`,
    `mailers sending: ${sending?.n ?? 0}`,
  ];
};

const COMMANDS: Record<string, Command> = {
  'create-superadmin': createSuperadminCommand,
  'set-roles': setRoles,
  'revoke-sessions': revokeSessions,
  'retry-transcode': retryTranscode,
  'resend-mailer': resendMailer,
  'rebuild-search': rebuildSearch,
  health,
};

const USAGE = `Usage: npm run admin -- <command>
  create-superadmin <email>        make an account (new or existing) a Superadmin
  set-roles <email> [role ...]     replace an account's roles (${ROLES.join(', ')}); none removes all
  revoke-sessions <email>          sign an account out everywhere
  retry-transcode <video-slug>     process a video whose processing failed again
  resend-mailer <mailer id>        send a sent mailer again to the recipients it failed
  rebuild-search                   rebuild the search indexes; instances read the catalogue afresh
  health                           the database, the job queue, failed processing and sends`;

/** Runs one command; the lines to print. */
export async function runAdminCommand(db: Database, argv: string[], now = new Date()): Promise<string[]> {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) throw new OperatorError(USAGE);
  return command(db, args, now);
}
