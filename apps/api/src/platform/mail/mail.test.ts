import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, tables } from '@fretline/db';
import { buildApp } from '../../app.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { runDueJobs } from '../jobs/index.ts';
import { enqueueMail } from './index.ts';

describe('the development mailbox (SMTP_URL unset)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('files a queued e-mail once, even when the worker runs again, and lists it newest first', async () => {
    await enqueueMail(t.db, {
      to: 'Ada@Example.com',
      subject: 'First',
      text: 'one',
      html: '<p>one</p>',
      category: 'transactional',
    });
    await enqueueMail(t.db, {
      to: 'ada@example.com',
      subject: 'Second',
      text: 'Sign in: http://localhost/login/123456',
      category: 'mailer',
      headers: { 'List-Unsubscribe': '<http://localhost/unsubscribe>' },
    });
    await enqueueMail(t.db, { to: 'bob@example.com', subject: 'For Bob', text: 'bob', category: 'transactional' });
    expect(await runDueJobs(t.app)).toBe(3);
    expect(await runDueJobs(t.app)).toBe(0);

    const res = await t.app.inject({ url: '/api/dev/mail?to=ada@example.com' });
    expect(res.statusCode).toBe(200);
    const { messages } = res.json<{ data: { messages: Array<Record<string, unknown>> } }>().data;
    expect(messages.map((m) => m.subject)).toEqual(['Second', 'First']);
    expect(messages[0]).toMatchObject({
      to: 'ada@example.com',
      text: 'Sign in: http://localhost/login/123456',
      html: null,
      headers: { 'List-Unsubscribe': '<http://localhost/unsubscribe>' },
    });
    expect(messages[0]?.created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(messages[1]?.html).toBe('<p>one</p>');
  });

  it('shows the mailbox as a plain HTML page with clickable links and escaped content', async () => {
    await enqueueMail(t.db, {
      to: 'eve@example.com',
      subject: '<script>x</script>',
      text: 'Go to http://localhost/x',
      category: 'transactional',
    });
    await runDueJobs(t.app);
    const res = await t.app.inject({ url: '/dev/mail?to=eve@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(res.body).not.toContain('<script>x</script>');
    expect(res.body).toContain('<a href="http://localhost/x">');
  });

  it('does not exist in production', async () => {
    const prod = await buildApp({
      config: { ...t.config, isProduction: true },
      db: { db: t.db, kind: 'pglite', ping: async () => {}, close: async () => {} },
    });
    try {
      expect((await prod.inject({ url: '/api/dev/mail' })).statusCode).toBe(404);
      expect((await prod.inject({ url: '/dev/mail' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it('rejects an e-mail without a valid recipient before it is queued', async () => {
    await expect(
      enqueueMail(t.db, { to: 'not-an-address', subject: 'x', text: 'x', category: 'transactional' }),
    ).rejects.toThrow();
  });
});

describe('SMTP delivery (SMTP_URL set)', () => {
  const received: string[] = [];
  let failNext = 0;
  let server: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          if (failNext > 0) {
            failNext--;
            callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
            return;
          }
          received.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as { port: number };
    t = await createTestApp({ config: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers a queued e-mail exactly once and keeps it out of the development mailbox', async () => {
    await enqueueMail(t.db, {
      to: 'smtp@example.com',
      subject: 'Your code',
      text: 'Your code is 123456',
      html: '<p>Your code is <b>123456</b></p>',
      category: 'transactional',
      headers: { 'X-Fretline-Test': 'yes' },
    });
    expect(await runDueJobs(t.app)).toBe(1);
    expect(await runDueJobs(t.app)).toBe(0);
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('Subject: Your code');
    expect(received[0]).toContain('X-Fretline-Test: yes');
    expect(received[0]).toMatch(/Message-ID: <job-\d+@localhost>/i);
    expect(await t.db.select().from(tables.devMail)).toHaveLength(0);
  });

  it('retries with backoff after the server refuses, then delivers once', async () => {
    received.length = 0;
    failNext = 1;
    const { idJob } = await enqueueMail(t.db, { to: 'retry@example.com', subject: 'Retry me', text: 'x', category: 'mailer' });
    expect(await runDueJobs(t.app)).toBe(1);
    expect(received).toHaveLength(0);
    const [pending] = await t.db.select().from(tables.jobs).where(eq(tables.jobs.idJob, idJob));
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    expect(pending?.lastError).toContain('Mailbox busy');

    // Not due yet: the backoff holds it back.
    expect(await runDueJobs(t.app)).toBe(0);
    t.clock.advance(6_000);
    expect(await runDueJobs(t.app)).toBe(1);
    expect(received).toHaveLength(1);
    const [done] = await t.db.select().from(tables.jobs).where(eq(tables.jobs.idJob, idJob));
    expect(done).toMatchObject({ status: 'done', attempts: 2 });
  });
});
