import type { ApiClient } from '../../../lib/api-client';
import { splitForm } from '../form-kit/form-actions.server';

/**
 * The course form's fields split into the three calls that save it: the course's own fields, its
 * lessons and songs, its testimonials (ADR 0037). `intent` says which button was pressed.
 */
export function splitCourseForm(form: FormData) {
  const { intent, main, parts } = splitForm(form, [
    'course_videos',
    'course_video_parts',
    'course_songs',
    'course_testimonials',
  ] as const);
  const entries = new URLSearchParams([...parts.course_videos, ...parts.course_video_parts, ...parts.course_songs]);
  return { intent, course: main, entries, testimonials: parts.course_testimonials };
}

/** Saves the lessons, songs and testimonials of course `idCourse` (after its fields). */
export async function saveCourseLists(
  api: ApiClient,
  idCourse: number,
  lists: { entries: URLSearchParams; testimonials: URLSearchParams },
): Promise<void> {
  await api.put(`/videos/editor/courses/${idCourse}/entries`, lists.entries);
  await api.put(`/videos/editor/courses/${idCourse}/testimonials`, lists.testimonials);
}
