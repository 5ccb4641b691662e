import type {
  StaffConversation,
  StaffMemberDetail,
  StaffMemberSummary,
  StaffSession,
  StaffSubscription,
} from '@fretline/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, or, sql, tables, type Database } from '@fretline/db';

/*
 * Staff reads of other services' tables (issue 7). The owning services export no function for
 * these staff views yet, so the queries live here, read-only except the two writes noted below;
 * they belong behind auth's, finance's and messages' index.ts once those services offer them.
 */
const { users, userRoles, sessions, subscriptions, subscriptionPlans, subscriptionProducts, invoices, threads, participants } =
  tables;

const rolesOf = sql<
  string[]
>`coalesce((select array_agg(ur.role order by ur.role) from "auth"."user_roles" ur where ur.id_user = "users"."id_user"), '{}')`;

const memberColumns = {
  id_user: users.idUser,
  first_name: users.firstName,
  last_name: users.lastName,
  email: users.email,
  roles: rolesOf,
  user_created: users.createdAt,
};

/** Escapes LIKE wildcards so a search for `50%` means the text, not a pattern. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Members by name or e-mail (any part; "first last" matches the full name), newest first. */
export async function searchMembers(
  db: Database,
  options: { q?: string | undefined; limit: number; offset: number },
): Promise<{ rows: StaffMemberSummary[]; total: number }> {
  const q = options.q?.trim();
  const pattern = q ? `%${likeEscape(q)}%` : undefined;
  const where = pattern
    ? or(
        ilike(users.email, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) ilike ${pattern}`,
      )
    : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select(memberColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.idUser))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function findMember(db: Database, idUser: number): Promise<StaffMemberDetail | undefined> {
  const [user] = await db
    .select({ ...memberColumns, telephone: users.telephone, user_deleted: users.deletedAt })
    .from(users)
    .where(eq(users.idUser, idUser))
    .limit(1);
  if (!user) return undefined;
  const [memberSessions, memberSubscriptions, conversations] = await Promise.all([
    listMemberSessions(db, idUser),
    listMemberSubscriptions(db, idUser),
    listMemberConversations(db, idUser),
  ]);
  return { ...user, sessions: memberSessions, subscriptions: memberSubscriptions, conversations };
}

const sessionColumns = {
  id_session: sessions.idSession,
  session_ip: sessions.sessionIp,
  session_user_agent: sessions.sessionUserAgent,
  session_created: sessions.sessionCreated,
  session_accessed: sessions.sessionAccessed,
  session_deleted: sessions.sessionDeleted,
  session_expires: sessions.expiresAt,
};

/** Spec §9: sessions by last access, newest first. */
async function listMemberSessions(db: Database, idUser: number): Promise<StaffSession[]> {
  return db
    .select(sessionColumns)
    .from(sessions)
    .where(eq(sessions.idUser, idUser))
    .orderBy(desc(sessions.sessionAccessed), desc(sessions.idSession))
    .limit(100);
}

/** Spec §9: subscriptions and invoices newest first; §5: only invoices of at least 0.01. */
async function listMemberSubscriptions(db: Database, idUser: number): Promise<StaffSubscription[]> {
  const subs = await db
    .select({
      id_subscription: subscriptions.idSubscription,
      subscription_status: subscriptions.subscriptionStatus,
      subscription_created: subscriptions.subscriptionCreated,
      subscription_cancelled: subscriptions.subscriptionCancelled,
      subscription_current_period_end: subscriptions.currentPeriodEnd,
      subscription_product_name: subscriptionProducts.subscriptionProductName,
      subscription_plan_name: subscriptionPlans.subscriptionPlanName,
      subscription_product_cancellation_question: subscriptions.subscriptionProductCancellationQuestion,
    })
    .from(subscriptions)
    .leftJoin(subscriptionProducts, eq(subscriptionProducts.idSubscriptionProduct, subscriptions.idSubscriptionProduct))
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.idSubscriptionPlan, subscriptions.fkPlanSubscription))
    .where(eq(subscriptions.idUser, idUser))
    .orderBy(desc(subscriptions.subscriptionCreated), desc(subscriptions.idSubscription));
  if (subs.length === 0) return [];
  const rows = await db
    .select({
      fk_subscription: invoices.fkSubscription,
      id_stripe_invoice: invoices.idStripeInvoice,
      stripe_invoice_number: invoices.stripeInvoiceNumber,
      stripe_invoice_total: invoices.stripeInvoiceTotal,
      stripe_invoice_created: invoices.stripeInvoiceCreated,
      stripe_invoice_url: invoices.stripeInvoiceUrl,
    })
    .from(invoices)
    .where(
      and(
        inArray(
          invoices.fkSubscription,
          subs.map((s) => s.id_subscription),
        ),
        gte(invoices.stripeInvoiceTotal, 1),
      ),
    )
    .orderBy(desc(invoices.stripeInvoiceCreated), desc(invoices.idStripeInvoice));
  return subs.map((s) => ({
    ...s,
    invoices: rows
      .filter((r) => r.fk_subscription === s.id_subscription)
      // Pence in the table, pounds on the wire (ADR 0030).
      .map(({ fk_subscription: _fk, stripe_invoice_total, ...r }) => ({
        ...r,
        stripe_invoice_total: stripe_invoice_total / 100,
      })),
  }));
}

/** Threads the member started or takes part in, most recently active first. */
async function listMemberConversations(db: Database, idUser: number): Promise<StaffConversation[]> {
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
    // Helpdesk threads are answered from the staff inbox (issue 6); others open as the thread page.
    thread_url: r.thread_helpdesk ? `/staff/inbox/${r.id_thread}` : `/messages/${r.id_thread}`,
  }));
}

/** Write into auth.sessions (staff ending a member's session); undefined when not that member's. */
export async function endMemberSession(
  db: Database,
  idUser: number,
  idSession: number,
  now: Date,
): Promise<{ session: StaffSession; ended: boolean } | undefined> {
  const [existing] = await db
    .select(sessionColumns)
    .from(sessions)
    .where(and(eq(sessions.idSession, idSession), eq(sessions.idUser, idUser)))
    .limit(1);
  if (!existing) return undefined;
  if (existing.session_deleted) return { session: existing, ended: false };
  const [row] = await db
    .update(sessions)
    .set({ sessionDeleted: now })
    .where(and(eq(sessions.idSession, idSession), eq(sessions.idUser, idUser), isNull(sessions.sessionDeleted)))
    .returning(sessionColumns);
  return row ? { session: row, ended: true } : { session: existing, ended: false };
}

export async function findRoles(db: Database, idUser: number): Promise<string[]> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.idUser, idUser))
    .orderBy(asc(userRoles.role));
  return rows.map((r) => r.role);
}

/** Write into auth.user_roles: replaces the member's role list (call inside a transaction). */
export async function replaceRoles(db: Database, idUser: number, roles: readonly string[]): Promise<void> {
  await db.delete(userRoles).where(eq(userRoles.idUser, idUser));
  if (roles.length) await db.insert(userRoles).values(roles.map((role) => ({ idUser, role })));
}

export async function memberExists(db: Database, idUser: number): Promise<boolean> {
  const [row] = await db.select({ id: users.idUser }).from(users).where(eq(users.idUser, idUser)).limit(1);
  return !!row;
}
