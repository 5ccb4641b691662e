import type { FastifyInstance } from 'fastify';
import { formatLong, SAVED_REPLY_VARIABLES, type MemberContext, type ReplyingStaff } from '@fretline/contract';
import type { Database } from '@fretline/db';
import { findAccountByEmail, findAccountContacts, listMemberSessions, listSignInFailures } from '../auth/index.ts';
import { getMemberBilling, type MemberBilling } from '../finance/index.ts';
import { getMemberLearning } from '../videos/index.ts';
import * as repo from './messages.repository.ts';
import type { StaffThreadRow } from './messages.service.ts';

/*
 * The staff inbox's tools (ADR 0060): saved replies filled per thread, what is known of the
 * sender beside the conversation, and who else is writing in the thread. The member's facts come
 * from the services that own them, through their index.ts (ADR 0050).
 */

/** A reply box refreshes its presence every few seconds; older than this, the colleague has left. */
const REPLYING_FRESH_MS = 20_000;
/** How far back sign-in failures are worth showing. */
const SIGN_IN_FAILURE_WINDOW_MS = 14 * 86_400_000;

export type SavedReplyValues = Partial<Record<(typeof SAVED_REPLY_VARIABLES)[number], string | null>>;

/**
 * Fills `{first_name}`-style variables. A known variable without a value stays as typed and is
 * listed in `missing`, so staff see the gap before sending rather than a blank; braces around
 * anything else are left alone (a reply may quote code or a chord chart).
 */
export function fillSavedReply(body: string, values: SavedReplyValues): { text: string; missing: string[] } {
  const known = new Set<string>(SAVED_REPLY_VARIABLES);
  const missing = new Set<string>();
  const text = body.replace(/\{([a-z_]+)\}/g, (whole, name: string) => {
    if (!known.has(name)) return whole;
    const value = values[name as keyof SavedReplyValues];
    if (value === null || value === undefined || value === '') {
      missing.add(name);
      return whole;
    }
    return value;
  });
  return { text, missing: [...missing] };
}

/** The variables' values for one thread's sender and the staff member who inserts the reply. */
export function savedReplyValues(
  siteUrl: string,
  thread: StaffThreadRow,
  billing: MemberBilling | null,
  staff: { firstName: string | null },
): SavedReplyValues {
  const first = thread.senderFirstName ?? thread.senderUserFirstName;
  const date = (d: Date | null) => (d ? formatLong(d) : null);
  return {
    first_name: first,
    last_name: thread.senderLastName ?? thread.senderUserLastName,
    email: thread.senderEmail ?? thread.senderUserEmail,
    trial_ends: date(billing?.trial_ends ?? null),
    renews_on: date(billing?.renews_on ?? null),
    membership_ends: date(billing?.ends_on ?? null),
    // A signed-out sender has no subscription to manage; the link would only ask them to sign in.
    subscription_link: thread.idUserSender !== null ? `${siteUrl}/me/subscriptions` : null,
    membership_link: `${siteUrl}/membership`,
    helpdesk_link: `${siteUrl}/helpdesk`,
    staff_first_name: staff.firstName,
  };
}

/**
 * Everything staff may want beside the conversation (ADR 0060). A signed-out sender (or one whose
 * address is not proven, ADR 0045) shows only what is known of the address: earlier conversations
 * from it and whether an account uses it; no account's data is shown on an unproven claim.
 */
export async function buildMemberContext(db: Database, thread: StaffThreadRow, now: Date): Promise<MemberContext> {
  const email = thread.senderEmail ?? thread.senderUserEmail;
  const idUser = thread.idUserSender;
  const verified = idUser !== null || thread.senderEmailVerified !== null;
  const earlier = await repo.listSenderThreads(db, { idUser, email }, thread.idThread);
  const conversations = earlier.map((c) => ({ ...c, thread_url: `/staff/inbox/${c.id_thread}` }));
  if (idUser === null) {
    const account = email ? await findAccountByEmail(db, email) : undefined;
    return {
      id_user: null,
      email,
      email_verified: verified,
      account_with_address: account !== undefined,
      member_url: null,
      membership: null,
      learning: null,
      active_sessions: [],
      sign_in_failures: [],
      conversations,
    };
  }
  const [membership, learning, sessions, failures] = await Promise.all([
    getMemberBilling(db, idUser, now),
    getMemberLearning(db, idUser),
    listMemberSessions(db, idUser),
    email ? listSignInFailures(db, email, new Date(now.getTime() - SIGN_IN_FAILURE_WINDOW_MS)) : Promise.resolve([]),
  ]);
  return {
    id_user: idUser,
    email,
    email_verified: true,
    account_with_address: true,
    member_url: `/staff/members/${idUser}`,
    membership,
    learning,
    active_sessions: sessions
      .filter((s) => s.session_deleted === null && s.session_expires > now)
      .slice(0, 5)
      .map((s) => ({ session_user_agent: s.session_user_agent, session_ip: s.session_ip, session_accessed: s.session_accessed })),
    sign_in_failures: failures,
    conversations,
  };
}

/** Colleagues whose reply box in the thread is open now, with their names (auth's). */
export async function listReplying(app: FastifyInstance, idThread: number, idUser: number): Promise<ReplyingStaff[]> {
  const since = new Date(app.clock().getTime() - REPLYING_FRESH_MS);
  const rows = await repo.listPresence(app.db, idThread, idUser, since);
  if (rows.length === 0) return [];
  const names = await findAccountContacts(
    app.db,
    rows.map((r) => r.idUser),
  );
  return rows.map((r) => ({
    id_user: r.idUser,
    first_name: names.get(r.idUser)?.firstName ?? null,
    last_name: names.get(r.idUser)?.lastName ?? null,
    since: r.presenceAt,
  }));
}
