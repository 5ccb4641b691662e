// Bench target: the unread count on an instance that serves only the API (ADR 0026: pages go to
// other instances, so React never renders in this process), for a signed-in user among 10,000 users
// and 100,000 messages on PostgreSQL; the demo member on PGlite.
import { seedBenchMessages, signIn } from './messages-unread.mjs';

export const name = 'GET /api/messages/threads/unread/count, API-only instance (10k users, 100k msgs)';
export const key = 'unread-api';
export const instance = 'api';

export async function prepare({ url, databaseUrl, readMail }) {
  let email = `bench-reader-${1 + Math.floor(Math.random() * 10_000)}@example.com`;
  if (databaseUrl) await seedBenchMessages(databaseUrl);
  else {
    console.log('  (no BENCH_DATABASE_URL: the API-only instance has its own demo data; measuring the demo member)');
    email = 'member@example.com';
  }
  const token = await signIn(url, readMail, email);
  return { path: '/api/messages/threads/unread/count', headers: { authorization: `Bearer ${token}` } };
}
