// Bench target: the staff dashboard's membership figures (docs/decisions/0067-keeping-members-and-the-numbers.md)
// at 100,000 members.
//
// On BENCH_DATABASE_URL it first adds, once per database, 100,000 subscriptions to the membership
// over the last two years (a quarter yearly; 60 % with a 14-day trial; 70 % still active, 5 %
// failed, the rest cancelled by the member with a reason or by failed payments; 3 % paused), a
// paid invoice for each one past its trial, and 6,000 pauses and offers taken, all by
// INSERT … SELECT generate_series. Then, signed in as the demo Superadmin (Director group), it times
// the figures call one call at a time (p50/p99 of BENCH_REPORT_RUNS, default 30) for 30 days and for
// 365 days, and hands the two calls to autocannon as the measured mix.
import pg from 'pg';

export const name = 'GET /api/finance/staff/figures (100k members)';

const MEMBERS = 100_000;
const runs = Number(process.env.BENCH_REPORT_RUNS ?? 30);

export async function seedBenchMembers(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as n from finance.subscriptions where idempotency_key like 'bench-%'`,
    );
    if (rows[0].n >= MEMBERS) return false;
    const started = Date.now();
    await client.query('begin');
    await client.query(`set local work_mem = '128MB'`);
    await client.query(
      `with p as (select min(id_subscription_plan) filter (where subscription_plan_interval = 'month') as m,
                         min(id_subscription_plan) filter (where subscription_plan_interval = 'year') as y,
                         min(fk_product_plan) as product
                  from finance.subscription_plans),
            g as (select i, random() as r, random() as k, now() - random() * interval '730 days' as created
                  from generate_series(1, $1) as i)
       insert into finance.subscriptions (id_user, subscription_status, id_subscription_product, fk_plan_subscription,
         subscription_created, trial_end, current_period_end, subscription_cancelled, end_reason, cancellation_reason,
         paused_from, paused_until, provider, customer_email, idempotency_key, initial_payment_method_id)
       select 2000000 + g.i,
         case when g.r < 0.70 then 'active' when g.r < 0.75 then 'failed' else 'cancelled' end,
         p.product,
         case when g.i % 4 = 0 then p.y else p.m end,
         g.created,
         case when g.k < 0.6 then g.created + interval '14 days' end,
         case when g.r < 0.75 then now() + random() * interval '30 days'
              else g.created + random() * (now() - g.created) end,
         case when g.r >= 0.75 then g.created + random() * (now() - g.created) end,
         case when g.r >= 0.93 then 'payment_failed' when g.r >= 0.75 then 'member' end,
         case when g.r >= 0.75 and g.r < 0.93 then (array['too_expensive', 'not_using', 'missing_content', 'technical', 'other'])[1 + g.i % 5] end,
         case when g.r < 0.03 then now() - interval '10 days' end,
         case when g.r < 0.03 then now() + interval '50 days' end,
         'sandbox', '', 'bench-' || g.i, 'pm_card_visa'
       from g, p
       order by g.created`,
      [MEMBERS],
    );
    await client.query(
      `insert into finance.invoices (fk_subscription, id_user, provider_invoice_id, stripe_invoice_total, stripe_invoice_status, stripe_invoice_created)
       select id_subscription, id_user, 'in_bench_' || id_subscription, 1499, 'paid', coalesce(trial_end, subscription_created)
       from finance.subscriptions
       where idempotency_key like 'bench-%' and (trial_end is null or trial_end < now()) and id_subscription % 10 <> 0`,
    );
    await client.query(
      `insert into finance.subscription_changes (fk_subscription, change_kind, change_created)
       select id_subscription, case when id_subscription % 2 = 0 then 'paused' else 'offer_taken' end,
              subscription_created + random() * (now() - subscription_created)
       from finance.subscriptions where idempotency_key like 'bench-%' and id_subscription % 17 = 0`,
    );
    await client.query('commit');
    for (const t of ['subscriptions', 'invoices', 'subscription_changes']) await client.query(`vacuum analyze finance.${t}`);
    console.log(
      `  seeded ${MEMBERS.toLocaleString('en')} members with invoices and changes in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return true;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

async function signIn(url, readMail, email) {
  const forwardedFor = `10.4.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
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

export async function prepare({ url, databaseUrl, readMail }) {
  if (databaseUrl) await seedBenchMembers(databaseUrl);
  else console.log('  (no BENCH_DATABASE_URL: the figures run on the demo data, not 100,000 members)');
  const token = await signIn(url, readMail, 'admin@example.com');
  const today = new Date();
  const ranges = [
    ['30 days', `from=${day(new Date(today.getTime() - 29 * 86_400_000))}&to=${day(today)}`],
    ['365 days', `from=${day(new Date(today.getTime() - 364 * 86_400_000))}&to=${day(today)}`],
  ];
  let n = 0;
  console.log(`  membership figures API call, one at a time: p50/p99 of ${runs} after a warm-up call:`);
  for (const [label, query] of ranges) {
    const call = async () => {
      const started = performance.now();
      const res = await fetch(`${url}/api/finance/staff/figures?${query}`, {
        headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': `10.5.${n++ % 250}.1` },
      });
      const body = await res.json();
      if (!res.ok) throw new Error(`figures answered ${res.status}: ${JSON.stringify(body)}`);
      return { ms: performance.now() - started, active: body.data.figures.current.active_members };
    };
    const first = await call();
    const times = [];
    for (let i = 0; i < runs; i++) times.push((await call()).ms);
    times.sort((a, b) => a - b);
    console.log(
      `  ${label.padEnd(8)}  active ${first.active.toLocaleString('en')}  p50 ${percentile(times, 50).toFixed(1)} ms  p99 ${percentile(times, 99).toFixed(1)} ms`,
    );
  }
  const headers = { authorization: `Bearer ${token}` };
  return { requests: ranges.map(([, query]) => ({ method: 'GET', path: `/api/finance/staff/figures?${query}`, headers })) };
}
