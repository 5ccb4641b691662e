import { and, asc, desc, eq, ilike, isNull, ne, or, sql, tables, type Database, type SQL } from '@fretline/db';
import { containsPattern } from '../../platform/like-pattern.ts';

const { threads, participants, messages, helpdesks, helpdeskCategories, threadTokens, captchaUses } = tables;

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
}

const messageColumns = {
  idMessage: messages.idMessage,
  messageCreated: messages.messageCreated,
  firstName: messages.firstName,
  lastName: messages.lastName,
  email: messages.email,
  messageContent: messages.messageContent,
  messageFromStaff: messages.messageFromStaff,
};

/** Newest first, so page 1 is the latest 35 and "load more" reaches back (product.md#constants). */
export async function listMessages(
  db: Database,
  idThread: number,
  page: { limit: number; offset: number },
): Promise<{ rows: MessageRow[]; total: number }> {
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .where(eq(messages.idThread, idThread))
    .orderBy(desc(messages.idMessage))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(eq(messages.idThread, idThread));
  return { rows, total: count?.n ?? 0 };
}

export interface NewMessage {
  idThread: number;
  idUser: number | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  content: string;
  fromStaff: boolean;
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

/** Every helpdesk thread; open before resolved, unanswered before answered, newest first. */
export async function listStaffThreads(
  db: Database,
  page: { limit: number; offset: number; status: 'open' | 'resolved' | 'all'; search?: string | undefined },
): Promise<{ rows: StaffThreadRecord[]; total: number }> {
  const where = and(
    eq(threads.threadHelpdesk, true),
    page.status === 'open'
      ? eq(threads.threadResolved, false)
      : page.status === 'resolved'
        ? eq(threads.threadResolved, true)
        : undefined,
    searchCondition(page.search),
  );
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
