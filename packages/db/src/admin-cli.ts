// `npm run admin -- create-superadmin <email>`: the first Superadmin of a site (production seeds no demo accounts).
import { createDb } from './client.ts';
import { migrate } from './migrate.ts';
import { createSuperadmin } from './admin/superadmin.ts';

const [command, email] = process.argv.slice(2);
if (command !== 'create-superadmin' || !email) {
  process.stderr.write('Usage: npm run admin -- create-superadmin <email>\n');
  process.exit(2);
}
const handle = await createDb({
  url: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ? `${process.env.DATA_DIR}/pglite` : undefined,
});
try {
  await migrate(handle);
  const { idUser, created } = await createSuperadmin(handle.db, email);
  process.stdout.write(
    `${created ? 'Created' : 'Updated'} user ${idUser} (${email}): Superadmin. They sign in with a code sent to that address.\n`,
  );
} finally {
  await handle.close();
}
