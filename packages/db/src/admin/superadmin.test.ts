import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createDb, type DbHandle } from '../client.ts';
import { migrate } from '../migrate.ts';
import { userRoles, users } from '../schema/auth.ts';
import { createSuperadmin } from './superadmin.ts';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createDb({ dataDir: 'memory://' });
  await migrate(handle);
});
afterAll(() => handle.close());

const rolesOf = async (idUser: number) =>
  (await handle.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.idUser, idUser))).map((r) => r.role);

describe('npm run admin -- create-superadmin <email>', () => {
  it('creates the first Superadmin on an empty database, and nobody else', async () => {
    const { idUser, created } = await createSuperadmin(handle.db, ' Owner@Fretline.Example ');
    expect(created).toBe(true);
    expect(await handle.db.select({ email: users.email }).from(users)).toEqual([{ email: 'owner@fretline.example' }]);
    expect(await rolesOf(idUser)).toEqual(['Superadmin']);
  });

  it('promotes an existing account once, keeping its other roles', async () => {
    const [row] = await handle.db.insert(users).values({ email: 'sam@fretline.example' }).returning();
    await handle.db.insert(userRoles).values({ idUser: row!.idUser, role: 'Staff' });
    for (let i = 0; i < 2; i++) {
      const answer = await createSuperadmin(handle.db, 'SAM@fretline.example');
      expect(answer).toEqual({ idUser: row!.idUser, created: false });
    }
    expect((await rolesOf(row!.idUser)).sort()).toEqual(['Staff', 'Superadmin']);
  });

  it('refuses something that is not an address, and stores nothing', async () => {
    const before = await handle.db.select().from(users);
    await expect(createSuperadmin(handle.db, 'not-an-address')).rejects.toThrow(/Not an e-mail address/);
    expect(await handle.db.select().from(users)).toEqual(before);
  });
});
