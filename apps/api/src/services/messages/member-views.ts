import type { StaffConversation } from '@fretline/contract';
import { and, count, desc, eq, gte, inArray, lt, or, sql, tables, type Database } from '@fretline/db';

/*
 * The messages service's views for the staff console (ADR 0035): one member's conversations on
 * their page, and the helpdesk counts of the Director's analytics (ADR 0036).
 */
const { threads, participants, messages } = tables;

/** Threads the member started or takes part in, most recently active first (at most 100). */
export async function listMemberConversations(db: Database, idUser: number): Promise<StaffConversation[]> {
  const rows = await db
    .select({
      id_thread: threads.idThread,
      thread_title: threads.threadTitle,
      thread_helpdesk: threads.threadHelpdesk,
      thread_resolved: threads.threadResolved,
      thread_created: threads.threadCreated,
      thread_edited: threads.threadEdited,
    })
    .from(threads)
    .where(
      or(
        eq(threads.idUserSender, idUser),
        inArray(
          threads.idThread,
          db.select({ id: participants.idThread }).from(participants).where(eq(participants.idUser, idUser)),
        ),
      ),
    )
    .orderBy(desc(threads.threadEdited), desc(threads.idThread))
    .limit(100);
  return rows.map((r) => ({
    ...r,
    // Helpdesk threads are answered from the staff inbox (ADR 0029); others open as the thread page.
    thread_url: r.thread_helpdesk ? `/staff/inbox/${r.id_thread}` : `/messages/${r.id_thread}`,
  }));
}

/**
 * Helpdesk threads opened, and helpdesk threads given a staff reply, per UTC day in
 * [from, toExclusive); days without any are left out. Each is a range scan of a partial index
 * (threads_helpdesk_created_idx, messages_staff_created_idx).
 */
export async function countHelpdeskPerDay(
  db: Database,
  from: Date,
  toExclusive: Date,
): Promise<{ opened: Array<{ day: string; n: number }>; answered: Array<{ day: string; n: number }> }> {
  const openedDay = sql`(${threads.threadCreated} at time zone 'UTC')::date`;
  const answeredDay = sql`(${messages.messageCreated} at time zone 'UTC')::date`;
  const [opened, answered] = await Promise.all([
    db
      .select({ day: sql<string>`${openedDay}::text`, n: count() })
      .from(threads)
      .where(and(eq(threads.threadHelpdesk, true), gte(threads.threadCreated, from), lt(threads.threadCreated, toExclusive)))
      .groupBy(openedDay),
    db
      .select({ day: sql<string>`${answeredDay}::text`, n: sql<number>`count(distinct ${messages.idThread})::int` })
      .from(messages)
      .innerJoin(threads, eq(threads.idThread, messages.idThread))
      .where(
        and(
          eq(messages.messageFromStaff, true),
          // An internal note is not an answer (ADR 0060).
          eq(messages.messageInternal, false),
          gte(messages.messageCreated, from),
          lt(messages.messageCreated, toExclusive),
          eq(threads.threadHelpdesk, true),
        ),
      )
      .groupBy(answeredDay),
  ]);
  return { opened, answered };
}
