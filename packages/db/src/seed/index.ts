import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { users } from '../schema/auth.ts';
import { seedUsers } from './users.ts';
import { seedMessages } from './messages.ts';
import { seedCatalogue } from './catalogue.ts';
import { seedFinance } from './finance.ts';

/**
 * Seeds the demo content. Each service's seed module adds its part; they run in one transaction
 * so a half-seeded database never happens.
 */
export async function seed(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await seedUsers(tx);
    await seedMessages(tx);
    await seedCatalogue(tx);
    await seedFinance(tx);
  });
}

/** Applies the demo seed to an empty database (first start); returns whether it ran. */
export async function seedIfEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await seed(db);
  return true;
}
