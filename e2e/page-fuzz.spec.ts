import { expect, test, type APIRequestContext } from '@playwright/test';

import { signIn } from './support/auth.ts';

// Bad input never makes the 500 page (ADR 0047): every page route of the web app,
// its parameters replaced by NUL bytes and other control characters, ids too large for PostgreSQL
// and malformed `%` escapes, and its query carrying the same, answers a 4xx page, the 404 page or
// a redirect — signed out and signed in as an admin, who reaches every staff page.

// The page routes, as the areas' routes.ts files (apps/web/app/routes) declare them.
const PAGE_ROUTES = [
  '/',
  '/signup',
  '/login',
  '/login/:passcode',
  '/login-code',
  '/welcome',
  '/me',
  '/me/edit',
  '/me/notifications',
  '/me/sessions',
  '/me/delete',
  '/unsubscribe/:email/:token',
  '/unsubscribe-mailers/:email/:token',
  '/videos',
  '/videos/:videoSlug',
  '/courses',
  '/courses/:courseSlug',
  '/my-list',
  '/live',
  '/live/:streamSlug',
  '/free-resources',
  '/membership',
  '/me/subscriptions',
  '/me/subscriptions/:idSubscription',
  '/helpdesk',
  '/helpdesk/:categorySlug',
  '/messages',
  '/messages/:idThread',
  '/messages/:idThread/:token',
  '/staff',
  '/staff/members',
  '/staff/members/:idUser',
  '/staff/audit',
  '/staff/analytics',
  '/staff/inbox',
  '/staff/inbox/:idThread',
  '/staff/content/videos',
  '/staff/content/videos/:idVideo',
  '/staff/content/courses',
  '/staff/content/courses/:idCourse',
  '/staff/content/live',
  '/staff/content/live/:idLiveStream',
  '/staff/content/free-resources',
  '/staff/content/free-resources/:idFreeResource',
  '/terms',
  '/:teacherPage',
];

/** Values as they appear on the wire (already percent-encoded where needed). */
const HOSTILE_PARAMS = ['x%00', '%00', 'a%01b', 'x%1F', '%7F', '2147483648', '99999999999999999999', '%E0%A4%A', '%zz', '%'];
const HOSTILE_QUERIES = ['tags=%00', 'search=a%07b', 'q=%00&filter=%01', 'x%00=1', 'page=%'];

async function check(request: APIRequestContext, url: string, token: string | undefined, failures: string[]) {
  const res = await request.get(url, {
    maxRedirects: 0,
    failOnStatusCode: false,
    headers: token ? { cookie: `token=${token}` } : {},
  });
  const body = await res.text();
  if (res.status() >= 500 || body.includes('500 Server Error'))
    failures.push(`${token ? 'admin' : 'visitor'} ${url} -> ${res.status()}`);
}

function urlsFor(route: string): string[] {
  const urls: string[] = [];
  if (route.includes(':')) for (const value of HOSTILE_PARAMS) urls.push(route.replace(/:[A-Za-z]+/g, value));
  for (const query of HOSTILE_QUERIES) urls.push(`${route.replace(/:[A-Za-z]+/g, '1')}?${query}`);
  return urls;
}

test.describe('page fuzz: hostile URLs never answer the 500 page', () => {
  test.setTimeout(240_000);

  test('every page route, signed out and signed in as an admin', async ({ request, baseURL }) => {
    const token = await signIn(baseURL, 'admin@example.com');
    const failures: string[] = [];
    for (const route of PAGE_ROUTES) {
      for (const url of urlsFor(route)) {
        await check(request, url, undefined, failures);
        await check(request, url, token, failures);
      }
    }
    expect(failures).toEqual([]);
  });

  test('the named cases answer the 404 page', async ({ request, baseURL }) => {
    const token = await signIn(baseURL, 'admin@example.com');
    for (const url of ['/videos?tags=%00', '/live/x%00', '/videos/x%01', '/me/subscriptions/99999999999999999999']) {
      const res = await request.get(url, { headers: { cookie: `token=${token}` }, maxRedirects: 0 });
      expect(res.status(), url).toBe(404);
      expect(await res.text(), url).toContain('404 Not Found');
    }
  });
});
