import { describe, expect, it } from 'vitest';
import type { CourseVideoActive } from '@fretline/contract';
import { lessonHref, resumeVerb } from './progress-lookup';

const active = (start: number): CourseVideoActive => ({
  id_course_video: 3,
  id_video: 9,
  video_title: 'Your First Chords',
  video_slug: 'first-chords',
  video_image: null,
  video_premium: false,
  video_duration: 16,
  course_video_part: null,
  video_play_start_time: start,
  video_last_played: null,
});

describe('where Continue and Resume lead (docs/product.md#learning-progress)', () => {
  it('escapes both slugs and starts at a whole second', () => {
    expect(lessonHref('a course', 'a&b', 65.8)).toBe('/videos/a%26b?course=a%20course&t=65');
  });

  it('says Continue for a lesson part way through and Next for a fresh one', () => {
    expect(resumeVerb(active(42), [])).toBe('Continue');
    // Restarted at 0 with less than 10 s left: still the same lesson, part watched.
    expect(resumeVerb(active(0), [{ id_video: 9, video_play_completed: false, video_play_watched_percent: 60 }])).toBe(
      'Continue',
    );
    expect(resumeVerb(active(0), [])).toBe('Next');
    expect(resumeVerb(active(0), [{ id_video: 9, video_play_completed: true, video_play_watched_percent: 100 }])).toBe('Next');
  });
});
