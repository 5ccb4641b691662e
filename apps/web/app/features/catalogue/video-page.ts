import { excerptFallback, stripTags, type Video } from '@fretline/contract';

/**
 * The excerpt the video page prints under its title: the video's own excerpt only. The excerpt
 * fallback (product.md#entities) is made from the text sections, which the page prints in full below ("About this
 * lesson"), so printing it above too would say the same thing twice (it stays the description
 * search engines and link previews read). An own excerpt that merely opens the text sections is
 * dropped for the same reason.
 */
export function pageExcerpt(video: Pick<Video, 'video_excerpt' | 'video_sections'>): string | null {
  const own = video.video_excerpt?.trim();
  if (!own) return null;
  const sectionsText = stripTags(
    video.video_sections
      .filter((s) => s.video_section_type === 'text' && s.video_section_content)
      .map((s) => s.video_section_content)
      .join(' '),
  );
  const fallback = excerptFallback(video);
  if (own === fallback || (sectionsText && sectionsText.startsWith(own))) return null;
  return own;
}

export interface UpNext {
  kind: 'lesson' | 'course';
  to: string;
  title: string;
}

/**
 * What comes after this video, for the Next button and the "Up next" card alike: the next lesson of
 * the course it is watched in, else (at the course's end) the course that follows. Null outside a
 * course or at the end of the last one.
 */
export function upNext(video: Pick<Video, 'video_course' | 'video_course_video_next' | 'video_course_next'>): UpNext | null {
  const course = video.video_course;
  if (!course) return null;
  const next = video.video_course_video_next;
  if (next) {
    return {
      kind: 'lesson',
      // "Next lesson" starts at 0 (docs/product.md#learning-progress), wherever it was left before.
      to: `/videos/${next.video_slug}?course=${encodeURIComponent(course.course_slug)}&t=0`,
      title: next.video_title ?? 'Next lesson',
    };
  }
  const nextCourse = video.video_course_next;
  return nextCourse
    ? { kind: 'course', to: `/courses/${nextCourse.course_slug}`, title: nextCourse.course_title ?? 'Next course' }
    : null;
}
