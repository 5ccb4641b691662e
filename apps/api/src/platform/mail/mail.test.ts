import { generateKeyPairSync } from 'node:crypto';
import { authenticate } from 'mailauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, tables } from '@fretline/db';
import { buildApp } from '../../app.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { runDueJobs } from '../jobs/index.ts';
import { loadConfig } from '../../config.ts';
import { createSmtpTransport } from './mail.ts';
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
    // A body written as a fragment is sent in the frame every e-mail shares, titled by its subject.
    expect(messages[1]?.html).toMatch(/^<!doctype html>.*<title>First<\/title>/s);
    expect(messages[1]?.html).toContain('<p>one</p>\n</div></body></html>');
  });

  it('keeps nothing of a sent e-mail in the job queue but its category', async () => {
    const { idJob } = await enqueueMail(t.db, {
      to: 'secret@example.com',
      subject: '987654 is your code',
      text: 'Sign in: http://localhost/login/987654',
      html: '<a href="http://localhost/login/987654">Sign in</a>',
      category: 'transactional',
      headers: { 'List-Unsubscribe': '<http://localhost/unsubscribe/secret-token>' },
    });
    expect(await runDueJobs(t.app)).toBe(1);
    const [job] = await t.db.select().from(tables.jobs).where(eq(tables.jobs.idJob, idJob));
    expect(job).toMatchObject({ status: 'done', payload: { redacted: true, category: 'transactional' } });
    expect(JSON.stringify(job)).not.toMatch(/987654|secret/);
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
  let sink: SmtpSink;
  let received: string[];
  let t: TestApp;

  beforeAll(async () => {
    sink = await startSmtpSink();
    received = sink.received;
    // Message-IDs carry the site's own domain, as they do in production (RFC 5322 §3.6.4).
    t = await createTestApp({ config: { SMTP_URL: sink.url, SITE_URL: 'https://fretline.example' } });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
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
    expect(received[0]).toMatch(/Message-ID: <job-\d+@fretline\.example>/i);
    expect(await t.db.select().from(tables.devMail)).toHaveLength(0);
  });

  it('keeps neither the message nor its recipient in the job once it is sent', async () => {
    received.length = 0;
    const { idJob } = await enqueueMail(t.db, {
      to: 'redact@example.com',
      subject: '135790 is your code',
      text: 'http://localhost/login/135790',
      category: 'transactional',
    });
    expect(await runDueJobs(t.app)).toBe(1);
    expect(received).toHaveLength(1);
    const [job] = await t.db.select().from(tables.jobs).where(eq(tables.jobs.idJob, idJob));
    expect(job?.payload).toEqual({ redacted: true, category: 'transactional' });
    expect(job?.checkpoint).toMatchObject({ state: 'accepted', response: expect.stringMatching(/^250/) });
    expect(JSON.stringify(job)).not.toMatch(/135790|redact@/);
  });

  it('resends a mail whose worker died mid-send within a minute, under the same Message-ID', async () => {
    received.length = 0;
    const transport = t.app.mailTransport!;
    // The server takes the message, then the worker "dies" before it hears back or marks the job.
    t.app.mailTransport = {
      sendMail: async (options: Parameters<typeof transport.sendMail>[0]) => {
        await transport.sendMail(options);
        return new Promise(() => {});
      },
    } as unknown as typeof transport;
    try {
      const { idJob } = await enqueueMail(t.db, {
        to: 'crash@example.com',
        subject: 'Crash',
        text: 'x',
        category: 'transactional',
      });
      void runDueJobs(t.app);
      await vi.waitFor(() => expect(received).toHaveLength(1));
      const [running] = await t.db.select().from(tables.jobs).where(eq(tables.jobs.idJob, idJob));
      expect(running).toMatchObject({ status: 'running', checkpoint: { state: 'sending' } });
      t.app.mailTransport = transport;

      expect(await runDueJobs(t.app)).toBe(0);
      t.clock.advance(61_000);
      expect(await runDueJobs(t.app)).toBe(1);
      expect(received).toHaveLength(2);
      const ids = received.map((raw) => /^Message-ID: (.+)$/im.exec(raw)?.[1]?.trim());
      expect(ids[0]).toBe(`<job-${idJob}@fretline.example>`);
      expect(ids[1]).toBe(ids[0]);
      const [done] = await t.db.select().from(tables.jobs).where(eq(tables.jobs.idJob, idJob));
      expect(done).toMatchObject({ status: 'done', checkpoint: { state: 'accepted' } });
    } finally {
      t.app.mailTransport = transport;
    }
  });

  it('does not resend a mail the server accepted before the worker died', async () => {
    received.length = 0;
    const { idJob } = await enqueueMail(t.db, {
      to: 'accepted@example.com',
      subject: 'Once',
      text: 'x',
      category: 'transactional',
    });
    // As a worker leaves it that dies between recording the acceptance and marking the job done.
    await t.db
      .update(tables.jobs)
      .set({
        status: 'running',
        attempts: 1,
        lockedUntil: new Date(t.clock.now().getTime() - 1),
        checkpoint: { state: 'accepted', messageId: `<job-${idJob}@fretline.example>`, attempt: 1, response: '250 OK: queued' },
      })
      .where(eq(tables.jobs.idJob, idJob));
    expect(await runDueJobs(t.app)).toBe(1);
    expect(received).toHaveLength(0);
    const [done] = await t.db.select().from(tables.jobs).where(eq(tables.jobs.idJob, idJob));
    expect(done).toMatchObject({ status: 'done', payload: { redacted: true } });
  });

  it('retries with backoff after the server refuses, then delivers once', async () => {
    received.length = 0;
    sink.refuseNext = 1;
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

describe('DKIM signing (docs/operations/mail.md)', () => {
  let sink: SmtpSink;
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicKey = key.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  // The test's DNS answers the selector's key and nothing else, so nothing reaches the network.
  const resolver = async (name: string, rrtype: string): Promise<unknown> => {
    if (rrtype === 'TXT' && name === 'mail2026._domainkey.fretline.example') return [[`v=DKIM1; k=rsa; p=${publicKey}`]];
    throw Object.assign(new Error(`no ${rrtype} record for ${name}`), { code: 'ENOTFOUND' });
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
  });

  it('signs every message on the transport with the configured key, and the signature verifies', async () => {
    const dkimEnv = {
      NODE_ENV: 'test',
      SECRET_KEY: 'test-secret-key-test-secret-key-0123456789',
      DKIM_DOMAIN: 'fretline.example',
      DKIM_SELECTOR: 'mail2026',
      DKIM_PRIVATE_KEY: key.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
    const transport = createSmtpTransport(sink.url, loadConfig(dkimEnv).DKIM);
    try {
      await transport.sendMail({
        from: 'Fretline <hello@fretline.example>',
        to: 'member@example.com',
        subject: 'Signed',
        text: 'A message whose domain vouches for it.',
      });
    } finally {
      transport.close();
    }
    const raw = sink.received.at(-1) ?? '';
    const header = /^DKIM-Signature:([^\r\n]*(?:\r?\n[ \t][^\r\n]*)*)/im.exec(raw)?.[1]?.replace(/\s+/g, '') ?? '';
    expect(header).toMatch(/(^|;)d=fretline\.example(;|$)/);
    expect(header).toMatch(/(^|;)s=mail2026(;|$)/);
    const result = await authenticate(raw, { resolver, disableArc: true, disableBimi: true, mta: 'localhost' });
    expect(result.dkim?.results?.map((r) => [r.signingDomain, r.status.result])).toEqual([['fretline.example', 'pass']]);
  });

  it('sends unsigned when DKIM is not configured', async () => {
    const transport = createSmtpTransport(sink.url, null);
    try {
      await transport.sendMail({ from: 'hello@fretline.example', to: 'member@example.com', subject: 'Plain', text: 'x' });
    } finally {
      transport.close();
    }
    expect(sink.received.at(-1)).not.toMatch(/^DKIM-Signature:/im);
  });
});
