// `node scripts/lighthouse.mjs`: Lighthouse's mobile performance score of the home page, a video
// page and a course page, on the built app in production mode (ADR 0056). CI runs it as its own
// step and fails under LIGHTHOUSE_MIN (90).
//
// What it does
//   1. Uses the built app (apps/api/dist/server.js + apps/web/build); runs `npm run build` if missing.
//   2. Starts it in production mode on a free port with a fresh DATA_DIR (embedded PGlite, demo
//      content) behind the documented production front: nginx terminating TLS with HTTP/2
//      (scripts/lib/tls-proxy.mjs). Without nginx it measures the app's own plain HTTP/1.1 port and
//      says so; CI installs nginx and requires it. Asks each page once so the first Lighthouse
//      load is not the very first render.
//   3. Runs Lighthouse 12.8.2 (default mobile profile: simulated slow 4G, performance only) with
//      Debian's Chromium once per page, with the CPU slowdown fixed to Lighthouse's own benchmark
//      of the machine at that load (cpuSlowdown below, ADR 0075) rather than taking medians of
//      several runs. A run that fails (Chromium's trace can miss the navigation start) is run
//      again, up to twice.
//
// Lighthouse stays out of the workspaces (it would hoist zod 3 and old @types/pg; STACK-NOTES):
// it runs through `npm exec --package=lighthouse@12.8.2`, which installs it into npm's cache once.
//
// Env: CHROMIUM_PATH (default /usr/bin/chromium), LIGHTHOUSE_MIN (90),
// LIGHTHOUSE_PAGES (comma list of paths, default the three below), LIGHTHOUSE_OUT (a folder to keep
// the JSON reports in).
import { execFileSync, execSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { freePort, systemTool, waitFor } from './lib/local-server.mjs';
import { startTlsProxy } from './lib/tls-proxy.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const minimum = Number(process.env.LIGHTHOUSE_MIN ?? 90);
// Demo content (packages/db/src/seed): a free lesson and the beginner course.
const pages = (process.env.LIGHTHOUSE_PAGES ?? '/,/videos/holding-the-guitar,/courses/beginner-guitar-course').split(',');

// In CI a missing one is an error (systemTool), not a weaker measurement.
const nginx = systemTool('nginx', ['/usr/sbin/nginx']);
const openssl = systemTool('openssl', ['/usr/bin/openssl']);

/*
 * Lighthouse's mobile profile slows the CPU 4x, which assumes a machine of benchmark index 1,533
 * (its throttling docs): the emulated phone is a fixed 383. Scored against that fixed phone, a
 * run on two cores a neighbour is busy with (index 600, say) is slowed 1.6x instead of 4x, since
 * the busy machine is already slower; a faster machine keeps the 4x it was measured with before
 * (ADR 0075). One run per page then holds where medians of five runs did not.
 */
const REFERENCE_INDEX = 1533;
const DEFAULT_SLOWDOWN = 4;
const cpuSlowdown = (index) => Math.max(1, Math.round(DEFAULT_SLOWDOWN * Math.min(1, index / REFERENCE_INDEX) * 100) / 100);

async function main() {
  if (!existsSync(chromium)) {
    console.error(`No Chromium at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH).`);
    process.exit(1);
  }
  const serverFile = path.join(root, 'apps/api/dist/server.js');
  if (!existsSync(serverFile) || !existsSync(path.join(root, 'apps/web/build/server/index.js'))) {
    execSync('npm run build', { cwd: root, stdio: 'inherit' });
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fretline-lighthouse-'));
  const outDir = process.env.LIGHTHOUSE_OUT ? path.resolve(process.env.LIGHTHOUSE_OUT) : dataDir;
  mkdirSync(outDir, { recursive: true });
  const port = await freePort();
  const direct = `http://127.0.0.1:${port}`;
  const proxy = nginx && openssl ? await startTlsProxy({ appPort: port, nginx, openssl }) : undefined;
  if (!proxy) console.error('nginx is not installed: measuring plain HTTP/1.1, which scores lower than the TLS + HTTP/2 front.');
  const origin = proxy?.origin ?? direct;
  // The embedded database, whatever the caller's environment points at.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const app = spawn(process.execPath, ['--max-semi-space-size=64', serverFile], {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: 'production',
      PAYMENTS: 'sandbox',
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: origin,
      SECRET_KEY: randomBytes(32).toString('hex'),
      MAIL_FROM: 'Fretline <hello@fretline.example>',
      DEMO_SEED: 'yes',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  app.on('exit', (code) => {
    if (code && !app.stopping) {
      console.error(`the app exited with ${code}`);
      process.exit(1);
    }
  });
  let failed = false;
  try {
    await waitFor(`${direct}/api/health`, 120_000);
    for (const page of pages) await warm(`${origin}${page}`);
    const lighthouse = (args) =>
      execFileSync('npm', ['exec', '--yes', '--package=lighthouse@12.8.2', '--', 'lighthouse', ...args], {
        cwd: dataDir,
        env: { ...process.env, CHROME_PATH: chromium },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    /**
     * One Lighthouse run of a page: Chromium loads it once (gather mode, which also takes the CPU
     * benchmark), then the score is worked out from that load with the CPU slowdown fixed to the
     * benchmark (audit mode). A run Chromium loses is tried again, up to twice.
     */
    const measure = (page) => {
      const name = page.replace(/\W+/g, '_') || 'home';
      for (let attempt = 1; attempt <= 3; attempt++) {
        const artifacts = path.join(dataDir, `${name}-${attempt}`);
        const file = path.join(outDir, `${name}-${attempt}.json`);
        const common = [`${origin}${page}`, '--only-categories=performance', '--quiet'];
        try {
          lighthouse([
            ...common,
            `--gather-mode=${artifacts}`,
            // The proxy's certificate is made on the spot; nothing else is trusted this way.
            '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --ignore-certificate-errors',
          ]);
          // The simulated throttling applies the slowdown when auditing, so the gathered load does
          // not depend on it; Lighthouse still insists the saved settings match the audit's own.
          const saved = path.join(artifacts, 'artifacts.json');
          const gathered = JSON.parse(readFileSync(saved, 'utf8'));
          const slowdown = cpuSlowdown(gathered.BenchmarkIndex);
          gathered.settings.throttling.cpuSlowdownMultiplier = slowdown;
          writeFileSync(saved, JSON.stringify(gathered));
          lighthouse([
            ...common,
            `--audit-mode=${artifacts}`,
            `--throttling.cpuSlowdownMultiplier=${slowdown}`,
            '--output=json',
            `--output-path=${file}`,
          ]);
        } catch {
          // Chromium can die under a loaded machine: that run does not count.
          console.error(`lighthouse run ${attempt} of ${page} failed; not counted`);
          continue;
        }
        const report = JSON.parse(readFileSync(file, 'utf8'));
        if (report.runtimeError || report.categories.performance.score === null) {
          console.error(`lighthouse run ${attempt} of ${page}: ${report.runtimeError?.code ?? 'no score'}; not counted`);
          continue;
        }
        return report;
      }
      return undefined;
    };
    const rows = [];
    for (const page of pages) {
      const report = measure(page);
      if (!report) {
        rows.push({ page, score: 0, runs: 'every run failed' });
        continue;
      }
      const audit = (id) => report.audits[id]?.displayValue ?? '-';
      rows.push({
        page,
        score: Math.round(report.categories.performance.score * 100),
        // Lighthouse's benchmark of this machine's CPU at the load, and the slowdown it gave.
        'cpu index': Math.round(report.environment.benchmarkIndex),
        'cpu slowdown': report.configSettings.throttling.cpuSlowdownMultiplier,
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        bytes: audit('total-byte-weight'),
      });
    }
    console.table(rows);
    const low = rows.filter((r) => r.score < minimum);
    if (low.length) {
      console.error(`Under ${minimum}: ${low.map((r) => `${r.page} (${r.score})`).join(', ')}`);
      failed = true;
    }
  } finally {
    app.stopping = true;
    app.kill('SIGTERM');
    await new Promise((r) => app.once('exit', r));
    proxy?.stop();
    if (!process.env.LIGHTHOUSE_OUT) rmSync(dataDir, { recursive: true, force: true });
    else rmSync(path.join(dataDir, 'pglite'), { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

/** One GET, through the proxy (whose certificate no store trusts) when there is one. */
function warm(url) {
  if (url.startsWith('http:')) return fetch(url);
  return new Promise((resolve, reject) => {
    get(url, { rejectUnauthorized: false }, (res) => res.resume().on('end', resolve)).on('error', reject);
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
