// Bench target: the video page for a signed-in learner (rendered for them alone, never from the
// page cache, ADR 0056), with 10,000 videos in the catalogue.
import { signIn } from './messages-unread.mjs';
import { seedBenchVideos } from './videos-list.mjs';

export const name = 'GET /videos/:videoSlug signed in (page, 10k videos)';
export const key = 'video-signed-in';

export async function prepare({ url, databaseUrl, readMail }) {
  await seedBenchVideos(databaseUrl);
  const token = await signIn(url, readMail, 'learner@example.com');
  const headers = { cookie: `token=${token}`, 'accept-encoding': 'br, gzip' };
  const check = await fetch(`${url}/videos/holding-the-guitar`, { headers });
  if (!check.ok || check.headers.get('x-page-cache') !== 'bypass')
    throw new Error(`signed-in video page answered ${check.status} (${check.headers.get('x-page-cache')})`);
  return { path: '/videos/holding-the-guitar', headers };
}
