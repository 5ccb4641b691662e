import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { and, createBackup, eq, sql, tables } from '@fretline/db';
import { enqueueJob, hasWaitingJob, registerJobHandler } from '../jobs/index.ts';

export const BACKUP_JOB_TYPE = 'platform.backup';
/** A backup of a large media folder takes a while; the lock is renewed by nothing, so it is generous. */
const BACKUP_LOCK_MS = 2 * 3_600_000;
const BACKUP_NAME = /^fretline-\d{8}T\d{6}Z\.tar\.gz$/;

/** `fretline-20261202T134500Z.tar.gz`: names sort by time. */
export function backupFileName(at: Date): string {
  return `fretline-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.tar.gz`;
}

/** Deletes the oldest scheduled backups (and their checksum files) beyond the newest `keep`. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => BACKUP_NAME.test(name)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) {
    await rm(path.join(dir, name), { force: true });
    await rm(path.join(dir, `${name}.sha256`), { force: true });
  }
  return old;
}

/**
 * Queues the next backup unless one waits. The advisory lock makes two instances starting at once
 * queue one job between them, and the queue's SKIP LOCKED claim runs it on one instance (ADR 0084).
 */
async function scheduleNextBackup(app: FastifyInstance, runAt: Date): Promise<void> {
  await app.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${BACKUP_JOB_TYPE}))`);
    if (await hasWaitingJob(tx, BACKUP_JOB_TYPE)) return;
    await enqueueJob(tx, { type: BACKUP_JOB_TYPE, payload: {}, runAt, maxAttempts: 3 });
  });
}

/**
 * Scheduled backups (ADR 0084): with BACKUP_DIR set, a backup every BACKUP_EVERY_HOURS into that
 * folder, keeping the newest BACKUP_KEEP. The media folder goes in too; a bucket (MEDIA_BUCKET) is
 * left to the bucket's own versioning and replication.
 */
export const backupsPlugin = fp(
  async (app: FastifyInstance) => {
    const dir = app.config.BACKUP_DIR;
    if (!dir) return;
    const everyMs = app.config.BACKUP_EVERY_HOURS * 3_600_000;
    registerJobHandler(
      app,
      BACKUP_JOB_TYPE,
      async (_payload, { log }) => {
        const now = app.clock();
        // The next one first, so a failing backup does not stop the schedule; a retry of this one
        // finds it queued already.
        await app.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${BACKUP_JOB_TYPE}))`);
          const [queued] = await tx
            .select({ idJob: tables.jobs.idJob })
            .from(tables.jobs)
            .where(and(eq(tables.jobs.type, BACKUP_JOB_TYPE), eq(tables.jobs.status, 'pending')))
            .limit(1);
          if (!queued)
            await enqueueJob(tx, {
              type: BACKUP_JOB_TYPE,
              payload: {},
              runAt: new Date(now.getTime() + everyMs),
              maxAttempts: 3,
            });
        });
        await mkdir(dir, { recursive: true });
        const out = path.join(dir, backupFileName(now));
        const manifest = await createBackup({
          handle: app.dbHandle,
          ...(app.config.MEDIA_BUCKET ? {} : { mediaDir: app.config.MEDIA_DIR }),
          out,
          now: app.clock,
        });
        const removed = await pruneBackups(dir, app.config.BACKUP_KEEP);
        log.info({ out, tables: manifest.tables.length, media: manifest.media.length, removed }, 'backup written');
      },
      { exclusive: true, lockMs: BACKUP_LOCK_MS },
    );
    app.addHook('onReady', async () => scheduleNextBackup(app, new Date(app.clock().getTime() + everyMs)));
  },
  { name: 'backups', dependencies: ['deps', 'jobs'] },
);
