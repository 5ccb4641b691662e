import { ROLE_GROUPS, type RoleGroup } from '@fretline/contract';
import { and, asc, eq, inArray, isNull, sql, tables, type Database } from '@fretline/db';

/*
 * What other services may read about accounts (ADR 0050): they ask here instead of joining
 * auth.users. Each is one indexed query; lists are looked up in one batch, never per row.
 */
const { users, userRoles } = tables;

export interface AccountName {
  idUser: number;
  firstName: string | null;
  lastName: string | null;
}

export interface AccountContact {
  email: string;
  firstName: string | null;
  lastName: string | null;
  telephone: string | null;
}

/** The live account with this address (case-insensitive), or undefined. */
export async function findAccountByEmail(db: Database, email: string): Promise<AccountName | undefined> {
  const [row] = await db
    .select({ idUser: users.idUser, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** A live account's address, names, telephone and whether it takes non-essential e-mail. */
export async function findAccountContact(
  db: Database,
  idUser: number,
): Promise<(AccountContact & { notificationsEmails: boolean }) | undefined> {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      telephone: users.telephone,
      notificationsEmails: users.notificationsEmails,
    })
    .from(users)
    .where(and(eq(users.idUser, idUser), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/**
 * The contact fields of these accounts in one query, keyed by id; deleted (anonymised) accounts
 * included, as a thread still names who wrote or holds it.
 */
export async function findAccountContacts(db: Database, ids: readonly number[]): Promise<Map<number, AccountContact>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      idUser: users.idUser,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      telephone: users.telephone,
    })
    .from(users)
    .where(inArray(users.idUser, unique));
  return new Map(rows.map(({ idUser, ...contact }) => [idUser, contact]));
}

/** Live accounts holding any role of the group, by first name. */
export async function listAccountsInRoleGroup(db: Database, group: RoleGroup): Promise<Array<AccountName & { email: string }>> {
  return db
    .selectDistinct({ idUser: users.idUser, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.idUser, users.idUser))
    .where(and(inArray(userRoles.role, [...ROLE_GROUPS[group]]), isNull(users.deletedAt)))
    .orderBy(asc(users.firstName), asc(users.idUser));
}
