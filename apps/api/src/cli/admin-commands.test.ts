import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, tables, type Database } from '@fretline/db';
import { createTestDatabase } from '../../test/test-app.ts';
import { OPERATOR_ACTOR } from '../platform/audit/index.ts';
import { OperatorError, runAdminCommand } from './admin-commands.ts';

/* The operator's command line (README "Operations"): each command on a real database. */

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  const created = await createTestDatabase();
  db = created.handle.db;
  drop = created.drop;
});
afterAll(() => drop());

const now = new Date();
const run = (...argv: string[]) => runAdminCommand(db, argv, now);

async function newUser(email: string, roles: string[] = []): Promise<number> {
  const [user] = await db.insert(tables.users).values({ email }).returning({ idUser: tables.users.idUser });
  if (roles.length) await db.insert(tables.userRoles).values(roles.map((role) => ({ idUser: user!.idUser, role })));
  return user!.idUser;
}

const rolesOf = async (idUser: number) =>
  (await db.select({ role: tables.userRoles.role }).from(tables.userRoles).where(eq(tables.userRoles.idUser, idUser)))
    .map((r) => r.role)
    .sort();

const auditOf = (targetType: string, targetId: number) =>
  db
    .select({ action: tables.auditLog.auditAction, actor: tables.auditLog.actorEmail, diff: tables.auditLog.auditDiff })
    .from(tables.auditLog)
    .where(and(eq(tables.auditLog.targetType, targetType), eq(tables.auditLog.targetId, String(targetId))));

const jobsOf = (type: string) => db.select().from(tables.jobs).where(eq(tables.jobs.type, type));

describe('npm run admin', () => {
  it('answers an unknown or missing command with the list of commands', async () => {
    await expect(run()).rejects.toThrow(/Usage: npm run admin -- <command>[\s\S]*revoke-sessions/);
    await expect(run('drop-everything')).rejects.toBeInstanceOf(OperatorError);
  });

  it('create-superadmin makes an account a Superadmin, and refuses what is not an address', async () => {
    expect(await run('create-superadmin', 'owner@admin-cli.example')).toEqual([
      expect.stringMatching(/^Created user \d+ \(owner@admin-cli\.example\): Superadmin\./),
    ]);
    await expect(run('create-superadmin', 'nobody')).rejects.toThrow('Not an e-mail address: nobody');
  });

  it('set-roles replaces the roles in their order, audited with the operator as actor', async () => {
    const idUser = await newUser('sam@admin-cli.example', ['Guest']);
    expect(await run('set-roles', 'SAM@admin-cli.example', 'Editor', 'Staff')).toEqual([
      'sam@admin-cli.example: Guest → Staff, Editor.',
    ]);
    expect(await rolesOf(idUser)).toEqual(['Editor', 'Staff']);
    expect(await auditOf('user', idUser)).toEqual([
      {
        action: 'member.roles.set',
        actor: OPERATOR_ACTOR,
        diff: { roles: { from: ['Guest'], to: ['Staff', 'Editor'] }, added: ['Staff', 'Editor'], removed: ['Guest'] },
      },
    ]);
    // The same roles again change nothing and record nothing.
    expect(await run('set-roles', 'sam@admin-cli.example', 'Staff', 'Editor')).toEqual([
      'sam@admin-cli.example already has Editor, Staff: nothing changed.',
    ]);
    expect(await auditOf('user', idUser)).toHaveLength(1);
  });

  it('set-roles refuses an unknown role or address and changes nothing', async () => {
    const idUser = await newUser('kit@admin-cli.example', ['Staff']);
    await expect(run('set-roles', 'kit@admin-cli.example', 'Staff', 'Wizard')).rejects.toThrow(/^Unknown role: Wizard\./);
    await expect(run('set-roles', 'ghost@admin-cli.example', 'Staff')).rejects.toThrow(
      'No account has the address ghost@admin-cli.example.',
    );
    expect(await rolesOf(idUser)).toEqual(['Staff']);
    expect(await auditOf('user', idUser)).toEqual([]);
  });

  it('revoke-sessions ends every open session of the account and no one else’s', async () => {
    const idUser = await newUser('lee@admin-cli.example');
    const other = await newUser('max@admin-cli.example');
    const expiresAt = new Date(now.getTime() + 86_400_000);
    await db.insert(tables.sessions).values([
      { idUser, tokenHash: 'admin-cli-a', expiresAt },
      { idUser, tokenHash: 'admin-cli-b', expiresAt },
      { idUser, tokenHash: 'admin-cli-c', expiresAt, sessionDeleted: new Date(now.getTime() - 1000) },
      { idUser: other, tokenHash: 'admin-cli-d', expiresAt },
    ]);
    expect(await run('revoke-sessions', 'lee@admin-cli.example')).toEqual([
      'lee@admin-cli.example: 2 sessions ended; they sign in again with a code.',
    ]);
    const open = await db
      .select({ idUser: tables.sessions.idUser })
      .from(tables.sessions)
      .where(isNull(tables.sessions.sessionDeleted));
    expect(open.filter((s) => s.idUser === idUser)).toEqual([]);
    expect(open.filter((s) => s.idUser === other)).toHaveLength(1);
    expect(await auditOf('user', idUser)).toEqual([
      { action: 'member.sessions.end', actor: OPERATOR_ACTOR, diff: { sessions: 2 } },
    ]);
  });

  it('retry-transcode queues a failed video again from its file, and refuses one that has not failed', async () => {
    const [failed, ready] = await db
      .insert(tables.videos)
      .values([
        {
          videoSlug: 'cli-failed',
          videoTitle: 'Failed',
          videoCategory: 'lessons',
          streamSource: 'uploads/a.mp4',
          streamStatus: 'failed',
          streamError: 'ffmpeg exited 1',
        },
        {
          videoSlug: 'cli-ready',
          videoTitle: 'Ready',
          videoCategory: 'lessons',
          streamSource: 'uploads/b.mp4',
          streamStatus: 'ready',
        },
      ])
      .returning({ idVideo: tables.videos.idVideo });
    expect(await run('retry-transcode', 'cli-failed')).toEqual(['cli-failed: processing queued again from its uploaded file.']);
    const [row] = await db
      .select({ status: tables.videos.streamStatus, error: tables.videos.streamError })
      .from(tables.videos)
      .where(eq(tables.videos.idVideo, failed!.idVideo));
    expect(row).toEqual({ status: 'queued', error: null });
    expect((await jobsOf('videos.processStream')).map((j) => j.payload)).toEqual([
      { idVideo: failed!.idVideo, source: 'uploads/a.mp4' },
    ]);
    expect(await auditOf('video', failed!.idVideo)).toEqual([{ action: 'video.stream.retry', actor: OPERATOR_ACTOR, diff: {} }]);

    await expect(run('retry-transcode', 'cli-ready')).rejects.toThrow('The processing of cli-ready has not failed');
    await expect(run('retry-transcode', 'cli-nowhere')).rejects.toThrow('No video has the slug cli-nowhere.');
    expect(await jobsOf('videos.processStream')).toHaveLength(1);
    expect(await auditOf('video', ready!.idVideo)).toEqual([]);
  });

  it('resend-mailer queues a sent mailer’s failed recipients again, never those it reached', async () => {
    const [sent, draft] = await db
      .insert(tables.mailers)
      .values([
        { mailerSubject: 'Sent', mailerBody: '<p>Hi</p>', mailerStatus: 'sent' },
        { mailerSubject: 'Draft', mailerBody: '<p>Hi</p>' },
      ])
      .returning({ idMailer: tables.mailers.idMailer });
    const [a, b, c] = [
      await newUser('r1@admin-cli.example'),
      await newUser('r2@admin-cli.example'),
      await newUser('r3@admin-cli.example'),
    ];
    await db.insert(tables.mailerRecipients).values([
      { idMailer: sent!.idMailer, idUser: a, recipientStatus: 'sent' },
      { idMailer: sent!.idMailer, idUser: b, recipientStatus: 'failed', recipientError: 'SMTP 451' },
      { idMailer: sent!.idMailer, idUser: c, recipientStatus: 'failed', recipientError: 'SMTP 451' },
    ]);
    expect(await run('resend-mailer', String(sent!.idMailer))).toEqual([
      `Mailer ${sent!.idMailer}: 2 failed recipients queued again.`,
    ]);
    const recipients = await db
      .select({ idUser: tables.mailerRecipients.idUser, status: tables.mailerRecipients.recipientStatus })
      .from(tables.mailerRecipients)
      .where(eq(tables.mailerRecipients.idMailer, sent!.idMailer));
    expect(recipients.sort((x, y) => x.idUser - y.idUser)).toEqual([
      { idUser: a, status: 'sent' },
      { idUser: b, status: 'queued' },
      { idUser: c, status: 'queued' },
    ]);
    const [mailer] = await db.select().from(tables.mailers).where(eq(tables.mailers.idMailer, sent!.idMailer));
    expect(mailer!.mailerStatus).toBe('sending');
    expect((await jobsOf('mailers.batch')).map((j) => j.payload)).toEqual([{ idMailer: sent!.idMailer }]);

    await expect(run('resend-mailer', String(draft!.idMailer))).rejects.toThrow('nothing to re-send');
    await expect(run('resend-mailer', 'x')).rejects.toThrow('Usage: npm run admin -- resend-mailer <mailer id>');
    expect(await jobsOf('mailers.batch')).toHaveLength(1);
  });

  it('rebuild-search rebuilds and moves the content version so every instance reads afresh', async () => {
    const version = async () => (await db.select().from(tables.contentVersion))[0]?.version ?? 0;
    const before = await version();
    expect(await run('rebuild-search')).toEqual([expect.stringMatching(/^Search indexes rebuilt/)]);
    expect(await version()).toBe(before + 1);
  });

  it('health tells the database, the queue, failed processing and sends', async () => {
    await db.insert(tables.jobs).values({ type: 'cli.test', payload: {}, runAt: new Date(now.getTime() - 30_000) });
    // Asked now: the jobs the commands above queued (after `now`) are due too.
    const lines = await runAdminCommand(db, ['health']);
    expect(lines[0]).toMatch(/^database: answers in \d+\.\d ms$/);
    // The due jobs: this one, and the two the commands above queued.
    expect(lines[1]).toMatch(/^jobs due: 3, the oldest waiting \d+ s$/);
    expect(lines).toContain('videos whose processing failed: 0');
    expect(lines).toContain('mailers sending: 1');
  });
});
