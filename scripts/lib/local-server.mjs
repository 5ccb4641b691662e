// Shared by the scripts and browser tests that start the built app or a system tool on this
// machine (bench, Lighthouse, e2e): a free loopback port, waiting until a URL answers, and where a
// system tool is.
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

/** A loopback port nothing listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once `url` answers 2xx; rejects after `timeoutMs`. */
export async function waitFor(url, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * The path of a system tool, or undefined. In CI (CI=true or E2E_REQUIRED=1) a missing tool is an
 * error, never a skipped test or a weaker measurement.
 */
export function systemTool(name, candidates = []) {
  const found = [...candidates, ...(process.env.PATH ?? '').split(':').map((dir) => path.join(dir, name))].find((p) =>
    existsSync(p),
  );
  if (!found && (process.env.CI === 'true' || process.env.E2E_REQUIRED === '1'))
    throw new Error(`${name} is missing: .ci/run installs it (apt-get install ${name}).`);
  return found;
}
