import type { CallData } from '@fretline/contract/api-schemas';
import { getServerApi } from '../../lib/api.server';
import { readWebConfig, siteUrlFor } from '../../lib/config.server';
import type { Route } from './+types/sitemap.xml';

/** The public pages (product.md#pages) that are the same for everyone. */
export function staticSitemapPaths(teacherName: string): string[] {
  return [
    '/',
    '/videos',
    '/courses',
    '/live',
    '/free-resources',
    '/membership',
    '/helpdesk',
    '/features',
    `/about-${teacherName}`,
    `/${teacherName}-guitar-app`,
    '/brand-guidelines',
    '/signature-products',
    '/free-christmas-mini-songbook',
    '/donations',
    '/events',
    '/terms',
    '/privacy',
    '/cookies',
  ];
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** A page of the sitemap: the catalogue's entries carry when they last changed, static pages do not. */
type SitemapUrl = CallData<'videos.getSitemap'>['urls'][number];
type SitemapEntry = Pick<SitemapUrl, 'path'> & Partial<Pick<SitemapUrl, 'updated'>>;

function lastmod(updated: SitemapEntry['updated']): string | null {
  if (!updated) return null;
  return Number.isNaN(updated.getTime()) ? null : updated.toISOString().slice(0, 10);
}

/** Static pages plus the catalogue's published videos, courses and streams (the public pages of product.md#pages). */
export async function loader({ request }: Route.LoaderArgs) {
  const siteUrl = siteUrlFor(request);
  let dynamic: SitemapEntry[] = [];
  try {
    const { urls } = await getServerApi(request).call('videos.getSitemap');
    dynamic = urls;
  } catch {
    // The catalogue could not answer: the static part is still a valid sitemap.
  }
  const seen = new Set<string>();
  const entries: SitemapEntry[] = [
    ...staticSitemapPaths(readWebConfig().teacherName).map((path) => ({ path })),
    ...dynamic,
  ].filter((e) => {
    if (typeof e.path !== 'string' || !e.path.startsWith('/') || seen.has(e.path)) return false;
    seen.add(e.path);
    return true;
  });
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map((e) => {
      const mod = lastmod(e.updated);
      return `  <url><loc>${escapeXml(siteUrl + e.path)}</loc>${mod ? `<lastmod>${mod}</lastmod>` : ''}</url>`;
    }),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
