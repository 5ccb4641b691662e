import { stripTags, type Course, type LiveStream } from '@fretline/contract';
import { SITE_NAME } from './seo';

/**
 * schema.org JSON-LD for search engines (product.md#entities, "schema content"): each page
 * type builds its own object; `JsonLd` (lib/json-ld) writes it into the page. The builders stay out of
 * the lesson page's first load, which needs only the writer.
 */

/** The site as a schema.org Organization (the home page's, and the provider and organizer below). */
export function organizationJson(siteUrl: string) {
  return { '@type': 'Organization', name: SITE_NAME, url: `${siteUrl}/`, logo: `${siteUrl}/icon-512.png` };
}

/** A course page's schema.org Course: taken online, at the learner's own pace. */
export function courseJson(course: Course, siteUrl: string) {
  const description = course.course_excerpt ?? stripTags(course.course_description ?? '').trim();
  return {
    '@type': 'Course',
    name: course.course_title,
    description: description || course.course_title,
    url: `${siteUrl}/courses/${course.course_slug}`,
    provider: organizationJson(siteUrl),
    hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'Online' },
  };
}

/**
 * An upcoming live lesson's schema.org Event, online at its own page. The poster's URL is signed
 * and expires, so it is left out.
 */
export function liveLessonEventJson(stream: LiveStream, siteUrl: string) {
  const url = `${siteUrl}/live/${stream.stream_slug}`;
  return {
    '@type': 'Event',
    name: stream.stream_title ?? 'Live lesson',
    description: stripTags(stream.stream_description ?? '').trim() || 'A live guitar lesson: play along in real time.',
    startDate: new Date(stream.stream_starts).toISOString(),
    endDate: new Date(stream.stream_ends).toISOString(),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    location: { '@type': 'VirtualLocation', url },
    organizer: organizationJson(siteUrl),
    isAccessibleForFree: !stream.stream_premium,
    url,
  };
}
