// `npm run admin -- <command>`: the operator's command line (README "Operations"; commands in
// admin-commands.ts). It opens the database the app would (DATABASE_URL, else the embedded one
// under DATA_DIR), applies any pending migration, runs one command and prints what it did.
import { createDb, migrate } from '@fretline/db';
import { OperatorError, runAdminCommand } from './admin-commands.ts';

const handle = await createDb({
  url: process.env.DATABASE_URL,
  dataDir: `${process.env.DATA_DIR ?? '.data'}/pglite`,
});
try {
  await migrate(handle);
  for (const line of await runAdminCommand(handle.db, process.argv.slice(2))) process.stdout.write(`${line}\n`);
} catch (err) {
  if (!(err instanceof OperatorError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exitCode = 2;
} finally {
  await handle.close();
}
