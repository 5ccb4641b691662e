import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  DASHBOARD_PAGES,
  LEGACY_PAGES,
  MEMBERSHIP_PREFIXES,
  MODULE_COURSES,
  RETIRED_COURSE_SLUGS,
  SHOP_HOME_PAGES,
  SHOP_PRODUCTS,
  SHOP_TAGS,
  TAG_PREFIXES,
  VIDEO_PREFIXES,
} from './redirect-tables.ts';

/**
 * Legacy redirects (product.md#pages), answered as 301s before React Router sees the request, plus the
 * trailing-slash rule (product.md#pages). The old URL shapes handled:
 *
 *   /lesson(s)/:slug, /online-lesson(s)/:slug, /song(s)/:slug,
 *   /course-lesson(s)/:slug                                             → /videos/:slug
 *   /course(s)/:course/lesson(s)/:slug,
 *   /course(s)/:course/module(s)/:module/lesson(s)/:slug                → /videos/:slug
 *   /tag(s)/:slug, /meta/:slug, /type(s)/:slug                          → /videos?tags=:slug
 *   /course/:slug, /courses/:retired-slug, /course(s)/:course/module(s)/:module
 *                                                                      → /courses/:slug (retired slugs mapped)
 *   /module(s)/:module                                                  → the course holding it, else /courses
 *   /module(s)/:module/lesson(s)/:slug                                  → /videos/:slug
 *   /lessons, /lesson-list, /online-lessons, /songs, /song-list         → /videos
 *   /learning-pathway(s)[/*], /course(s)-list                           → /courses
 *   /member-status, /access-all-areas, /downloads [/*]                  → /membership
 *   /guest/subscriptions/:id, /dashboard/subscriptions[/*]              → /me/subscriptions
 *   /dashboard/{welcome,my-list,bookmarks,free-resources,library,songs} → their new pages
 *   /dashboard[/*] otherwise, /alerts, /learn-more, /notifications      → /
 *   /bookmarks → /my-list, /contact → /helpdesk, /settings → /me/edit,
 *   /live-streams → /live, /live-streams/:slug → /live/:slug
 *   /shop/*                                                             → SHOP_URL (tables below)
 *
 * The query string is kept on internal redirects (campaign parameters survive) and dropped on the
 * way to the external shop, whose parameters differ.
 */

const SLUG = /^[A-Za-z0-9][A-Za-z0-9_.~-]*$/;

/** A path segment if it is a plausible slug, decoded; anything else matches no rule. */
function slugOf(segment: string | undefined): string | undefined {
  if (!segment) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  return SLUG.test(decoded) && decoded.length <= 200 ? decoded : undefined;
}

const isPlural = (segment: string | undefined, word: string) => segment === word || segment === `${word}s`;
const courseSlug = (slug: string) => RETIRED_COURSE_SLUGS[slug] ?? slug;

/** Course slugs the redirects know: the retired ones and the courses that replaced them. */
const KNOWN_COURSES = new Set([...Object.keys(RETIRED_COURSE_SLUGS), ...Object.values(RETIRED_COURSE_SLUGS)]);
/** A module slug was its course's slug plus a part: `-module-3`, `-part-2`, `-week-1`, `-section-4`. */
const MODULE_SUFFIX = /-(?:module|part|week|section)-?\d+$/;

/** The page an old module URL leads to: its course when known (no module exists any more), else /courses. */
function moduleTarget(module: string): string {
  const mapped = MODULE_COURSES[module];
  if (mapped) return `/courses/${mapped}`;
  const course = KNOWN_COURSES.has(module) ? module : module.replace(MODULE_SUFFIX, '');
  return KNOWN_COURSES.has(course) ? `/courses/${courseSlug(course)}` : '/courses';
}

/** The new internal path for a legacy one, or undefined. `segments` has no empty parts. */
function legacyTarget(segments: string[]): string | undefined {
  const [first, second, third, fourth, fifth, sixth] = segments;
  if (!first) return undefined;
  const exact = LEGACY_PAGES[`/${segments.join('/')}`];
  if (exact) return exact;

  if (VIDEO_PREFIXES.has(first) && segments.length === 2) {
    const slug = slugOf(second);
    return slug ? `/videos/${slug}` : undefined;
  }
  if (TAG_PREFIXES.has(first) && segments.length === 2) {
    const slug = slugOf(second);
    return slug ? `/videos?tags=${encodeURIComponent(slug)}` : undefined;
  }
  if (isPlural(first, 'course')) {
    const course = slugOf(second);
    if (!course) return undefined;
    // /course(s)/:course/lesson(s)/:slug
    if (segments.length === 4 && isPlural(third, 'lesson')) {
      const slug = slugOf(fourth);
      return slug ? `/videos/${slug}` : undefined;
    }
    // /course(s)/:course/module(s)/:module/lesson(s)/:slug
    if (segments.length === 6 && isPlural(third, 'module') && isPlural(fifth, 'lesson')) {
      const slug = slugOf(sixth);
      return slug ? `/videos/${slug}` : undefined;
    }
    // /course(s)/:course/module(s)/:module
    if (segments.length === 4 && isPlural(third, 'module')) return `/courses/${courseSlug(course)}`;
    if (segments.length === 2) {
      // /courses/:slug is the new course page: only retired slugs move.
      if (first === 'course' || RETIRED_COURSE_SLUGS[course]) return `/courses/${courseSlug(course)}`;
    }
    return undefined;
  }
  if (isPlural(first, 'module')) {
    if (segments.length === 1) return '/courses';
    const module = slugOf(second);
    if (!module) return undefined;
    if (segments.length === 2) return moduleTarget(module);
    // /module(s)/:module/lesson(s)/:slug
    if (segments.length === 4 && isPlural(third, 'lesson')) {
      const slug = slugOf(fourth);
      return slug ? `/videos/${slug}` : undefined;
    }
    return undefined;
  }
  if (first === 'learning-pathway' || first === 'learning-pathways') return '/courses';
  if (MEMBERSHIP_PREFIXES.has(first)) return '/membership';
  if (first === 'bookmarks') return '/my-list';
  if (first === 'guest' && second === 'subscriptions' && segments.length === 3) return '/me/subscriptions';
  if (first === 'dashboard') return (second && DASHBOARD_PAGES[second]) ?? '/';
  if (first === 'live-streams' && segments.length === 2) {
    const slug = slugOf(second);
    return slug ? `/live/${slug}` : '/live';
  }
  return undefined;
}

/** Every path under /shop leaves for the external shop through the fixed tables (product.md#pages). */
function shopTarget(segments: string[], shopUrl: string): string {
  const home = shopUrl.replace(/\/+$/, '');
  const [, section, slug] = segments;
  if (!section || SHOP_HOME_PAGES.has(section)) return `${home}/`;
  if (section === 'products' || section === 'product') {
    const handle = slug ? SHOP_PRODUCTS[slug.toLowerCase()] : undefined;
    return handle ? `${home}/products/${handle}` : `${home}/collections/all`;
  }
  if (section === 'tags' || section === 'tag') {
    const handle = slug ? SHOP_TAGS[slug.toLowerCase()] : undefined;
    return handle ? `${home}/collections/${handle}` : `${home}/collections`;
  }
  return `${home}/`;
}

function withQuery(target: string, query: string): string {
  if (!query) return target;
  return `${target}${target.includes('?') ? '&' : '?'}${query}`;
}

/**
 * Where a GET/HEAD for `url` (path and query) should be redirected, or undefined to serve it.
 * Exported for unit use; the plugin below applies it to every non-API request.
 */
export function resolveRedirect(url: string, shopUrl: string): string | undefined {
  const q = url.indexOf('?');
  const rawPath = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q + 1);
  if (rawPath === '/' || !rawPath.startsWith('/')) return undefined;
  const segments = rawPath.split('/').filter(Boolean);
  // Empty segments (`//x`, `/x/`) are cleaned below; collapsing them also stops `//host` open redirects.
  const clean = `/${segments.join('/')}`;

  const first = segments[0];
  if (first === 'api') return undefined;
  if (first === 'shop') return shopTarget(segments, shopUrl);
  const legacy = legacyTarget(segments);
  if (legacy) return withQuery(legacy, query);
  if (clean !== rawPath) return withQuery(clean, query);
  return undefined;
}

/** Registered in buildApp before the web mount, so it works with and without the pages. */
export const redirectsPlugin = fp(
  async (app: FastifyInstance) => {
    const shopUrl = app.config.SHOP_URL;
    // Callback style: it runs on every request, and an async hook costs a promise per call.
    app.addHook('onRequest', (request, reply, done) => {
      const url = request.url;
      // The API keeps its own paths; a quick prefix test keeps this hook off the hot API path.
      const skip =
        (request.method !== 'GET' && request.method !== 'HEAD') ||
        url.startsWith('/api/') ||
        url === '/api' ||
        url.startsWith('/api?');
      const target = skip ? undefined : resolveRedirect(url, shopUrl);
      if (target === undefined) return done();
      // Answered here: Fastify stops the chain once the reply is sent, so done() is not called.
      reply.code(301).header('Cache-Control', 'public, max-age=3600').redirect(target, 301);
    });
  },
  { name: 'legacy-redirects', dependencies: ['deps'] },
);
