import { and, asc, desc, eq, gt, ilike, isNull, ne, or, sql, tables, type Database, type SQL } from '@fretline/db';
import { containsPattern } from '../../platform/like-pattern.ts';

const {
  threads,
  participants,
  messages,
  helpdesks,
  helpdeskCategories,
  threadTokens,
  captchaUses,
  savedReplies,
  replyPresence,
  staffNotificationPrefs,
} = tables;

/** One indexed lookup (ADR 0026): an index-only count over the partial index `participants_unread_idx`. */
export async function countUnreadThreads(db: Database, idUser: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(participants)
    .where(and(eq(participants.idUser, idUser), eq(participants.participantUnread, true)));
  return row?.n ?? 0;
}

const threadColumns = {
  idThread: threads.idThread,
  threadTitle: threads.threadTitle,
  privateThread: threads.privateThread,
  threadHelpdesk: threads.threadHelpdesk,
  idUserSender: threads.idUserSender,
  senderFirstName: threads.senderFirstName,
  senderLastName: threads.senderLastName,
  senderEmail: threads.senderEmail,
  senderEmailVerified: threads.senderEmailVerified,
  staffFirstName: threads.staffFirstName,
  staffLastName: threads.staffLastName,
  firstNameLast: threads.firstNameLast,
  threadEdited: threads.threadEdited,
  threadCreated: threads.threadCreated,
  threadLastMessage: threads.threadLastMessage,
  threadAwaitingStaff: threads.threadAwaitingStaff,
  threadResolved: threads.threadResolved,
  idUserAssigned: threads.idUserAssigned,
  idHelpdeskCategory: threads.idHelpdeskCategory,
};
export interface ThreadRow {
  idThread: number;
  threadTitle: string | null;
  privateThread: boolean;
  threadHelpdesk: boolean;
  idUserSender: number | null;
  senderFirstName: string | null;
  senderLastName: string | null;
  senderEmail: string | null;
  senderEmailVerified: Date | null;
  staffFirstName: string | null;
  staffLastName: string | null;
  firstNameLast: string | null;
  threadEdited: Date;
  threadCreated: Date;
  threadLastMessage: string | null;
  threadAwaitingStaff: boolean;
  threadResolved: boolean;
  idUserAssigned: number | null;
  idHelpdeskCategory: number | null;
}

export interface ParticipantThreadRow extends ThreadRow {
  lastReadTimestamp: Date | null;
  participantUnread: boolean;
}

function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(
    ilike(threads.threadTitle, pattern),
    ilike(threads.threadLastMessage, pattern),
    ilike(threads.staffFirstName, pattern),
    ilike(threads.staffLastName, pattern),
    ilike(threads.senderFirstName, pattern),
    ilike(threads.senderLastName, pattern),
    ilike(threads.senderEmail, pattern),
  );
}

/** The reader's threads, newest activity first (GET threads, product.md#calls; pages of 35, product.md#constants). */
export async function listParticipantThreads(
  db: Database,
  idUser: number,
  page: { limit: number; offset: number; search?: string | undefined },
): Promise<{ rows: ParticipantThreadRow[]; total: number }> {
  const where = and(eq(participants.idUser, idUser), searchCondition(page.search));
  const rows = await db
    .select({
      ...threadColumns,
      lastReadTimestamp: participants.lastReadTimestamp,
      participantUnread: participants.participantUnread,
    })
    .from(participants)
    .innerJoin(threads, eq(threads.idThread, participants.idThread))
    .where(where)
    .orderBy(desc(threads.threadEdited), desc(threads.idThread))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(participants)
    .innerJoin(threads, eq(threads.idThread, participants.idThread))
    .where(where);
  return { rows: rows, total: count?.n ?? 0 };
}

export async function findParticipantThread(
  db: Database,
  idThread: number,
  idUser: number,
): Promise<ParticipantThreadRow | undefined> {
  const [row] = await db
    .select({
      ...threadColumns,
      lastReadTimestamp: participants.lastReadTimestamp,
      participantUnread: participants.participantUnread,
    })
    .from(participants)
    .innerJoin(threads, eq(threads.idThread, participants.idThread))
    .where(and(eq(participants.idThread, idThread), eq(participants.idUser, idUser)))
    .limit(1);
  return row;
}

export async function findThread(db: Database, idThread: number): Promise<ThreadRow | undefined> {
  const [row] = await db.select(threadColumns).from(threads).where(eq(threads.idThread, idThread)).limit(1);
  return row;
}

/** A live (not revoked) token row for this thread. */
export async function findLiveThreadToken(
  db: Database,
  idThreadToken: number,
  idThread: number,
): Promise<{ idThreadToken: number; lastReadTimestamp: Date | null; tokenEmailed: boolean } | undefined> {
  const [row] = await db
    .select({
      idThreadToken: threadTokens.idThreadToken,
      lastReadTimestamp: threadTokens.lastReadTimestamp,
      tokenEmailed: threadTokens.tokenEmailed,
    })
    .from(threadTokens)
    .where(
      and(eq(threadTokens.idThreadToken, idThreadToken), eq(threadTokens.idThread, idThread), isNull(threadTokens.tokenRevoked)),
    )
    .limit(1);
  return row;
}

/** The newest live token that was e-mailed to the sender's address (ADR 0045), to e-mail again. */
export async function findNewestEmailedTokenId(db: Database, idThread: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: threadTokens.idThreadToken })
    .from(threadTokens)
    .where(and(eq(threadTokens.idThread, idThread), isNull(threadTokens.tokenRevoked), eq(threadTokens.tokenEmailed, true)))
    .orderBy(desc(threadTokens.idThreadToken))
    .limit(1);
  return row?.id;
}

/** `emailed`: the token goes out by e-mail to the sender's address, so its holder proves the address. */
export async function createThreadTokenRow(db: Database, idThread: number, now: Date, emailed: boolean): Promise<number> {
  const [row] = await db
    .insert(threadTokens)
    .values({ idThread, tokenCreated: now, lastReadTimestamp: now, tokenEmailed: emailed })
    .returning({ id: threadTokens.idThreadToken });
  if (!row) throw new Error('thread token not created');
  return row.id;
}

export async function revokeThreadTokens(db: Database, idThread: number, now: Date): Promise<number> {
  const rows = await db
    .update(threadTokens)
    .set({ tokenRevoked: now })
    .where(and(eq(threadTokens.idThread, idThread), isNull(threadTokens.tokenRevoked)))
    .returning({ id: threadTokens.idThreadToken });
  return rows.length;
}

/**
 * The sender proved their address (ADR 0045): the thread says so from now on, and the tokens that
 * proved nothing (the form's) stop working, so whoever typed the address reads no more of it.
 */
export async function markSenderVerified(db: Database, idThread: number, now: Date): Promise<void> {
  await db
    .update(threads)
    .set({ senderEmailVerified: now })
    .where(and(eq(threads.idThread, idThread), isNull(threads.senderEmailVerified)));
  await db
    .update(threadTokens)
    .set({ tokenRevoked: now })
    .where(and(eq(threadTokens.idThread, idThread), isNull(threadTokens.tokenRevoked), eq(threadTokens.tokenEmailed, false)));
}

/** The proven account of a signed-out helpdesk message, once its address is proven. */
export async function linkHelpdeskUser(db: Database, idThread: number, idUser: number): Promise<void> {
  await db
    .update(helpdesks)
    .set({ idUser })
    .where(and(eq(helpdesks.idThread, idThread), isNull(helpdesks.idUser)));
}

export async function markTokenRead(db: Database, idThreadToken: number, now: Date): Promise<void> {
  await db.update(threadTokens).set({ lastReadTimestamp: now }).where(eq(threadTokens.idThreadToken, idThreadToken));
}

export async function listParticipantIds(db: Database, idThread: number): Promise<number[]> {
  const rows = await db.select({ idUser: participants.idUser }).from(participants).where(eq(participants.idThread, idThread));
  return rows.map((r) => r.idUser);
}

export async function markParticipantRead(db: Database, idThread: number, idUser: number, now: Date): Promise<void> {
  await db
    .update(participants)
    .set({ lastReadTimestamp: now, participantUnread: false })
    .where(and(eq(participants.idThread, idThread), eq(participants.idUser, idUser)));
}

export async function addParticipant(db: Database, idThread: number, idUser: number, now: Date, unread: boolean): Promise<void> {
  await db
    .insert(participants)
    .values({ idThread, idUser, participantJoined: now, lastReadTimestamp: unread ? null : now, participantUnread: unread })
    .onConflictDoNothing();
}

export interface MessageRow {
  idMessage: number;
  messageCreated: Date;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  messageContent: string;
  messageFromStaff: boolean;
  messageInternal: boolean;
  messageViaEmail: boolean;
}

const messageColumns = {
  idMessage: messages.idMessage,
  messageCreated: messages.messageCreated,
  firstName: messages.firstName,
  lastName: messages.lastName,
  email: messages.email,
  messageContent: messages.messageContent,
  messageFromStaff: messages.messageFromStaff,
  messageInternal: messages.messageInternal,
  messageViaEmail: messages.messageViaEmail,
};

/**
 * Newest first, so page 1 is the latest 35 and "load more" reaches back (product.md#constants).
 * `audience` is required so no caller gets internal notes by forgetting a flag: only the staff
 * inbox reads them (ADR 0060).
 */
export async function listMessages(
  db: Database,
  idThread: number,
  page: { limit: number; offset: number },
  audience: 'sender' | 'staff',
): Promise<{ rows: MessageRow[]; total: number }> {
  const where = and(eq(messages.idThread, idThread), audience === 'sender' ? eq(messages.messageInternal, false) : undefined);
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .where(where)
    .orderBy(desc(messages.idMessage))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

/**
 * An internal note (ADR 0060): stored in the thread for staff, and nothing else moves. The
 * thread's last message, edited time, unread flags and e-mails are what the sender sees, so a
 * note touches none of them.
 */
export async function insertNote(
  db: Database,
  m: {
    idThread: number;
    idUser: number;
    firstName: string | null;
    lastName: string | null;
    email: string;
    content: string;
    now: Date;
  },
): Promise<MessageRow> {
  const [row] = await db
    .insert(messages)
    .values({
      idThread: m.idThread,
      idUser: m.idUser,
      firstName: m.firstName,
      lastName: m.lastName,
      email: m.email,
      messageContent: m.content,
      messageFromStaff: true,
      messageInternal: true,
      messageCreated: m.now,
    })
    .returning(messageColumns);
  if (!row) throw new Error('note not created');
  return row;
}

export interface NewMessage {
  idThread: number;
  idUser: number | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  content: string;
  fromStaff: boolean;
  /** Taken in by the reply listener (ADR 0072). */
  viaEmail?: boolean;
  now: Date;
}

/**
 * Stores a message and moves the thread on: last message, edited time, who wrote last, whether it
 * waits for staff; every other participant's thread becomes unread (ADR 0026). Run in a transaction.
 */
export async function insertMessage(db: Database, m: NewMessage): Promise<MessageRow> {
  const [row] = await db
    .insert(messages)
    .values({
      idThread: m.idThread,
      idUser: m.idUser,
      firstName: m.firstName,
      lastName: m.lastName,
      email: m.email,
      messageContent: m.content,
      messageFromStaff: m.fromStaff,
      messageViaEmail: m.viaEmail ?? false,
      messageCreated: m.now,
    })
    .returning(messageColumns);
  if (!row) throw new Error('message not created');
  await db
    .update(threads)
    .set({
      threadEdited: m.now,
      threadLastMessage: m.content.slice(0, 500),
      firstNameLast: m.firstName,
      threadAwaitingStaff: !m.fromStaff,
      // A new message from the sender reopens a resolved conversation.
      ...(m.fromStaff
        ? { staffFirstName: m.firstName, staffLastName: m.lastName }
        : { threadResolved: false, threadResolvedAt: null }),
    })
    .where(eq(threads.idThread, m.idThread));
  await db
    .update(participants)
    .set({ participantUnread: true })
    .where(
      and(
        eq(participants.idThread, m.idThread),
        m.idUser === null ? sql`true` : ne(participants.idUser, m.idUser),
        eq(participants.participantUnread, false),
      ),
    );
  if (m.idUser !== null) await markParticipantRead(db, m.idThread, m.idUser, m.now);
  return row;
}

export interface NewThread {
  title: string | null;
  privateThread: boolean;
  helpdesk: boolean;
  idUserSender: number | null;
  senderFirstName: string | null;
  senderLastName: string | null;
  senderEmail: string | null;
  senderEmailVerified: Date | null;
  idHelpdeskCategory: number | null;
  now: Date;
}

export async function insertThread(db: Database, t: NewThread): Promise<number> {
  const [row] = await db
    .insert(threads)
    .values({
      threadTitle: t.title,
      privateThread: t.privateThread,
      threadHelpdesk: t.helpdesk,
      idUserSender: t.idUserSender,
      senderFirstName: t.senderFirstName,
      senderLastName: t.senderLastName,
      senderEmail: t.senderEmail,
      senderEmailVerified: t.senderEmailVerified,
      idHelpdeskCategory: t.idHelpdeskCategory,
      threadCreated: t.now,
      threadEdited: t.now,
    })
    .returning({ id: threads.idThread });
  if (!row) throw new Error('thread not created');
  return row.id;
}

export async function insertHelpdesk(db: Database, h: typeof helpdesks.$inferInsert): Promise<void> {
  await db.insert(helpdesks).values(h);
}

/** Records a spent captcha challenge; false when it was already used. */
export async function spendCaptchaChallenge(db: Database, challengeId: string, now: Date): Promise<boolean> {
  const rows = await db
    .insert(captchaUses)
    .values({ challengeId, usedAt: now })
    .onConflictDoNothing()
    .returning({ id: captchaUses.challengeId });
  return rows.length === 1;
}

export async function listHelpdeskCategories(db: Database) {
  return db
    .select({
      idHelpdeskCategory: helpdeskCategories.idHelpdeskCategory,
      categorySlug: helpdeskCategories.categorySlug,
      categoryName: helpdeskCategories.categoryName,
      categoryDescription: helpdeskCategories.categoryDescription,
    })
    .from(helpdeskCategories)
    .orderBy(asc(helpdeskCategories.categoryOrder), asc(helpdeskCategories.idHelpdeskCategory));
}

// ---- staff inbox ----

/**
 * A helpdesk thread as the staff inbox reads it from this service's tables. The sender's and the
 * assignee's account fields are auth's: messages.service adds them in one batch (ADR 0050).
 */
export interface StaffThreadRecord extends ThreadRow {
  categoryName: string | null;
  /** The telephone the sender gave with their newest helpdesk message, if any. */
  helpdeskTelephone: string | null;
}

function staffSelect(db: Database) {
  return db
    .select({
      ...threadColumns,
      categoryName: helpdeskCategories.categoryName,
      helpdeskTelephone: sql<
        string | null
      >`(select h.telephone from ${helpdesks} h where h.id_thread = ${threads.idThread} order by h.id_helpdesk desc limit 1)`,
    })
    .from(threads)
    .leftJoin(helpdeskCategories, eq(helpdeskCategories.idHelpdeskCategory, threads.idHelpdeskCategory));
}

/**
 * The staff inbox's search (ADR 0060): PostgreSQL full-text search over every message of the
 * thread (stemmed English, so "refunds" finds "refund"; `websearch_to_tsquery` takes quotes and
 * -words as people type them), served by the GIN index messages_content_search_idx; and a plain
 * substring match over the title and the sender's name and address, which are not prose.
 */
function staffSearchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(
    sql`exists (select 1 from ${messages} m where m.id_thread = ${threads.idThread}
      and to_tsvector('english', m.message_content) @@ websearch_to_tsquery('english', ${search}))`,
    ilike(threads.threadTitle, pattern),
    ilike(threads.senderFirstName, pattern),
    ilike(threads.senderLastName, pattern),
    ilike(threads.senderEmail, pattern),
  );
}

export type StaffView = 'unassigned' | 'mine' | 'open' | 'resolved' | 'all';

function viewCondition(view: StaffView, idUser: number): SQL | undefined {
  switch (view) {
    case 'unassigned':
      return and(eq(threads.threadResolved, false), isNull(threads.idUserAssigned));
    case 'mine':
      return and(eq(threads.threadResolved, false), eq(threads.idUserAssigned, idUser));
    case 'open':
      return eq(threads.threadResolved, false);
    case 'resolved':
      return eq(threads.threadResolved, true);
    case 'all':
      return undefined;
  }
}

/** Every helpdesk thread of a view; open before resolved, unanswered before answered, newest first. */
export async function listStaffThreads(
  db: Database,
  page: { limit: number; offset: number; view: StaffView; idUser: number; search?: string | undefined },
): Promise<{ rows: StaffThreadRecord[]; total: number }> {
  const where = and(eq(threads.threadHelpdesk, true), viewCondition(page.view, page.idUser), staffSearchCondition(page.search));
  const rows = await staffSelect(db)
    .where(where)
    .orderBy(asc(threads.threadResolved), desc(threads.threadAwaitingStaff), desc(threads.threadEdited), desc(threads.idThread))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(threads)
    .where(where);
  return { rows: rows, total: count?.n ?? 0 };
}

export async function findStaffThread(db: Database, idThread: number): Promise<StaffThreadRecord | undefined> {
  const [row] = await staffSelect(db).where(eq(threads.idThread, idThread)).limit(1);
  return row;
}

export async function setThreadResolved(db: Database, idThread: number, resolved: boolean, now: Date): Promise<void> {
  await db
    .update(threads)
    .set({ threadResolved: resolved, threadResolvedAt: resolved ? now : null })
    .where(eq(threads.idThread, idThread));
}

export async function setThreadAssignee(db: Database, idThread: number, idUser: number | null): Promise<void> {
  await db.update(threads).set({ idUserAssigned: idUser }).where(eq(threads.idThread, idThread));
}

/** The staff navigation's counts (ADR 0060), one pass over the open helpdesk threads (threads_staff_inbox_idx). */
export async function countStaffInbox(
  db: Database,
  idUser: number,
): Promise<{ unanswered: number; unassigned: number; mine: number; open: number }> {
  const [row] = await db
    .select({
      open: sql<number>`count(*)::int`,
      unanswered: sql<number>`count(*) filter (where ${threads.threadAwaitingStaff})::int`,
      unassigned: sql<number>`count(*) filter (where ${threads.idUserAssigned} is null)::int`,
      mine: sql<number>`count(*) filter (where ${threads.idUserAssigned} = ${idUser})::int`,
    })
    .from(threads)
    .where(and(eq(threads.threadHelpdesk, true), eq(threads.threadResolved, false)));
  return row ?? { open: 0, unanswered: 0, unassigned: 0, mine: 0 };
}

/** The sender's other helpdesk threads: by account, or by address for a signed-out sender. */
export async function listSenderThreads(
  db: Database,
  sender: { idUser: number | null; email: string | null },
  exceptThread: number,
) {
  const who =
    sender.idUser !== null
      ? eq(threads.idUserSender, sender.idUser)
      : sender.email
        ? sql`lower(${threads.senderEmail}) = ${sender.email.toLowerCase()}`
        : undefined;
  if (!who) return [];
  return db
    .select({
      id_thread: threads.idThread,
      thread_title: threads.threadTitle,
      thread_resolved: threads.threadResolved,
      thread_edited: threads.threadEdited,
    })
    .from(threads)
    .where(and(who, ne(threads.idThread, exceptThread), eq(threads.threadHelpdesk, true)))
    .orderBy(desc(threads.threadEdited))
    .limit(10);
}

// ---- saved replies ----

const savedReplyColumns = {
  id_saved_reply: savedReplies.idSavedReply,
  saved_reply_title: savedReplies.savedReplyTitle,
  saved_reply_body: savedReplies.savedReplyBody,
  saved_reply_updated: savedReplies.savedReplyUpdated,
};

export function listSavedReplies(db: Database) {
  return db
    .select(savedReplyColumns)
    .from(savedReplies)
    .orderBy(asc(savedReplies.savedReplyTitle), asc(savedReplies.idSavedReply));
}

export async function findSavedReply(db: Database, id: number) {
  const [row] = await db.select(savedReplyColumns).from(savedReplies).where(eq(savedReplies.idSavedReply, id)).limit(1);
  return row;
}

export async function insertSavedReply(db: Database, r: { title: string; body: string; idUser: number; now: Date }) {
  const [row] = await db
    .insert(savedReplies)
    .values({
      savedReplyTitle: r.title,
      savedReplyBody: r.body,
      idUserCreated: r.idUser,
      savedReplyCreated: r.now,
      savedReplyUpdated: r.now,
    })
    .returning(savedReplyColumns);
  if (!row) throw new Error('saved reply not created');
  return row;
}

export async function updateSavedReply(db: Database, id: number, r: { title: string; body: string; now: Date }) {
  const [row] = await db
    .update(savedReplies)
    .set({ savedReplyTitle: r.title, savedReplyBody: r.body, savedReplyUpdated: r.now })
    .where(eq(savedReplies.idSavedReply, id))
    .returning(savedReplyColumns);
  return row;
}

export async function deleteSavedReply(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .delete(savedReplies)
    .where(eq(savedReplies.idSavedReply, id))
    .returning({ id: savedReplies.idSavedReply });
  return rows.length === 1;
}

// ---- reply presence (the collision warning) ----

export async function touchPresence(db: Database, idThread: number, idUser: number, now: Date): Promise<void> {
  await db
    .insert(replyPresence)
    .values({ idThread, idUser, presenceAt: now })
    .onConflictDoUpdate({ target: [replyPresence.idThread, replyPresence.idUser], set: { presenceAt: now } });
}

/** Staff other than `idUser` whose reply box in the thread was alive after `since`. */
export async function listPresence(db: Database, idThread: number, idUser: number, since: Date) {
  return db
    .select({ idUser: replyPresence.idUser, presenceAt: replyPresence.presenceAt })
    .from(replyPresence)
    .where(and(eq(replyPresence.idThread, idThread), ne(replyPresence.idUser, idUser), gt(replyPresence.presenceAt, since)))
    .orderBy(asc(replyPresence.presenceAt));
}

/** A reply sent ends its writer's presence at once, so the colleague's warning goes away. */
export async function clearPresence(db: Database, idThread: number, idUser: number): Promise<void> {
  await db.delete(replyPresence).where(and(eq(replyPresence.idThread, idThread), eq(replyPresence.idUser, idUser)));
}

// ---- staff e-mail notifications ----

export async function findNotifyPref(db: Database, idUser: number): Promise<boolean> {
  const [row] = await db
    .select({ on: staffNotificationPrefs.notifyNewMessages })
    .from(staffNotificationPrefs)
    .where(eq(staffNotificationPrefs.idUser, idUser))
    .limit(1);
  return row?.on ?? false;
}

export async function setNotifyPref(db: Database, idUser: number, on: boolean): Promise<void> {
  await db
    .insert(staffNotificationPrefs)
    .values({ idUser, notifyNewMessages: on })
    .onConflictDoUpdate({ target: staffNotificationPrefs.idUser, set: { notifyNewMessages: on } });
}

export async function listNotifiedStaffIds(db: Database): Promise<number[]> {
  const rows = await db
    .select({ idUser: staffNotificationPrefs.idUser })
    .from(staffNotificationPrefs)
    .where(eq(staffNotificationPrefs.notifyNewMessages, true));
  return rows.map((r) => r.idUser);
}
