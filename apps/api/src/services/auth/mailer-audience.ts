import { and, eq, gte, inArray, isNull, lt, sql, tables, type Database } from '@fretline/db';
import type { UnsubscribeList } from '../../platform/mail/index.ts';

/*
 * What the mailers service may read about accounts (ADR 0066, ADR 0050): who takes mailers, their
 * address at the moment a message is built, and when people left a list. One query each.
 */
const { users, unsubscribeEvents } = tables;

/** Live accounts that take mailers (notifications_mailers and every non-essential e-mail on). */
export async function listMailerOptInIds(db: Database): Promise<number[]> {
  const rows = await db
    .select({ idUser: users.idUser })
    .from(users)
    .where(and(eq(users.notificationsMailers, true), eq(users.notificationsEmails, true), isNull(users.deletedAt)));
  return rows.map((r) => r.idUser);
}

export interface MailerContact {
  email: string;
  firstName: string | null;
  /** Whether this account takes mailers right now (live, both preferences on). */
  takesMailers: boolean;
}

/** The accounts' addresses and whether each takes mailers now, read when each message is built. */
export async function findMailerContacts(db: Database, ids: readonly number[]): Promise<Map<number, MailerContact>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      idUser: users.idUser,
      email: users.email,
      firstName: users.firstName,
      takesMailers: sql<boolean>`(${users.notificationsMailers} and ${users.notificationsEmails} and ${users.deletedAt} is null)`,
    })
    .from(users)
    .where(inArray(users.idUser, unique));
  return new Map(rows.map(({ idUser, ...contact }) => [idUser, contact]));
}

/** Records that these accounts left a list now (the staff figures count them). */
export async function recordUnsubscribes(db: Database, ids: readonly number[], list: UnsubscribeList, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.insert(unsubscribeEvents).values(ids.map((idUser) => ({ idUser, unsubscribeList: list, unsubscribeCreated: now })));
}

/** Mailer unsubscribes (the mailers list, or every e-mail, which includes mailers) in [from, to). */
export async function countMailerUnsubscribes(db: Database, range: { from: Date; to: Date }): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(unsubscribeEvents)
    .where(and(gte(unsubscribeEvents.unsubscribeCreated, range.from), lt(unsubscribeEvents.unsubscribeCreated, range.to)));
  return row?.n ?? 0;
}

/**
 * An unsubscribe link or one-click POST (product.md#mailers): turns the list off for the live
 * account with this address and records the event when it was on. Idempotent: a second click
 * changes nothing and records nothing.
 */
export async function unsubscribeByEmail(db: Database, email: string, list: UnsubscribeList, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const address = sql`lower(${users.email}) = ${email.toLowerCase()}`;
    const wasOn =
      list === 'mailers'
        ? eq(users.notificationsMailers, true)
        : sql`(${users.notificationsMailers} or ${users.notificationsEmails})`;
    const changed = await tx
      .update(users)
      .set(list === 'mailers' ? { notificationsMailers: false } : { notificationsMailers: false, notificationsEmails: false })
      .where(and(address, isNull(users.deletedAt), wasOn))
      .returning({ idUser: users.idUser });
    await recordUnsubscribes(
      tx,
      changed.map((r) => r.idUser),
      list,
      now,
    );
  });
}

/** Whether the account takes mailers now (to tell an opt-out in the settings from a no-op). */
export async function takesMailers(db: Database, idUser: number): Promise<boolean> {
  const [row] = await db.select({ on: users.notificationsMailers }).from(users).where(eq(users.idUser, idUser)).limit(1);
  return row?.on === true;
}
