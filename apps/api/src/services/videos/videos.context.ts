import sanitizeHtml from 'sanitize-html';
import type { Database } from '@fretline/db';
import type { MediaStore } from '../../platform/media/index.ts';

// What the videos modules share (ADR 0051).

/** Everything a videos call needs besides its input; the routes build one per request. */
export interface VideosContext {
  db: Database;
  store: MediaStore;
  now: Date;
  /** `{TEACHER_NAME}s-technique-tuneups` is the technique course (product.md#calls). */
  teacherName: string;
}

export const VIDEO_NOT_FOUND = 'VIDEO_NOT_FOUND';
export const COURSE_NOT_FOUND = 'COURSE_NOT_FOUND';

export const techniqueCourseSlug = (teacherName: string) => `${teacherName}s-technique-tuneups`;

// Text sections are written by staff but still pass through an allow-list before they are served.
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote', 'a', 'code', 'pre', 'span'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};
export const sanitizeSectionHtml = (html: string) => sanitizeHtml(html, SANITIZE);
