import type { ContinueItem } from '@fretline/contract';

/** Where a lesson opens from Continue or Resume: in its course, at the second the rules give. */
export function lessonHref(courseSlug: string, videoSlug: string, startTime: number): string {
  const t = Math.floor(startTime);
  return `/videos/${encodeURIComponent(videoSlug)}?course=${encodeURIComponent(courseSlug)}&t=${t}`;
}

export const continueHref = (item: ContinueItem) =>
  lessonHref(item.course.course_slug, item.video.video_slug, item.video.video_play_start_time);

/** "at 1:05" for a lesson resumed part way, nothing for one started from the beginning. */
export function resumeWords(startTime: number): string | null {
  const t = Math.floor(startTime);
  if (t <= 0) return null;
  return `from ${Math.floor(t / 60)}:${String(t % 60).padStart(2, '0')}`;
}
