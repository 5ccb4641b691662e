import { and, eq, inArray, or, sql, tables, type Database } from '@fretline/db';
import type { PersonalDataEraser } from '../../platform/erasure.ts';

/**
 * Account deletion (ADR 0046). The person's own conversations (threads they sent, signed in or
 * under their address) are deleted with their messages, helpdesk forms (phone, IP, message) and
 * links. Elsewhere (a staff member's answers in other people's threads) the messages stay for the
 * other person but lose the author's name and address, and the threads stop showing the name.
 */
export const eraseMessagesPersonalData: PersonalDataEraser = async (db: Database, account) => {
  const { threads, messages, participants, helpdesks, replyPresence, staffNotificationPrefs } = tables;
  const { idUser } = account;
  const email = account.email.toLowerCase();

  const ownThreads = db
    .select({ id: threads.idThread })
    .from(threads)
    .where(
      and(eq(threads.privateThread, true), or(eq(threads.idUserSender, idUser), sql`lower(${threads.senderEmail}) = ${email}`)),
    );
  // Materialised first: the delete below changes what the sub-select would return.
  const ownIds = (await ownThreads).map((r) => r.id);
  if (ownIds.length > 0) await db.delete(threads).where(inArray(threads.idThread, ownIds));
  await db.delete(helpdesks).where(or(eq(helpdesks.idUser, idUser), sql`lower(${helpdesks.email}) = ${email}`));
  await db.delete(participants).where(eq(participants.idUser, idUser));
  // A staff member's presence in threads and their e-mail preference (ADR 0060).
  await db.delete(replyPresence).where(eq(replyPresence.idUser, idUser));
  await db.delete(staffNotificationPrefs).where(eq(staffNotificationPrefs.idUser, idUser));

  // Threads that still show this person's name as their last writer or as the staff member.
  const written = db.selectDistinct({ id: messages.idThread }).from(messages).where(eq(messages.idUser, idUser));
  if (account.firstName) {
    await db
      .update(threads)
      .set({ firstNameLast: null })
      .where(and(inArray(threads.idThread, written), eq(threads.firstNameLast, account.firstName)));
    await db
      .update(threads)
      .set({ staffFirstName: null, staffLastName: null })
      .where(and(inArray(threads.idThread, written), eq(threads.staffFirstName, account.firstName)));
  }
  // A member's words in a thread that is not theirs (a group thread) go; staff answers stay.
  await db
    .update(messages)
    .set({ messageContent: '' })
    .where(and(eq(messages.idUser, idUser), eq(messages.messageFromStaff, false)));
  await db
    .update(messages)
    .set({ idUser: null, firstName: null, lastName: null, email: null })
    .where(eq(messages.idUser, idUser));
};
