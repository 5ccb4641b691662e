import { expect, test, type APIRequestContext } from '@playwright/test';

import { signIn } from './support/auth.ts';

// Structured data for search engines (product.md#entities): each page's JSON-LD, read from the
// server-rendered page as a crawler reads it.

type Json = Record<string, unknown>;

async function jsonLdOf(request: APIRequestContext, path: string, token?: string): Promise<Json[]> {
  const res = await request.get(path, { headers: token ? { cookie: `token=${token}` } : {} });
  expect(res.status(), path).toBe(200);
  const html = await res.text();
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as Json);
}

const ofType = (items: Json[], type: string) => items.filter((item) => item['@type'] === type);

test('a free lesson of our own stream gives its content URL and ISO 8601 duration; a premium one never its signed URL', async ({
  request,
  baseURL,
}) => {
  const [free] = ofType(await jsonLdOf(request, '/videos/holding-the-guitar'), 'VideoObject');
  expect(free).toBeDefined();
  expect(free!.duration).toBe('PT16S');
  expect(String(free!.contentUrl)).toMatch(new RegExp(`^${baseURL}/.+`));
  expect(free!.isAccessibleForFree).toBe(true);

  // An admin can play a premium lesson, so the page holds its signed manifest: the JSON-LD must not.
  const token = await signIn(baseURL, 'admin@example.com');
  const [premium] = ofType(await jsonLdOf(request, '/videos/c-and-d-chords', token), 'VideoObject');
  expect(premium).toBeDefined();
  expect(premium!.duration).toBe('PT16S');
  expect(premium).not.toHaveProperty('contentUrl');
  expect(premium).not.toHaveProperty('embedUrl');
  expect(premium!.isAccessibleForFree).toBe(false);
});

test('the home page describes the organisation, a course page its Course, an upcoming live lesson its Event', async ({
  request,
  baseURL,
}) => {
  const [organization] = ofType(await jsonLdOf(request, '/'), 'Organization');
  expect(organization).toEqual({
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: 'Fretline',
    url: `${baseURL}/`,
    logo: `${baseURL}/icon-512.png`,
  });
  const logo = await request.get(String(organization!.logo));
  expect(logo.headers()['content-type']).toContain('image/png');

  const [course] = ofType(await jsonLdOf(request, '/courses/beginner-guitar-course'), 'Course');
  expect(course).toBeDefined();
  expect(typeof course!.name).toBe('string');
  expect(String(course!.description).length).toBeGreaterThan(10);
  expect(course!.provider).toMatchObject({ '@type': 'Organization', name: 'Fretline', url: `${baseURL}/` });
  expect(course!.hasCourseInstance).toMatchObject({ '@type': 'CourseInstance', courseMode: 'Online' });

  const [event] = ofType(await jsonLdOf(request, '/live/songwriting-night'), 'Event');
  expect(event).toBeDefined();
  expect(event!.name).toBe('Songwriting Night');
  expect(new Date(String(event!.startDate)).getTime()).toBeGreaterThan(Date.now());
  expect(event!.eventAttendanceMode).toBe('https://schema.org/OnlineEventAttendanceMode');
  expect(event!.location).toEqual({ '@type': 'VirtualLocation', url: `${baseURL}/live/songwriting-night` });
  expect(event!.organizer).toMatchObject({ '@type': 'Organization', name: 'Fretline' });

  // A live lesson that is over is no longer an event to attend.
  expect(ofType(await jsonLdOf(request, '/live/strumming-clinic'), 'Event')).toEqual([]);
});
