// `npm run backup -- --out FILE` and `npm run restore -- FILE [--force]` (README "Operations", ADR 0084):
// the database of DATABASE_URL (or the embedded one under DATA_DIR) and the media folder MEDIA_DIR
// (default DATA_DIR/media).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDb } from './client.ts';
import { createBackup } from './backup/backup.ts';
import { RestoreError, restoreBackup } from './backup/restore.ts';

const [command, ...rest] = process.argv.slice(2);
const { values, positionals } = parseArgs({
  args: rest,
  allowPositionals: true,
  options: { out: { type: 'string' }, force: { type: 'boolean', default: false } },
});
const file = command === 'backup' ? values.out : positionals[0];
if ((command !== 'backup' && command !== 'restore') || !file) {
  process.stderr.write('Usage: npm run backup -- --out FILE\n       npm run restore -- FILE [--force]\n');
  process.exit(2);
}
const dataDir = process.env.DATA_DIR ?? '.data';
const mediaDir = path.resolve(process.env.MEDIA_DIR ?? path.join(dataDir, 'media'));
const handle = await createDb({ url: process.env.DATABASE_URL, dataDir: path.resolve(dataDir, 'pglite') });
try {
  if (command === 'backup') {
    const manifest = await createBackup({ handle, mediaDir, out: path.resolve(file) });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    process.stdout.write(
      `Backed up ${manifest.tables.length} tables (${rows} rows) and ${manifest.media.length} media files to ${file} (checksum in ${file}.sha256).\n`,
    );
  } else {
    const manifest = await restoreBackup({ handle, mediaDir, file: path.resolve(file), force: values.force });
    process.stdout.write(
      `Restored the backup of ${manifest.created}: ${manifest.tables.length} tables, ${manifest.media.length} media files.\n`,
    );
  }
} catch (err) {
  if (!(err instanceof RestoreError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
