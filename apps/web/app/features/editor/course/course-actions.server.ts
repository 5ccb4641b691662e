import type { EditorCourse } from '@fretline/contract';
import type { EditorEntity } from '../form-kit/form-actions.server';
import { splitForm } from '../form-kit/form-actions.server';
import { courseKind } from './course-kind';

/** A course's lessons and songs, and its testimonials: each list is saved whole by a call of its own. */
interface CourseLists {
  entries: URLSearchParams;
  testimonials: URLSearchParams;
}

/**
 * A course (ADR 0037): its fields, then its lessons and songs, then its testimonials, each list
 * saved whole; saving an empty list clears it.
 */
export const courseEntity: EditorEntity<EditorCourse, CourseLists> = {
  ...courseKind,
  calls: {
    get: 'editor.getCourse',
    create: 'editor.createCourse',
    update: 'editor.updateCourse',
    setPublished: 'editor.setCoursePublished',
    delete: 'editor.deleteCourse',
  },
  idParam: 'idCourse',
  idOf: (course) => course.id_course,
  splitForm(form) {
    const { intent, main, parts } = splitForm(form, [
      'course_videos',
      'course_video_parts',
      'course_songs',
      'course_testimonials',
    ] as const);
    const entries = new URLSearchParams([...parts.course_videos, ...parts.course_video_parts, ...parts.course_songs]);
    return { intent, fields: main, lists: { entries, testimonials: parts.course_testimonials } };
  },
  saveLists: {
    async save(api, idCourse, lists) {
      await api.call('editor.setCourseEntries', { params: { idCourse }, body: lists.entries });
      await api.call('editor.setCourseTestimonials', { params: { idCourse }, body: lists.testimonials });
    },
    failed: 'The course’s fields were saved, but not all of its lists',
  },
};
