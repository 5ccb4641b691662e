import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, tables } from '@fretline/db';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { TestClock, createTestDatabase } from '../../../test/test-app.ts';
import { runDueJobs } from '../jobs/index.ts';
import { BACKUP_JOB_TYPE, backupFileName, pruneBackups } from './backups.ts';

describe('scheduled backups (ADR 0084)', () => {
  let t: Awaited<ReturnType<typeof createTestDatabase>>;
  let work: string;
  const clock = new TestClock();
  const apps: FastifyInstance[] = [];
  const build = async () => {
    const app = await buildApp({
      config: testConfig({
        BACKUP_DIR: path.join(work, 'backups'),
        BACKUP_EVERY_HOURS: 6,
        BACKUP_KEEP: 2,
        MEDIA_DIR: path.join(work, 'media'),
      }),
      db: t.handle,
      clock: () => clock.now(),
    });
    apps.push(app);
    await app.ready();
    return app;
  };
  const pending = () =>
    t.handle.db
      .select({ runAt: tables.jobs.runAt })
      .from(tables.jobs)
      .where(and(eq(tables.jobs.type, BACKUP_JOB_TYPE), eq(tables.jobs.status, 'pending')));

  beforeAll(async () => {
    t = await createTestDatabase();
    work = await mkdtemp(path.join(tmpdir(), 'fretline-scheduled-'));
    await mkdir(path.join(work, 'media', 'images'), { recursive: true });
    await writeFile(path.join(work, 'media', 'images', 'poster.jpg'), 'a poster');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await t.drop();
    await rm(work, { recursive: true, force: true });
  });

  it('queues one backup across instances, writes it when due with its checksum, and keeps the newest BACKUP_KEEP', async () => {
    const first = await build();
    await build();
    // Two instances started: one backup queued, six hours on.
    const queued = await pending();
    expect(queued).toHaveLength(1);
    expect(queued[0]!.runAt.getTime() - clock.now().getTime()).toBeGreaterThan(5.9 * 3_600_000);
    expect(await runDueJobs(first, { types: [BACKUP_JOB_TYPE] })).toBe(0);

    const archives = async () => (await readdir(path.join(work, 'backups'))).filter((name) => name.endsWith('.tar.gz')).sort();
    const seen: string[] = [];
    for (let run = 0; run < 3; run += 1) {
      clock.advance(6 * 3_600_000 + 1_000);
      expect(await runDueJobs(first, { types: [BACKUP_JOB_TYPE] })).toBe(1);
      const newest = (await archives()).at(-1)!;
      expect(seen).not.toContain(newest);
      seen.push(newest);
      // The next one is queued by the run itself, and only one.
      expect(await pending()).toHaveLength(1);
    }
    const files = (await readdir(path.join(work, 'backups'))).sort();
    expect(files).toEqual([seen[1], `${seen[1]}.sha256`, seen[2], `${seen[2]}.sha256`]);
  });

  it('names backups so they sort by time, and prunes only its own files', async () => {
    expect(backupFileName(new Date('2026-12-02T13:45:07.123Z'))).toBe('fretline-20261202T134507Z.tar.gz');
    const dir = path.join(work, 'prune');
    await mkdir(dir);
    const names = ['fretline-20260101T000000Z.tar.gz', 'fretline-20260102T000000Z.tar.gz', 'fretline-20260103T000000Z.tar.gz'];
    for (const name of [...names, 'keep-me.tar.gz']) await writeFile(path.join(dir, name), '');
    await writeFile(path.join(dir, `${names[0]}.sha256`), '');
    expect(await pruneBackups(dir, 1)).toEqual(names.slice(0, 2));
    expect((await readdir(dir)).sort()).toEqual(['fretline-20260103T000000Z.tar.gz', 'keep-me.tar.gz']);
  });
});
