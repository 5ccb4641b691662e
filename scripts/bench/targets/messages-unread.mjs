// Bench target: the unread count every signed-in tab polls every 5 s (product.md#constants, ADR 0026), for a
// signed-in user among 10,000 users and 100,000 messages.
import pg from 'pg';

export const name = 'GET /api/messages/threads/unread/count, one process after pages (10k users, 100k msgs)';
export const key = 'unread-one-process';

const BENCH_USERS = 10_000;
const MESSAGES_PER_USER = 10;

/**
 * Adds the bench users, one private helpdesk thread each with ten messages (100,000 in all), and
 * the participants' read state — a third of the threads unread — straight into PostgreSQL
 * (BENCH_DATABASE_URL), once per database. On the embedded PGlite the running app owns the files,
 * so the target then measures the demo data with the demo member and says so.
 */
export async function seedBenchMessages(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`select count(*)::int as n from auth.users where email like 'bench-reader-%'`);
    if (rows[0].n >= BENCH_USERS) return;
    await client.query('begin');
    await client.query(
      `insert into auth.users (first_name, last_name, email, welcome_pending)
       select 'Reader', 'No ' || i, 'bench-reader-' || i || '@example.com', false from generate_series(1, $1) as i
       on conflict do nothing`,
      [BENCH_USERS],
    );
    await client.query(
      `insert into messages.threads (thread_title, private_thread, thread_helpdesk, id_user_sender, sender_first_name,
         sender_last_name, sender_email, thread_created, thread_edited, thread_last_message, first_name_last,
         staff_first_name, staff_last_name, thread_awaiting_staff)
       select 'Helpdesk', true, true, u.id_user, u.first_name, u.last_name, u.email, now() - interval '2 days',
         now() - (u.id_user % 1000 || ' minutes')::interval, 'Bench reply', 'Sam', 'Sam', 'Staff', false
       from auth.users u where u.email like 'bench-reader-%'`,
    );
    await client.query(
      `insert into messages.messages (id_thread, id_user, first_name, last_name, email, message_content, message_from_staff, message_created)
       select t.id_thread, case when n % 2 = 0 then t.id_user_sender end, case when n % 2 = 0 then 'Reader' else 'Sam' end,
         null, t.sender_email, 'Bench message ' || n, n % 2 = 1, t.thread_created + (n || ' minutes')::interval
       from messages.threads t cross join generate_series(1, $1) as n
       where t.sender_email like 'bench-reader-%'`,
      [MESSAGES_PER_USER],
    );
    await client.query(
      `insert into messages.participants (id_thread, id_user, last_read_timestamp, participant_unread)
       select t.id_thread, t.id_user_sender, t.thread_created, t.id_thread % 3 = 0
       from messages.threads t where t.sender_email like 'bench-reader-%'
       on conflict do nothing`,
    );
    await client.query('commit');
    await client.query('analyze messages.participants');
    await client.query('analyze messages.messages');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

/** A real sign-in: ask for a passcode, read it from the bench's SMTP sink, redeem it. */
export async function signIn(url, readMail, email) {
  // Sign-in codes are limited per IP too; like the bench's own traffic, come from a 10.x address.
  const forwardedFor = `10.1.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  const asked = await fetch(`${url}/api/auth/me/passcodes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email }),
  });
  if (!asked.ok) throw new Error(`passcode request failed: ${asked.status} ${await asked.text()}`);
  const mail = await readMail(email);
  const passcode = /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? /\b(\d{6})\b/.exec(mail.text)?.[1];
  const res = await fetch(`${url}/api/auth/me/passcodes`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email, passcode }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return (await res.json()).data.token;
}

export async function prepare({ url, databaseUrl, readMail }) {
  // Any of the bench readers: a different one each run keeps clear of the one-code-a-minute limit.
  let email = `bench-reader-${1 + Math.floor(Math.random() * BENCH_USERS)}@example.com`;
  if (databaseUrl) {
    await seedBenchMessages(databaseUrl);
  } else {
    console.log('  (no BENCH_DATABASE_URL: measuring the demo member on the demo data, not 10,000 users)');
    email = 'member@example.com';
  }
  const token = await signIn(url, readMail, email);
  const check = await fetch(`${url}/api/messages/threads/unread/count`, { headers: { authorization: `Bearer ${token}` } });
  if (!check.ok) throw new Error(`unread count answered ${check.status}`);
  return { path: '/api/messages/threads/unread/count', headers: { authorization: `Bearer ${token}` } };
}
