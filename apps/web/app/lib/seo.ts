import type { MetaDescriptor } from 'react-router';

export const SITE_NAME = 'Fretline';
/** The social card made for the site (public/og-image.png, 1200×630). */
const DEFAULT_OG_IMAGE = '/og-image.png';

export interface SeoInput {
  /** The page's own title; ' | Fretline' is added unless it already names the site. */
  title: string;
  /** One or two sentences for search results and link previews (about 155 characters). */
  description: string;
  /** The page's path (`/terms`); the canonical link and og:url are built from it. */
  path: string;
  /** An image for link previews, absolute or site-relative. */
  image?: string;
  type?: 'website' | 'article' | 'video.other' | 'profile';
  /** The site's origin; else read from the root loader's data in `matches`. */
  siteUrl?: string;
  /** A meta function's `matches`, to read the root loader's siteUrl. */
  matches?: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
  /** Pages that must stay out of search results (account pages, error pages). */
  noIndex?: boolean;
}

function siteUrlOf(input: SeoInput): string {
  if (input.siteUrl !== undefined) return input.siteUrl.replace(/\/$/, '');
  const root = input.matches?.find((m) => m?.id === 'root')?.data as { siteUrl?: unknown } | undefined;
  return typeof root?.siteUrl === 'string' ? root.siteUrl.replace(/\/$/, '') : '';
}

function absolute(siteUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${siteUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** `Terms` → `Terms | Fretline`. */
export function pageTitle(title: string): string {
  return title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
}

/**
 * Everything a page's `meta` export needs: title, description, canonical link, Open Graph and
 * Twitter card tags. Use: `export const meta: Route.MetaFunction = ({ matches }) =>
 * seoMeta({ title, description, path: '/terms', matches })`.
 */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const siteUrl = siteUrlOf(input);
  const title = pageTitle(input.title);
  const url = absolute(siteUrl, input.path);
  const image = absolute(siteUrl, input.image ?? DEFAULT_OG_IMAGE);
  return [
    { title },
    { name: 'description', content: input.description },
    { tagName: 'link', rel: 'canonical', href: url },
    ...(input.noIndex ? [{ name: 'robots', content: 'noindex' }] : []),
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: 'en_GB' },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: input.description },
    { name: 'twitter:image', content: image },
  ];
}
