import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { tables } from '@fretline/db';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../config.ts';
import { bearer, createTestDatabase, createUserWithSession } from '../../../test/test-app.ts';
import { enqueueMail } from '../mail/index.ts';
import { runDueJobs } from '../jobs/index.ts';
import { tokenMatches } from './metrics.ts';

const TOKEN = 'metrics-token-metrics-token-0123';

/** The value of one sample in Prometheus' text format, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) if (key) found[key] = value ?? '';
    if (
      Object.entries(labels).every(([key, value]) => found[key] === value) &&
      Object.keys(found).length === Object.keys(labels).length
    )
      return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics (ADR 0083)', () => {
  let t: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: FastifyInstance;
  const scrape = async () => {
    const res = await app.inject({ url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    t = await createTestDatabase();
    app = await buildApp({
      config: testConfig({ METRICS_TOKEN: TOKEN }),
      db: t.handle,
      // A stand-in for the pages: answers as the page cache marks its answers (X-Page-Cache).
      web: async (web) => {
        web.get('/page/:slug', async (request, reply) => {
          const { slug } = request.params as { slug: string };
          return reply.header('X-Page-Cache', slug === 'cached' ? 'hit' : 'miss').send('a page');
        });
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.drop();
  });

  it('has no /metrics at all without METRICS_TOKEN, token or not', async () => {
    const plain = await buildApp({ config: testConfig(), db: t.handle });
    try {
      await plain.ready();
      expect((await plain.inject({ url: '/metrics' })).statusCode).toBe(404);
      expect((await plain.inject({ url: '/metrics', headers: bearer(TOKEN) })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('refuses a scrape without the token, with a wrong one or another scheme, in the same way', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const res = await app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('fretline_');
    }
  });

  it('counts the requests made, by route template and status, with their latency', async () => {
    const before = await scrape();
    const liveBefore =
      sample(before, 'fretline_http_requests_total', { method: 'GET', route: '/api/health/live', status: '200' }) ?? 0;
    for (let i = 0; i < 3; i += 1) expect((await app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    for (const slug of ['no-such-video', 'another-missing-one'])
      expect((await app.inject({ url: `/api/videos/videos/${slug}` })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/no/such/call' })).statusCode).toBe(404);
    const user = await createUserWithSession(t.handle.db);
    for (let i = 0; i < 2; i += 1)
      expect((await app.inject({ url: '/api/messages/threads/unread/count', headers: bearer(user.token) })).statusCode).toBe(200);
    for (const slug of ['cached', 'cached', 'fresh']) expect((await app.inject({ url: `/page/${slug}` })).statusCode).toBe(200);

    const text = await scrape();
    const requests = (route: string, status: string) =>
      sample(text, 'fretline_http_requests_total', { method: 'GET', route, status });
    expect(requests('/api/health/live', '200')).toBe(liveBefore + 3);
    // Two different slugs, one series: the template is the label, never the URL.
    expect(requests('/api/videos/videos/:videoSlug', '404')).toBe(2);
    expect(text).not.toContain('no-such-video');
    expect(requests('/api/*', '404')).toBe(1);
    expect(requests('/api/messages/threads/unread/count', '200')).toBe(2);
    expect(requests('/page/:slug', '200')).toBe(3);
    // The scrapes themselves are not counted.
    expect(text).not.toContain('route="/metrics"');

    const latency = { method: 'GET', route: '/api/videos/videos/:videoSlug' };
    expect(sample(text, 'fretline_http_request_duration_seconds_count', latency)).toBe(2);
    expect(sample(text, 'fretline_http_request_duration_seconds_bucket', { ...latency, le: '+Inf' })).toBe(2);
    expect(sample(text, 'fretline_http_request_duration_seconds_sum', latency)).toBeGreaterThan(0);

    expect(sample(text, 'fretline_page_cache_total', { result: 'hit' })).toBe(2);
    expect(sample(text, 'fretline_page_cache_total', { result: 'miss' })).toBe(1);
    // The first poll counts in the database, the second is answered from the memo (ADR 0026).
    expect(sample(text, 'fretline_unread_polls_total', { answered_from: 'database' })).toBe(1);
    expect(sample(text, 'fretline_unread_polls_total', { answered_from: 'memo' })).toBe(1);
  });

  it('tells the queue depth and age, and the mail sent by the jobs this instance ran', async () => {
    const db = t.handle.db;
    const now = Date.now();
    // A type no instance handles, due ten minutes ago: it waits, and its age grows.
    await db.insert(tables.jobs).values([
      { type: 'test.stuck', payload: {}, runAt: new Date(now - 600_000) },
      { type: 'test.stuck', payload: {}, runAt: new Date(now - 60_000) },
      { type: 'test.stuck', payload: {}, runAt: new Date(now + 3_600_000) },
    ]);
    await enqueueMail(db, { to: 'someone@example.com', subject: 'Hello', text: 'Hi', category: 'transactional' });
    await enqueueMail(db, { to: 'someone@example.com', subject: 'News', text: 'Hi', category: 'mailer' });

    let text = await scrape();
    expect(sample(text, 'fretline_jobs', { type: 'test.stuck', status: 'pending' })).toBe(3);
    expect(sample(text, 'fretline_jobs', { type: 'mail.send', status: 'pending' })).toBe(2);
    const age = sample(text, 'fretline_jobs_oldest_due_seconds', { type: 'test.stuck' }) ?? 0;
    expect(age).toBeGreaterThanOrEqual(599);
    expect(age).toBeLessThan(700);
    expect(sample(text, 'fretline_database_up')).toBe(1);

    await runDueJobs(app, { types: ['mail.send'] });
    text = await scrape();
    expect(sample(text, 'fretline_mail_sent_total', { category: 'transactional', transport: 'mailbox' })).toBe(1);
    expect(sample(text, 'fretline_mail_sent_total', { category: 'mailer', transport: 'mailbox' })).toBe(1);
    expect(sample(text, 'fretline_jobs_finished_total', { type: 'mail.send', outcome: 'done' })).toBe(2);
    // Sent: the mail series is gone from the queue, not left at its old figure.
    expect(sample(text, 'fretline_jobs', { type: 'mail.send', status: 'pending' })).toBeUndefined();
    expect(sample(text, 'fretline_jobs', { type: 'test.stuck', status: 'pending' })).toBe(3);
  });

  it('tells transcodes in hand, streams on air, the pool and the event loop', async () => {
    const text = await scrape();
    for (const status of ['queued', 'processing', 'failed']) expect(sample(text, 'fretline_transcodes', { status })).toBe(0);
    for (const state of ['live', 'reconnecting']) expect(sample(text, 'fretline_live_streams', { state })).toBe(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    if (t.handle.kind === 'postgres') {
      expect(sample(text, 'fretline_database_pool_connections', { state: 'max' })).toBe(10);
      expect(sample(text, 'fretline_database_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      expect(sample(text, 'fretline_database_pool_connections', { state: 'waiting' })).toBe(0);
    } else {
      // The embedded database has no pool to tell.
      expect(text).not.toContain('fretline_database_pool_connections{');
    }
  });
});

describe('tokenMatches', () => {
  it('takes only the exact token as a bearer, whatever the lengths', () => {
    expect(tokenMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(tokenMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(tokenMatches(`Bearer ${TOKEN}${TOKEN}`, TOKEN)).toBe(false);
    expect(tokenMatches('Bearer ', TOKEN)).toBe(false);
    expect(tokenMatches(`bearer ${TOKEN}`, TOKEN)).toBe(false);
    expect(tokenMatches(undefined, TOKEN)).toBe(false);
  });
});
