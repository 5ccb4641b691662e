// Bench target: a signed-in learner's home (docs/product.md#learners-home) with 10,000 videos in the
// catalogue. The page is the learner's alone (continue, today's practice, streak, next lessons, songs,
// unread replies), rendered per request and never cached (ADR 0056), so this is the full cost.
import { signIn } from './messages-unread.mjs';
import { seedBenchVideos } from './videos-list.mjs';

export const name = 'GET / signed in (the learner home, 10k videos)';
export const key = 'home-signed-in';

const EMAIL = 'member@example.com';

export async function prepare({ url, databaseUrl, readMail }) {
  await seedBenchVideos(databaseUrl);
  const token = await signIn(url, readMail, EMAIL);
  const headers = { cookie: `token=${token}`, 'accept-encoding': 'br, gzip' };
  const check = await fetch(`${url}/`, { headers });
  const html = await check.text();
  if (!check.ok || !html.includes('data-testid="home-practice"'))
    throw new Error(`signed-in home answered ${check.status} without the learner's home`);
  return { path: '/', headers };
}
