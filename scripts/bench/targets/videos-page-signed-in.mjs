// Bench target: a signed-in learner's view of a video page, with 10,000 videos in the catalogue.
// The page comes from the render shared by the learner's class (ADR 0056); what is theirs alone
// (who they are, their save and progress, the course's progress) the page asks for after
// hydration. One view is the page and those calls, so the figure counts whole views.
import { signIn } from './messages-unread.mjs';
import { seedBenchVideos } from './videos-list.mjs';

export const name = 'GET /videos/:videoSlug signed in (page view: HTML + its personal calls, 10k videos)';
export const key = 'video-signed-in';

const SLUG = 'holding-the-guitar';
const EMAIL = 'learner@example.com';

export async function prepare({ url, databaseUrl, readMail }) {
  await seedBenchVideos(databaseUrl);
  const token = await signIn(url, readMail, EMAIL);
  const headers = { cookie: `token=${token}`, 'accept-encoding': 'br, gzip' };
  const page = `/videos/${SLUG}`;
  const check = await fetch(`${url}${page}`, { headers });
  const html = await check.text();
  if (!check.ok || !['miss', 'hit'].includes(check.headers.get('x-page-cache') ?? ''))
    throw new Error(
      `signed-in video page answered ${check.status} (${check.headers.get('x-page-cache')}), not the shared render`,
    );
  if (html.includes(EMAIL)) throw new Error('the shared video page names the learner');
  // The calls the page makes after hydration (apps/web/app/root.tsx, features/catalogue/use-personal-video.ts).
  const { data } = await (await fetch(`${url}/api/videos/videos/${SLUG}`, { headers })).json();
  const course = data.video.video_course?.course_slug;
  const api = { accept: 'application/json', cookie: headers.cookie, 'accept-encoding': 'br, gzip' };
  const requests = [
    { method: 'GET', path: page, headers },
    { method: 'GET', path: '/api/auth/me', headers: api },
    {
      method: 'GET',
      path: `/api/videos/me/videos/${SLUG}${course ? `?courseSlug=${encodeURIComponent(course)}` : ''}`,
      headers: api,
    },
  ];
  return { requests, requestsPerView: requests.length };
}
