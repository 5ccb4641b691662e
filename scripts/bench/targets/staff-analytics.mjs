// Bench target: the Director's analytics reports (ADR 0036) at 1,000,000 stored actions.
//
// On BENCH_DATABASE_URL it first adds, once per database, 1,000,000 analytics.actions rows spread
// over the last 90 days across the action types the reports read (page loads of videos, courses
// and other pages by 60,000 visitors, tracked campaign visits, subscriptions and cancellations with
// reasons), 50,000 sign-ups over a year and 20,000 helpdesk threads with staff replies — all by
// INSERT … SELECT generate_series, so it takes seconds. Then, signed in as the demo Superadmin
// (Director group), it times each report's API call one after another (p50/p99 of BENCH_REPORT_RUNS,
// default 30, for the default 30-day range and for 90 days), prints EXPLAIN ANALYZE of the
// queries each report runs (scripts/bench/analytics-explain.ts: the indexes used, rows, time), and
// hands the seven report calls to autocannon as the measured mix.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const name = 'GET /api/staff/analytics/* (7 reports, 1M actions)';

const ACTIONS = 1_000_000;
const REPORTS = ['page-loads', 'top-content', 'campaigns', 'signups', 'subscriptions', 'cancellations', 'helpdesk'];
const runs = Number(process.env.BENCH_REPORT_RUNS ?? 30);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** 1M actions over 90 days, 50k sign-ups and 20k helpdesk threads over a year; skipped when already there. */
export async function seedBenchAnalytics(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as n from (select 1 from analytics.actions where correlation_id like 'bench-%' limit $1) s`,
      [ACTIONS],
    );
    if (rows[0].n >= ACTIONS) return false;
    const started = Date.now();
    await client.query('begin');
    // The million rows are sorted by time in memory rather than in temporary files.
    await client.query(`set local work_mem = '256MB'`);
    await client.query(`delete from analytics.actions where correlation_id like 'bench-%'`);
    // r picks the action type: 80 % page loads, 10 % tracked (campaign) visits, 7 % new
    // subscriptions, 3 % cancellations; p picks the page among the real video and course slugs.
    await client.query(
      `with v as (select array_agg('/videos/' || video_slug order by id_video) as a from videos.videos),
            c as (select array_agg('/courses/' || course_slug order by id_course) as a from videos.courses),
            other as (select array['/', '/videos', '/courses', '/membership', '/live', '/free-resources', '/helpdesk', '/me'] as a),
            g as (select i, random() as r, random() as p, (random() * 59999)::int + 1 as visitor,
                         now() - random() * interval '90 days' as at
                  from generate_series(1, $1) as i)
       insert into analytics.actions (action_type_name, action_values, correlation_id, created)
       select
         case when g.r < 0.80 then 'page_load' when g.r < 0.90 then 'tracked_page_load'
              when g.r < 0.97 then 'subscription_created' else 'subscription_cancelled' end,
         case
           when g.r < 0.80 then jsonb_build_array(jsonb_build_object('key', 'path', 'type', 'S', 'value',
             case when g.p < 0.45 then v.a[1 + (g.i % cardinality(v.a))]
                  when g.p < 0.60 then c.a[1 + (g.i % cardinality(c.a))]
                  else other.a[1 + (g.i % cardinality(other.a))] end))
           when g.r < 0.90 then jsonb_build_array(
             jsonb_build_object('key', 'path', 'type', 'S', 'value', '/membership'),
             jsonb_build_object('key', 'campaign', 'type', 'S', 'value', (array['spring-sale', 'newsletter', 'youtube-bio', 'black-friday'])[1 + g.i % 4]),
             jsonb_build_object('key', 'source', 'type', 'S', 'value', (array['email', 'youtube', 'instagram', 'google', 'facebook'])[1 + g.i % 5]))
           when g.r < 0.97 then jsonb_build_array(jsonb_build_object('key', 'plan', 'type', 'S', 'value', case when g.i % 4 = 0 then 'yearly' else 'monthly' end))
           else jsonb_build_array(jsonb_build_object('key', 'reason', 'type', 'S', 'value',
             (array['Too expensive', 'Not enough time to practise', 'Taking a break over the summer', 'Found another course', ''])[1 + g.i % 5]))
         end,
         'bench-v' || g.visitor,
         g.at
       from g, v, c, other
       -- In time order, as they would have arrived: the date indexes fill at their ends.
       order by g.at`,
      [ACTIONS],
    );
    const actionsDone = Date.now();
    await client.query(
      `insert into auth.users (first_name, last_name, email, welcome_pending, created_at)
       select 'Signup', 'No ' || i, 'bench-signup-' || i || '@example.com', false, now() - random() * interval '365 days'
       from generate_series(1, 50000) as i
       on conflict do nothing`,
    );
    await client.query(
      `with t as (
         insert into messages.threads (thread_title, private_thread, thread_helpdesk, sender_first_name, sender_last_name,
           sender_email, thread_created, thread_edited, thread_last_message, first_name_last, thread_awaiting_staff)
         select 'Helpdesk: Billing and payments', true, true, 'Asker', 'No ' || i, 'bench-helpdesk-' || i || '@example.com',
           at, at, 'Bench question', 'Asker', i % 3 = 0
         from (select i, now() - random() * interval '365 days' as at from generate_series(1, 20000) as i) s
         returning id_thread, thread_created, thread_awaiting_staff, sender_email)
       insert into messages.messages (id_thread, first_name, last_name, email, message_content, message_from_staff, message_created)
       select id_thread, 'Asker', null, sender_email, 'Bench question', false, thread_created from t
       union all
       select id_thread, 'Sam', 'Staff', 'staff@example.com', 'Bench answer', true, thread_created + interval '3 hours'
       from t where not thread_awaiting_staff`,
    );
    await client.query('commit');
    console.log(
      `  inserted: actions in ${((actionsDone - started) / 1000).toFixed(1)} s, sign-ups and threads in ${((Date.now() - actionsDone) / 1000).toFixed(1)} s`,
    );
    // Fresh statistics and a visibility map, as a long-running database would have.
    await client.query('vacuum analyze analytics.actions');
    await client.query('vacuum analyze auth.users');
    await client.query('vacuum analyze messages.threads');
    await client.query('vacuum analyze messages.messages');
    console.log(
      `  seeded ${ACTIONS.toLocaleString('en')} actions, 50,000 sign-ups and 20,000 helpdesk threads in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return true;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

/** A real sign-in as the demo Superadmin: passcode from the bench's SMTP sink. */
async function signIn(url, readMail, email) {
  // Sign-in codes are limited per IP too; come from a 10.x address like the bench's own traffic.
  const forwardedFor = `10.2.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor };
  const asked = await fetch(`${url}/api/auth/me/passcodes`, { method: 'POST', headers, body: JSON.stringify({ email }) });
  if (!asked.ok) throw new Error(`passcode request failed: ${asked.status} ${await asked.text()}`);
  const mail = await readMail(email);
  const passcode = /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? /\b(\d{6})\b/.exec(mail.text)?.[1];
  const res = await fetch(`${url}/api/auth/me/passcodes`, { method: 'PUT', headers, body: JSON.stringify({ email, passcode }) });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return (await res.json()).data.token;
}

const day = (d) => d.toISOString().slice(0, 10);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

let calls = 0;

/** Times each report's API call `runs` times, one call at a time, after one warm-up call. */
async function timeReports(url, token, ranges) {
  const lines = [];
  for (const [label, query] of ranges) {
    for (const report of REPORTS) {
      const call = async () => {
        const started = performance.now();
        const res = await fetch(`${url}/api/staff/analytics/${report}?${query}`, {
          headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': `10.3.${calls++ % 250}.1` },
        });
        const body = await res.json();
        if (!res.ok) throw new Error(`${report} answered ${res.status}: ${JSON.stringify(body)}`);
        return { ms: performance.now() - started, total: body.data.report.total };
      };
      // The first call of a fresh server meets every ended day for the first time (ADR 0036).
      const first = await call();
      const times = [];
      for (let i = 0; i < runs; i++) times.push((await call()).ms);
      times.sort((a, b) => a - b);
      lines.push([
        label,
        report,
        first.total.toLocaleString('en'),
        first.ms.toFixed(1),
        percentile(times, 50).toFixed(1),
        percentile(times, 99).toFixed(1),
      ]);
    }
  }
  const header = ['range', 'report', 'total', 'first ms', 'p50 ms', 'p99 ms'];
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`  analytics report API calls, one at a time: the first call, then p50/p99 of ${runs} more:`);
  console.log(`  ${fmt(header)}`);
  for (const l of lines) console.log(`  ${fmt(l)}`);
}

export async function prepare({ url, databaseUrl, readMail }) {
  if (databaseUrl) {
    await seedBenchAnalytics(databaseUrl);
  } else {
    console.log('  (no BENCH_DATABASE_URL: the reports run on the demo data, not 1,000,000 actions)');
  }
  const token = await signIn(url, readMail, 'admin@example.com');
  const today = new Date();
  const ninety = new Date(today.getTime() - 89 * 86_400_000);
  const ranges = [
    ['30 days', ''],
    ['90 days', `from=${day(ninety)}&to=${day(today)}`],
  ];
  await timeReports(url, token, ranges);
  if (databaseUrl) {
    const explained = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/analytics-explain.ts'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, BENCH_DATABASE_URL: databaseUrl },
    });
    if (explained.status !== 0) console.error('  scripts/bench/analytics-explain.ts failed');
  }
  const headers = { authorization: `Bearer ${token}` };
  return { requests: REPORTS.map((report) => ({ method: 'GET', path: `/api/staff/analytics/${report}`, headers })) };
}
