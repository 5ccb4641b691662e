import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesHolding } from '../../../test/find-in-tables.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { runDueJobs } from '../../platform/jobs/index.ts';
import { findDevMail } from '../../platform/mail/index.ts';

/** Decodes a quoted-printable body part enough to read the code and the link. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('signing in with a code delivered through a real SMTP server', () => {
  let sink: SmtpSink;
  let t: TestApp;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ config: { SMTP_URL: sink.url } });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('signs up, receives the code by SMTP in text and HTML with the /login link, and signs in with it', async () => {
    const email = 'smtp-signup@example.com';
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/me',
      payload: { first_name: 'Sid', last_name: 'Smtp', email },
    });
    expect(signup.statusCode).toBe(200);
    expect(await runDueJobs(t.app)).toBe(1);

    expect(sink.received).toHaveLength(1);
    expect(sink.recipients[0]).toEqual([email]);
    const body = decodeQuotedPrintable(sink.received[0]!);
    expect(body).toContain('Content-Type: text/plain');
    expect(body).toContain('Content-Type: text/html');
    const code = /Subject: (\d{6}) is your Fretline sign-in code/.exec(body)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const link = `${t.config.SITE_URL}/login/${code}?email=${encodeURIComponent(email)}`;
    expect(body).toContain(link);

    // Once sent, the code and its link are stored nowhere: the jobs table kept no copy.
    expect(await tablesHolding(t.db, code!)).toEqual([]);
    expect(await tablesHolding(t.db, link)).toEqual([]);

    const res = await t.app.inject({ method: 'PUT', url: '/api/auth/me/passcodes', payload: { email, passcode: code } });
    expect(res.statusCode).toBe(200);
    const token = res.json<{ data: { token: string } }>().data.token;
    const me = await t.app.inject({ url: '/api/auth/me', cookies: { token } });
    expect(me.json<{ data: { user: { email: string } } }>().data.user.email).toBe(email);
  });
});

describe('signing in with a code delivered to the development mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the live code and its link in the development mailbox only once the e-mail is sent', async () => {
    const email = 'dev-signup@example.com';
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/me',
      payload: { first_name: 'Dev', last_name: 'Mail', email },
    });
    expect(signup.statusCode).toBe(200);
    expect(await runDueJobs(t.app)).toBe(1);
    const [mail] = await findDevMail(t.db, email);
    const code = /\b(\d{6})\b/.exec(mail?.subject ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);

    expect(await tablesHolding(t.db, code!, ['platform.dev_mail'])).toEqual([]);
    expect(await tablesHolding(t.db, `/login/${code}`, ['platform.dev_mail'])).toEqual([]);
    // The search itself finds what is there.
    expect(await tablesHolding(t.db, `/login/${code}`)).toEqual(['platform.dev_mail']);
  });
});
