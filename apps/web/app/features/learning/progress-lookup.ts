import type { ContinueItem, CourseVideoActive, VideoProgress } from '@fretline/contract';

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

/**
 * "Continue" when the resume point reopens a lesson the learner is part way through, "Next" when it
 * is a lesson they have not begun.
 */
export function resumeVerb(active: CourseVideoActive, videos: readonly VideoProgress[]): 'Continue' | 'Next' {
  if (Math.floor(active.video_play_start_time) > 0) return 'Continue';
  const mine = videos.find((v) => v.id_video === active.id_video);
  return mine && !mine.video_play_completed && mine.video_play_watched_percent > 0 ? 'Continue' : 'Next';
}
