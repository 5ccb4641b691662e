import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HelpdeskForm, Message, StaffThread, Thread } from '@fretline/contract';
import type { Database } from '@fretline/db';
import { AppError, badRequest, forbidden, notFound, unauthorized } from '../../plugins/errors.ts';
import { findAccountByEmail, findAccountContacts, listAccountsInRoleGroup } from '../auth/index.ts';
import { getMembership } from '../finance/index.ts';
import { CAPTCHA_FAILED_TEXT, verifyCaptcha } from './captcha.ts';
import { countHelpdesk, requireHelpdeskAllowed } from './helpdesk-limits.ts';
import * as repo from './messages.repository.ts';
import type { MessageRow, ParticipantThreadRow, StaffThreadRecord, ThreadRow } from './messages.repository.ts';
import { notifyStaffOfNewMessage, queueHelpdeskReceipt } from './notify.ts';
import { createThreadTokenString, verifyThreadTokenString } from './thread-tokens.ts';
import { forgetUnreadCounts } from './unread-cache.ts';

/** Texts of the refusals a thread token can get (ADR 0025): clear, and the same for every cause. */
const THREAD_TOKEN_REFUSED = 'This conversation link is not valid any more. Please sign in, or contact the helpdesk again.';
const EMPTY_MESSAGE_TEXT = 'Please enter a message.';
/** A signed-in reader opening a thread that exists but is not theirs: the page says so plainly. */
const THREAD_NOT_YOURS = 'This conversation belongs to another account.';

/** Who is reading a thread: a participant (signed in) or the holder of a thread token. */
type Reader =
  | { kind: 'user'; idUser: number; firstName: string | null; lastName: string | null; email: string }
  | { kind: 'token'; idThreadToken: number; token: string; emailed: boolean };

export interface ThreadAccess {
  thread: ThreadRow;
  reader: Reader;
  lastReadTimestamp: Date | null;
  unread: boolean;
}

/**
 * Thread as one reader sees it (product.md#entities): the "other person" is the staff for the sender, and the
 * sender for anyone else (staff, whether in their inbox or in /messages as a participant).
 */
function toWireThread(
  row: ThreadRow,
  view: { lastRead: Date | null; unread: boolean; jwt?: string; asStaff?: boolean; senderVerified?: boolean },
): Thread {
  const other = view.asStaff
    ? { first: row.senderFirstName, last: row.senderLastName }
    : { first: row.staffFirstName, last: row.staffLastName };
  return {
    id_thread: row.idThread,
    thread_title: row.threadTitle,
    private_thread: row.privateThread,
    first_name_other: row.privateThread ? other.first : null,
    last_name_other: row.privateThread ? other.last : null,
    first_name_last: row.firstNameLast,
    thread_edited: row.threadEdited,
    last_read_timestamp: view.lastRead,
    ...(view.jwt !== undefined ? { jwt: view.jwt } : {}),
    ...(view.senderVerified !== undefined ? { sender_verified: view.senderVerified } : {}),
    thread_last_message: row.threadLastMessage,
    is_unread: view.unread,
  };
}

export function toWireMessage(row: MessageRow): Message {
  return {
    id_message: row.idMessage,
    message_created: row.messageCreated,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    message_content: row.messageContent,
  };
}

/** ADR 0045: a signed-in sender's address is their account's; a signed-out one's once the e-mailed link was followed. */
function senderVerified(row: ThreadRow): boolean {
  return row.idUserSender !== null || row.senderEmailVerified !== null;
}

/** A participant other than the sender reads the thread as staff do: the other party is the sender. */
function participantView(row: ParticipantThreadRow, idUser: number) {
  return { lastRead: row.lastReadTimestamp, unread: row.participantUnread, asStaff: row.idUserSender !== idUser };
}

/**
 * Resolves who may read thread `idThread`: with a token, only its holder (ADR 0025); otherwise a
 * signed-in participant. Another user's thread is a 403 saying so (the page explains it and offers
 * to switch account); one that does not exist a 404.
 */
export async function requireThreadAccess(
  app: FastifyInstance,
  request: FastifyRequest,
  idThread: number,
  token?: string,
): Promise<ThreadAccess> {
  if (token !== undefined) {
    const idThreadToken = verifyThreadTokenString(app.config.SECRET_KEY, token, idThread);
    const live = idThreadToken === undefined ? undefined : await repo.findLiveThreadToken(app.db, idThreadToken, idThread);
    const thread = live ? await repo.findThread(app.db, idThread) : undefined;
    if (!live || !thread) throw forbidden(THREAD_TOKEN_REFUSED);
    const lastRead = live.lastReadTimestamp;
    return {
      thread,
      reader: { kind: 'token', idThreadToken: live.idThreadToken, token, emailed: live.tokenEmailed },
      lastReadTimestamp: lastRead,
      unread: !lastRead || thread.threadEdited.getTime() > lastRead.getTime(),
    };
  }
  const auth = request.auth;
  if (!auth) throw unauthorized('Please sign in to read this conversation.');
  const row = await repo.findParticipantThread(app.db, idThread, auth.user.idUser);
  if (!row) {
    if (await repo.findThread(app.db, idThread)) throw new AppError('THREAD_NOT_YOURS', 403, THREAD_NOT_YOURS);
    throw notFound();
  }
  return {
    thread: row,
    reader: {
      kind: 'user',
      idUser: auth.user.idUser,
      firstName: auth.user.firstName,
      lastName: auth.user.lastName,
      email: auth.user.email,
    },
    lastReadTimestamp: row.lastReadTimestamp,
    unread: row.participantUnread,
  };
}

export function accessToWire(access: ThreadAccess): Thread {
  return toWireThread(access.thread, {
    lastRead: access.lastReadTimestamp,
    unread: access.unread,
    asStaff: access.reader.kind === 'user' && access.reader.idUser !== access.thread.idUserSender,
    ...(access.reader.kind === 'token' ? { jwt: access.reader.token, senderVerified: senderVerified(access.thread) } : {}),
  });
}

/**
 * ADR 0045: the holder of a token that was e-mailed to the sender's address has proven it. The
 * thread is marked verified, the form's token (which anyone who typed the address holds) stops
 * working, and the account with that address, if any, gets the thread in its inbox. Called from
 * the browser after the page has loaded, or by a reply sent with the token; never by a bare GET,
 * which a mail scanner makes (ADR 0010). Any other reader changes nothing.
 */
export async function verifySenderAddress(app: FastifyInstance, access: ThreadAccess): Promise<ThreadAccess> {
  const thread = access.thread;
  if (access.reader.kind !== 'token' || !access.reader.emailed || thread.idUserSender !== null) return access;
  const now = app.clock();
  const owner = thread.senderEmail ? await findAccountByEmail(app.db, thread.senderEmail) : undefined;
  await app.db.transaction(async (tx) => {
    await repo.markSenderVerified(tx, thread.idThread, now);
    if (owner) {
      await repo.addParticipant(tx, thread.idThread, owner.idUser, now, false);
      await repo.linkHelpdeskUser(tx, thread.idThread, owner.idUser);
    }
  });
  if (owner) await forgetUnreadCounts(app, [owner.idUser]);
  return { ...access, thread: { ...thread, senderEmailVerified: thread.senderEmailVerified ?? now } };
}

export async function listThreadsFor(db: Database, idUser: number, page: { limit: number; offset: number; search?: string }) {
  const { rows, total } = await repo.listParticipantThreads(db, idUser, page);
  return { threads: rows.map((r) => toWireThread(r, participantView(r, idUser))), total };
}

export async function markRead(app: FastifyInstance, access: ThreadAccess): Promise<Thread> {
  const now = app.clock();
  if (access.reader.kind === 'user') {
    await repo.markParticipantRead(app.db, access.thread.idThread, access.reader.idUser, now);
    await forgetUnreadCounts(app, [access.reader.idUser]);
  } else {
    await repo.markTokenRead(app.db, access.reader.idThreadToken, now);
  }
  return accessToWire({ ...access, lastReadTimestamp: now, unread: false });
}

/** Sending does nothing without a thread or text (product.md#validation) — a clear 400, nothing stored. */
export function requireMessageText(content: string | undefined | null): string {
  const text = (content ?? '').trim();
  if (!text) throw badRequest(EMPTY_MESSAGE_TEXT, 'message_content', 'MESSAGE_EMPTY');
  return text;
}

/** A reply from the thread's sender side (a participant or a token holder). */
export async function postReaderMessage(
  app: FastifyInstance,
  access: ThreadAccess,
  content: string,
  { viaEmail = false }: { viaEmail?: boolean } = {},
): Promise<Message> {
  const text = requireMessageText(content);
  const now = app.clock();
  const thread = access.thread;
  const author =
    access.reader.kind === 'user'
      ? {
          idUser: access.reader.idUser,
          firstName: access.reader.firstName,
          lastName: access.reader.lastName,
          email: access.reader.email,
        }
      : { idUser: null, firstName: thread.senderFirstName, lastName: thread.senderLastName, email: thread.senderEmail };
  const row = await app.db.transaction(async (tx) => {
    const m = await repo.insertMessage(tx, {
      idThread: thread.idThread,
      ...author,
      content: text,
      fromStaff: false,
      viaEmail,
      now,
    });
    if (access.reader.kind === 'token') await repo.markTokenRead(tx, access.reader.idThreadToken, now);
    if (thread.threadHelpdesk) await notifyStaffOfNewMessage(app, tx, thread, { authorName: author.firstName, content: text });
    return m;
  });
  await forgetThreadUnreadCounts(app, thread.idThread);
  // Sending from the e-mailed link is an explicit press: it proves the address too. An answer by
  // e-mail does not (its From can be forged, ADR 0072): it is only marked for staff.
  if (!viaEmail) await verifySenderAddress(app, access);
  return toWireMessage(row);
}

/** After a message: every participant's count may have changed (ADR 0026). */
export async function forgetThreadUnreadCounts(app: FastifyInstance, idThread: number): Promise<void> {
  await forgetUnreadCounts(app, await repo.listParticipantIds(app.db, idThread));
}

// ---- helpdesk ----

export async function createHelpdesk(
  app: FastifyInstance,
  request: FastifyRequest,
  form: HelpdeskForm & { category_slug?: string | null | undefined },
): Promise<Thread> {
  const now = app.clock();
  const auth = request.auth;
  // A signed-in sender writes as their account: its address, whatever the form's box says, so the
  // per-address limit, the staff view and the reply e-mail all see one address.
  const email = auth ? auth.user.email : form.email;
  await requireHelpdeskAllowed(app.db, { ip: request.ip, email }, now);

  const captcha = await verifyCaptcha(app.config, form.recaptcha_response, request.ip);
  if (!captcha.ok) {
    request.log.info({ reason: captcha.reason }, 'helpdesk captcha refused');
    throw badRequest(CAPTCHA_FAILED_TEXT, 'recaptcha_response', 'CAPTCHA_FAILED');
  }

  const categories = await repo.listHelpdeskCategories(app.db);
  const category = form.category_slug ? categories.find((c) => c.categorySlug === form.category_slug) : undefined;
  if (form.category_slug && !category) throw badRequest('Please choose one of the listed topics.', 'category_slug');

  // Only a signed-in sender is the thread's sender and joins an inbox now. Anyone can type an
  // address, so a signed-out one stays unverified (no account, no membership shown to staff, the
  // message not in the account's name) and reaches that address's inbox only once the link we
  // e-mail there is followed (ADR 0045).
  const verified = auth ? auth.user.idUser : null;
  const title = category ? `Helpdesk: ${category.categoryName}` : 'Helpdesk';

  const result = await app.db.transaction(async (tx) => {
    if (captcha.challengeId && !(await repo.spendCaptchaChallenge(tx, captcha.challengeId, now)))
      throw badRequest(CAPTCHA_FAILED_TEXT, 'recaptcha_response', 'CAPTCHA_FAILED');
    const idThread = await repo.insertThread(tx, {
      title,
      privateThread: true,
      helpdesk: true,
      idUserSender: verified,
      senderFirstName: form.first_name,
      senderLastName: form.last_name ?? null,
      senderEmail: email,
      senderEmailVerified: auth ? now : null,
      idHelpdeskCategory: category?.idHelpdeskCategory ?? null,
      now,
    });
    await repo.insertHelpdesk(tx, {
      idThread,
      idHelpdeskCategory: category?.idHelpdeskCategory ?? null,
      idUser: verified,
      firstName: form.first_name,
      lastName: form.last_name ?? null,
      email,
      telephone: form.telephone ?? null,
      message: form.message,
      notificationsMailers: form.notifications_mailers,
      consentMethod: form.consent_method ?? null,
      consentTitle: form.consent_title ?? null,
      consentText: form.consent_text ?? null,
      consentInfo: form.consent_info ?? null,
      permissions: form.permissions,
      helpdeskIp: request.ip,
      helpdeskCreated: now,
    });
    if (verified !== null) await repo.addParticipant(tx, idThread, verified, now, false);
    await repo.insertMessage(tx, {
      idThread,
      idUser: verified,
      firstName: auth?.user.firstName ?? form.first_name,
      lastName: auth?.user.lastName ?? form.last_name ?? null,
      email,
      content: form.message,
      fromStaff: false,
      now,
    });
    // A signed-out sender gets a token to reach the thread without an account (product.md#roles), and an
    // e-mail with another one, so leaving the page does not lose the conversation; only that one
    // proves the address (ADR 0045).
    let idThreadToken: number | undefined;
    if (!auth) {
      idThreadToken = await repo.createThreadTokenRow(tx, idThread, now, false);
      const idEmailedToken = await repo.createThreadTokenRow(tx, idThread, now, true);
      await queueHelpdeskReceipt(app, tx, {
        to: email,
        firstName: form.first_name,
        title,
        message: form.message,
        link: `${app.config.SITE_URL}/messages/${idThread}/${createThreadTokenString(app.config.SECRET_KEY, idEmailedToken, idThread)}`,
      });
    }
    await notifyStaffOfNewMessage(
      app,
      tx,
      { idThread, idUserAssigned: null, threadTitle: title },
      { authorName: auth?.user.firstName ?? form.first_name, content: form.message },
    );
    // Last, so the counters stay locked only briefly; over the limit rolls all of this back.
    await countHelpdesk(tx, { ip: request.ip, email }, now);
    return { idThread, idThreadToken };
  });
  const thread = await repo.findThread(app.db, result.idThread);
  if (!thread) throw notFound();
  const jwt =
    result.idThreadToken === undefined
      ? undefined
      : createThreadTokenString(app.config.SECRET_KEY, result.idThreadToken, result.idThread);
  return toWireThread(thread, { lastRead: now, unread: false, ...(jwt ? { jwt, senderVerified: senderVerified(thread) } : {}) });
}

// ---- staff ----

/** A staff inbox thread with the sender's and the assignee's account fields (auth's). */
export interface StaffThreadRow extends StaffThreadRecord {
  assignedFirstName: string | null;
  assignedLastName: string | null;
  senderTelephone: string | null;
  senderUserEmail: string | null;
  senderUserFirstName: string | null;
  senderUserLastName: string | null;
}

/** Adds the account fields to the threads, asking auth once for every account they name (ADR 0050). */
async function withAccounts(db: Database, records: StaffThreadRecord[]): Promise<StaffThreadRow[]> {
  const ids = records.flatMap((r) => [r.idUserSender, r.idUserAssigned].filter((id): id is number => id !== null));
  const accounts = await findAccountContacts(db, ids);
  return records.map((r) => {
    const sender = r.idUserSender === null ? undefined : accounts.get(r.idUserSender);
    const assigned = r.idUserAssigned === null ? undefined : accounts.get(r.idUserAssigned);
    return {
      ...r,
      assignedFirstName: assigned?.firstName ?? null,
      assignedLastName: assigned?.lastName ?? null,
      senderTelephone: r.helpdeskTelephone ?? sender?.telephone ?? null,
      senderUserEmail: sender?.email ?? null,
      senderUserFirstName: sender?.firstName ?? null,
      senderUserLastName: sender?.lastName ?? null,
    };
  });
}

/** Every helpdesk thread, a page of them, with their account fields (see repo.listStaffThreads). */
export async function listStaffThreads(
  db: Database,
  page: Parameters<typeof repo.listStaffThreads>[1],
): Promise<{ rows: StaffThreadRow[]; total: number }> {
  const { rows, total } = await repo.listStaffThreads(db, page);
  return { rows: await withAccounts(db, rows), total };
}

/** The members of staff a thread may be assigned to. */
export function listStaffMembers(db: Database) {
  return listAccountsInRoleGroup(db, 'Staff');
}

export async function isStaffMember(db: Database, idUser: number): Promise<boolean> {
  const rows = await listStaffMembers(db);
  return rows.some((r) => r.idUser === idUser);
}

export async function toStaffThread(db: Database, row: StaffThreadRow, now: Date): Promise<StaffThread> {
  const membership = row.idUserSender ? await getMembership(db, row.idUserSender, now) : { hasMembership: false };
  return {
    ...toWireThread(row, { lastRead: null, unread: row.threadAwaitingStaff && !row.threadResolved, asStaff: true }),
    thread_created: row.threadCreated,
    thread_helpdesk: row.threadHelpdesk,
    thread_resolved: row.threadResolved,
    thread_awaiting_staff: row.threadAwaitingStaff,
    id_user_assigned: row.idUserAssigned,
    assigned_first_name: row.assignedFirstName,
    assigned_last_name: row.assignedLastName,
    category_name: row.categoryName,
    sender: {
      id_user: row.idUserSender,
      first_name: row.senderFirstName ?? row.senderUserFirstName,
      last_name: row.senderLastName ?? row.senderUserLastName,
      email: row.senderEmail ?? row.senderUserEmail,
      telephone: row.senderTelephone,
      has_aaa_membership: membership.hasMembership,
      is_registered: row.idUserSender !== null,
      email_verified: senderVerified(row),
    },
  };
}

export async function requireStaffThread(db: Database, idThread: number): Promise<StaffThreadRow> {
  const row = await repo.findStaffThread(db, idThread);
  if (!row) throw notFound();
  const [withFields] = await withAccounts(db, [row]);
  return withFields!;
}
