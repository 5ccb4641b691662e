import { generateKeyPairSync } from 'node:crypto';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, tables } from '@fretline/db';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';
import { parseReplyAddress, replyAddress } from './reply-address.ts';
import { stripQuotedText } from './reply-mail.ts';

// Reply by e-mail (ADR 0060) through the product's own SMTP listener: the signed address is
// checked, the quoted original goes, and bounces or strangers never reach a thread.

// A fixed port, overridable so two checkouts on one machine do not collide.
const PORT = Number(process.env.REPLY_SMTP_TEST_PORT ?? 4541);
const DOMAIN = 'replies.fretline.test';
let t: TestApp;
type User = Awaited<ReturnType<typeof createUserWithSession>>;
let staff: User;
let member: User;

// The senders' domain signs its mail (DKIM); the test's DNS answers its key and nothing else,
// so nothing here reaches the network (ADR 0072).
const senderKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const strangerKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const dkimRecord = `v=DKIM1; k=rsa; p=${senderKey.publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
const dnsLookups: string[] = [];
async function dnsResolver(name: string, rrtype: string): Promise<unknown> {
  dnsLookups.push(`${rrtype} ${name}`);
  if (rrtype === 'TXT' && name === 'mail._domainkey.example.com') return [[dkimRecord]];
  throw Object.assign(new Error(`no ${rrtype} record for ${name}`), { code: 'ENOTFOUND' });
}
const dkimWith = (key: typeof senderKey) => ({
  domainName: 'example.com',
  keySelector: 'mail',
  privateKey: key.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
});

beforeAll(async () => {
  t = await createTestApp({
    config: { CAPTCHA: 'off', INBOUND_MAIL_DOMAIN: DOMAIN, INBOUND_SMTP_PORT: PORT },
    dnsResolver,
  });
  staff = await createUserWithSession(t.db, { email: 'sam@example.com', firstName: 'Sam', roles: ['Staff'] });
  member = await createUserWithSession(t.db, { email: 'morgan@example.com', firstName: 'Morgan' });
});
afterAll(async () => {
  await t.close();
});

const server = { host: '127.0.0.1', port: PORT, secure: false, ignoreTLS: true };
/** The member's own mail server: it signs for example.com. */
const smtp = createTransport({ ...server, dkim: dkimWith(senderKey) });
/** Anyone else: no signature, or one made with a key example.com never published. */
const forger = createTransport(server);
const stranger = createTransport({ ...server, dkim: dkimWith(strangerKey) });

let ip = 1;
async function helpdesk(message: string, as?: User, email = `vic-${ip}@example.com`) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/messages/helpdesks',
    remoteAddress: `10.8.0.${ip++}`,
    headers: as ? bearer(as.token) : {},
    payload: { first_name: 'Vic', email, message },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { thread: { id_thread: number } } }>().data.thread.id_thread;
}

async function staffReply(idThread: number, text: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/messages/staff/threads/${idThread}/messages`,
    headers: bearer(staff.token),
    payload: { message_content: text },
  });
  expect(res.statusCode).toBe(200);
}

async function threadTexts(idThread: number): Promise<string[]> {
  const res = await t.app.inject({ url: `/api/messages/staff/threads/${idThread}/messages`, headers: bearer(staff.token) });
  return res.json<{ data: { messages: Array<{ message_content: string }> } }>().data.messages.map((m) => m.message_content);
}

/** The Reply-To the staff reply's e-mail carries, read from the mail job the reply queued. */
async function replyToOfMailTo(to: string): Promise<string | undefined> {
  const rows = await t.db.select({ payload: tables.jobs.payload }).from(tables.jobs).where(eq(tables.jobs.type, 'mail.send'));
  const mails = rows.map((r) => r.payload as { to: string; headers?: Record<string, string> }).filter((m) => m.to === to);
  return mails.at(-1)?.headers?.['Reply-To'];
}

const GMAIL_REPLY = [
  'Thanks, the new link works!',
  '',
  'Morgan',
  '',
  'On Tue, 24 Nov 2026 at 10:12, Sam from the Fretline team <hello@fretline.localhost>',
  'wrote:',
  '> Here is a fresh link.',
].join('\n');

describe('the quoted original', () => {
  it('keeps only the new text of Gmail, Outlook and > quoted replies', () => {
    expect(stripQuotedText(GMAIL_REPLY)).toBe('Thanks, the new link works!\n\nMorgan');
    expect(stripQuotedText('Yes please.\r\n\r\n-----Original Message-----\r\nFrom: Sam\r\nOld text')).toBe('Yes please.');
    expect(stripQuotedText('Fine\n________________________________\nFrom: Fretline')).toBe('Fine');
    expect(stripQuotedText('Great\n> earlier\n> lines')).toBe('Great');
    expect(stripQuotedText('Cheers\n-- \nMorgan, Leeds')).toBe('Cheers');
    expect(stripQuotedText('> only a quote')).toBe('');
    expect(
      stripQuotedText('Sure.\n\nFrom: Sam <sam@fretline.test>\nSent: Tuesday, 24 November 2026 10:12\nTo: Morgan\nOld text'),
    ).toBe('Sure.');
  });

  it('keeps a line of the member’s own that starts with "From:" when no quoted header block follows', () => {
    const text = 'Two questions.\nFrom: the blues course, lesson 3 — is the bend a half step?\nAnd is there a tab?';
    expect(stripQuotedText(text)).toBe(text);
  });
});

describe('signed reply addresses', () => {
  it('names the thread and its link only with our signature and our domain', () => {
    const now = new Date('2026-12-02T10:00:00Z');
    const day = Math.floor(now.getTime() / 86_400_000);
    const address = replyAddress(t.config, { idThread: 42, idThreadToken: 7 }, now)!;
    expect(address).toMatch(new RegExp(`^reply\\+42\\.7\\.${day}\\.[A-Za-z0-9_-]{22}@${DOMAIN}$`));
    expect(parseReplyAddress(t.config, address, now)).toEqual({ idThread: 42, idThreadToken: 7 });
    expect(parseReplyAddress(t.config, address.replace('reply+42.', 'reply+43.'), now)).toBeUndefined();
    // Another link of the same thread (a newer generation) is a different address.
    expect(parseReplyAddress(t.config, address.replace('reply+42.7.', 'reply+42.8.'), now)).toBeUndefined();
    expect(parseReplyAddress(t.config, address.replace(DOMAIN, 'elsewhere.test'), now)).toBeUndefined();
    expect(parseReplyAddress(t.config, `reply+42.7.${day}.${'A'.repeat(22)}@${DOMAIN}`, now)).toBeUndefined();
    expect(
      replyAddress({ ...t.config, INBOUND_MAIL_DOMAIN: undefined }, { idThread: 42, idThreadToken: 7 }, now),
    ).toBeUndefined();
  });

  it('expires INBOUND_REPLY_TTL_DAYS after the reply that carried it, and cannot be moved later (ADR 0072)', () => {
    const sent = new Date('2026-12-02T10:00:00Z');
    const address = replyAddress(t.config, { idThread: 42, idThreadToken: 7 }, sent)!;
    const later = (days: number) => new Date(sent.getTime() + days * 86_400_000);
    expect(parseReplyAddress(t.config, address, later(t.config.INBOUND_REPLY_TTL_DAYS))).toEqual({
      idThread: 42,
      idThreadToken: 7,
    });
    expect(parseReplyAddress(t.config, address, later(t.config.INBOUND_REPLY_TTL_DAYS + 1))).toBeUndefined();
    // The day is signed: writing a later one into an old address breaks it.
    const day = Math.floor(sent.getTime() / 86_400_000);
    expect(parseReplyAddress(t.config, address.replace(`.${day}.`, `.${day + 40}.`), later(40))).toBeUndefined();
  });
});

describe('replies through the SMTP listener', () => {
  it('adds a member’s e-mailed answer to the thread without the quoted original', async () => {
    const idThread = await helpdesk('My chord chart will not download.', member, 'morgan@example.com');
    await staffReply(idThread, 'Here is a fresh link.');
    const to = await replyToOfMailTo('morgan@example.com');
    expect(to).toBe(replyAddress(t.config, { idThread, idThreadToken: 0 }, t.clock.now()));

    await smtp.sendMail({ from: 'Morgan <morgan@example.com>', to, subject: 'Re: Helpdesk', text: GMAIL_REPLY });
    await expect.poll(() => threadTexts(idThread)).toContain('Thanks, the new link works!\n\nMorgan');
    expect((await threadTexts(idThread)).filter((text) => text.includes('wrote:') || text.includes('> '))).toEqual([]);
    // The thread waits for staff again.
    const thread = await t.app.inject({ url: `/api/messages/staff/threads/${idThread}`, headers: bearer(staff.token) });
    expect(thread.json<{ data: { thread: { thread_awaiting_staff: boolean } } }>().data.thread.thread_awaiting_staff).toBe(true);
  });

  it('marks for staff the answer that came by e-mail, and not one posted on the site (ADR 0072)', async () => {
    // A member of their own: the helpdesk's per-address limit is the other tests' to spend.
    const robin = await createUserWithSession(t.db, { email: 'robin@example.com', firstName: 'Robin' });
    const idThread = await helpdesk('Which strings suit a parlour guitar?', robin);
    await staffReply(idThread, 'Light phosphor bronze.');
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/messages/threads/${idThread}/messages`,
      headers: bearer(robin.token),
      payload: { message_content: 'Posted on the site.' },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    await smtp.sendMail({ from: robin.email, to: await replyToOfMailTo(robin.email), subject: 'Re', text: 'Sent by mail.' });
    await expect.poll(() => threadTexts(idThread)).toContain('Sent by mail.');

    const res = await t.app.inject({ url: `/api/messages/staff/threads/${idThread}/messages`, headers: bearer(staff.token) });
    const marks = res
      .json<{ data: { messages: Array<{ message_content: string; message_via_email: boolean }> } }>()
      .data.messages.map((m) => [m.message_content, m.message_via_email]);
    expect(marks).toEqual([
      ['Sent by mail.', true],
      ['Posted on the site.', false],
      ['Light phosphor bronze.', false],
      ['Which strings suit a parlour guitar?', false],
    ]);
  });

  it('adds a signed-out sender’s answer without proving their address or linking an account', async () => {
    // An account already uses the address: a forged From must not hand it the thread.
    const idThread = await helpdesk('Do you teach slide guitar?', undefined, member.email);
    await staffReply(idThread, 'Yes, in the blues course.');
    const to = await replyToOfMailTo(member.email);
    await smtp.sendMail({ from: member.email, to, subject: 'Re', text: 'Brilliant, thanks.' });
    await expect.poll(() => threadTexts(idThread)).toContain('Brilliant, thanks.');
    const thread = await t.app.inject({ url: `/api/messages/staff/threads/${idThread}`, headers: bearer(staff.token) });
    expect(thread.json<{ data: { thread: { sender: { email_verified: boolean } } } }>().data.thread.sender.email_verified).toBe(
      false,
    );
    const inbox = await t.app.inject({ url: '/api/messages/threads', headers: bearer(member.token) });
    expect(
      inbox.json<{ data: { threads: Array<{ id_thread: number }> } }>().data.threads.map((th) => th.id_thread),
    ).not.toContain(idThread);
    // No new link was minted for the answer: the thread still has the one token the reply e-mailed.
    const tokens = await t.db.select().from(tables.threadTokens).where(eq(tables.threadTokens.idThread, idThread));
    expect(tokens.filter((row) => row.tokenEmailed)).toHaveLength(1);
  });

  it('refuses the address of a revoked link at RCPT, and a fresh reply e-mails a working one', async () => {
    const email = 'revoked@example.com';
    const idThread = await helpdesk('Please stop the e-mails to my old address', undefined, email);
    await staffReply(idThread, 'First answer');
    const old = (await replyToOfMailTo(email))!;
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/messages/staff/threads/${idThread}/tokens`,
      headers: bearer(staff.token),
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    await expect(smtp.sendMail({ from: email, to: old, text: 'Still here' })).rejects.toMatchObject({ responseCode: 550 });
    expect(await threadTexts(idThread)).not.toContain('Still here');
    const tokensAfterRevoke = await t.db.select().from(tables.threadTokens).where(eq(tables.threadTokens.idThread, idThread));

    await staffReply(idThread, 'Second answer');
    const fresh = (await replyToOfMailTo(email))!;
    expect(fresh).not.toBe(old);
    await smtp.sendMail({ from: email, to: fresh, text: 'Got the new one' });
    await expect.poll(() => threadTexts(idThread)).toContain('Got the new one');
    // One token for the second reply's link, none minted by the inbound answer.
    const tokens = await t.db.select().from(tables.threadTokens).where(eq(tables.threadTokens.idThread, idThread));
    expect(tokens.length).toBe(tokensAfterRevoke.length + 1);
  });

  it('refuses an address it did not sign while the sending server is still connected', async () => {
    const forged = `reply+1.0.${'A'.repeat(22)}@${DOMAIN}`;
    await expect(smtp.sendMail({ from: 'x@example.com', to: forged, text: 'hi' })).rejects.toMatchObject({ responseCode: 550 });
  });

  it('drops bounces, auto-replies and mail from another address, and answers none of them', async () => {
    const idThread = await helpdesk('Question for the team', member, 'morgan@example.com');
    await staffReply(idThread, 'Answer one');
    const to = (await replyToOfMailTo('morgan@example.com'))!;
    const jobsBefore = (await t.db.select().from(tables.jobs)).length;
    await smtp.sendMail({ envelope: { from: '', to }, from: 'mailer-daemon@example.com', to, text: 'Delivery failed' });
    await smtp.sendMail({
      from: 'morgan@example.com',
      to,
      text: 'I am on holiday until Monday.',
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    await smtp.sendMail({ from: 'someone-else@example.com', to, text: 'Let me in' });
    expect(await threadTexts(idThread)).toEqual(['Answer one', 'Question for the team']);
    // Nothing was queued in answer: no bounce of ours, no e-mail to the forged sender.
    expect((await t.db.select().from(tables.jobs)).length).toBe(jobsBefore);
  });

  it('drops a forged From: unsigned, or signed with a key the domain never published (ADR 0072)', async () => {
    const idThread = await helpdesk('Cancel my membership?', member, 'morgan@example.com');
    await staffReply(idThread, 'Are you sure?');
    const to = (await replyToOfMailTo('morgan@example.com'))!;
    await forger.sendMail({ from: 'Morgan <morgan@example.com>', to, subject: 'Re', text: 'Yes, and refund me' });
    await stranger.sendMail({ from: 'Morgan <morgan@example.com>', to, subject: 'Re', text: 'Yes, and refund me twice' });
    // The listener answered both sends; the genuine one after them lands, the forged ones never do.
    await smtp.sendMail({ from: 'Morgan <morgan@example.com>', to, subject: 'Re', text: 'Only me here' });
    await expect.poll(() => threadTexts(idThread)).toContain('Only me here');
    expect((await threadTexts(idThread)).filter((text) => text.startsWith('Yes, and refund'))).toEqual([]);
    expect(dnsLookups).toContain('TXT mail._domainkey.example.com');
  });

  it('takes a few answers per thread and defers the rest with 451, so a flood never lands (ADR 0072)', async () => {
    const idThread = await helpdesk('Flood me', member, 'morgan@example.com');
    await staffReply(idThread, 'Go on then');
    const to = (await replyToOfMailTo('morgan@example.com'))!;
    for (let i = 1; i <= 5; i++) await smtp.sendMail({ from: 'morgan@example.com', to, subject: 'Re', text: `Answer ${i}` });
    await expect(smtp.sendMail({ from: 'morgan@example.com', to, subject: 'Re', text: 'Answer 6' })).rejects.toMatchObject({
      responseCode: 451,
    });
    const texts = await threadTexts(idThread);
    expect(texts.filter((text) => text.startsWith('Answer '))).toHaveLength(5);
    expect(texts).not.toContain('Answer 6');
    // Later, the sending server's retry lands.
    t.clock.advance(11 * 60_000);
    await smtp.sendMail({ from: 'morgan@example.com', to, subject: 'Re', text: 'Answer 6' });
    expect(await threadTexts(idThread)).toContain('Answer 6');
  });
});
