// `npm run cluster:capacity`: the measurements behind docs/scale.md (ADR 0059). Starts the
// two-instance cluster, adds synthetic members, then for each hot path measures one instance's
// throughput, its CPU time per request, and the PostgreSQL statements and Redis commands each
// request costs; then runs a mixed load through the balancer on both instances and compares the
// CPU it took with what the per-path figures predict. Prints Markdown tables.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cpus, loadavg } from 'node:os';
// @ts-expect-error -- autocannon ships no type declarations; the part used is typed below.
import autocannonModule from 'autocannon';
import { startCluster, type Cluster, type Instance } from './cluster.ts';

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
const autocannon = autocannonModule as (options: object) => Promise<CannonResult>;

const SECONDS = Number(process.env.CAPACITY_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.CAPACITY_CONNECTIONS ?? 16);
const MEMBERS = Number(process.env.CAPACITY_MEMBERS ?? 40_000);
const TICKS_PER_S = 100;

let ipCounter = 0;
const nextIp = () => {
  ipCounter = (ipCounter + 1) % 16_000_000;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

function psql(cluster: Cluster, sql: string): string {
  // On standard input: a statement with thousands of rows is longer than a command line may be.
  const out = spawnSync('psql', [cluster.databaseUrl, '-qAt', '-v', 'ON_ERROR_STOP=1'], { input: sql, encoding: 'utf8' });
  if (out.status !== 0) throw new Error(out.stderr || String(out.error));
  return out.stdout.trim();
}

function redisCommands(cluster: Cluster): number {
  const port = new URL(cluster.redisUrl).port;
  const out = spawnSync('redis-cli', ['-p', port, 'info', 'stats'], { encoding: 'utf8' }).stdout;
  return Number(/total_commands_processed:(\d+)/.exec(out)?.[1] ?? 0);
}

/** The fields of /proc/<pid>/stat after the command name (index 0 is the state). */
function statOf(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  } catch {
    return [];
  }
}

/** utime + stime of a process (and, with `children`, of its exited children), in milliseconds. */
function cpuMs(pid: number | undefined, children = false): number {
  if (!pid) return 0;
  const f = statOf(pid).map(Number);
  const ticks = (f[11] ?? 0) + (f[12] ?? 0) + (children ? (f[13] ?? 0) + (f[14] ?? 0) : 0);
  return (ticks * 1000) / TICKS_PER_S;
}

/** PostgreSQL's CPU: the postmaster, its exited backends (reaped into it), and its live ones. */
function postgresCpuMs(cluster: Cluster): number {
  const postmaster = Number(readFileSync(path.join(cluster.postgres.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let total = cpuMs(postmaster, true);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    if (Number(statOf(Number(entry))[1]) === postmaster) total += cpuMs(Number(entry));
  }
  return total;
}

/** Statements run by the app for requests: the job worker's polling and the health checks left out. */
function statements(cluster: Cluster): { calls: number; ms: number } {
  const row = psql(
    cluster,
    `select coalesce(sum(calls),0), coalesce(sum(total_exec_time),0) from pg_stat_statements
     where query not ilike '%jobs%' and query not ilike 'select 1%' and query not ilike '%pg_stat_statements%'`,
  );
  const [calls, ms] = row.split('|').map(Number);
  return { calls: calls ?? 0, ms: ms ?? 0 };
}

interface Path {
  name: string;
  requests: {
    method: string;
    path: string;
    headers?: Record<string, string>;
    body?: string;
    vary?: (req: { headers: Record<string, string>; body?: string }) => void;
  }[];
  /** Varies each request (a member's token, a new address); called per request. */
  vary?: (req: { headers: Record<string, string>; body?: string }) => void;
}

async function measure(cluster: Cluster, target: string, instances: Instance[], p: Path, seconds = SECONDS) {
  const before = {
    cpu: instances.map((i) => cpuMs(i.pid())),
    redis: redisCommands(cluster),
    pgCpu: postgresCpuMs(cluster),
    redisCpu: cpuMs(cluster.redis.pid()),
  };
  psql(cluster, 'select pg_stat_statements_reset()');
  const result = await autocannon({
    url: target,
    connections: CONNECTIONS,
    duration: seconds,
    requests: p.requests.map(({ vary, ...r }) => ({
      ...r,
      setupRequest: (req: { headers?: Record<string, string>; body?: string }) => {
        const built = { ...req, headers: { ...(req.headers ?? {}), 'x-forwarded-for': nextIp() } };
        (vary ?? p.vary)?.(built);
        return built;
      },
    })),
  });
  const db = statements(cluster);
  const pgCpu = postgresCpuMs(cluster) - before.pgCpu;
  const redisCpu = cpuMs(cluster.redis.pid()) - before.redisCpu;
  const cpu = instances.reduce((sum, i, n) => sum + cpuMs(i.pid()) - (before.cpu[n] ?? 0), 0);
  const total = result.requests.total;
  return {
    name: p.name,
    rps: result.requests.average,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    cpuMsPerRequest: cpu / Math.max(1, total),
    dbPerRequest: db.calls / Math.max(1, total),
    dbMsPerRequest: db.ms / Math.max(1, total),
    redisPerRequest: (redisCommands(cluster) - before.redis) / Math.max(1, total),
    pgCpuMsPerRequest: pgCpu / Math.max(1, total),
    redisCpuMsPerRequest: redisCpu / Math.max(1, total),
    total,
  };
}

async function main() {
  const cluster = await startCluster({
    layout: 'app',
    instances: 2,
    basePort: Number(process.env.CLUSTER_PORT ?? 4460),
    env: { LOG_LEVEL: 'error' },
  });
  // Ctrl-C still stops the PostgreSQL, Redis and HAProxy it started.
  process.once('SIGINT', () => void cluster.stop().finally(() => process.exit(130)));
  try {
    psql(cluster, 'create extension if not exists pg_stat_statements');
    // Synthetic members, each with an open session whose token is `load-<n>` (only its hash is stored).
    const sizeBefore = Number(psql(cluster, 'select pg_database_size(current_database())'));
    psql(
      cluster,
      `insert into auth.users (email, first_name, last_name, welcome_pending)
       select 'load-' || g || '@example.com', 'Load', 'Member ' || g, false from generate_series(1, ${MEMBERS}) g;
       insert into auth.sessions (id_user, token_hash, expires_at)
       select u.id_user, encode(sha256(convert_to(replace(replace(u.email, '@example.com', ''), 'load-', 'load-token-'), 'UTF8')), 'hex'), now() + interval '30 days'
       from auth.users u where u.email like 'load-%'`,
    );
    // Every other member: one helpdesk thread of three messages, the last from staff and unread.
    psql(
      cluster,
      `insert into messages.threads (thread_title, thread_helpdesk, id_user_sender)
       select 'Question ' || u.id_user, true, u.id_user from auth.users u where u.email like 'load-%' and u.id_user % 2 = 0`,
    );
    psql(
      cluster,
      `insert into messages.participants (id_thread, id_user, participant_unread)
       select t.id_thread, t.id_user_sender, true from messages.threads t join auth.users u on u.id_user = t.id_user_sender
       where u.email like 'load-%'`,
    );
    psql(
      cluster,
      `insert into messages.messages (id_thread, id_user, message_content, message_from_staff)
       select t.id_thread, t.id_user_sender, 'Message ' || n, n = 3 from messages.threads t
       join auth.users u on u.id_user = t.id_user_sender, generate_series(1, 3) n where u.email like 'load-%'`,
    );
    psql(cluster, 'vacuum analyze');
    const sizeAfter = Number(psql(cluster, 'select pg_database_size(current_database())'));
    const bytesPerMember = (sizeAfter - sizeBefore) / MEMBERS;

    // Cold: each poll from a member not seen for at least MEMBERS requests (several seconds at
    // these rates), as with 100,000 members polling every 5 s: the 2 s session memory never holds
    // them. Warm: 50 members over and over, every cache hit.
    let turn = 0;
    const token = () => `load-token-${(turn++ % MEMBERS) + 1}`;
    let warmTurn = 0;
    const warmToken = () => `load-token-${(warmTurn++ % 50) + 1}`;
    let emailTurn = 0;
    const paths: Path[] = [
      {
        name: 'unread poll, cold (GET /api/messages/threads/unread/count)',
        requests: [{ method: 'GET', path: '/api/messages/threads/unread/count' }],
        vary: (r) => void (r.headers.authorization = `Bearer ${token()}`),
      },
      {
        name: 'unread poll, warm (50 members, caches hit)',
        requests: [{ method: 'GET', path: '/api/messages/threads/unread/count' }],
        vary: (r) => void (r.headers.authorization = `Bearer ${warmToken()}`),
      },
      { name: 'signed-out page (GET /videos)', requests: [{ method: 'GET', path: '/videos' }] },
      {
        name: 'signed-in page (GET /videos)',
        requests: [{ method: 'GET', path: '/videos' }],
        vary: (r) => void (r.headers.cookie = `token=${token()}`),
      },
      { name: 'video list (GET /api/videos/videos)', requests: [{ method: 'GET', path: '/api/videos/videos' }] },
      {
        name: 'sign-in code (POST /api/auth/me/passcodes)',
        requests: [{ method: 'POST', path: '/api/auth/me/passcodes', headers: { 'content-type': 'application/json' } }],
        vary: (r) => void (r.body = JSON.stringify({ email: `load-${(emailTurn++ % MEMBERS) + 1}@example.com` })),
      },
    ];

    // Warm every instance up first (JIT, pools, the catalogue cache), so no path pays for that.
    for (const instance of cluster.instances)
      for (const p of paths.slice(0, 5)) await measure(cluster, instance.url, [instance], p, 2);

    const [one] = cluster.api as [Instance];
    const rows: Awaited<ReturnType<typeof measure>>[] = [];
    for (const p of paths) {
      rows.push(await measure(cluster, one.url, [one], p));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }

    // The simulation: through the balancer on both instances, a mix dominated by the cold poll,
    // as a list autocannon's connections walk through in turn (45 polls, 2 + 2 pages, 1 list).
    const mix: { count: number; path: Path }[] = [
      { count: 45, path: paths[0]! },
      { count: 2, path: paths[2]! },
      { count: 2, path: paths[3]! },
      { count: 1, path: paths[4]! },
    ];
    const mixed: Path = {
      name: 'mixed, through HAProxy on both instances (90 % cold poll, 4 % signed-out page, 4 % signed-in page, 2 % video list)',
      requests: mix.flatMap((m) => Array.from({ length: m.count }, () => ({ ...m.path.requests[0]!, vary: m.path.vary }))),
    };
    const simulated = await measure(cluster, cluster.url, cluster.instances, mixed, SECONDS * 2);
    const share = (m: { count: number }) => m.count / mix.reduce((sum, x) => sum + x.count, 0);
    const predict = (key: 'cpuMsPerRequest' | 'dbPerRequest' | 'redisPerRequest' | 'pgCpuMsPerRequest') =>
      mix.reduce((sum, m) => sum + share(m) * (rows[paths.indexOf(m.path)]?.[key] ?? 0), 0);

    const out: string[] = [];
    out.push(
      `Machine: ${cpus().length} cores shared with other work, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} at the end.`,
    );
    out.push(
      `Measured ${new Date().toISOString()}, ${SECONDS} s per path, ${CONNECTIONS} connections, node ${process.version}, ${MEMBERS} synthetic members.`,
    );
    out.push('');
    out.push(
      '| hot path | req/s (one instance) | p99 ms | failed | app CPU ms / req | SQL statements / req | SQL exec ms / req | PostgreSQL CPU ms / req | Redis commands / req | Redis CPU ms / req |',
    );
    out.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const r of [...rows, simulated])
      out.push(
        `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p99} | ${r.failed} | ${r.cpuMsPerRequest.toFixed(3)} | ${r.dbPerRequest.toFixed(3)} | ${r.dbMsPerRequest.toFixed(4)} | ${r.pgCpuMsPerRequest.toFixed(3)} | ${r.redisPerRequest.toFixed(2)} | ${r.redisCpuMsPerRequest.toFixed(3)} |`,
      );
    out.push('');
    out.push(
      `Mixed load on two instances, measured against predicted from the single-instance rows: CPU ms / req ${simulated.cpuMsPerRequest.toFixed(3)} vs ${predict('cpuMsPerRequest').toFixed(3)}, SQL statements / req ${simulated.dbPerRequest.toFixed(3)} vs ${predict('dbPerRequest').toFixed(3)}, Redis commands / req ${simulated.redisPerRequest.toFixed(2)} vs ${predict('redisPerRequest').toFixed(2)}, PostgreSQL CPU ms / req ${simulated.pgCpuMsPerRequest.toFixed(3)} vs ${predict('pgCpuMsPerRequest').toFixed(3)}.`,
    );
    out.push(
      `Database growth per synthetic member (user, one session; every other one a helpdesk thread of three messages): ${bytesPerMember.toFixed(0)} bytes.`,
    );
    out.push(`Database size with the demo content and ${MEMBERS} members: ${(sizeAfter / 1024 / 1024).toFixed(1)} MiB.`);
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    await cluster.stop();
  }
}

await main();
