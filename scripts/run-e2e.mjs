// `npm run test:e2e`: builds the app and runs the Playwright suite in Debian's Chromium.
// Without a browser it says so and skips, unless E2E_REQUIRED=1 (CI), where that is a failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const message = `No Chromium at ${chromium}: install it with 'apt-get install -y chromium' or set CHROMIUM_PATH.`;
  if (process.env.E2E_REQUIRED === '1') {
    process.stderr.write(`${message}\nE2E_REQUIRED=1, so the browser suite cannot be skipped.\n`);
    process.exit(1);
  }
  process.stdout.write(`${message}\nSkipping the browser suite.\n`);
  process.exit(0);
}

const run = (cmd, args) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } }).status ?? 1;
const buildScript = process.env.E2E_FROM_SOURCE === '1' ? ['run', 'build', '-w', '@fretline/web'] : ['run', 'build'];
if (!process.env.E2E_SKIP_BUILD && run('npm', buildScript) !== 0) process.exit(1);
process.exit(run('npx', ['playwright', 'test', ...process.argv.slice(2)]));
