// Starts the app for the browser suite on a throwaway data directory: the production bundle by
// default, or the API from source with E2E_FROM_SOURCE=1 (parallel local runs with their own
// WEB_BUILD_DIR and E2E_PORT).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(tmpdir(), 'fretline-e2e-'));
const args = process.env.E2E_FROM_SOURCE === '1' ? ['--import', 'tsx', 'apps/api/src/server.ts'] : ['apps/api/dist/server.js'];
const child = spawn(process.execPath, args, {
  stdio: 'inherit',
  // No RTMP listener (ADR 0063): development would take 1935, which parallel runs and a real OBS
  // setup share; e2e/live-ingest.spec.ts starts a server of its own with a free port.
  // TEST_SESSIONS: the browser tests' session fixture (ADR 0075), never on outside this script and
  // e2e/support/server.ts.
  env: { LIVE_RTMP_PORT: '0', ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development', TEST_SESSIONS: 'yes' },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
