// `npm run bench`: throughput and latency of Fretline's hot paths next to a bare Fastify baseline
// measured in the same run (ARCHITECTURE.md "Tests": benchmarks are not tests).
//
// What it does
//   1. Uses the built app (apps/api/dist/server.js + apps/web/build); runs `npm run build` only if
//      either is missing.
//   2. Starts the app in production mode on a free port with a fresh temporary DATA_DIR (embedded
//      PGlite, seeded with the demo content on first start) — or on BENCH_DATABASE_URL (a
//      PostgreSQL database the bench may write to). Its mail goes to an SMTP sink run by the bench.
//   3. Starts a bare Fastify JSON route (scripts/bench/baseline-server.mjs) as the baseline.
//   4. Measures each target with autocannon (50 connections, 10 s; BENCH_SECONDS and
//      BENCH_CONNECTIONS override) and prints req/s, p50, p99, non-2xx responses and req/s as a
//      ratio to the baseline.
//
// Requests carry a rotating X-Forwarded-For (from loopback the app believes it, ADR 0004), so the
// per-IP rate limit is exercised like real traffic instead of throttling the bench itself. The
// baseline's requests are built the same way (it ignores the header), so both sides pay the same
// client cost.
//
// Peers and goals (ADR 0056): a second app process serves only the API (ADR 0026's layout: no page
// is ever rendered in it) for targets that export `instance = 'api'`, and a third, started only when
// a target exports `instance = 'web-apart'`, renders pages whose loaders reach that API process over
// HTTP (API_URL: the cluster's `tiers` layout, ADR 0059) instead of in process (ADR 0062); `prepare`
// then gets the web tier as `url` and signs in at `apiUrl`. Targets that export a `key`
// feed the goals table printed last, which compares Fretline with Ghost 5 (started from
// PEER_GHOST_DIR when it points at an install made with ../shared/peers/ghost.md's recipe,
// otherwise the figures recorded there, and the table says which) and with the baseline.
//
// Adding a target: drop a module in scripts/bench/targets/<name>.mjs exporting
//   export const name = 'GET /api/videos/videos (list)';      // the row label
//   export const path = '/api/videos/videos?limit=10';          // a single GET, or …
//   export const requests = [{ method: 'POST', path: '/api/…', headers: {…}, body: '…' }];
//                                                                // … autocannon `requests` entries
//   export const headers = { … };                                // optional, for `path` targets
//   export const instance = 'api';                               // optional: the API-only process,
//                                                                // or 'web-apart': a web tier whose
//                                                                // loaders reach it over HTTP (API_URL)
//   export const key = 'search';                                 // optional: a row of the goals table
//   export async function prepare({ url, apiUrl, databaseUrl, dataDir, readMail }) { … }
//                                                                // optional bench-only seeding
// prepare() runs once before the target is measured and may return { path?, requests?, headers? }
// to override the exports (e.g. with a bearer token it obtained), and requestsPerView: the row
// then counts views of `requests.length` requests each (a page and the calls it makes), not requests. `url` is the app's origin;
// `databaseUrl` is BENCH_DATABASE_URL or null (PGlite: its files under `dataDir` belong to the
// running app, so seed through the HTTP API instead); `readMail(to)` resolves with the newest
// e-mail the app sent to that address ({ subject, text }), so a target can sign in with a real
// passcode. Targets run in file-name order after the built-in ones. BENCH_ONLY=<regex> measures
// only the targets whose name matches (the baseline always runs).
import { spawn, execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';
import { freePort, waitFor } from './lib/local-server.mjs';
import autocannon from 'autocannon';
import { SMTPServer } from 'smtp-server';
import { measureGhost } from './bench/ghost-peer.mjs';
import { printGoals } from './bench/goals.mjs';
import { wireBytes } from './bench/wire-bytes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const appNodeArgs = (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean);

function start(label, args, env) {
  const merged = { ...process.env, ...env };
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  const child = spawn(process.execPath, args, { cwd: root, env: merged, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  child.on('exit', (code) => {
    if (code && !child.stopping) console.error(`${label} exited with ${code}\n${stderr}`);
  });
  return child;
}

function stop(child) {
  if (!child || child.exitCode !== null) return Promise.resolve();
  child.stopping = true;
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

/** A small SMTP sink: the app in production mode mails here, targets can read it. */
async function startMailSink() {
  const inbox = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const subject = /^Subject: (.*)$/im.exec(raw)?.[1] ?? '';
        inbox.push({ to, subject, text: raw });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const readMail = async (to, timeoutMs = 15_000) => {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const found = [...inbox].reverse().find((m) => m.to.includes(to.toLowerCase()));
      if (found) return found;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no e-mail to ${to} within ${timeoutMs / 1000} s`);
  };
  return { url: `smtp://127.0.0.1:${port}`, readMail, close: () => new Promise((r) => server.close(r)) };
}

let ipCounter = 0;
/**
 * 16,384 addresses from 10.0.0.0/8. At 60,000 req/s a minute of the run is 3.6 million requests,
 * about 220 per address: under the 600-a-minute budget (ADR 0004), so no target is measured on
 * cheap 429s. (1,000 addresses were enough only while the app made under 10,000 req/s.)
 */
const ADDRESSES = 16_384;
const nextIp = () => {
  const n = ipCounter++ % ADDRESSES;
  return `10.${n >> 8}.${n & 255}.7`;
};

function withForwardedFor(requests) {
  return requests.map((request) => ({
    ...request,
    setupRequest: (req, context) => {
      const built = request.setupRequest ? request.setupRequest(req, context) : req;
      if (!built) return built;
      return { ...built, headers: { ...(built.headers ?? {}), 'x-forwarded-for': nextIp() } };
    },
  }));
}

const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;

async function measure(origin, target) {
  // Let the previous target's backlog drain so it does not eat into this one's window.
  await waitFor(`${origin}${target.readyPath ?? '/api/health'}`, 300_000);
  await new Promise((r) => setTimeout(r, 500));
  const requests = target.requests ?? [{ method: 'GET', path: target.path, headers: target.headers ?? {} }];
  // Every target, the baseline too, goes through the same per-request setup: building each request
  // costs autocannon a third of its throughput, and the ratio must compare servers, not clients.
  const result = await autocannon({ url: origin, connections, duration: seconds, requests: withForwardedFor(requests) });
  return {
    name: target.name,
    key: target.key,
    // A target whose unit is a page view with the calls it makes counts views, not requests.
    rps: result.requests.average / (target.requestsPerView ?? 1),
    unit: target.requestsPerView ? 'views/s' : 'req/s',
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
  };
}

async function loadTargetModules() {
  const dir = path.join(root, 'scripts/bench/targets');
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.mjs'))
    .sort();
  const modules = [];
  for (const file of files) {
    const mod = await import(pathToFileURL(path.join(dir, file)).href);
    if (!mod.name || (!mod.path && !mod.requests && !mod.prepare)) {
      console.error(`scripts/bench/targets/${file}: export a name and a path or requests; skipped`);
      continue;
    }
    modules.push({ file, mod });
  }
  return modules;
}

function printTable(rows, baselineRps) {
  const header = ['target', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'vs baseline'];
  const lines = rows.map((r) => [
    r.name,
    r.rps.toFixed(0),
    String(r.p50),
    String(r.p99),
    String(r.non2xx),
    baselineRps ? `${((r.rps / baselineRps) * 100).toFixed(1)}%` : '-',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(fmt(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) console.log(fmt(l));
  const refused = rows.filter((r) => r.non2xx > 0).map((r) => r.name);
  if (refused.length) {
    console.log(`\nNot comparable (errors or non-2xx answers, which are cheaper): ${refused.join('; ')}`);
    process.exitCode = 1;
  }
}

const secretKey = randomBytes(32).toString('hex');
/** The app's environment in production mode; the main process and the API-only one differ only in port and files. */
let mailUrl = '';
function appEnv(port, siteUrl, dataDir) {
  return {
    NODE_ENV: 'production',
    PAYMENTS: 'sandbox',
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL: siteUrl,
    SECRET_KEY: secretKey,
    MAIL_FROM: 'Fretline Bench <bench@fretline.example>',
    // The bench signs in as the demo accounts and reads the demo catalogue.
    DEMO_SEED: 'yes',
    DATA_DIR: dataDir,
    SMTP_URL: mailUrl,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    // Unset means the embedded PGlite database under DATA_DIR.
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? undefined,
  };
}

async function main() {
  const serverFile = path.join(root, 'apps/api/dist/server.js');
  const webBuild = path.join(process.env.WEB_BUILD_DIR ?? path.join(root, 'apps/web/build'), 'server/index.js');
  if (!existsSync(serverFile) || !existsSync(webBuild)) {
    console.log('No build found: running npm run build first.');
    execSync('npm run build', { cwd: root, stdio: 'inherit' });
  }

  const databaseUrl = process.env.BENCH_DATABASE_URL ?? null;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fretline-bench-'));
  // On PGlite the API-only process needs its own files (one process owns an embedded database).
  const apiDataDir = databaseUrl ? dataDir : path.join(dataDir, 'api-instance');
  const mail = await startMailSink();
  mailUrl = mail.url;
  const [appPort, basePort, apiPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const origin = `http://127.0.0.1:${appPort}`;
  const apiOrigin = `http://127.0.0.1:${apiPort}`;
  const children = [];
  const cleanup = async () => {
    await Promise.all(children.map(stop));
    await mail.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

  try {
    children.push(
      start('baseline', ['scripts/bench/baseline-server.mjs'], { PORT: String(basePort) }),
      // As `npm start` runs it: a 64 MB young generation (ADR 0040).
      // BENCH_APP_NODE_ARGS adds Node flags to this process alone (say `--cpu-prof`, to see where a page's time goes).
      start('app', ['--max-semi-space-size=64', ...appNodeArgs, serverFile], appEnv(appPort, origin, dataDir)),
    );
    // One at a time: two first starts on one PostgreSQL database would race to migrate and seed it.
    await Promise.all([waitFor(`http://127.0.0.1:${basePort}/baseline`, 300_000), waitFor(`${origin}/api/health`, 300_000)]);
    children.push(start('api instance', ['--max-semi-space-size=64', serverFile], appEnv(apiPort, apiOrigin, apiDataDir)));
    await waitFor(`${apiOrigin}/api/health`, 300_000);
    console.log(
      `Fretline bench: ${connections} connections, ${seconds} s per target, database ${databaseUrl ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite (fresh)'}, node ${process.version}\n`,
    );

    // The web tier apart from the API (ADR 0059's `tiers` layout), only when a target asks for it.
    let webApartOrigin = null;
    const startWebApart = async () => {
      if (webApartOrigin) return webApartOrigin;
      const port = await freePort();
      const webOrigin = `http://127.0.0.1:${port}`;
      const webDataDir = databaseUrl ? dataDir : path.join(dataDir, 'web-instance');
      // BENCH_APART_API=self points its API_URL at itself instead: loaders over loopback HTTP to the
      // API of their own process, as every loader reached it before ADR 0062 (for comparing).
      const apiUrl = process.env.BENCH_APART_API === 'self' ? webOrigin : apiOrigin;
      children.push(
        start('web tier', ['--max-semi-space-size=64', serverFile], { ...appEnv(port, webOrigin, webDataDir), API_URL: apiUrl }),
      );
      await waitFor(`${webOrigin}/api/health`, 300_000);
      return (webApartOrigin = webOrigin);
    };

    const rows = [];
    const baseline = await measure(`http://127.0.0.1:${basePort}`, {
      name: 'baseline: bare Fastify JSON route',
      path: '/baseline',
      readyPath: '/baseline',
    });
    rows.push(baseline);
    const wanted = (name) => !only || only.test(name);
    if (wanted('GET /api/health')) rows.push(await measure(origin, { name: 'GET /api/health', path: '/api/health' }));
    const HOME = 'GET / signed out (home page, as a browser asks: brotli)';
    if (wanted(HOME))
      rows.push(await measure(origin, { name: HOME, key: 'home', path: '/', headers: { 'accept-encoding': 'br, gzip' } }));

    for (const { file, mod } of await loadTargetModules()) {
      if (!wanted(mod.name)) continue;
      try {
        const target = mod.instance === 'api' ? apiOrigin : mod.instance === 'web-apart' ? await startWebApart() : origin;
        const prepared = mod.prepare
          ? ((await mod.prepare({ url: target, apiUrl: apiOrigin, databaseUrl, dataDir, readMail: mail.readMail })) ?? {})
          : {};
        rows.push(
          await measure(target, {
            name: mod.name,
            key: mod.key,
            path: prepared.path ?? mod.path,
            requests: prepared.requests ?? mod.requests,
            headers: prepared.headers ?? mod.headers,
            requestsPerView: prepared.requestsPerView,
          }),
        );
      } catch (err) {
        console.error(`scripts/bench/targets/${file} failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    // The baseline again, last: if the client itself slowed down over the run (its own heap and
    // JIT after parsing large pages), this row shows it, and later rows should be read against it.
    rows.push(
      await measure(`http://127.0.0.1:${basePort}`, {
        name: 'baseline again, after every target',
        path: '/baseline',
        readyPath: '/baseline',
      }),
    );
    printTable(rows, baseline.rps);
    const bytes = await wireBytes(origin, '/');
    console.log(
      `\nGET / over the wire (brotli, HTML + CSS + JS it loads): ${(bytes.total / 1024).toFixed(1)} KB in ${bytes.files} files`,
    );
    const ghost = await measureGhost((peerOrigin, target) => measure(peerOrigin, target));
    printGoals({ rows, baseline, ghost, homeBytes: bytes.total });
  } finally {
    await cleanup();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
