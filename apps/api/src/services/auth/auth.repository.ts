import { and, eq, sql, tables, type Database } from '@fretline/db';

const { sessions, users, userRoles } = tables;

export interface SessionUser {
  idUser: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  roles: string[];
  idSession: number;
  sessionAccessed: Date;
}

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
      roles: sql<
        string[]
      >`coalesce((select array_agg(${userRoles.role}) from ${userRoles} where ${userRoles.idUser} = ${users.idUser}), '{}')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.idUser, sessions.idUser))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        eq(sessions.sessionDeleted, false),
        sql`${sessions.expiresAt} > ${now.toISOString()}`,
        sql`${users.deletedAt} is null`,
      ),
    )
    .limit(1);
  return row;
}

export async function touchSession(db: Database, idSession: number, now: Date, ip: string): Promise<void> {
  await db.update(sessions).set({ sessionAccessed: now, sessionIp: ip }).where(eq(sessions.idSession, idSession));
}
