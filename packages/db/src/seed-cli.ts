// `npm run db:seed`: wipes every service schema and applies the migrations and demo seed afresh.
import { sql } from 'drizzle-orm';
import { createDb } from './client.ts';
import { migrate } from './migrate.ts';
import { seed } from './seed/index.ts';

const SERVICE_SCHEMAS = ['auth', 'messages', 'videos', 'finance', 'analytics', 'platform', 'drizzle'];

const handle = await createDb({
  url: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ? `${process.env.DATA_DIR}/pglite` : undefined,
});
for (const s of SERVICE_SCHEMAS) await handle.db.execute(sql.raw(`drop schema if exists "${s}" cascade`));
await migrate(handle);
await seed(handle.db);
await handle.close();
process.stdout.write('Database reset: migrations applied and demo content seeded.\n');
