import { siteUrlFor } from '../../lib/config.server';
import type { Route } from './+types/robots.txt';

/** Private areas stay out of search engines; `/me$` + `/me/` so /membership stays crawlable. */
export function loader({ request }: Route.LoaderArgs) {
  const body = [
    'User-agent: *',
    'Disallow: /staff',
    'Disallow: /me$',
    'Disallow: /me/',
    'Disallow: /my-list',
    'Disallow: /messages',
    'Disallow: /login/',
    'Disallow: /unsubscribe',
    'Disallow: /api',
    'Allow: /',
    '',
    `Sitemap: ${siteUrlFor(request)}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
