import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { sql, type Database } from '@fretline/db';

/**
 * The operator's figures (docs/operations/metrics.md, ADR 0083). Every instance counts its own;
 * a scrape of one instance tells that instance's requests and the shared database's queue.
 */
export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route'>;
  pageCache: Counter<'result'>;
  unreadPolls: Counter<'answered_from'>;
  mailSent: Counter<'category' | 'transport'>;
  mailFailed: Counter<'category'>;
  jobsFinished: Counter<'type' | 'outcome'>;
  jobs: Gauge<'type' | 'status'>;
  jobsOldestDueSeconds: Gauge<'type'>;
  jobsFailedLastHour: Gauge<'type'>;
  videoStreams: Gauge<'status'>;
  liveStreams: Gauge<'state'>;
  databaseUp: Gauge;
  databasePool: Gauge<'state'>;
}

/** Seconds; from a cached page's sub-millisecond answer to a slow upload's tail. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** The page cache's answers (ADR 0056); anything else is counted as `other`, so the labels stay few. */
const PAGE_CACHE_RESULTS = new Set(['hit', 'miss', 'bypass']);
/** The processing states the editor watches (ADR 0057) that are work in hand or gone wrong. */
const TRANSCODE_STATES = ['queued', 'processing', 'failed'] as const;
/** The RTMP ingest states of a stream on air (ADR 0063). */
const ON_AIR_STATES = ['live', 'reconnecting'] as const;

/** One registry per app (tests build many apps in one process), with every figure declared once. */
function createMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'fretline_http_requests_total',
      help: 'Requests answered, by route template (never the raw URL) and status code.',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'fretline_http_request_duration_seconds',
      help: 'Time from the request arriving to the answer being sent, by route template.',
      labelNames: ['method', 'route'],
      buckets: DURATION_BUCKETS,
      registers,
    }),
    pageCache: new Counter({
      name: 'fretline_page_cache_total',
      help: 'Pages answered, by what the page cache did (X-Page-Cache: hit, miss, bypass).',
      labelNames: ['result'],
      registers,
    }),
    unreadPolls: new Counter({
      name: 'fretline_unread_polls_total',
      help: 'Unread-count polls answered, from the memo or from the database.',
      labelNames: ['answered_from'],
      registers,
    }),
    mailSent: new Counter({
      name: 'fretline_mail_sent_total',
      help: 'E-mails handed to the SMTP server or filed in the development mailbox.',
      labelNames: ['category', 'transport'],
      registers,
    }),
    mailFailed: new Counter({
      name: 'fretline_mail_failed_total',
      help: 'Attempts to send an e-mail that failed (each is retried with backoff until it gives up).',
      labelNames: ['category'],
      registers,
    }),
    jobsFinished: new Counter({
      name: 'fretline_jobs_finished_total',
      help: 'Job attempts run by this instance: done, failed with a retry to come, or failed for good.',
      labelNames: ['type', 'outcome'],
      registers,
    }),
    jobs: new Gauge({
      name: 'fretline_jobs',
      help: 'Jobs in the shared queue waiting or running, by type.',
      labelNames: ['type', 'status'],
      registers,
    }),
    jobsOldestDueSeconds: new Gauge({
      name: 'fretline_jobs_oldest_due_seconds',
      help: 'How long the oldest due job of each type has been waiting to be picked up.',
      labelNames: ['type'],
      registers,
    }),
    jobsFailedLastHour: new Gauge({
      name: 'fretline_jobs_failed_last_hour',
      help: 'Jobs that failed for good in the last hour, by type.',
      labelNames: ['type'],
      registers,
    }),
    videoStreams: new Gauge({
      name: 'fretline_transcodes',
      help: 'Uploaded videos waiting for, in, or failed at processing into HLS.',
      labelNames: ['status'],
      registers,
    }),
    liveStreams: new Gauge({
      name: 'fretline_live_streams',
      help: 'Live streams on air now (live) or waiting for their encoder to come back (reconnecting).',
      labelNames: ['state'],
      registers,
    }),
    databaseUp: new Gauge({
      name: 'fretline_database_up',
      help: '1 when the database answered this scrape, else 0.',
      registers,
    }),
    databasePool: new Gauge({
      name: 'fretline_database_pool_connections',
      help: 'PostgreSQL pool connections: total, idle, waiting (queries queued for one) and max.',
      labelNames: ['state'],
      registers,
    }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Counted always (cheap); exposed at GET /metrics only when METRICS_TOKEN is set. */
    metrics: Metrics;
  }
}

/** Compares in constant time: the token's length and content leak nothing through timing. */
export function tokenMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '');
  if (!match?.[1]) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}

/** The route's template, never the raw path: one series per route, whatever ids the URLs carry. */
function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/** node-postgres and PGlite both answer a raw query with `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The figures read from the shared database at each scrape: the queue, processing, streams on air. */
async function readDatabaseFigures(db: Database, metrics: Metrics): Promise<void> {
  const [queue, failed, transcodes, onAir] = await Promise.all([
    db.execute(sql`
      select type, status, count(*)::int as count,
        extract(epoch from now() - min(run_at) filter (where status = 'pending' and run_at <= now()))::float8 as oldest_due_seconds
      from platform.jobs where status in ('pending', 'running') group by type, status`),
    // The finished index keeps this to the last hour's rows, however many done jobs the table keeps.
    db.execute(sql`
      select type, count(*)::int as count from platform.jobs
      where finished > now() - interval '1 hour' and status = 'failed' group by type`),
    db.execute(sql`
      select stream_status as status, count(*)::int as count from videos.videos
      where stream_status in ('queued', 'processing', 'failed') group by stream_status`),
    db.execute(sql`
      select ingest_state as state, count(*)::int as count from videos.live_streams
      where ingest_state in ('live', 'reconnecting') group by ingest_state`),
  ]);
  // Types that emptied since the last scrape must read 0, not their old figure.
  metrics.jobs.reset();
  metrics.jobsOldestDueSeconds.reset();
  metrics.jobsFailedLastHour.reset();
  for (const row of rowsOf<{ type: string; status: string; count: number; oldest_due_seconds: number | null }>(queue)) {
    metrics.jobs.set({ type: row.type, status: row.status }, row.count);
    if (row.oldest_due_seconds !== null)
      metrics.jobsOldestDueSeconds.set({ type: row.type }, Math.max(0, row.oldest_due_seconds));
  }
  for (const row of rowsOf<{ type: string; count: number }>(failed))
    metrics.jobsFailedLastHour.set({ type: row.type }, row.count);
  for (const status of TRANSCODE_STATES)
    metrics.videoStreams.set(
      { status },
      rowsOf<{ status: string; count: number }>(transcodes).find((row) => row.status === status)?.count ?? 0,
    );
  for (const state of ON_AIR_STATES)
    metrics.liveStreams.set(
      { state },
      rowsOf<{ state: string; count: number }>(onAir).find((row) => row.state === state)?.count ?? 0,
    );
}

async function scrape(app: FastifyInstance): Promise<void> {
  const { metrics } = app;
  try {
    await readDatabaseFigures(app.db, metrics);
    metrics.databaseUp.set(1);
  } catch (err) {
    // The scrape still answers: the request figures matter most while the database is down.
    app.log.warn({ err }, 'metrics: the database figures could not be read');
    metrics.databaseUp.set(0);
  }
  const pool = app.dbHandle.poolStats?.();
  if (!pool) return;
  for (const state of ['total', 'idle', 'waiting', 'max'] as const) metrics.databasePool.set({ state }, pool[state]);
}

/**
 * Decorates `app.metrics` and, with METRICS_TOKEN set, counts every answer and serves GET /metrics
 * to a bearer of that token. Without the token there is no /metrics at all (a 404, as any unknown
 * path) and nothing is timed.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const metrics = createMetrics();
    app.decorate('metrics', metrics);
    const token = app.config.METRICS_TOKEN;
    if (!token) return;
    // Node's own figures: event-loop lag (and its percentiles), heap, GC, handles, CPU.
    collectDefaultMetrics({ register: metrics.registry });

    app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
      const route = routeLabel(request);
      // The scraper's own calls would only count themselves.
      if (route === '/metrics') return done();
      const method = request.method;
      metrics.httpRequests.inc({ method, route, status: String(reply.statusCode) });
      metrics.httpDuration.observe({ method, route }, reply.elapsedTime / 1000);
      const cache = reply.getHeader('x-page-cache');
      if (typeof cache === 'string') metrics.pageCache.inc({ result: PAGE_CACHE_RESULTS.has(cache) ? cache : 'other' });
      done();
    });

    app.get(
      '/metrics',
      // A scrape is answered even while the instance sheds load: that is when it matters (ADR 0059).
      { schema: { hide: true }, config: { shedUnderPressure: false } },
      async (request, reply) => {
        if (!tokenMatches(request.headers.authorization, token)) {
          reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
          return reply.code(401).type('text/plain; charset=utf-8').send('A valid metrics token is required.\n');
        }
        await scrape(app);
        reply.header('Cache-Control', 'no-store');
        return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
      },
    );
  },
  { name: 'metrics', dependencies: ['deps'] },
);
