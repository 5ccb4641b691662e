import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, inArray, lt, lte, or, sql, tables, type Database } from '@fretline/db';

const { jobs, rateLimits } = tables;

/** What a handler learns about the job it runs. */
export interface JobContext {
  app: FastifyInstance;
  job: { idJob: number; type: string; attempts: number; maxAttempts: number };
  log: FastifyBaseLogger;
  /** What an earlier attempt last saved with saveCheckpoint (null if none): it may have crashed after. */
  checkpoint: unknown;
  /**
   * Records progress in the job's row at once (outside any transaction), so an attempt that
   * resumes the job after a crash knows how far this one got (ADR 0044). Throws when this attempt
   * no longer holds the job (its lock lapsed and another worker claimed it).
   */
  saveCheckpoint: (value: unknown) => Promise<void>;
  /**
   * Keeps this attempt's claim for `ms` more from now: a long handler (a video transcode, ADR 0057)
   * calls it as it goes, so a short lock still frees the job soon after its worker dies. Throws when
   * this attempt no longer holds the job.
   */
  extendLock: (ms: number) => Promise<void>;
  /** Aborted when the worker stops (shutdown): a long handler stops and throws, and the job is retried. */
  signal: AbortSignal;
}

export type JobHandler<P = unknown> = (payload: P, context: JobContext) => Promise<void>;

export interface JobHandlerOptions {
  /**
   * How long a claimed job stays locked (default 5 minutes): a job whose worker died is resumed
   * this long after it was claimed, so a short one suits a handler whose run is bounded.
   */
  lockMs?: number;
  /**
   * What the row keeps of the payload once the job is done or failed for good (ADR 0044): a payload
   * that holds secrets (sign-in codes, token links) must not outlive the job's run in the table.
   */
  redactPayload?: (payload: unknown) => unknown;
  /**
   * A long job (a video transcode, ADR 0057): the worker runs one of this type at a time per
   * instance, beside its poll loop rather than inside it, so hours of CPU neither delay the mail
   * nor run ten at once on one machine. Tests' runDueJobs still runs it to the end.
   */
  exclusive?: boolean;
}

interface RegisteredHandler {
  run: JobHandler;
  options: JobHandlerOptions;
}

export interface EnqueueJobInput {
  type: string;
  payload: unknown;
  /** When the job becomes due; now when absent. */
  runAt?: Date;
  /** Tries before the job is marked failed (default 5). */
  maxAttempts?: number;
}

/** How long a claimed job stays locked; a worker that dies mid-job releases it after this. */
const LOCK_MS = 5 * 60_000;
const BATCH_SIZE = 10;
/** ADR 0003: the worker polls about twice a second, so dev mail arrives promptly. */
const POLL_INTERVAL_MS = 500;
const MAINTENANCE_INTERVAL_MS = 10 * 60_000;
const KEEP_DONE_MS = 7 * 24 * 3_600_000;
const KEEP_FAILED_MS = 30 * 24 * 3_600_000;

/** Exponential backoff after a failed attempt: 5 s, 10 s, 20 s … capped at one hour. */
export function backoffMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** Adds a job to the durable queue; takes the database handle first so a transaction can pass through. */
export async function enqueueJob(db: Database, input: EnqueueJobInput): Promise<{ idJob: number }> {
  const [row] = await db
    .insert(jobs)
    .values({
      type: input.type,
      payload: input.payload ?? null,
      // Not the column's now(): PostgreSQL's microseconds would put a job enqueued in the same
      // millisecond as a poll (the app's clock is a millisecond Date) just after it, not yet due.
      runAt: input.runAt ?? new Date(),
      ...(input.maxAttempts ? { maxAttempts: input.maxAttempts } : {}),
    })
    .returning({ idJob: jobs.idJob });
  if (!row) throw new Error('job not enqueued');
  return row;
}

/** Whether a job of this type is waiting or running (a self-renewing job is then not queued again). */
export async function hasWaitingJob(db: Database, type: string): Promise<boolean> {
  const [row] = await db
    .select({ idJob: jobs.idJob })
    .from(jobs)
    .where(and(eq(jobs.type, type), inArray(jobs.status, ['pending', 'running'])))
    .limit(1);
  return Boolean(row);
}

/** The handlers and the polling loop of one app instance. */
class JobRunner {
  readonly handlers = new Map<string, RegisteredHandler>();
  private timer: NodeJS.Timeout | undefined;
  private tick: Promise<void> | undefined;
  private stopped = true;
  private lastMaintenance = 0;
  /** The exclusive job types running now, each with its run. */
  private readonly busy = new Map<string, Promise<unknown>>();
  private readonly stopping = new AbortController();

  constructor(private readonly app: FastifyInstance) {}

  get signal(): AbortSignal {
    return this.stopping.signal;
  }

  start(intervalMs = POLL_INTERVAL_MS): void {
    if (!this.stopped) return;
    this.stopped = false;
    const loop = () => {
      if (this.stopped) return;
      this.tick = this.runOnce().finally(() => {
        this.tick = undefined;
        if (!this.stopped) this.timer = setTimeout(loop, intervalMs);
      });
    };
    this.timer = setTimeout(loop, intervalMs);
  }

  /** Stops polling and waits for the jobs in hand to finish (graceful shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.stopping.abort();
    await this.tick;
    await Promise.allSettled(this.busy.values());
  }

  private async runOnce(): Promise<void> {
    try {
      const exclusive = [...this.handlers].filter(([, h]) => h.options.exclusive).map(([type]) => type);
      for (const type of exclusive) {
        if (this.busy.has(type)) continue;
        const run = runDueJobs(this.app, { types: [type], maxJobs: 1 })
          .catch((err: unknown) => this.app.log.warn({ err, type }, 'job worker run failed'))
          .finally(() => this.busy.delete(type));
        this.busy.set(type, run);
      }
      await runDueJobs(this.app, { types: [...this.handlers.keys()].filter((t) => !exclusive.includes(t)) });
      const now = this.app.clock().getTime();
      if (now - this.lastMaintenance > MAINTENANCE_INTERVAL_MS) {
        this.lastMaintenance = now;
        await pruneFinished(this.app.db, new Date(now));
      }
    } catch (err) {
      // A database outage must not kill the loop: the next tick tries again.
      this.app.log.warn({ err }, 'job worker tick failed');
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

/** Registers the code that runs jobs of one type (once per type per app). */
export function registerJobHandler<P>(
  app: FastifyInstance,
  type: string,
  handler: JobHandler<P>,
  options: JobHandlerOptions = {},
): void {
  if (app.jobs.handlers.has(type)) throw new Error(`A job handler for '${type}' is already registered`);
  app.jobs.handlers.set(type, { run: handler as JobHandler, options });
}

/**
 * Claims due jobs with `FOR UPDATE SKIP LOCKED` (several instances never take the same row) and
 * runs them. Only types this instance has a handler for are claimed. Returns how many ran.
 * Tests call it to run due jobs deterministically (the worker does not start in tests).
 */
export async function runDueJobs(app: FastifyInstance, options: { maxJobs?: number; types?: string[] } = {}): Promise<number> {
  const types = options.types ?? [...app.jobs.handlers.keys()];
  if (types.length === 0) return 0;
  const lockMs = new Map(types.map((type) => [type, app.jobs.handlers.get(type)?.options.lockMs ?? LOCK_MS]));
  const maxJobs = options.maxJobs ?? 100;
  let ran = 0;
  while (ran < maxJobs) {
    const claimed = await claimJobs(app.db, lockMs, app.clock(), Math.min(BATCH_SIZE, maxJobs - ran));
    if (claimed.length === 0) break;
    await Promise.all(claimed.map((job) => runJob(app, job)));
    ran += claimed.length;
  }
  return ran;
}

type ClaimedJob = typeof jobs.$inferSelect;

async function claimJobs(db: Database, lockMs: Map<string, number>, now: Date, limit: number): Promise<ClaimedJob[]> {
  const types = [...lockMs.keys()];
  const until = (ms: number) => sql`${new Date(now.getTime() + ms).toISOString()}::timestamptz`;
  const custom = [...lockMs].filter(([, ms]) => ms !== LOCK_MS);
  // Each type's own lock length; one statement still claims them all.
  const lockedUntil = custom.length
    ? sql`case ${sql.join(
        custom.map(([type, ms]) => sql`when ${jobs.type} = ${type} then ${until(ms)}`),
        sql` `,
      )} else ${until(LOCK_MS)} end`
    : new Date(now.getTime() + LOCK_MS);
  const due = db
    .select({ idJob: jobs.idJob })
    .from(jobs)
    .where(
      and(
        inArray(jobs.type, types),
        or(and(eq(jobs.status, 'pending'), lte(jobs.runAt, now)), and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, now))),
      ),
    )
    .orderBy(jobs.runAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, lockedUntil })
    .where(inArray(jobs.idJob, due))
    .returning();
}

async function runJob(app: FastifyInstance, job: ClaimedJob): Promise<void> {
  const handler = app.jobs.handlers.get(job.type);
  const log = app.log.child({ idJob: job.idJob, jobType: job.type });
  // This attempt's own row: `attempts` changes when another worker claims the job again, and a
  // worker that lost its job must neither checkpoint nor finish it over the new owner.
  const thisAttempt = and(eq(jobs.idJob, job.idJob), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts));
  const redact = handler?.options.redactPayload;
  const finalPayload = redact ? { payload: redact(job.payload) ?? null } : {};
  try {
    if (!handler) throw new Error(`no handler for job type '${job.type}'`);
    await handler.run(job.payload, {
      app,
      job: { idJob: job.idJob, type: job.type, attempts: job.attempts, maxAttempts: job.maxAttempts },
      log,
      checkpoint: job.checkpoint ?? null,
      saveCheckpoint: async (value) => {
        const saved = await app.db
          .update(jobs)
          .set({ checkpoint: value ?? null })
          .where(thisAttempt)
          .returning({ idJob: jobs.idJob });
        if (saved.length === 0) throw new Error('the job was claimed again by another worker');
      },
      extendLock: async (ms) => {
        const kept = await app.db
          .update(jobs)
          .set({ lockedUntil: new Date(app.clock().getTime() + ms) })
          .where(thisAttempt)
          .returning({ idJob: jobs.idJob });
        if (kept.length === 0) throw new Error('the job was claimed again by another worker');
      },
      signal: app.jobs.signal,
    });
    await app.db
      .update(jobs)
      .set({ status: 'done', finished: app.clock(), lockedUntil: null, lastError: null, ...finalPayload })
      .where(thisAttempt);
    app.metrics.jobsFinished.inc({ type: job.type, outcome: 'done' });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const now = app.clock();
    const givingUp = job.attempts >= job.maxAttempts;
    app.metrics.jobsFinished.inc({ type: job.type, outcome: givingUp ? 'failed' : 'retry' });
    if (givingUp) {
      log.error({ err, attempts: job.attempts }, 'job failed for good');
      await app.db
        .update(jobs)
        .set({ status: 'failed', finished: now, lockedUntil: null, lastError: message.slice(0, 2000), ...finalPayload })
        .where(thisAttempt);
    } else {
      const runAt = new Date(now.getTime() + backoffMs(job.attempts));
      log.warn({ err, attempts: job.attempts, runAt }, 'job failed, will retry');
      await app.db
        .update(jobs)
        .set({ status: 'pending', runAt, lockedUntil: null, lastError: message.slice(0, 2000) })
        .where(thisAttempt);
    }
  }
}

/** Keeps the queue and the counters small: finished jobs and lapsed rate-limit windows go. */
async function pruneFinished(db: Database, now: Date): Promise<void> {
  await db.delete(jobs).where(and(eq(jobs.status, 'done'), lt(jobs.finished, new Date(now.getTime() - KEEP_DONE_MS))));
  await db.delete(jobs).where(and(eq(jobs.status, 'failed'), lt(jobs.finished, new Date(now.getTime() - KEEP_FAILED_MS))));
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
}

/**
 * Decorates `app.jobs`; the worker starts when the app is ready (never in tests, which call
 * runDueJobs) and stops, waiting for jobs in hand, when the app closes.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const runner = new JobRunner(app);
    app.decorate('jobs', runner);
    if (app.config.NODE_ENV !== 'test') {
      app.addHook('onReady', async () => runner.start());
    }
    app.addHook('onClose', async () => runner.stop());
  },
  { name: 'jobs', dependencies: ['deps', 'metrics'] },
);
