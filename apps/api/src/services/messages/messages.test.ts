import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { eq, tables } from '@fretline/db';
import { bearer, createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';
import { runDueJobs } from '../../platform/jobs/index.ts';
import { createThreadTokenString } from './thread-tokens.ts';

let t: TestApp;
type User = Awaited<ReturnType<typeof createUserWithSession>>;
let staff: User;
let admin: User;
let learner: User;
let member: User;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(tables.helpdeskCategories).values([
    { categorySlug: 'billing', categoryName: 'Billing and payments', categoryOrder: 0 },
    { categorySlug: 'technical', categoryName: 'Technical help', categoryOrder: 1 },
  ]);
  staff = await createUserWithSession(t.db, {
    email: 'staff@example.com',
    firstName: 'Sam',
    lastName: 'Staff',
    roles: ['Staff'],
  });
  admin = await createUserWithSession(t.db, { firstName: 'Alex', roles: ['Superadmin'] });
  learner = await createUserWithSession(t.db, { email: 'learner@example.com', firstName: 'Lee', lastName: 'Learner' });
  member = await createUserWithSession(t.db, { email: 'member@example.com', firstName: 'Morgan', lastName: 'Member' });
});
afterAll(async () => {
  await t.close();
});

/** Does what the browser widget does: fetch a challenge, solve it, send the base64 payload. */
async function solvedCaptcha(): Promise<string> {
  const res = await t.app.inject({ url: '/api/messages/helpdesks/challenge' });
  expect(res.statusCode).toBe(200);
  const challenge = res.json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

let ipCounter = 1;
async function sendHelpdesk(
  fields: Record<string, unknown>,
  options: { token?: string; captcha?: string | null; ip?: string } = {},
) {
  const recaptcha_response = options.captcha === undefined ? await solvedCaptcha() : options.captcha;
  return t.app.inject({
    method: 'POST',
    url: '/api/messages/helpdesks',
    remoteAddress: options.ip ?? `10.0.0.${ipCounter++}`,
    headers: options.token ? bearer(options.token) : {},
    payload: {
      first_name: 'Vic',
      last_name: 'Visitor',
      email: `vic-${Math.random().toString(36).slice(2)}@example.com`,
      message: 'My video will not play.',
      ...(recaptcha_response === null ? {} : { recaptcha_response }),
      ...fields,
    },
  });
}

interface WireThread {
  id_thread: number;
  jwt?: string | null;
  is_unread: boolean;
  thread_title: string | null;
  first_name_other: string | null;
  thread_last_message: string | null;
}

async function staffReply(idThread: number, text: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/messages/staff/threads/${idThread}/messages`,
    headers: bearer(staff.token),
    payload: { message_content: text },
  });
}

describe('POST /api/messages/helpdesks', () => {
  it('creates a thread for a signed-out visitor, returns a token, and stores the consent and permissions', async () => {
    const res = await sendHelpdesk({
      email: 'vic@example.com',
      category_slug: 'technical',
      notifications_mailers: 'true',
      consent_method: 'helpdesk form',
      consent_title: 'Contact consent',
      consent_text: 'You may contact me about this message.',
      consent_info: 'v1',
    });
    expect(res.statusCode).toBe(200);
    const thread = res.json<{ data: { thread: WireThread } }>().data.thread;
    expect(thread.thread_title).toBe('Helpdesk: Technical help');
    expect(thread.jwt).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    const [stored] = await t.db.select().from(tables.helpdesks).where(eq(tables.helpdesks.idThread, thread.id_thread));
    expect(stored).toMatchObject({
      email: 'vic@example.com',
      notificationsMailers: true,
      consentMethod: 'helpdesk form',
      consentText: 'You may contact me about this message.',
      permissions: { '3': true },
    });
  });

  it('keeps permission 3 true by default but stores an explicit choice for other permissions', async () => {
    const res = await sendHelpdesk({ permissions: { 5: 'false' } });
    const id = res.json<{ data: { thread: WireThread } }>().data.thread.id_thread;
    const [stored] = await t.db.select().from(tables.helpdesks).where(eq(tables.helpdesks.idThread, id));
    expect(stored?.permissions).toEqual({ '3': true, '5': false });
  });

  /** Posts the form the way the web client does: form-encoded with nested bracket keys (product.md#calls). */
  async function sendHelpdeskForm(extra: string) {
    const fields = new URLSearchParams({
      first_name: 'Fay',
      email: `fay-${Math.random().toString(36).slice(2)}@example.com`,
      message: 'Sent as a form.',
      recaptcha_response: await solvedCaptcha(),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/messages/helpdesks',
      remoteAddress: `10.0.1.${ipCounter++}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: [fields.toString(), extra].filter(Boolean).join('&'),
    });
    expect(res.statusCode).toBe(200);
    const id = res.json<{ data: { thread: WireThread } }>().data.thread.id_thread;
    const [stored] = await t.db.select().from(tables.helpdesks).where(eq(tables.helpdesks.idThread, id));
    return stored?.permissions;
  }

  it('reads form-encoded permissions keyed by id (permissions[3]=true), as product.md#entities shapes them', async () => {
    expect(await sendHelpdeskForm('permissions[3]=true')).toEqual({ '3': true });
    expect(await sendHelpdeskForm('permissions[3]=false&permissions[5]=true')).toEqual({ '3': false, '5': true });
    expect(await sendHelpdeskForm('permissions%5B5%5D=0')).toEqual({ '3': true, '5': false });
  });

  it('grants permission 3 by default to a form-encoded post that sends no permissions', async () => {
    expect(await sendHelpdeskForm('')).toEqual({ '3': true });
  });

  it('reads JSON permissions keyed by id, including permission 3 turned off', async () => {
    const res = await sendHelpdesk({ permissions: { '3': false, '7': true } });
    expect(res.statusCode).toBe(200);
    const id = res.json<{ data: { thread: WireThread } }>().data.thread.id_thread;
    const [stored] = await t.db.select().from(tables.helpdesks).where(eq(tables.helpdesks.idThread, id));
    expect(stored?.permissions).toEqual({ '3': false, '7': true });
  });

  it('refuses permissions that are not id-keyed booleans, form-encoded or JSON, and stores nothing', async () => {
    const before = await t.db.select({ id: tables.helpdesks.idThread }).from(tables.helpdesks);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/messages/helpdesks',
      remoteAddress: `10.0.1.${ipCounter++}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `first_name=Fay&email=fay%40example.com&message=Hi&recaptcha_response=${encodeURIComponent(await solvedCaptcha())}&permissions[3]=maybe`,
    });
    expect(form.statusCode).toBe(400);
    expect(form.json().errors[0].field).toMatch(/^permissions/);
    const json = await sendHelpdesk({ permissions: { mailers: true } });
    expect(json.statusCode).toBe(400);
    const after = await t.db.select({ id: tables.helpdesks.idThread }).from(tables.helpdesks);
    expect(after).toHaveLength(before.length);
  });

  it('refuses a missing, forged or reused captcha with a clear message on recaptcha_response', async () => {
    const missing = await sendHelpdesk({}, { captcha: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({ field: 'recaptcha_response', code: 'CAPTCHA_FAILED' });
    expect(missing.json().errors[0].message).toMatch(/not a robot/);

    const forged = await sendHelpdesk({}, { captcha: Buffer.from('{"challenge":{},"solution":{}}').toString('base64') });
    expect(forged.statusCode).toBe(400);

    const solved = await solvedCaptcha();
    // The server checks the derived key against the challenge's key signature (ADR 0027).
    const tampered = JSON.parse(Buffer.from(solved, 'base64').toString()) as { solution: { derivedKey: string } };
    const key = tampered.solution.derivedKey;
    tampered.solution.derivedKey = `${key.startsWith('0') ? '1' : '0'}${key.slice(1)}`;
    const wrong = await sendHelpdesk({}, { captcha: Buffer.from(JSON.stringify(tampered)).toString('base64') });
    expect(wrong.statusCode).toBe(400);

    const first = await sendHelpdesk({}, { captcha: solved });
    expect(first.statusCode).toBe(200);
    const replay = await sendHelpdesk({}, { captcha: solved });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errors[0].code).toBe('CAPTCHA_FAILED');
  });

  it('answers bad input with the field it concerns', async () => {
    const res = await sendHelpdesk({ email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('email');
    const noTopic = await sendHelpdesk({ category_slug: 'no-such-topic' });
    expect(noTopic.statusCode).toBe(400);
    expect(noTopic.json().errors[0].field).toBe('category_slug');
  });

  it('puts a signed-in sender’s message into their inbox, without a token; a known address typed signed out waits for proof', async () => {
    const known = await sendHelpdesk({ email: 'LEARNER@example.com', message: 'From the known address' });
    const knownThread = known.json<{ data: { thread: WireThread } }>().data.thread;
    expect(knownThread.jwt).toBeTruthy();
    const signedIn = await sendHelpdesk({ email: 'learner@example.com', message: 'Signed in now' }, { token: learner.token });
    const signedInThread = signedIn.json<{ data: { thread: WireThread } }>().data.thread;
    expect(signedInThread.jwt).toBeUndefined();
    const list = await t.app.inject({ url: '/api/messages/threads', headers: bearer(learner.token) });
    const ids = list.json<{ data: { threads: WireThread[] } }>().data.threads.map((x) => x.id_thread);
    expect(ids).toContain(signedInThread.id_thread);
    // Anyone can type an address: that thread joins the inbox only through the e-mailed link (ADR 0045).
    expect(ids).not.toContain(knownThread.id_thread);
  });

  it('shows staff a signed-out sender as unverified even when the address has an account; a signed-in one as the account', async () => {
    const vera = await createUserWithSession(t.db, { email: 'vera@example.com', firstName: 'Vera' });
    const typed = await sendHelpdesk({ email: 'vera@example.com', message: 'Is this my account?' });
    const typedThread = typed.json<{ data: { thread: WireThread } }>().data.thread;
    const own = await sendHelpdesk({ email: 'someone-else@example.com', message: 'From my account' }, { token: vera.token });
    const ownThread = own.json<{ data: { thread: WireThread } }>().data.thread;
    type StaffView = { data: { thread: { sender: Record<string, unknown> } } };
    const staffGet = async (id: number) =>
      (await t.app.inject({ url: `/api/messages/staff/threads/${id}`, headers: bearer(staff.token) })).json<StaffView>().data;
    const unverified = await staffGet(typedThread.id_thread);
    expect(unverified.thread.sender).toMatchObject({
      id_user: null,
      email: 'vera@example.com',
      is_registered: false,
      email_verified: false,
    });
    // Nor is the message put in the account's name.
    const stored = await t.db
      .select({ idUser: tables.messages.idUser })
      .from(tables.messages)
      .where(eq(tables.messages.idThread, typedThread.id_thread));
    expect(stored).toEqual([{ idUser: null }]);
    // Nor does it reach the account's inbox before the address is proven (ADR 0045).
    const inbox = await t.app.inject({ url: '/api/messages/threads', headers: bearer(vera.token) });
    expect(inbox.json<{ data: { threads: WireThread[] } }>().data.threads.map((x) => x.id_thread)).not.toContain(
      typedThread.id_thread,
    );
    // Signed in, the sender is the account, at its own address rather than the one typed.
    const verified = await staffGet(ownThread.id_thread);
    expect(verified.thread.sender).toMatchObject({ id_user: vera.idUser, email: 'vera@example.com', is_registered: true });
  });

  it('limits submissions per e-mail and per IP', async () => {
    const email = 'busy@example.com';
    for (let i = 0; i < 5; i++) expect((await sendHelpdesk({ email })).statusCode).toBe(200);
    const limited = await sendHelpdesk({ email });
    expect(limited.statusCode).toBe(429);

    const ip = '10.9.9.9';
    for (let i = 0; i < 10; i++) expect((await sendHelpdesk({}, { ip, captcha: 'x' })).statusCode).toBe(400);
    // Failed captchas are not submissions; ten real ones are.
    for (let i = 0; i < 10; i++) expect((await sendHelpdesk({}, { ip })).statusCode).toBe(200);
    expect((await sendHelpdesk({}, { ip })).statusCode).toBe(429);
  });

  it('describes the form: the captcha in use and the topics', async () => {
    const res = await t.app.inject({ url: '/api/messages/helpdesks/form' });
    expect(res.json().data.form).toMatchObject({
      captcha: 'altcha',
      challenge_url: '/api/messages/helpdesks/challenge',
      recaptcha_site_key: null,
      categories: [{ category_slug: 'billing' }, { category_slug: 'technical' }],
    });
    // Google's hosts stay out of the content security policy unless CAPTCHA=recaptcha (ADR 0027).
    expect(res.headers['content-security-policy']).not.toContain('recaptcha');
  });
});

describe('thread tokens (ADR 0025)', () => {
  let thread: WireThread;
  let other: WireThread;
  beforeAll(async () => {
    thread = (await sendHelpdesk({ email: 'tok@example.com', first_name: 'Tia' })).json<{ data: { thread: WireThread } }>().data
      .thread;
    other = (await sendHelpdesk({ email: 'tok2@example.com' })).json<{ data: { thread: WireThread } }>().data.thread;
  });

  it('lets the holder read the thread and its messages, reply and mark it read', async () => {
    const base = `/api/messages/threads/${thread.id_thread}/${thread.jwt}`;
    const got = await t.app.inject({ url: base });
    expect(got.statusCode).toBe(200);
    expect(got.json().data.thread).toMatchObject({ id_thread: thread.id_thread, jwt: thread.jwt });
    const msgs = await t.app.inject({ url: `${base}/messages` });
    expect(msgs.json().data).toMatchObject({
      total: 1,
      messages: [{ first_name: 'Tia', message_content: 'My video will not play.' }],
    });
    const posted = await t.app.inject({ method: 'POST', url: `${base}/messages`, payload: { message_content: 'Still broken' } });
    expect(posted.statusCode).toBe(200);
    expect(posted.json().data.message).toMatchObject({
      first_name: 'Tia',
      email: 'tok@example.com',
      message_content: 'Still broken',
    });
    await staffReply(thread.id_thread, 'Try another browser');
    expect((await t.app.inject({ url: base })).json().data.thread.is_unread).toBe(true);
    const read = await t.app.inject({ method: 'PUT', url: `${base}/read` });
    expect(read.json().data.thread.is_unread).toBe(false);
  });

  it('refuses a tampered token, another thread’s token and a made-up one with a clear 403', async () => {
    const jwt = thread.jwt ?? '';
    const tampered = `${jwt.slice(0, -2)}${jwt.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const url of [
      `/api/messages/threads/${thread.id_thread}/${tampered}`,
      `/api/messages/threads/${thread.id_thread}/${other.jwt}`,
      `/api/messages/threads/${other.id_thread}/${jwt}`,
      `/api/messages/threads/${thread.id_thread}/nonsense`,
      `/api/messages/threads/${thread.id_thread}/${jwt}/messages`.replace(String(thread.id_thread), String(other.id_thread)),
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().errors[0].message).toMatch(/conversation link is not valid/);
    }
    const post = await t.app.inject({
      method: 'POST',
      url: `/api/messages/threads/${other.id_thread}/${jwt}/messages`,
      payload: { message_content: 'sneaky' },
    });
    expect(post.statusCode).toBe(403);
  });

  it('stops working once revoked by staff, and the next reply e-mails a fresh link', async () => {
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/messages/staff/threads/${other.id_thread}/tokens`,
      headers: bearer(staff.token),
    });
    // The form's token and the one e-mailed with the confirmation (ADR 0045).
    expect(revoke.json().data.revoked).toBe(2);
    expect((await t.app.inject({ url: `/api/messages/threads/${other.id_thread}/${other.jwt}` })).statusCode).toBe(403);
    await staffReply(other.id_thread, 'Here is a new link');
    await runDueJobs(t.app);
    const [tokenRow] = await t.db
      .select({ id: tables.threadTokens.idThreadToken })
      .from(tables.threadTokens)
      .where(eq(tables.threadTokens.idThread, other.id_thread))
      .orderBy(tables.threadTokens.idThreadToken);
    expect(tokenRow).toBeDefined();
    const mail = await t.app.inject({ url: '/api/dev/mail?to=tok2@example.com' });
    const text = (mail.json().data.messages as { subject: string; text: string }[]).find((m) => /New reply/.test(m.subject))
      ?.text as string;
    const link = /\/messages\/(\d+)\/(\S+)/.exec(text);
    expect(link?.[2]).not.toBe(other.jwt);
    expect((await t.app.inject({ url: `/api/messages/threads/${link?.[1]}/${link?.[2]}` })).statusCode).toBe(200);
  });

  it('is rebuilt only with the secret: a token signed with another key is refused', async () => {
    const forged = createThreadTokenString('another-secret-another-secret-0123456789', 1, thread.id_thread);
    expect((await t.app.inject({ url: `/api/messages/threads/${thread.id_thread}/${forged}` })).statusCode).toBe(403);
  });
});

describe('threads of a signed-in user', () => {
  let mine: WireThread;
  beforeAll(async () => {
    mine = (await sendHelpdesk({ email: 'member@example.com', message: 'Question about chords' }, { token: member.token })).json<{
      data: { thread: WireThread };
    }>().data.thread;
  });

  it('refuses signed-out callers, and another user’s thread as not theirs', async () => {
    expect((await t.app.inject({ url: '/api/messages/threads' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/messages/threads/unread/count' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/messages/threads/${mine.id_thread}` })).statusCode).toBe(401);
    for (const path of ['', '/messages']) {
      const res = await t.app.inject({ url: `/api/messages/threads/${mine.id_thread}${path}`, headers: bearer(learner.token) });
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0].code).toBe('THREAD_NOT_YOURS');
    }
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/messages/threads/${mine.id_thread}/read`,
      headers: bearer(learner.token),
    });
    expect(put.statusCode).toBe(403);
    const post = await t.app.inject({
      method: 'POST',
      url: `/api/messages/threads/${mine.id_thread}/messages`,
      headers: bearer(learner.token),
      payload: { message_content: 'not mine' },
    });
    expect(post.statusCode).toBe(403);
  });

  it('counts unread threads: up after a staff reply, down after reading', async () => {
    const count = async () =>
      (await t.app.inject({ url: '/api/messages/threads/unread/count', headers: bearer(member.token) })).json().data
        .count as number;
    expect(await count()).toBe(0);
    expect((await staffReply(mine.id_thread, 'Hello Morgan')).statusCode).toBe(200);
    expect(await count()).toBe(1);
    const thread = await t.app.inject({ url: `/api/messages/threads/${mine.id_thread}`, headers: bearer(member.token) });
    expect(thread.json().data.thread).toMatchObject({ is_unread: true, first_name_other: 'Sam', first_name_last: 'Sam' });
    const read = await t.app.inject({
      method: 'PUT',
      url: `/api/messages/threads/${mine.id_thread}/read`,
      headers: bearer(member.token),
    });
    expect(read.statusCode).toBe(200);
    expect(await count()).toBe(0);
  });

  it('names the other party for staff too: the sender, never the staff member reading', async () => {
    const sent = await sendHelpdesk({ email: 'member@example.com', message: 'Who am I talking to?' }, { token: member.token });
    const asked = sent.json<{ data: { thread: WireThread } }>().data.thread;
    expect((await staffReply(asked.id_thread, 'Anything else?')).statusCode).toBe(200);
    const [stored] = await t.db.select().from(tables.threads).where(eq(tables.threads.idThread, asked.id_thread));
    const sender = { first_name_other: stored!.senderFirstName, last_name_other: stored!.senderLastName };
    expect(sender.first_name_other).not.toBe('Sam');
    const list = await t.app.inject({ url: '/api/messages/threads', headers: bearer(staff.token) });
    const listed = (list.json().data.threads as WireThread[]).find((th) => th.id_thread === asked.id_thread);
    expect(listed).toMatchObject(sender);
    const one = await t.app.inject({ url: `/api/messages/threads/${asked.id_thread}`, headers: bearer(staff.token) });
    expect(one.json().data.thread).toMatchObject(sender);
    // The sender still sees the staff member.
    const theirs = await t.app.inject({ url: `/api/messages/threads/${asked.id_thread}`, headers: bearer(member.token) });
    expect(theirs.json().data.thread).toMatchObject({ first_name_other: 'Sam', last_name_other: 'Staff' });
  });

  it('refuses an empty message with a clear 400 and stores nothing', async () => {
    const before = await t.app.inject({ url: `/api/messages/threads/${mine.id_thread}/messages`, headers: bearer(member.token) });
    for (const payload of [{ message_content: '' }, { message_content: '   ' }, {}]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/messages/threads/${mine.id_thread}/messages`,
        headers: bearer(member.token),
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ message: 'Please enter a message.', field: 'message_content' });
    }
    const missingThread = await t.app.inject({
      method: 'POST',
      url: '/api/messages/threads/999999/messages',
      headers: bearer(member.token),
      payload: { message_content: 'hello' },
    });
    expect(missingThread.statusCode).toBe(404);
    const after = await t.app.inject({ url: `/api/messages/threads/${mine.id_thread}/messages`, headers: bearer(member.token) });
    expect(after.json().data.total).toBe(before.json().data.total);
  });

  it('pages messages by 35, newest first', async () => {
    for (let i = 0; i < 40; i++) {
      await t.app.inject({
        method: 'POST',
        url: `/api/messages/threads/${mine.id_thread}/messages`,
        headers: bearer(member.token),
        payload: { message_content: `note ${i}` },
      });
    }
    const page1 = await t.app.inject({ url: `/api/messages/threads/${mine.id_thread}/messages`, headers: bearer(member.token) });
    const body = page1.json().data;
    expect(body.messages).toHaveLength(35);
    expect(body.total).toBe(42);
    expect(body.messages[0].message_content).toBe('note 39');
    const page2 = await t.app.inject({
      url: `/api/messages/threads/${mine.id_thread}/messages?limit=35&offset=35`,
      headers: bearer(member.token),
    });
    expect(page2.json().data.messages).toHaveLength(7);
  });

  it('pages the thread list by 35 and searches it', async () => {
    const many = await createUserWithSession(t.db, { email: 'many@example.com', firstName: 'Max' });
    const now = new Date();
    const ids = await t.db
      .insert(tables.threads)
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          threadTitle: i === 7 ? 'Capo question' : `Thread ${i}`,
          threadLastMessage: `message ${i}`,
          threadEdited: new Date(now.getTime() - i * 1000),
        })),
      )
      .returning({ id: tables.threads.idThread });
    await t.db.insert(tables.participants).values(ids.map((r) => ({ idThread: r.id, idUser: many.idUser })));
    const page1 = await t.app.inject({ url: '/api/messages/threads', headers: bearer(many.token) });
    expect(page1.json().data.threads).toHaveLength(35);
    expect(page1.json().data.total).toBe(40);
    expect(page1.json().data.threads[0].thread_title).toBe('Thread 0');
    const page2 = await t.app.inject({ url: '/api/messages/threads?limit=35&offset=35', headers: bearer(many.token) });
    expect(page2.json().data.threads).toHaveLength(5);
    const search = await t.app.inject({ url: '/api/messages/threads?search=capo', headers: bearer(many.token) });
    expect(search.json().data).toMatchObject({ total: 1, threads: [{ thread_title: 'Capo question' }] });
    const filter = await t.app.inject({
      url: `/api/messages/threads?filter=${encodeURIComponent(JSON.stringify({ search: 'Capo' }))}`,
      headers: bearer(many.token),
    });
    expect(filter.json().data.total).toBe(1);
  });
});

describe('the staff inbox', () => {
  it('is refused to signed-out callers and to users outside the Staff group, on every call', async () => {
    const calls: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: Record<string, unknown> }[] = [
      { method: 'GET', url: '/api/messages/staff/threads' },
      { method: 'GET', url: '/api/messages/staff/members' },
      { method: 'GET', url: '/api/messages/staff/threads/1' },
      { method: 'GET', url: '/api/messages/staff/threads/1/messages' },
      { method: 'POST', url: '/api/messages/staff/threads/1/messages', payload: { message_content: 'x' } },
      { method: 'PUT', url: '/api/messages/staff/threads/1/resolved', payload: { thread_resolved: 'true' } },
      { method: 'PUT', url: '/api/messages/staff/threads/1/assignee', payload: { id_user_assigned: String(staff.idUser) } },
      { method: 'DELETE', url: '/api/messages/staff/threads/1/tokens' },
      // Bad input too: the role is checked before validation, so a refusal says nothing about it.
      { method: 'GET', url: '/api/messages/staff/threads/not-a-number' },
      { method: 'PUT', url: '/api/messages/staff/threads/1/assignee', payload: { id_user_assigned: 'nobody' } },
    ];
    const editor = await createUserWithSession(t.db, { roles: ['Editor'] });
    for (const c of calls) {
      expect((await t.app.inject(c)).statusCode, c.url).toBe(401);
      expect((await t.app.inject({ ...c, headers: bearer(learner.token) })).statusCode, c.url).toBe(403);
      expect((await t.app.inject({ ...c, headers: bearer(editor.token) })).statusCode, c.url).toBe(403);
    }
  });

  it('lists every helpdesk thread, unanswered first, with the sender’s details and membership status', async () => {
    const answered = (await sendHelpdesk({ email: 'answered@example.com' })).json().data.thread as WireThread;
    await staffReply(answered.id_thread, 'Done');
    const waiting = (await sendHelpdesk({ email: 'waiting@example.com', telephone: '0123', first_name: 'Wendy' })).json().data
      .thread as WireThread;
    const res = await t.app.inject({ url: '/api/messages/staff/threads?limit=100', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    const list = res.json().data.threads as {
      id_thread: number;
      thread_awaiting_staff: boolean;
      sender: Record<string, unknown>;
    }[];
    const firstAnswered = list.findIndex((x) => !x.thread_awaiting_staff);
    const lastWaiting = list.map((x) => x.thread_awaiting_staff).lastIndexOf(true);
    expect(lastWaiting).toBeLessThan(firstAnswered);
    expect(list.find((x) => x.id_thread === waiting.id_thread)?.sender).toEqual({
      id_user: null,
      first_name: 'Wendy',
      last_name: 'Visitor',
      email: 'waiting@example.com',
      telephone: '0123',
      has_aaa_membership: false,
      is_registered: false,
      email_verified: false,
    });
  });

  it('replies as staff and e-mails the visitor a token link with the unsubscribe links', async () => {
    const visitor = (await sendHelpdesk({ email: 'reply-me@example.com', first_name: 'Rae' })).json().data.thread as WireThread;
    const reply = await staffReply(visitor.id_thread, 'We have fixed it <b>now</b>');
    expect(reply.json().data.message).toMatchObject({ first_name: 'Sam', message_content: 'We have fixed it <b>now</b>' });
    await runDueJobs(t.app);
    const mails = (await t.app.inject({ url: '/api/dev/mail?to=reply-me@example.com' })).json().data.messages as {
      subject: string;
      text: string;
      html: string;
      headers: Record<string, string>;
    }[];
    const mail = mails.find((m) => /New reply/.test(m.subject))!;
    const receipt = mails.find((m) => /received your message/.test(m.subject))!;
    // The link e-mailed with the confirmation, never the form's (ADR 0045): following it proves the address.
    const emailed = /\/messages\/\d+\/\S+/.exec(receipt.text)?.[0];
    expect(emailed).toMatch(new RegExp(`^/messages/${visitor.id_thread}/`));
    expect(mail.text).toContain(emailed);
    expect(mail.text).not.toContain(`${visitor.jwt}`);
    expect(mail.text).toMatch(/\/unsubscribe\/reply-me%40example\.com\//);
    expect(mail.text).toMatch(/\/unsubscribe-mailers\//);
    expect(mail.headers['List-Unsubscribe']).toBeTruthy();
    expect(mail.html).toContain('&lt;b&gt;now&lt;/b&gt;');
    const empty = await staffReply(visitor.id_thread, '  ');
    expect(empty.statusCode).toBe(400);
  });

  it('greets the sender by their capitalised first name and signs with the staff member’s, as every page writes names', async () => {
    const lower = await createUserWithSession(t.db, { email: 'lower-staff@example.com', firstName: 'robin', roles: ['Staff'] });
    const visitor = (await sendHelpdesk({ email: 'lower-case@example.com', first_name: 'jamie', last_name: 'harrison' })).json()
      .data.thread as WireThread;
    await t.app.inject({
      method: 'POST',
      url: `/api/messages/staff/threads/${visitor.id_thread}/messages`,
      headers: bearer(lower.token),
      payload: { message_content: 'Sorted.' },
    });
    await runDueJobs(t.app);
    const mails = (await t.app.inject({ url: '/api/dev/mail?to=lower-case@example.com' })).json().data.messages as Array<{
      text: string;
      html: string;
    }>;
    expect(mails.length).toBe(2);
    for (const m of mails) expect(m.text).toContain('Hi Jamie,');
    const mail = mails.find((m) => m.text.includes('has replied'));
    if (!mail) throw new Error('no reply e-mail');
    expect(mail.text).toContain('Robin from the Fretline team has replied');
    expect(mail.html).toContain('Hi Jamie,');
  });

  it('e-mails a registered sender a link to their inbox', async () => {
    const own = (await sendHelpdesk({ email: 'learner@example.com' }, { token: learner.token })).json().data.thread as WireThread;
    await staffReply(own.id_thread, 'Hi Lee');
    await runDueJobs(t.app);
    const mail = (await t.app.inject({ url: '/api/dev/mail?to=learner@example.com' })).json().data.messages[0];
    expect(mail.text).toMatch(new RegExp(`/messages/${own.id_thread}(\\s|$)`, 'm'));
  });

  it('does not e-mail a registered sender who turned e-mail notifications off; the reply waits in their inbox', async () => {
    const own = (await sendHelpdesk({ email: 'learner@example.com' }, { token: learner.token })).json().data.thread as WireThread;
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/me/notifications-mailers',
      headers: bearer(learner.token),
      payload: { notifications_mailers: false, notifications_emails: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const mailCount = async () =>
      (await t.app.inject({ url: '/api/dev/mail?to=learner@example.com' })).json<{ data: { messages: unknown[] } }>().data
        .messages.length;
    const before = await mailCount();
    await staffReply(own.id_thread, 'Answered in your inbox');
    await runDueJobs(t.app);
    expect(await mailCount()).toBe(before);
    const unread = await t.app.inject({ url: '/api/messages/threads/unread/count', headers: bearer(learner.token) });
    expect(unread.json().data.count).toBeGreaterThan(0);
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/me/notifications-mailers',
      headers: bearer(learner.token),
      payload: { notifications_mailers: true, notifications_emails: true },
    });
  });

  it('resolves and reopens a thread, and a new message from the sender reopens it too', async () => {
    const th = (await sendHelpdesk({})).json().data.thread as WireThread;
    const url = `/api/messages/staff/threads/${th.id_thread}/resolved`;
    const resolved = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(staff.token),
      payload: { thread_resolved: 'true' },
    });
    expect(resolved.json().data.thread.thread_resolved).toBe(true);
    const open = await t.app.inject({ url: '/api/messages/staff/threads?limit=100', headers: bearer(staff.token) });
    expect(open.json<{ data: { threads: WireThread[] } }>().data.threads.map((x) => x.id_thread)).not.toContain(th.id_thread);
    const done = await t.app.inject({ url: '/api/messages/staff/threads?status=resolved', headers: bearer(staff.token) });
    expect(done.json<{ data: { threads: WireThread[] } }>().data.threads.map((x) => x.id_thread)).toContain(th.id_thread);
    await t.app.inject({
      method: 'POST',
      url: `/api/messages/threads/${th.id_thread}/${th.jwt}/messages`,
      payload: { message_content: 'One more thing' },
    });
    const again = await t.app.inject({ url: `/api/messages/staff/threads/${th.id_thread}`, headers: bearer(staff.token) });
    expect(again.json().data.thread).toMatchObject({ thread_resolved: false, thread_awaiting_staff: true });
    const reopened = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(staff.token),
      payload: { thread_resolved: 'false' },
    });
    expect(reopened.json().data.thread.thread_resolved).toBe(false);
  });

  it('assigns a thread to a member of staff only', async () => {
    const th = (await sendHelpdesk({})).json().data.thread as WireThread;
    const url = `/api/messages/staff/threads/${th.id_thread}/assignee`;
    const ok = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(staff.token),
      payload: { id_user_assigned: String(admin.idUser) },
    });
    expect(ok.json().data.thread).toMatchObject({ id_user_assigned: admin.idUser, assigned_first_name: 'Alex' });
    const bad = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(staff.token),
      payload: { id_user_assigned: String(learner.idUser) },
    });
    expect(bad.statusCode).toBe(400);
    const none = await t.app.inject({ method: 'PUT', url, headers: bearer(staff.token), payload: { id_user_assigned: '' } });
    expect(none.json().data.thread.id_user_assigned).toBeNull();
    const members = await t.app.inject({ url: '/api/messages/staff/members', headers: bearer(staff.token) });
    expect(members.json<{ data: { staff: { id_user: number }[] } }>().data.staff.map((m) => m.id_user)).toEqual(
      expect.arrayContaining([staff.idUser, admin.idUser]),
    );
    const missing = await t.app.inject({ url: '/api/messages/staff/threads/999999', headers: bearer(staff.token) });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the unread count with Redis (REDIS_URL)', () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await createTestApp({ config: { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', CAPTCHA: 'off' } });
  });
  afterAll(async () => {
    await r.close();
  });

  it('is shared through Redis and forgotten when a reply or a read changes it', async () => {
    const reader = await createUserWithSession(r.db, { email: 'redis-reader@example.com' });
    const helper = await createUserWithSession(r.db, { roles: ['Staff'] });
    const redis = r.app.redis;
    expect(redis).not.toBeNull();
    const key = `fretline:messages:unread:${reader.idUser}`;
    await redis?.del(key);
    const sent = await r.app.inject({
      method: 'POST',
      url: '/api/messages/helpdesks',
      headers: bearer(reader.token),
      payload: { first_name: 'Rita', email: 'redis-reader@example.com', message: 'Hello' },
    });
    const idThread = sent.json<{ data: { thread: WireThread } }>().data.thread.id_thread;
    const count = async () =>
      (await r.app.inject({ url: '/api/messages/threads/unread/count', headers: bearer(reader.token) })).json().data
        .count as number;
    expect(await count()).toBe(0);
    expect(await redis?.get(key)).toBe('0');
    await r.app.inject({
      method: 'POST',
      url: `/api/messages/staff/threads/${idThread}/messages`,
      headers: bearer(helper.token),
      payload: { message_content: 'Hi Rita' },
    });
    expect(await redis?.get(key)).toBeNull();
    expect(await count()).toBe(1);
    await r.app.inject({ method: 'PUT', url: `/api/messages/threads/${idThread}/read`, headers: bearer(reader.token) });
    expect(await count()).toBe(0);
  });
});
