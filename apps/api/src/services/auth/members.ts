import { ROLES, type StaffMemberDetail, type StaffMemberSummary, type StaffSession } from '@fretline/contract';
import { and, asc, count, desc, eq, gte, ilike, isNull, lt, or, sql, tables, type Database } from '@fretline/db';
import { containsPattern } from '../../platform/like-pattern.ts';

/*
 * The auth service's account views for the staff console (ADR 0035): member search, one
 * member's details, sessions and roles, and the sign-up counts of the analytics. The staff service
 * reaches auth.users, auth.user_roles and auth.sessions only through these (ARCHITECTURE.md).
 */
const { users, userRoles, sessions } = tables;

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

/** Members by name or e-mail (any part; "first last" matches the full name), newest first. */
export async function searchMembers(
  db: Database,
  options: { q?: string | undefined; limit: number; offset: number },
): Promise<{ rows: StaffMemberSummary[]; total: number }> {
  const q = options.q?.trim();
  const pattern = q ? containsPattern(q) : undefined;
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

/** One member's account fields and roles (deleted accounts too), or undefined. */
export async function findMemberAccount(
  db: Database,
  idUser: number,
): Promise<Omit<StaffMemberDetail, 'sessions' | 'subscriptions' | 'conversations'> | undefined> {
  const [user] = await db
    .select({ ...memberColumns, telephone: users.telephone, user_deleted: users.deletedAt })
    .from(users)
    .where(eq(users.idUser, idUser))
    .limit(1);
  return user;
}

export async function memberExists(db: Database, idUser: number): Promise<boolean> {
  const [row] = await db.select({ id: users.idUser }).from(users).where(eq(users.idUser, idUser)).limit(1);
  return !!row;
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

/** A member's sessions by last access (product.md#constants), newest first (at most 100). */
export async function listMemberSessions(db: Database, idUser: number): Promise<StaffSession[]> {
  return db
    .select(sessionColumns)
    .from(sessions)
    .where(eq(sessions.idUser, idUser))
    .orderBy(desc(sessions.sessionAccessed), desc(sessions.idSession))
    .limit(100);
}

/**
 * Ends one of the member's sessions; undefined when the session is not that member's. The caller
 * forgets the member's cached sessions (forgetCachedSessions) once its transaction has committed.
 */
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

/** Ends every open session of the member (the operator's revoke-sessions); how many were open. */
export async function endAllMemberSessions(db: Database, idUser: number, now: Date): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ sessionDeleted: now })
    .where(and(eq(sessions.idUser, idUser), isNull(sessions.sessionDeleted)))
    .returning({ idSession: sessions.idSession });
  return rows.length;
}

export async function findRoles(db: Database, idUser: number): Promise<string[]> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.idUser, idUser))
    .orderBy(asc(userRoles.role));
  return rows.map((r) => r.role);
}

/** A role list as stored: in the roles' order (product.md#roles), each once, unknown names left out. */
export function orderedRoles(wanted: readonly string[]): string[] {
  return ROLES.filter((role) => wanted.includes(role));
}

/** What a role change does, as the audit log records it; null when the roles stay the same. */
export function rolesChangeDiff(before: readonly string[], next: readonly string[]): Record<string, unknown> | null {
  if (before.length === next.length && before.every((role) => next.includes(role))) return null;
  return {
    roles: { from: [...before], to: [...next] },
    added: next.filter((role) => !before.includes(role)),
    removed: before.filter((role) => !next.includes(role)),
  };
}

/**
 * Replaces the member's role list. Call inside a transaction; the caller forgets the member's
 * cached sessions once it has committed, so their next request carries the new roles.
 */
export async function replaceRoles(db: Database, idUser: number, roles: readonly string[]): Promise<void> {
  await db.delete(userRoles).where(eq(userRoles.idUser, idUser));
  if (roles.length) await db.insert(userRoles).values(roles.map((role) => ({ idUser, role })));
}

/** Sign-ups per UTC day in [from, toExclusive), days without any left out (users_created_idx). */
export async function countSignupsPerDay(
  db: Database,
  from: Date,
  toExclusive: Date,
): Promise<Array<{ day: string; n: number }>> {
  const day = sql`(${users.createdAt} at time zone 'UTC')::date`;
  return db
    .select({ day: sql<string>`${day}::text`, n: count() })
    .from(users)
    .where(and(gte(users.createdAt, from), lt(users.createdAt, toExclusive)))
    .groupBy(day);
}
