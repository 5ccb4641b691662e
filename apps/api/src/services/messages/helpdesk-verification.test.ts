import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { eq, tables } from '@fretline/db';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';
import { runDueJobs } from '../../platform/jobs/index.ts';

/*
 * ADR 0045: a signed-out helpdesk message joins an account's inbox only once its sender proved the
 * address by following the e-mailed link; the form's own link proves nothing, as anyone can type
 * anyone's address.
 */

let t: TestApp;
type User = Awaited<ReturnType<typeof createUserWithSession>>;
let staff: User;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(tables.helpdeskCategories).values([{ categorySlug: 'technical', categoryName: 'Technical help' }]);
  staff = await createUserWithSession(t.db, { email: 'staff@example.com', firstName: 'Sam', roles: ['Staff'] });
});
afterAll(async () => {
  await t.close();
});

interface WireThread {
  id_thread: number;
  jwt?: string | null;
  sender_verified?: boolean;
}
interface DevMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers: Record<string, string>;
}

let ipCounter = 1;
async function sendHelpdesk(fields: Record<string, unknown>, token?: string): Promise<WireThread> {
  const res = await t.app.inject({ url: '/api/messages/helpdesks/challenge' });
  const challenge = res.json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/messages/helpdesks',
    remoteAddress: `10.4.0.${ipCounter++}`,
    headers: token ? bearer(token) : {},
    payload: {
      first_name: 'Mallory',
      last_name: 'Sender',
      message: 'Please reply here.',
      recaptcha_response: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
      ...fields,
    },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json<{ data: { thread: WireThread } }>().data.thread;
}

async function mailTo(to: string): Promise<DevMail[]> {
  await runDueJobs(t.app);
  return (await t.app.inject({ url: `/api/dev/mail?to=${encodeURIComponent(to)}` })).json<{ data: { messages: DevMail[] } }>()
    .data.messages;
}

/** The private link of the newest e-mail to `to` whose subject matches: `/messages/<id>/<token>`. */
async function mailedLink(to: string, subject: RegExp): Promise<{ idThread: number; token: string }> {
  const mail = (await mailTo(to)).find((m) => subject.test(m.subject));
  const match = /\/messages\/(\d+)\/(\S+)/.exec(mail?.text ?? '');
  expect(match, mail?.text).toBeTruthy();
  return { idThread: Number(match?.[1]), token: match?.[2] ?? '' };
}

const inboxIds = async (user: User) =>
  (await t.app.inject({ url: '/api/messages/threads', headers: bearer(user.token) }))
    .json<{ data: { threads: WireThread[] } }>()
    .data.threads.map((x) => x.id_thread);
const unreadCount = async (user: User) =>
  (await t.app.inject({ url: '/api/messages/threads/unread/count', headers: bearer(user.token) })).json<{
    data: { count: number };
  }>().data.count;
const staffSender = async (idThread: number) =>
  (await t.app.inject({ url: `/api/messages/staff/threads/${idThread}`, headers: bearer(staff.token) })).json<{
    data: { thread: { sender: Record<string, unknown> } };
  }>().data.thread.sender;
const verify = (idThread: number, token: string) =>
  t.app.inject({ method: 'POST', url: `/api/messages/threads/${idThread}/${token}/verify` });
const staffReply = (idThread: number, text: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/messages/staff/threads/${idThread}/messages`,
    headers: bearer(staff.token),
    payload: { message_content: text },
  });

describe('a signed-out message typed with a member’s address (inbox injection)', () => {
  it('stays out of the member’s inbox and unread count, even after a staff reply, until the address is proven', async () => {
    const member = await createUserWithSession(t.db, { email: 'mira@example.com', firstName: 'Mira' });
    const planted = await sendHelpdesk({ email: 'MIRA@example.com', first_name: 'Fretline', last_name: 'Billing' });
    expect(await inboxIds(member)).not.toContain(planted.id_thread);
    await staffReply(planted.id_thread, 'Happy to help');
    expect(await unreadCount(member)).toBe(0);
    expect(await inboxIds(member)).not.toContain(planted.id_thread);
    // Nor can the member open or answer it as a participant.
    const open = await t.app.inject({ url: `/api/messages/threads/${planted.id_thread}`, headers: bearer(member.token) });
    expect(open.statusCode).toBe(403);
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/messages/threads/${planted.id_thread}/messages`,
      headers: bearer(member.token),
      payload: { message_content: 'My card number is …' },
    });
    expect(answer.statusCode).toBe(403);
    // The token holder reads only what they and the staff wrote.
    const seen = await t.app.inject({ url: `/api/messages/threads/${planted.id_thread}/${planted.jwt}/messages` });
    expect(
      seen.json<{ data: { messages: Array<{ message_content: string }> } }>().data.messages.map((m) => m.message_content),
    ).toEqual(['Happy to help', 'Please reply here.']);
    // Staff see the address as not proven.
    expect(await staffSender(planted.id_thread)).toMatchObject({ email: 'MIRA@example.com', email_verified: false });
    expect(
      (await t.app.inject({ url: `/api/messages/threads/${planted.id_thread}/${planted.jwt}` })).json().data.thread,
    ).toMatchObject({ sender_verified: false });
  });

  it('cannot be proven with the form’s own link, only with the e-mailed one', async () => {
    const member = await createUserWithSession(t.db, { email: 'nia@example.com', firstName: 'Nia' });
    const planted = await sendHelpdesk({ email: 'nia@example.com' });
    const refused = await verify(planted.id_thread, planted.jwt ?? '');
    expect(refused.statusCode).toBe(200);
    expect(refused.json().data.thread.sender_verified).toBe(false);
    expect(await inboxIds(member)).not.toContain(planted.id_thread);
    expect(await staffSender(planted.id_thread)).toMatchObject({ email_verified: false });
  });

  it('once the owner follows the e-mailed link, joins their inbox and the form’s link stops working', async () => {
    const member = await createUserWithSession(t.db, { email: 'ola@example.com', firstName: 'Ola' });
    const planted = await sendHelpdesk({ email: 'ola@example.com' });
    const link = await mailedLink('ola@example.com', /received your message/);
    expect(link.idThread).toBe(planted.id_thread);
    expect(link.token).not.toBe(planted.jwt);
    // Opening the link (a GET, as a mail scanner does) proves nothing yet.
    const opened = await t.app.inject({ url: `/api/messages/threads/${link.idThread}/${link.token}` });
    expect(opened.json().data.thread).toMatchObject({ sender_verified: false });
    expect(await inboxIds(member)).not.toContain(planted.id_thread);

    const verified = await verify(link.idThread, link.token);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data.thread).toMatchObject({ id_thread: planted.id_thread, sender_verified: true });
    expect(await inboxIds(member)).toContain(planted.id_thread);
    expect(await staffSender(planted.id_thread)).toMatchObject({ email_verified: true });
    // Whoever typed the address loses the conversation; the owner's replies are the owner's.
    expect((await t.app.inject({ url: `/api/messages/threads/${planted.id_thread}/${planted.jwt}/messages` })).statusCode).toBe(
      403,
    );
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/messages/threads/${planted.id_thread}/messages`,
      headers: bearer(member.token),
      payload: { message_content: 'Yes, that was me' },
    });
    expect(reply.statusCode).toBe(200);
    const mine = await t.app.inject({ url: `/api/messages/threads/${link.idThread}/${link.token}/messages` });
    expect(mine.json().data.messages[0]).toMatchObject({ message_content: 'Yes, that was me' });
    // Verifying again changes nothing.
    expect((await verify(link.idThread, link.token)).json().data.thread.sender_verified).toBe(true);
  });

  it('is proven too when the sender replies from the e-mailed link (an explicit press)', async () => {
    const member = await createUserWithSession(t.db, { email: 'pia@example.com', firstName: 'Pia' });
    const thread = await sendHelpdesk({ email: 'pia@example.com' });
    const link = await mailedLink('pia@example.com', /received your message/);
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/messages/threads/${link.idThread}/${link.token}/messages`,
      payload: { message_content: 'One more thing' },
    });
    expect(posted.statusCode).toBe(200);
    expect(await inboxIds(member)).toContain(thread.id_thread);
  });

  it('proves an address without an account too, for staff; a staff-reply e-mail’s link proves it as well', async () => {
    const thread = await sendHelpdesk({ email: 'no-account@example.com' });
    await staffReply(thread.id_thread, 'Which browser do you use?');
    const link = await mailedLink('no-account@example.com', /New reply/);
    const reply = (await mailTo('no-account@example.com')).find((m) => /New reply/.test(m.subject));
    // One click in the mail client leaves the mailers, never the replies to their own question.
    expect(reply?.headers['List-Unsubscribe']).toMatch(/\/unsubscribes\/mailers\?/);
    expect(reply?.html).toMatch(/^<!doctype html>/);
    expect(link.token).not.toBe(thread.jwt);
    expect((await verify(link.idThread, link.token)).json().data.thread.sender_verified).toBe(true);
    expect(await staffSender(thread.id_thread)).toMatchObject({ email_verified: true, is_registered: false });
  });

  it('treats a signed-in sender’s address as proven, with no confirmation e-mail', async () => {
    const member = await createUserWithSession(t.db, { email: 'quinn@example.com', firstName: 'Quinn' });
    const own = await sendHelpdesk({ email: 'quinn@example.com' }, member.token);
    expect(await staffSender(own.id_thread)).toMatchObject({ email_verified: true, is_registered: true });
    expect((await mailTo('quinn@example.com')).filter((m) => /received your message/.test(m.subject))).toEqual([]);
  });
});

describe('the confirmation e-mail to a signed-out sender', () => {
  it('carries the private link to the conversation, their message, and what to do if they did not send it', async () => {
    const thread = await sendHelpdesk({
      email: 'rosa@example.com',
      first_name: 'Rosa',
      category_slug: 'technical',
      message: 'The video <b>stalls</b>.',
    });
    const [mail] = (await mailTo('rosa@example.com')).filter((m) => /received your message/.test(m.subject));
    expect(mail?.subject).toBe('We have received your message: Helpdesk: Technical help');
    expect(mail?.text).toContain('Hi Rosa,');
    expect(mail?.text).toContain('The video <b>stalls</b>.');
    expect(mail?.text).toMatch(new RegExp(`https?://\\S+/messages/${thread.id_thread}/\\d+\\.[A-Za-z0-9_-]{43}`));
    expect(mail?.text).toMatch(/did not write to us/);
    expect(mail?.html).toContain('The video &lt;b&gt;stalls&lt;/b&gt;.');
    // In the frame every e-mail shares, with the unsubscribe links every e-mail but a code carries;
    // the mail client's one click leaves the mailers only.
    expect(mail?.html).toMatch(/^<!doctype html>/);
    expect(mail?.html).toMatch(/<a href="[^"]+\/unsubscribe\/rosa%40example\.com\/[^"]+">Unsubscribe<\/a>/);
    expect(mail?.text).toMatch(/Stop these e-mails: \S+\/unsubscribe\//);
    expect(mail?.headers['List-Unsubscribe']).toMatch(/\/api\/auth\/me\/unsubscribes\/mailers\?/);
    // The e-mailed link opens the conversation by itself.
    const link = await mailedLink('rosa@example.com', /received your message/);
    expect((await t.app.inject({ url: `/api/messages/threads/${link.idThread}/${link.token}` })).statusCode).toBe(200);
  });

  it('is not sent when the message is refused', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/messages/helpdesks',
      remoteAddress: '10.4.1.1',
      payload: { first_name: 'Sol', email: 'sol@example.com', message: 'Hi', recaptcha_response: 'forged' },
    });
    expect(bad.statusCode).toBe(400);
    expect(await mailTo('sol@example.com')).toEqual([]);
  });
});

describe('a signed-in user opening a thread that is not theirs', () => {
  it('gets a 403 saying so (the page shows “not yours”), and a 404 for a thread that does not exist', async () => {
    const owner = await createUserWithSession(t.db, { email: 'tam@example.com', firstName: 'Tam' });
    const other = await createUserWithSession(t.db, { email: 'uma@example.com', firstName: 'Uma' });
    const own = await sendHelpdesk({ email: 'tam@example.com' }, owner.token);
    const res = await t.app.inject({ url: `/api/messages/threads/${own.id_thread}`, headers: bearer(other.token) });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0]).toMatchObject({
      code: 'THREAD_NOT_YOURS',
      message: 'This conversation belongs to another account.',
    });
    const messages = await t.app.inject({ url: `/api/messages/threads/${own.id_thread}/messages`, headers: bearer(other.token) });
    expect(messages.statusCode).toBe(403);
    const missing = await t.app.inject({ url: '/api/messages/threads/999999', headers: bearer(other.token) });
    expect(missing.statusCode).toBe(404);
  });
});

it('stores the proven account on the helpdesk record only once the address is proven', async () => {
  const member = await createUserWithSession(t.db, { email: 'vik@example.com', firstName: 'Vik' });
  const thread = await sendHelpdesk({ email: 'vik@example.com' });
  const stored = async () =>
    (
      await t.db
        .select({ idUser: tables.helpdesks.idUser })
        .from(tables.helpdesks)
        .where(eq(tables.helpdesks.idThread, thread.id_thread))
    )[0]?.idUser;
  expect(await stored()).toBeNull();
  const link = await mailedLink('vik@example.com', /received your message/);
  await verify(link.idThread, link.token);
  expect(await stored()).toBe(member.idUser);
});
