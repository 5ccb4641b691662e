import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { freePort } from '../../scripts/lib/local-server.mjs';

export { freePort, systemTool } from '../../scripts/lib/local-server.mjs';

/*
 * Helpers for the specs that need a process of their own (production mode, SIGTERM) or a real
 * reverse proxy in front of the app: a server child on a free loopback port, a free port, and
 * whether a system tool is there (CI must have it: `.ci/run` installs it).
 */

export interface ChildServer {
  url: string;
  child: ChildProcess;
  /** Everything the server logged so far (JSON lines). */
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop: () => Promise<number | null>;
}

/**
 * Starts the built server (apps/api/dist/server.js, or the source with E2E_FROM_SOURCE=1, as
 * scripts/e2e-server.mjs does) on a free loopback port with a throwaway data directory, and
 * resolves once it listens. (A real port, not 0: the SSR loaders reach the API through PORT.)
 */
export async function startServer(env: Record<string, string>, timeoutMs = 90_000): Promise<ChildServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fretline-e2e-child-'));
  const args = process.env.E2E_FROM_SOURCE === '1' ? ['--import', 'tsx', 'apps/api/src/server.ts'] : ['apps/api/dist/server.js'];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    // No RTMP listener unless the spec asks for one on a port of its own (never the shared 1935).
    env: {
      LIVE_RTMP_PORT: '0',
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      // The session fixture of e2e/support/auth.ts (ADR 0075), which production refuses.
      ...(env.NODE_ENV === 'production' ? {} : { TEST_SESSIONS: 'yes' }),
      ...env,
    },
  });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not listen within ${timeoutMs} ms:\n${log}`)), timeoutMs);
    const check = () => {
      if (log.includes(`Server listening at http://127.0.0.1:${port}`)) {
        clearTimeout(timer);
        child.stdout.off('data', check);
        resolve(`http://127.0.0.1:${port}`);
      }
    };
    child.stdout.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${log}`));
    });
  });
  return {
    url,
    child,
    output: () => log,
    exited,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      return exited;
    },
  };
}
