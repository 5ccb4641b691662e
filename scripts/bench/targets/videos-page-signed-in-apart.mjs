// Bench target: the signed-in video page rendered by a web tier whose loaders reach a separate API
// process over HTTP (API_URL: the cluster's `tiers` layout, ADR 0059), next to the one-process row
// whose loaders call the API in process (ADR 0062).
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { signIn } from './messages-unread.mjs';
import { seedBenchVideos } from './videos-list.mjs';

export const name = 'GET /videos/:videoSlug signed in, web tier apart (API_URL, 10k videos)';
export const key = 'video-signed-in-apart';
export const instance = 'web-apart';

const LEARNER = 'learner@example.com';

/**
 * A session for the learner written straight into PostgreSQL, as sign-in stores it (only the
 * token's SHA-256): the one-process row signs the same learner in by e-mail, and a second code
 * within the minute would be refused.
 */
async function learnerSession(databaseUrl) {
  const token = randomBytes(32).toString('base64url');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into auth.sessions (id_user, token_hash, expires_at)
       select id_user, $1, now() + interval '1 day' from auth.users where email = $2`,
      [createHash('sha256').update(token).digest('hex'), LEARNER],
    );
  } finally {
    await client.end();
  }
  return token;
}

export async function prepare({ url, apiUrl, databaseUrl, readMail }) {
  await seedBenchVideos(databaseUrl);
  // On PGlite the session must live in the database of the process that answers the API calls.
  const token = databaseUrl
    ? await learnerSession(databaseUrl)
    : await signIn(process.env.BENCH_APART_API === 'self' ? url : apiUrl, readMail, LEARNER);
  const headers = { cookie: `token=${token}`, 'accept-encoding': 'br, gzip' };
  const check = await fetch(`${url}/videos/holding-the-guitar`, { headers });
  const page = await check.text();
  if (!check.ok || check.headers.get('x-page-cache') !== 'bypass' || !page.includes(LEARNER))
    throw new Error(`signed-in video page (web tier apart) answered ${check.status} (${check.headers.get('x-page-cache')})`);
  return { path: '/videos/holding-the-guitar', headers };
}
