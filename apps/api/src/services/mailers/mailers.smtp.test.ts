import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, tables } from '@fretline/db';
import { runDueJobs } from '../../platform/jobs/index.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';

/*
 * A mailer through a real SMTP listener (product.md#mailers, ADR 0066): the message carries the
 * RFC 8058 one-click headers, and POSTing `List-Unsubscribe=One-Click` to the header's https URL,
 * without a session, unsubscribes the recipient and records the event.
 */
describe('a mailer over SMTP', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let received: string[];

  beforeAll(async () => {
    sink = await startSmtpSink();
    received = sink.received;
    t = await createTestApp({ config: { SMTP_URL: sink.url, SITE_URL: 'https://fretline.example' } });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('carries List-Unsubscribe (https) and List-Unsubscribe-Post, and the one-click POST unsubscribes', async () => {
    const staff = await createUserWithSession(t.db, { roles: ['Staff'] });
    const reader = await createUserWithSession(t.db, { email: 'reader@smtp.example.com' });
    await t.db.update(tables.users).set({ notificationsMailers: true }).where(eq(tables.users.idUser, reader.idUser));
    await t.db.update(tables.users).set({ notificationsMailers: false }).where(eq(tables.users.idUser, staff.idUser));

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/mailers/mailers',
      headers: bearer(staff.token),
      payload: { mailer_subject: 'Over the wire', mailer_body: '<p>New <em>lessons</em> are up.</p>', mailer_audience: 'all' },
    });
    const id = created.json<{ data: { mailer: { id_mailer: number } } }>().data.mailer.id_mailer;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/mailers/mailers/${id}/send`,
      headers: bearer(staff.token),
      payload: {},
    });
    expect(sent.statusCode).toBe(200);
    while ((await runDueJobs(t.app)) > 0);

    expect(received).toHaveLength(1);
    const mail = await simpleParser(received[0]!);
    expect(mail.subject).toBe('Over the wire');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('reader@smtp.example.com');
    // The raw header block, folded lines unfolded (RFC 5322 §2.2.3).
    const head = received[0]!.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
    const listUnsubscribe = /^List-Unsubscribe: <([^>]+)>$/im.exec(head)?.[1] ?? '';
    expect(listUnsubscribe).toMatch(
      /^https:\/\/fretline\.example\/api\/auth\/me\/unsubscribes\/mailers\?email=reader%40smtp\.example\.com&token=/,
    );
    expect(mail.text).toContain('New lessons are up.');
    expect(mail.html).toContain('/unsubscribe-mailers/reader%40smtp.example.com/');

    // What a mail provider does (RFC 8058 §3.2): a POST without cookies, only this body.
    const url = new URL(listUnsubscribe);
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    const [after] = await t.db
      .select({ on: tables.users.notificationsMailers })
      .from(tables.users)
      .where(eq(tables.users.idUser, reader.idUser));
    expect(after?.on).toBe(false);
    const events = await t.db.select().from(tables.unsubscribeEvents).where(eq(tables.unsubscribeEvents.idUser, reader.idUser));
    expect(events).toMatchObject([{ unsubscribeList: 'mailers' }]);

    // A tampered token changes nothing and says so.
    const tampered = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search.replace(/token=[^&]+/, 'token=forged')}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(tampered.statusCode).toBe(400);
  });
});
