import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { userRoles, users } from '../schema/auth.ts';

/**
 * Makes `email` a Superadmin: the account is created when there is none (it signs in by a code sent
 * to that address), and an existing one keeps its name and other roles. How a production site gets
 * its first Superadmin, since production seeds no demo accounts (README "Production build and start").
 */
export async function createSuperadmin(db: Database, email: string): Promise<{ idUser: number; created: boolean }> {
  const address = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) throw new Error(`Not an e-mail address: ${email}`);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ idUser: users.idUser })
      .from(users)
      .where(sql`lower(${users.email}) = ${address}`);
    const idUser =
      existing?.idUser ??
      (await tx.insert(users).values({ email: address, welcomePending: false }).returning({ idUser: users.idUser }))[0]!.idUser;
    await tx.insert(userRoles).values({ idUser, role: 'Superadmin' }).onConflictDoNothing();
    return { idUser, created: !existing };
  });
}
