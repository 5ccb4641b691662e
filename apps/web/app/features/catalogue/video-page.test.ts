import { describe, expect, it } from 'vitest';
import type { CourseRef, CourseVideoEntry, VideoSection } from '@fretline/contract';
import { pageExcerpt, upNext } from './video-page';

const text = (html: string) => ({ video_section_type: 'text', video_section_content: html }) as VideoSection;
const course: CourseRef = { id_course: 1, course_slug: 'beginner-guitar-course', course_title: 'Beginner', course_image: null };
const nextCourse: CourseRef = {
  id_course: 2,
  course_slug: 'electric-rock-rhythm',
  course_title: 'Electric Rock Rhythm',
  course_image: null,
};
const lesson = { video_slug: 'c-and-d-chords', video_title: 'Adding C and D' } as CourseVideoEntry;

describe('pageExcerpt', () => {
  it('does not repeat the text sections above them (no fallback excerpt on the page)', () => {
    const video = { video_excerpt: null, video_sections: [text('<p>E minor uses just two fingers.</p>')] };
    expect(pageExcerpt(video)).toBeNull();
  });

  it('drops an own excerpt that only opens the text sections, keeps one that says something else', () => {
    const sections = [text('<p>E minor uses just two fingers. Strum all six strings.</p>')];
    expect(pageExcerpt({ video_excerpt: 'E minor uses just two fingers.', video_sections: sections })).toBeNull();
    expect(pageExcerpt({ video_excerpt: 'Two chords, one minute a day.', video_sections: sections })).toBe(
      'Two chords, one minute a day.',
    );
  });
});

describe('upNext', () => {
  it('is the next lesson of the course, where the Next button goes', () => {
    expect(upNext({ video_course: course, video_course_video_next: lesson, video_course_next: nextCourse })).toEqual({
      kind: 'lesson',
      to: '/videos/c-and-d-chords?course=beginner-guitar-course&t=0',
      title: 'Adding C and D',
    });
  });

  it('is the next course only at the end of this one, and nothing outside a course', () => {
    expect(upNext({ video_course: course, video_course_video_next: null, video_course_next: nextCourse })).toEqual({
      kind: 'course',
      to: '/courses/electric-rock-rhythm',
      title: 'Electric Rock Rhythm',
    });
    expect(upNext({ video_course: null, video_course_video_next: null, video_course_next: nextCourse })).toBeNull();
  });
});
