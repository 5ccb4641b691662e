import type { Database } from '../client.ts';
import { userRoles, users } from '../schema/auth.ts';

/** The demo accounts of ARCHITECTURE.md; each signs in by a passcode sent to the dev mailbox. */
const demoUsers = [
  { email: 'admin@example.com', firstName: 'Alex', lastName: 'Admin', roles: ['Superadmin'] },
  { email: 'staff@example.com', firstName: 'Sam', lastName: 'Staff', roles: ['Staff'] },
  { email: 'editor@example.com', firstName: 'Eddie', lastName: 'Editor', roles: ['Editor'] },
  { email: 'member@example.com', firstName: 'Morgan', lastName: 'Member', roles: [] },
  { email: 'learner@example.com', firstName: 'Lee', lastName: 'Learner', roles: [] },
] as const;

export async function seedUsers(db: Database): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const u of demoUsers) {
    const [row] = await db
      .insert(users)
      .values({ email: u.email, firstName: u.firstName, lastName: u.lastName, welcomePending: false })
      .returning({ idUser: users.idUser });
    if (!row) throw new Error(`could not seed ${u.email}`);
    ids.set(u.email, row.idUser);
    for (const role of u.roles) await db.insert(userRoles).values({ idUser: row.idUser, role });
  }
  return ids;
}
