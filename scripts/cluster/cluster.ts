// Several production instances of the app behind HAProxy, on one PostgreSQL and one Redis, with
// media in an S3-compatible bucket (ADR 0059). Used by `npm run cluster` and the cluster suite.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createConnection } from 'node:net';
import { closeSync, existsSync, openSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error -- s3rver ships no type declarations; the part used is typed below.
import S3rverModule from 's3rver';
import { SMTPServer } from 'smtp-server';
import { RESUMABLE_UPLOAD_PATH } from '@fretline/contract';

const S3rver = S3rverModule as new (options: object) => { run(): Promise<unknown>; close(): Promise<void> };

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MEDIA_BUCKET = 'fretline-media';
const S3_KEYS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1' };

/** Where each process of a cluster listens: `base` is the balancer, the rest follow it. */
function portsFrom(base: number) {
  return {
    balancer: base,
    postgres: base + 1,
    redis: base + 2,
    smtp: base + 3,
    s3: base + 4,
    /** The balancer's RTMP port, the one encoders are told (ADR 0063). */
    rtmp: base + 5,
    instance: (i: number) => base + 10 + i,
    /** Each API instance's own RTMP listener (no two instances share 1935 on one host). */
    instanceRtmp: (i: number) => base + 30 + i,
  };
}

export interface MailMessage {
  to: string;
  raw: string;
}

export interface Instance {
  name: string;
  tier: 'app' | 'web' | 'api';
  port: number;
  url: string;
  /** Its own RTMP port (API instances), or null (web instances take no encoders). */
  rtmpPort: number | null;
  /** Starts it (again) and resolves once /api/health answers 200 on its own port. */
  start(): Promise<void>;
  /** Sends a signal and resolves when the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  running(): boolean;
  /** The process id while it runs (the capacity measurements read its CPU time). */
  pid(): number | undefined;
}

export interface ClusterOptions {
  /** `app`: every instance serves pages and /api; `tiers`: pages on web instances, /api on API instances (API_URL). */
  layout: 'app' | 'tiers';
  /** Instances behind the balancer (per tier in the `tiers` layout). */
  instances: number;
  basePort: number;
  /** Extra environment for every instance. */
  env?: Record<string, string>;
  /** Where logs go; a temporary folder when absent. */
  workDir?: string;
  /** Prints what starts (the CLI); the test suite stays quiet. */
  verbose?: boolean;
  /**
   * How often HAProxy checks each instance (500 ms, as in production). A test may check more often
   * to make minutes' worth of checks in seconds.
   */
  checkIntervalMs?: number;
}

export interface Cluster {
  url: string;
  /** The balancer's RTMP address for encoders: rtmp://127.0.0.1:<port>/live (ADR 0063). */
  rtmpUrl: string;
  databaseUrl: string;
  redisUrl: string;
  instances: Instance[];
  /** The API instances (all of them in the `app` layout). */
  api: Instance[];
  /** Every e-mail the instances sent over SMTP, in order. */
  mail: MailMessage[];
  workDir: string;
  postgres: { restart(): Promise<void>; dataDir: string };
  redis: { stop(): Promise<void>; start(): Promise<void>; pid(): number | undefined };
  /** Waits until HAProxy reports each named server UP (or DOWN). */
  waitForBalancer(server: string, state: 'UP' | 'DOWN', timeoutMs?: number): Promise<void>;
  /** HAProxy's counts of failed health checks and of UP-to-DOWN transitions, all servers together. */
  healthCheckFailures(): Promise<{ failed: number; down: number }>;
  stop(): Promise<void>;
}

/** The PostgreSQL server binaries Debian installs (the newest version). */
function pgBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const v of versions) {
    const bin = path.join(root, v, 'bin', name);
    if (existsSync(bin)) return bin;
  }
  return name;
}

function haproxyBinary(): string | null {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/bin/haproxy']) if (existsSync(candidate)) return candidate;
  return spawnSync('haproxy', ['-v']).status === 0 ? 'haproxy' : null;
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000, everyMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

const healthy = async (url: string) => (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) })).status === 200;

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(cmd, args, { env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
}

/** A PostgreSQL server of its own (initdb + pg_ctl), so a fault test may restart it without touching anyone else's. */
async function startPostgres(dir: string, port: number) {
  const data = path.join(dir, 'pgdata');
  const socketDir = path.join(dir, 'pgsock');
  mkdirSync(socketDir, { recursive: true });
  // initdb refuses to run as root; the postgres account owns the server then, as Debian's does.
  const asRoot = process.getuid?.() === 0;
  const sudo = (bin: string, args: string[]) =>
    (asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args]) as [string, string[]];
  if (asRoot) run('chown', ['-R', 'postgres:postgres', dir]);
  run(...sudo(pgBin('initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']));
  // The server runs with production's durable settings (fsync on), so a fault test's "no write
  // lost" holds as it would in production; --no-sync above only skips syncing initdb's own files.
  const ctl = (action: string) =>
    run(
      ...sudo(pgBin('pg_ctl'), [
        '-D',
        data,
        '-w',
        '-l',
        path.join(dir, 'postgres.log'),
        '-o',
        `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c shared_preload_libraries=pg_stat_statements`,
        ...(action === 'restart' ? ['-m', 'fast'] : []),
        action,
      ]),
    );
  ctl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dataDir: data,
    restart: async () => ctl('restart'),
    stop: async () => {
      try {
        run(...sudo(pgBin('pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']));
      } catch {
        // Already stopped.
      }
    },
  };
}

/** A Redis of its own on `port`, without persistence. */
function redisServer(port: number, logFile: string) {
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', openSync(logFile, 'a'), 'inherit'],
    });
    await waitFor(
      'redis',
      async () =>
        spawnSync('redis-cli', ['-p', String(port), 'ping'])
          .stdout?.toString()
          .trim() === 'PONG',
    );
  };
  const stop = async () => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    c.kill('SIGKILL');
    await once(c, 'exit');
  };
  return { start, stop, pid: () => child?.pid };
}

/** An SMTP server that keeps every message, as the mail provider would receive it. */
async function startSmtp(port: number, mail: MailMessage[]) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        for (const rcpt of session.envelope.rcptTo)
          mail.push({ to: rcpt.address.toLowerCase(), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function haproxyConfig(options: {
  port: number;
  rtmpPort: number;
  web: Instance[];
  api: Instance[];
  statsSocket: string;
  checkIntervalMs: number;
}): string {
  const servers = (list: Instance[]) => list.map((i) => `  server ${i.name} 127.0.0.1:${i.port} check`).join('\n');
  const split = options.api !== options.web;
  // Own server names in these backends, so HAProxy's state of `app1` is always the HTTP backend's.
  const uploadServers = options.api
    .map((i) => `  server ${i.name}-uploads 127.0.0.1:${i.port} check cookie ${i.name}`)
    .join('\n');
  const rtmpServers = options.api
    .filter((i) => i.rtmpPort !== null)
    .map((i) => `  server ${i.name}-rtmp 127.0.0.1:${i.rtmpPort} check`)
    .join('\n');
  return `global
  maxconn 4000
  stats socket ${options.statsSocket} mode 600 level admin

  log stdout format raw local0 info

defaults
  mode http
  # One line per request in haproxy.log: which server, timings, and how it ended (termination state).
  log global
  option httplog
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-keep-alive 10s
  # Two failed checks 500 ms apart take an instance out: a 503 (draining, ADR 0042), a refusal,
  # or no answer within 2 s. Draining lasts 5 s, so even slow checks see it in time.
  timeout check 2s
  # At most 8 requests in an instance at once; more wait here (up to 20 s) rather than pile up in
  # its event loop, where they would delay its health check until the balancer gave up on it.
  timeout queue 20s
  # A connection refused (an instance restarting) is tried again on another server; a request
  # that reached an instance never is, so a write is never sent twice (ADR 0059).
  retries 3
  retry-on conn-failure
  option redispatch

frontend site
  bind 127.0.0.1:${options.port}
  option forwardfor
  # Which instance answered, for the cluster suite and for people reading a trace.
  http-response set-header X-Served-By %s
  use_backend uploads if { path_beg ${RESUMABLE_UPLOAD_PATH} }
${split ? '  use_backend api if { path_beg /api/ }\n' : ''}  default_backend ${split ? 'web' : 'app'}

# Resumable uploads (ADR 0063): tus keeps an upload's bytes and offset on the instance that took
# it, so an editor's later requests for it go there too, by a cookie the balancer sets on the
# first answer (scoped to the uploads path). A hash of the URL could not work: the request that
# creates the upload has no id in its URL yet.
backend uploads
  balance roundrobin
  cookie fretline_upload insert indirect nocache httponly attr "Path=${RESUMABLE_UPLOAD_PATH}"
  option httpchk GET /api/health/live
  http-check expect status 200
  default-server inter ${options.checkIntervalMs}ms fall 2 rise 2 maxconn 8
${uploadServers}

# RTMP from encoders (ADR 0063): plain TCP to each API instance's own listener; an encoder
# reconnecting from the same address tends to reach the same instance (any instance continues
# the stream anyway). Long timeouts: an encoder sends for hours.
frontend rtmp
  mode tcp
  option tcplog
  bind 127.0.0.1:${options.rtmpPort}
  timeout client 10m
  default_backend rtmp

backend rtmp
  mode tcp
  balance source
  timeout server 10m
  default-server inter 2s fall 2 rise 2
${rtmpServers}

${
  split
    ? `backend web
  balance roundrobin
  option httpchk GET /api/health/live
  http-check expect status 200
  default-server inter ${options.checkIntervalMs}ms fall 2 rise 2 maxconn 8
${servers(options.web)}

backend api
  balance roundrobin
  option httpchk GET /api/health/live
  http-check expect status 200
  default-server inter ${options.checkIntervalMs}ms fall 2 rise 2 maxconn 8
${servers(options.api)}
`
    : `backend app
  balance roundrobin
  option httpchk GET /api/health/live
  http-check expect status 200
  default-server inter ${options.checkIntervalMs}ms fall 2 rise 2 maxconn 8
${servers(options.api)}
`
}`;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const haproxy = haproxyBinary();
  if (!haproxy) throw new Error('HAProxy is not installed (Debian package haproxy)');
  const serverJs = path.join(repoRoot, 'apps/api/dist/server.js');
  if (!existsSync(serverJs)) throw new Error('No production build: run `npm run build` first');
  const ports = portsFrom(options.basePort);
  const workDir = options.workDir ?? (await mkdtemp(path.join(tmpdir(), 'fretline-cluster-')));
  mkdirSync(workDir, { recursive: true });
  const log = (line: string) => {
    if (options.verbose) process.stdout.write(`${line}\n`);
  };
  const cleanups: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    cleanups.length = 0;
  };

  try {
    const pg = await startPostgres(workDir, ports.postgres);
    cleanups.push(pg.stop);
    log(`postgres   ${pg.url}`);
    const redis = redisServer(ports.redis, path.join(workDir, 'redis.log'));
    await redis.start();
    cleanups.push(redis.stop);
    const redisUrl = `redis://127.0.0.1:${ports.redis}`;
    log(`redis      ${redisUrl}`);
    const mail: MailMessage[] = [];
    const smtp = await startSmtp(ports.smtp, mail);
    cleanups.push(smtp.stop);
    const s3 = new S3rver({
      port: ports.s3,
      address: '127.0.0.1',
      silent: true,
      directory: path.join(workDir, 's3'),
      configureBuckets: [{ name: MEDIA_BUCKET }],
    });
    await s3.run();
    cleanups.push(() => s3.close());
    log(`s3         http://127.0.0.1:${ports.s3}/${MEDIA_BUCKET}`);

    const siteUrl = `http://127.0.0.1:${ports.balancer}`;
    const baseEnv: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PAYMENTS: 'sandbox',
      HOST: '127.0.0.1',
      SITE_URL: siteUrl,
      DATABASE_URL: pg.url,
      REDIS_URL: redisUrl,
      // One secret for all: a session or a signed media URL made by one instance verifies on the others.
      SECRET_KEY: randomBytes(32).toString('hex'),
      MAIL_FROM: 'Fretline <hello@fretline.example>',
      // An acceptance run: the demo accounts and catalogue, as in development.
      DEMO_SEED: 'yes',
      SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
      LIVE_INGEST_PORT: String(ports.rtmp),
      // Every encoder reaches an instance from the balancer's address: the per-address cap is the
      // balancer's to apply (ADR 0070), so the instances' own is only a ceiling.
      LIVE_RTMP_MAX_PER_ADDRESS: '64',
      MEDIA_BUCKET,
      AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${ports.s3}`,
      ...S3_KEYS,
      CAPTCHA: 'off',
      CAPTCHA_OFF_IN_PRODUCTION: 'yes',
      // SHUTDOWN_DRAIN_MS stays at its production default (5 s, ADR 0042): the balancer needs two
      // failed checks 500 ms apart, each allowed 2 s on a busy machine.
      LOG_LEVEL: 'warn',
      ...options.env,
    };

    const makeInstance = (
      name: string,
      tier: Instance['tier'],
      port: number,
      rtmpPort: number | null,
      extra: NodeJS.ProcessEnv = {},
    ): Instance => {
      let child: ChildProcess | null = null;
      const url = `http://127.0.0.1:${port}`;
      // Every instance on this host needs its own RTMP port; the balancer's is the one encoders use.
      const live: NodeJS.ProcessEnv = { LIVE_RTMP_PORT: options.env?.LIVE_RTMP_PORT ?? String(rtmpPort ?? 0) };
      const instance: Instance = {
        name,
        tier,
        port,
        url,
        rtmpPort,
        running: () => child !== null && child.exitCode === null && child.signalCode === null,
        pid: () => child?.pid,
        async start() {
          const out = openSync(path.join(workDir, `${name}.log`), 'a');
          child = spawn(process.execPath, ['--max-semi-space-size=64', serverJs], {
            cwd: repoRoot,
            env: { ...baseEnv, PORT: String(port), DATA_DIR: path.join(workDir, name), ...live, ...extra },
            stdio: ['ignore', out, out],
          });
          closeSync(out);
          const started = child;
          // Generous: several instances starting at once on a shared, busy machine take a while.
          await waitFor(
            `${name} health`,
            async () => {
              if (started.exitCode !== null)
                throw new Error(`${name} exited with ${started.exitCode}; see ${workDir}/${name}.log`);
              return healthy(url);
            },
            90_000,
          );
        },
        async stop(signal = 'SIGTERM') {
          const c = child;
          if (!c || c.exitCode !== null || c.signalCode !== null) return c?.exitCode ?? null;
          const exited = once(c, 'exit');
          c.kill(signal);
          const [code] = (await exited) as [number | null];
          return code;
        },
      };
      return instance;
    };

    const api: Instance[] = [];
    const web: Instance[] = [];
    const tierOfApi = options.layout === 'tiers' ? 'api' : 'app';
    for (let i = 0; i < options.instances; i++)
      api.push(makeInstance(`${tierOfApi}${i + 1}`, tierOfApi, ports.instance(i), ports.instanceRtmp(i)));
    if (options.layout === 'tiers') {
      // Web instances' loaders reach /api through the balancer, which sends it to the API tier.
      for (let i = 0; i < options.instances; i++)
        web.push(makeInstance(`web${i + 1}`, 'web', ports.instance(options.instances + i), null, { API_URL: siteUrl }));
    }
    const instances = [...api, ...web];
    cleanups.push(async () => {
      await Promise.all(instances.map((i) => i.stop('SIGKILL')));
    });
    // The first one migrates and seeds the empty database; the others start on the result.
    const [first, ...rest] = instances;
    if (!first) throw new Error('a cluster needs an instance');
    await first.start();
    await Promise.all(rest.map((i) => i.start()));
    for (const i of instances) log(`${i.name.padEnd(10)} ${i.url}`);

    const statsSocket = path.join(workDir, 'haproxy.sock');
    const cfg = path.join(workDir, 'haproxy.cfg');
    writeFileSync(
      cfg,
      haproxyConfig({
        port: ports.balancer,
        rtmpPort: ports.rtmp,
        web: web.length ? web : api,
        api,
        statsSocket,
        checkIntervalMs: options.checkIntervalMs ?? 500,
      }),
    );
    const haproxyLog = openSync(path.join(workDir, 'haproxy.log'), 'a');
    const lb = spawn(haproxy, ['-db', '-f', cfg], {
      stdio: ['ignore', haproxyLog, haproxyLog],
    });
    cleanups.push(async () => {
      if (lb.exitCode !== null) return;
      lb.kill('SIGTERM');
      await once(lb, 'exit');
    });

    // HAProxy's runtime API on its stats socket: one command per connection, answered then closed.
    const runtime = async (command: string): Promise<string> => {
      const socket = createConnection(statsSocket);
      socket.end(`${command}\n`);
      let text = '';
      for await (const chunk of socket) text += String(chunk);
      return text;
    };
    const serverStates = async (): Promise<Map<string, string>> => {
      const text = await runtime('show servers state');
      const states = new Map<string, string>();
      for (const line of text.split('\n')) {
        const f = line.split(' ');
        // be_id be_name srv_id srv_name srv_addr srv_op_state ...; op_state 2 is running.
        if (f.length > 6 && /^\d+$/.test(f[0] ?? '')) states.set(f[3] ?? '', f[5] === '2' ? 'UP' : 'DOWN');
      }
      return states;
    };
    const waitForBalancer = async (server: string, state: 'UP' | 'DOWN', timeoutMs = 15_000) => {
      await waitFor(`${server} ${state} in HAProxy`, async () => (await serverStates()).get(server) === state, timeoutMs, 100);
    };
    await waitFor('the balancer', async () => {
      if (lb.exitCode !== null) throw new Error(`HAProxy exited with ${lb.exitCode}; see ${workDir}/haproxy.log`);
      return healthy(siteUrl);
    });
    for (const i of instances) await waitForBalancer(i.name, 'UP');
    log(`balancer   ${siteUrl}  (logs in ${workDir})`);

    return {
      url: siteUrl,
      rtmpUrl: `rtmp://127.0.0.1:${ports.rtmp}/live`,
      databaseUrl: pg.url,
      redisUrl,
      instances,
      api,
      mail,
      workDir,
      postgres: { restart: pg.restart, dataDir: pg.dataDir },
      redis,
      waitForBalancer,
      healthCheckFailures: async () => {
        // `show stat` is CSV under a `# pxname,svname,…` header; the servers' rows carry the check counters.
        const [header = '', ...rows] = (await runtime('show stat')).replace(/^# /, '').split('\n');
        const columns = header.split(',');
        const failed = columns.indexOf('chkfail');
        const down = columns.indexOf('chkdown');
        const total = { failed: 0, down: 0 };
        for (const row of rows) {
          const f = row.split(',');
          if (!f[1] || f[1] === 'FRONTEND' || f[1] === 'BACKEND') continue;
          total.failed += Number(f[failed]) || 0;
          total.down += Number(f[down]) || 0;
        }
        return total;
      },
      stop: async () => {
        await stopAll();
        // CLUSTER_KEEP=1 keeps the logs of a run to read afterwards.
        if (!options.workDir && !options.verbose && !process.env.CLUSTER_KEEP)
          await rm(workDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
