import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray, tables } from '@fretline/db';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { backoffMs, enqueueJob, registerJobHandler, runDueJobs } from './index.ts';

let t: TestApp;
const seen: Array<{ type: string; payload: unknown; attempts: number }> = [];
let failuresLeft = 0;
let releaseStalled = () => {};
const stalledRelease = new Promise<void>((resolve) => (releaseStalled = resolve));

beforeAll(async () => {
  t = await createTestApp();
  registerJobHandler<{ n: number }>(t.app, 'test.record', async (payload, { job }) => {
    seen.push({ type: job.type, payload, attempts: job.attempts });
  });
  registerJobHandler(t.app, 'test.flaky', async (payload, { job }) => {
    if (failuresLeft > 0) {
      failuresLeft--;
      throw new Error('temporary failure');
    }
    seen.push({ type: job.type, payload, attempts: job.attempts });
  });
  registerJobHandler(
    t.app,
    'test.secret',
    async (payload, { job }) => {
      if (failuresLeft > 0) {
        failuresLeft--;
        throw new Error('temporary failure');
      }
      seen.push({ type: job.type, payload, attempts: job.attempts });
    },
    { redactPayload: () => ({ redacted: true }) },
  );
  registerJobHandler(
    t.app,
    'test.checkpoint',
    async (payload, { job, checkpoint, saveCheckpoint }) => {
      seen.push({ type: job.type, payload: checkpoint, attempts: job.attempts });
      await saveCheckpoint({ reached: job.attempts });
      if ((payload as { hang?: boolean }).hang) await new Promise(() => {});
    },
    { lockMs: 30_000 },
  );
  registerJobHandler(
    t.app,
    'test.long',
    async (_payload, { job, extendLock, signal }) => {
      await extendLock(10 * 60_000);
      const [row] = await t.db.select().from(tables.jobs).where(eq(tables.jobs.idJob, job.idJob));
      const heldMs = (row?.lockedUntil?.getTime() ?? 0) - t.clock.now().getTime();
      seen.push({
        type: job.type,
        payload: { aborted: signal.aborted, heldOverFiveMinutes: heldMs > 5 * 60_000 },
        attempts: job.attempts,
      });
    },
    { lockMs: 30_000, exclusive: true },
  );
  registerJobHandler(t.app, 'test.stalled', async (_payload, { job }) => {
    // The first attempt stalls until the test lets it fail; later ones succeed.
    if (job.attempts === 1) await stalledRelease.then(() => Promise.reject(new Error('late failure')));
  });
});
afterAll(async () => {
  await t.close();
});

describe('the job queue', () => {
  it('lets a long job keep its claim as it goes, and claims only the types asked for', async () => {
    seen.length = 0;
    const { idJob } = await enqueueJob(t.db, { type: 'test.long', payload: {} });
    expect(await runDueJobs(t.app, { types: ['test.record'] })).toBe(0);
    expect(await runDueJobs(t.app, { types: ['test.long'] })).toBe(1);
    // Claimed for 30 s, then extended to ten minutes from now by the handler itself.
    expect(seen).toEqual([{ type: 'test.long', payload: { aborted: false, heldOverFiveMinutes: true }, attempts: 1 }]);
    const [row] = await t.db.select().from(tables.jobs).where(eq(tables.jobs.idJob, idJob));
    expect(row?.status).toBe('done');
  });

  it('runs a due job once and marks it done', async () => {
    seen.length = 0;
    const { idJob } = await enqueueJob(t.db, { type: 'test.record', payload: { n: 1 } });
    expect(await runDueJobs(t.app)).toBe(1);
    expect(await runDueJobs(t.app)).toBe(0);
    expect(seen).toEqual([{ type: 'test.record', payload: { n: 1 }, attempts: 1 }]);
    const [row] = await t.db.select().from(tables.jobs).where(eq(tables.jobs.idJob, idJob));
    expect(row?.status).toBe('done');
  });

  it('waits for runAt before running a scheduled job', async () => {
    seen.length = 0;
    await enqueueJob(t.db, { type: 'test.record', payload: { n: 2 }, runAt: new Date(t.clock.now().getTime() + 60_000) });
    expect(await runDueJobs(t.app)).toBe(0);
    t.clock.advance(61_000);
    expect(await runDueJobs(t.app)).toBe(1);
    expect(seen).toHaveLength(1);
  });

  it('retries a failing job with growing backoff and gives up after maxAttempts', async () => {
    seen.length = 0;
    failuresLeft = 10;
    const { idJob } = await enqueueJob(t.db, { type: 'test.flaky', payload: {}, maxAttempts: 3 });
    expect(await runDueJobs(t.app)).toBe(1);
    t.clock.advance(backoffMs(1) - 1_000);
    expect(await runDueJobs(t.app)).toBe(0);
    t.clock.advance(1_000);
    expect(await runDueJobs(t.app)).toBe(1);
    t.clock.advance(backoffMs(2));
    expect(await runDueJobs(t.app)).toBe(1);
    t.clock.advance(3_600_000);
    expect(await runDueJobs(t.app)).toBe(0);
    const [row] = await t.db.select().from(tables.jobs).where(eq(tables.jobs.idJob, idJob));
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'temporary failure' });
    expect(seen).toHaveLength(0);
    failuresLeft = 0;
  });

  it('never hands the same job to two workers polling at once', async () => {
    seen.length = 0;
    for (let n = 0; n < 25; n++) await enqueueJob(t.db, { type: 'test.record', payload: { n } });
    const counts = await Promise.all([runDueJobs(t.app), runDueJobs(t.app), runDueJobs(t.app)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(25);
    const ns = seen.map((s) => (s.payload as { n: number }).n).sort((a, b) => a - b);
    expect(ns).toEqual([...Array(25).keys()]);
  });

  it('leaves jobs of a type it has no handler for to other instances', async () => {
    await enqueueJob(t.db, { type: 'test.unknown', payload: {} });
    expect(await runDueJobs(t.app)).toBe(0);
  });

  it('refuses a second handler for the same type', () => {
    expect(() => registerJobHandler(t.app, 'test.record', async () => {})).toThrow(/already registered/);
  });

  it('keeps a redacted payload once the job is done or has failed for good, and the full one while it may retry', async () => {
    seen.length = 0;
    const { idJob: done } = await enqueueJob(t.db, { type: 'test.secret', payload: { code: '424242' } });
    expect(await runDueJobs(t.app)).toBe(1);
    expect(seen).toEqual([{ type: 'test.secret', payload: { code: '424242' }, attempts: 1 }]);

    failuresLeft = 2;
    const { idJob: failed } = await enqueueJob(t.db, { type: 'test.secret', payload: { code: '434343' }, maxAttempts: 2 });
    expect(await runDueJobs(t.app)).toBe(1);
    const [retrying] = await t.db.select().from(tables.jobs).where(eq(tables.jobs.idJob, failed));
    expect(retrying).toMatchObject({ status: 'pending', payload: { code: '434343' } });
    t.clock.advance(backoffMs(1));
    expect(await runDueJobs(t.app)).toBe(1);
    failuresLeft = 0;

    const rows = await t.db
      .select()
      .from(tables.jobs)
      .where(inArray(tables.jobs.idJob, [done, failed]));
    expect(rows.map((r) => [r.status, r.payload]).sort()).toEqual([
      ['done', { redacted: true }],
      ['failed', { redacted: true }],
    ]);
  });

  it("resumes a dead worker's job after the handler's own lock, with what the attempt recorded", async () => {
    seen.length = 0;
    const { idJob } = await enqueueJob(t.db, { type: 'test.checkpoint', payload: { hang: true } });
    // The first attempt records its progress, then its worker "dies" (never returns).
    void runDueJobs(t.app);
    await vi.waitFor(async () => {
      const [row] = await t.db.select().from(tables.jobs).where(eq(tables.jobs.idJob, idJob));
      expect(row?.checkpoint).toEqual({ reached: 1 });
    });
    expect(await runDueJobs(t.app)).toBe(0);
    t.clock.advance(30_001);
    await t.db
      .update(tables.jobs)
      .set({ payload: { hang: false } })
      .where(eq(tables.jobs.idJob, idJob));
    expect(await runDueJobs(t.app)).toBe(1);
    expect(seen).toEqual([
      { type: 'test.checkpoint', payload: null, attempts: 1 },
      { type: 'test.checkpoint', payload: { reached: 1 }, attempts: 2 },
    ]);
  });

  it('lets a worker that lost its lapsed job neither fail nor finish it over the worker that took it over', async () => {
    const { idJob } = await enqueueJob(t.db, { type: 'test.stalled', payload: {} });
    const first = runDueJobs(t.app);
    await vi.waitFor(async () => {
      const [row] = await t.db.select().from(tables.jobs).where(eq(tables.jobs.idJob, idJob));
      expect(row?.status).toBe('running');
    });
    t.clock.advance(5 * 60_000 + 1);
    expect(await runDueJobs(t.app)).toBe(1);
    releaseStalled();
    await first;
    const [row] = await t.db.select().from(tables.jobs).where(eq(tables.jobs.idJob, idJob));
    expect(row).toMatchObject({ status: 'done', attempts: 2, lastError: null });
  });

  it('claims again a job whose worker died while running it', async () => {
    seen.length = 0;
    const { idJob } = await enqueueJob(t.db, { type: 'test.record', payload: { n: 99 } });
    await t.db
      .update(tables.jobs)
      .set({ status: 'running', attempts: 1, lockedUntil: new Date(t.clock.now().getTime() - 1) })
      .where(eq(tables.jobs.idJob, idJob));
    expect(await runDueJobs(t.app)).toBe(1);
    expect(seen).toEqual([{ type: 'test.record', payload: { n: 99 }, attempts: 2 }]);
  });
});
