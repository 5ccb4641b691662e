import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, tables } from '@fretline/db';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { backoffMs, enqueueJob, registerJobHandler, runDueJobs } from './index.ts';

let t: TestApp;
const seen: Array<{ type: string; payload: unknown; attempts: number }> = [];
let failuresLeft = 0;

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
});
afterAll(async () => {
  await t.close();
});

describe('the job queue', () => {
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
