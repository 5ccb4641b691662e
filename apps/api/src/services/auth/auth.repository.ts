import { hasRoleGroup } from '@fretline/contract';
import { and, desc, eq, isNull, ne, or, sql, tables, type Database } from '@fretline/db';
import { forgetCountersMentioning } from '../../plugins/rate-limit.ts';
import { forgetCachedSessions } from './session-cache.ts';
import { STAFF_SESSION_TTL_MS } from './sessions.ts';

const { sessions, users, userRoles, passcodes } = tables;

export interface SessionUser {
  idUser: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  roles: string[];
  idSession: number;
  sessionAccessed: Date;
  /** When the session ends by the clock: its expiry, or sooner for the Staff group (ADR 0011). */
  validUntil: Date;
}

// Written out in full: drizzle leaves columns unqualified in single-table selects, and an
// unqualified id_user inside this subquery would compare user_roles with itself.
const rolesOf = sql<
  string[]
>`coalesce((select array_agg(ur.role order by ur.role) from "auth"."user_roles" ur where ur.id_user = "users"."id_user"), '{}')`;

/** One indexed lookup: the live session for a token hash, its user and the user's roles. */
export async function findSessionUser(db: Database, tokenHash: string, now: Date): Promise<SessionUser | undefined> {
  const [row] = await db
    .select({
      idUser: users.idUser,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      idSession: sessions.idSession,
      sessionAccessed: sessions.sessionAccessed,
      sessionCreated: sessions.sessionCreated,
      expiresAt: sessions.expiresAt,
      roles: rolesOf,
    })
    .from(sessions)
    .innerJoin(users, eq(users.idUser, sessions.idUser))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.sessionDeleted),
        sql`${sessions.expiresAt} > ${now.toISOString()}`,
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  // ADR 0011: staff sessions end sooner, also when the role was granted after signing in.
  const { sessionCreated, expiresAt, ...user } = row;
  const staffEnds = hasRoleGroup(row.roles, 'Staff') ? sessionCreated.getTime() + STAFF_SESSION_TTL_MS : Infinity;
  const validUntil = new Date(Math.min(expiresAt.getTime(), staffEnds));
  if (validUntil.getTime() <= now.getTime()) return undefined;
  return { ...user, validUntil };
}

export async function touchSession(db: Database, idSession: number, now: Date, ip: string): Promise<void> {
  await db.update(sessions).set({ sessionAccessed: now, sessionIp: ip }).where(eq(sessions.idSession, idSession));
}

export interface UserRow {
  idUser: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  telephone: string | null;
  welcomePending: boolean;
  notificationsMailers: boolean;
  notificationsEmails: boolean;
  leftHanded: boolean;
  timeZone: string | null;
  roles: string[];
}

const userColumns = {
  idUser: users.idUser,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  telephone: users.telephone,
  welcomePending: users.welcomePending,
  notificationsMailers: users.notificationsMailers,
  notificationsEmails: users.notificationsEmails,
  leftHanded: users.leftHanded,
  timeZone: users.timeZone,
  roles: rolesOf,
};

export async function findUserById(db: Database, idUser: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.idUser, idUser), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** Addresses are matched case-insensitively through the lower(email) unique index. */
export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** Whether another live account already uses the address. */
export async function isEmailTaken(db: Database, email: string, exceptIdUser: number): Promise<boolean> {
  const [row] = await db
    .select({ idUser: users.idUser })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.idUser, exceptIdUser)))
    .limit(1);
  return !!row;
}

export async function createUser(
  db: Database,
  values: { firstName: string; lastName: string; email: string; notificationsMailers: boolean },
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ ...values, welcomePending: true })
    .onConflictDoNothing()
    .returning({ idUser: users.idUser });
  // A simultaneous sign-up with the same address won the race: that account stands.
  return row?.idUser ?? 0;
}

export async function updateUser(
  db: Database,
  idUser: number,
  values: Partial<{
    firstName: string;
    lastName: string;
    email: string;
    telephone: string | null;
    welcomePending: boolean;
    notificationsMailers: boolean;
    notificationsEmails: boolean;
    leftHanded: boolean;
    timeZone: string;
  }>,
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db
    .update(users)
    .set(values)
    .where(and(eq(users.idUser, idUser), isNull(users.deletedAt)));
  forgetCachedSessions(idUser);
}

export async function createSession(
  db: Database,
  values: { idUser: number; tokenHash: string; ip: string; userAgent: string | null; now: Date; expiresAt: Date },
): Promise<number> {
  const [row] = await db
    .insert(sessions)
    .values({
      idUser: values.idUser,
      tokenHash: values.tokenHash,
      sessionIp: values.ip,
      sessionUserAgent: values.userAgent,
      sessionCreated: values.now,
      sessionAccessed: values.now,
      expiresAt: values.expiresAt,
    })
    .returning({ idSession: sessions.idSession });
  if (!row) throw new Error('session not created');
  return row.idSession;
}

/**
 * Whether the account has had a session from this IP (its last known address, ADR 0011): such an
 * IP gets its own lane of sign-in codes that strangers elsewhere can't use up (ADR 0010).
 */
export async function hasSignedInFrom(db: Database, idUser: number, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ idSession: sessions.idSession })
    .from(sessions)
    .where(and(eq(sessions.idUser, idUser), eq(sessions.sessionIp, ip)))
    .limit(1);
  return row !== undefined;
}

export interface SessionRow {
  idSession: number;
  sessionDeleted: Date | null;
  sessionIp: string | null;
  sessionAccessed: Date;
  sessionCreated: Date;
  sessionUserAgent: string | null;
  expiresAt: Date;
}

const sessionColumns = {
  idSession: sessions.idSession,
  sessionDeleted: sessions.sessionDeleted,
  sessionIp: sessions.sessionIp,
  sessionAccessed: sessions.sessionAccessed,
  sessionCreated: sessions.sessionCreated,
  sessionUserAgent: sessions.sessionUserAgent,
  expiresAt: sessions.expiresAt,
};

/** Sessions by last access (product.md#constants), newest first. Scoped by the user (CONVENTIONS.md). */
export async function listSessions(db: Database, idUser: number, limit = 100): Promise<SessionRow[]> {
  return db
    .select(sessionColumns)
    .from(sessions)
    .where(eq(sessions.idUser, idUser))
    .orderBy(desc(sessions.sessionAccessed), desc(sessions.idSession))
    .limit(limit);
}

/** Ends one of the user's sessions; undefined when the id is not one of theirs. */
export async function endSession(db: Database, idUser: number, idSession: number, now: Date): Promise<SessionRow | undefined> {
  const [existing] = await db
    .select(sessionColumns)
    .from(sessions)
    .where(and(eq(sessions.idSession, idSession), eq(sessions.idUser, idUser)))
    .limit(1);
  if (!existing) return undefined;
  if (existing.sessionDeleted) return existing;
  const [row] = await db
    .update(sessions)
    .set({ sessionDeleted: now })
    .where(and(eq(sessions.idSession, idSession), eq(sessions.idUser, idUser)))
    .returning(sessionColumns);
  forgetCachedSessions(idUser);
  return row;
}

/**
 * Account deletion (ADR 0012, ADR 0046): the row stays so ids elsewhere keep pointing somewhere, but
 * every personal field goes and the address is freed for a new sign-up; sessions (with their IPs
 * and browsers), roles, codes and the sign-in counters kept under the address are deleted.
 */
export async function anonymiseUser(db: Database, idUser: number, email: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({
      firstName: null,
      lastName: null,
      telephone: null,
      timeZone: null,
      email: `deleted-${idUser}@deleted.invalid`,
      notificationsMailers: false,
      notificationsEmails: false,
      welcomePending: false,
      deletedAt: now,
    })
    .where(eq(users.idUser, idUser));
  await db.delete(userRoles).where(eq(userRoles.idUser, idUser));
  await db.delete(passcodes).where(or(eq(passcodes.idUser, idUser), sql`lower(${passcodes.email}) = ${email.toLowerCase()}`));
  await db.delete(sessions).where(eq(sessions.idUser, idUser));
  // Sign-in and helpdesk counters keyed by the address (ADR 0043); those keyed by an IP alone lapse.
  await forgetCountersMentioning(db, email);
  forgetCachedSessions(idUser);
}

/** The addresses the user's pending codes went to (an e-mail change awaiting confirmation). */
export async function listPasscodeAddresses(db: Database, idUser: number): Promise<string[]> {
  const rows = await db.selectDistinct({ email: passcodes.email }).from(passcodes).where(eq(passcodes.idUser, idUser));
  return rows.map((r) => r.email);
}

/** The member's IANA time zone for the dates in their e-mails, or null when the browser never told us. */
export async function findUserTimeZone(db: Database, idUser: number): Promise<string | null> {
  const [row] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.idUser, idUser)).limit(1);
  return row?.timeZone ?? null;
}
