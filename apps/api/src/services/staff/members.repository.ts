import type { StaffMemberDetail } from '@fretline/contract';
import type { Database } from '@fretline/db';
import { findMemberAccount, listMemberSessions } from '../auth/index.ts';
import { listSubscriptionsWithInvoices } from '../finance/index.ts';
import { listMemberConversations } from '../messages/index.ts';

/*
 * The staff console's member views (ADR 0035). The staff service owns no member data: accounts,
 * sessions and roles are the auth service's, subscriptions the finance service's, conversations
 * the messages service's, each read through that service's index.ts (ARCHITECTURE.md).
 */
export {
  endMemberSession,
  findRoles,
  memberExists,
  orderedRoles,
  replaceRoles,
  rolesChangeDiff,
  searchMembers,
} from '../auth/index.ts';

/** One member with their sessions, subscriptions (with invoices) and conversations, read in parallel once the account is found. */
export async function findMember(db: Database, idUser: number): Promise<StaffMemberDetail | undefined> {
  const user = await findMemberAccount(db, idUser);
  if (!user) return undefined;
  const [sessions, subscriptions, conversations] = await Promise.all([
    listMemberSessions(db, idUser),
    listSubscriptionsWithInvoices(db, idUser),
    listMemberConversations(db, idUser),
  ]);
  return { ...user, sessions, subscriptions, conversations };
}
