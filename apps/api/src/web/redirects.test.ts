import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { RETIRED_COURSE_SLUGS, SHOP_PRODUCTS, SHOP_TAGS } from './redirect-tables.ts';
import { resolveRedirect } from './redirects.ts';

const SHOP = 'https://shop.example.test';
const to = (url: string) => resolveRedirect(url, SHOP);

describe('legacy redirects (product.md#pages)', () => {
  it('send old lesson, online-lesson, song and course-lesson URLs to the video page', () => {
    for (const url of [
      '/lessons/g-major-chord',
      '/lesson/g-major-chord',
      '/online-lessons/g-major-chord',
      '/online-lesson/g-major-chord',
      '/songs/g-major-chord',
      '/song/g-major-chord',
      '/courses/beginner-guitar-course/lessons/g-major-chord',
      '/course/lead-guitar-level-1/lesson/g-major-chord',
      '/courses/intermediate-method/modules/week-1/lessons/g-major-chord',
    ])
      expect(to(url), url).toBe('/videos/g-major-chord');
    expect(to('/lessons/g-major-chord?utm_source=mail')).toBe('/videos/g-major-chord?utm_source=mail');
  });

  it('send the course-lesson URL shapes beside the nested ones to the video page', () => {
    for (const url of ['/course-lessons/g-major-chord', '/course-lesson/g-major-chord', '/modules/week-1/lessons/g-major-chord'])
      expect(to(url), url).toBe('/videos/g-major-chord');
    expect(to('/course-lessons/g-major-chord?utm_source=mail')).toBe('/videos/g-major-chord?utm_source=mail');
  });

  it('send old module URLs to the course that holds the module, or to /courses when unknown', () => {
    // The catalogue has no modules: a module slug leads to its course when it names a known one.
    expect(to('/modules/lead-guitar-level-1-module-3')).toBe('/courses/lead-guitar-1');
    expect(to('/module/lead-guitar-level-1')).toBe('/courses/lead-guitar-1');
    expect(to('/modules/beginner-guitar-course-part-2')).toBe('/courses/beginner-guitar-course');
    expect(to('/module/ukulele-course-week-1?ref=mail')).toBe('/courses/ukulele-course?ref=mail');
    expect(to('/modules/week-2')).toBe('/courses');
    expect(to('/module/no-such-module')).toBe('/courses');
    expect(to('/modules')).toBe('/courses');
  });

  it('send old tag, meta and type URLs to the filtered video list, keeping other parameters', () => {
    expect(to('/tags/blues')).toBe('/videos?tags=blues');
    expect(to('/tag/blues')).toBe('/videos?tags=blues');
    expect(to('/meta/1970s')).toBe('/videos?tags=1970s');
    expect(to('/type/song')).toBe('/videos?tags=song');
    expect(to('/types/song?page=2')).toBe('/videos?tags=song&page=2');
  });

  it('send old course and module URLs to the course page, mapping the seven retired slugs', () => {
    expect(Object.keys(RETIRED_COURSE_SLUGS)).toHaveLength(7);
    for (const [old, current] of Object.entries(RETIRED_COURSE_SLUGS)) {
      expect(to(`/courses/${old}`)).toBe(`/courses/${current}`);
      expect(to(`/course/${old}`)).toBe(`/courses/${current}`);
      expect(to(`/courses/${old}/modules/week-2`)).toBe(`/courses/${current}`);
    }
    expect(to('/course/ukulele-course')).toBe('/courses/ukulele-course');
    // The current course page is not redirected.
    expect(to('/courses/lead-guitar-2')).toBeUndefined();
    expect(to('/courses')).toBeUndefined();
  });

  it('send the old account, list and info pages to their new homes', () => {
    const cases: Record<string, string> = {
      '/guest/subscriptions/42': '/me/subscriptions',
      '/dashboard/subscriptions': '/me/subscriptions',
      '/alerts': '/',
      '/learn-more': '/',
      '/notifications': '/',
      '/dashboard': '/',
      '/dashboard/anything/else': '/',
      '/contact': '/helpdesk',
      '/lesson-list': '/videos',
      '/song-list': '/videos',
      '/lessons': '/videos',
      '/songs': '/videos',
      '/learning-pathway': '/courses',
      '/learning-pathways/rock': '/courses',
      '/course-list': '/courses',
      '/member-status': '/membership',
      '/access-all-areas': '/membership',
      '/downloads': '/membership',
      '/downloads/tab-pack.pdf': '/membership',
      '/dashboard/welcome': '/welcome',
      '/dashboard/my-list': '/my-list',
      '/bookmarks': '/my-list',
      '/dashboard/free-resources': '/free-resources',
      '/dashboard/library': '/courses',
      '/dashboard/songs': '/videos',
      '/settings': '/me/edit',
      '/live-streams': '/live',
      '/live-streams/friday-jam': '/live/friday-jam',
    };
    for (const [from, target] of Object.entries(cases)) expect(to(from), from).toBe(target);
  });

  it('send every /shop path to the external shop through the tables', () => {
    expect(Object.keys(SHOP_PRODUCTS).length).toBeGreaterThanOrEqual(45);
    expect(Object.keys(SHOP_TAGS)).toHaveLength(11);
    for (const home of ['/shop', '/shop/cart', '/shop/checkout', '/shop/payment', '/shop/checkout/step-2', '/shop/wishlist'])
      expect(to(home), home).toBe(`${SHOP}/`);
    expect(to('/shop/products')).toBe(`${SHOP}/collections/all`);
    expect(to('/shop/products/trigger-capo')).toBe(`${SHOP}/products/trigger-capo-black`);
    expect(to('/shop/products/christmas-songbook?ref=x')).toBe(`${SHOP}/products/christmas-songbook`);
    expect(to('/shop/products/no-such-thing')).toBe(`${SHOP}/collections/all`);
    expect(to('/shop/tags')).toBe(`${SHOP}/collections`);
    expect(to('/shop/tags/picks')).toBe(`${SHOP}/collections/picks-and-plectrums`);
    expect(to('/shop/tags/no-such-tag')).toBe(`${SHOP}/collections`);
  });

  it('remove trailing slashes, keep the query string, and never touch / or the API', () => {
    expect(to('/videos/')).toBe('/videos');
    expect(to('/videos/some-slug///?tags=blues')).toBe('/videos/some-slug?tags=blues');
    expect(to('/lessons/g-major-chord/')).toBe('/videos/g-major-chord');
    expect(to('/')).toBeUndefined();
    expect(to('/?utm_source=x')).toBeUndefined();
    expect(to('/videos')).toBeUndefined();
    expect(to('/api/health/')).toBeUndefined();
    // `//host/` must not become a protocol-relative redirect to another site.
    expect(to('//evil.example/')).toBe('/evil.example');
  });
});

describe('the redirects in the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { SHOP_URL: SHOP } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answer GET and HEAD with a 301 and the Location', async () => {
    const get = await t.app.inject({ url: '/online-lessons/blues-shuffle?utm_campaign=x' });
    expect(get.statusCode).toBe(301);
    expect(get.headers.location).toBe('/videos/blues-shuffle?utm_campaign=x');
    const head = await t.app.inject({ method: 'HEAD', url: '/shop/tags/capos' });
    expect(head.statusCode).toBe(301);
    expect(head.headers.location).toBe(`${SHOP}/collections/capos`);
    const slash = await t.app.inject({ url: '/courses/' });
    expect(slash.statusCode).toBe(301);
    expect(slash.headers.location).toBe('/courses');
  });

  it('leave other methods and API paths alone', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/contact' })).statusCode).not.toBe(301);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
