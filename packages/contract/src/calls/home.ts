import { z } from 'zod';
import { CourseRefSchema } from '../entities/course.ts';
import { VideoSummarySchema } from '../entities/video.ts';
import { PracticeGoalSchema } from './practice-log.ts';
import { ContinueItemSchema, CourseProgressSchema, FirstStepsSchema } from './progress.ts';
import { LiveStreamSchema } from './videos.ts';
import { envelope } from '../wire/envelope.ts';

/** How many playable songs the learner's home lists (the rest are one link away on /videos?playable=now). */
export const HOME_SONGS = 4;

/**
 * GET me/home (docs/product.md#learners-home): everything the signed-in learner's home shows that
 * the videos service knows, in one call. Practice is the raw days and the goal: today and the
 * streak are the learner's own calendar's, so the page works them out in their browser.
 */
export const LearnerHomeSchema = z.object({
  /** "Continue: {lesson}" and how far through its course the learner is. */
  continue: ContinueItemSchema.nullable(),
  /** Each course the learner has started and not finished, with the lesson it opens next; touched last first. */
  courses: z.array(CourseProgressSchema),
  practice: z.object({
    days: z.array(z.object({ practised_on: z.string(), seconds: z.number().int() })),
    goal: PracticeGoalSchema,
  }),
  /** Songs (not lessons) every chord of which the learner knows, newest first. */
  songs: z.array(VideoSummarySchema),
  /** The live lesson on now, else the next one; null when none is planned. */
  live: LiveStreamSchema.pick({
    stream_slug: true,
    stream_title: true,
    stream_starts: true,
    stream_status: true,
    stream_locked: true,
  }).nullable(),
  first_steps: FirstStepsSchema,
  /**
   * Where a learner with nothing started begins: the quiz's course when they answered it, else the
   * course for someone who has never played. Null once a course is started.
   */
  start_course: CourseRefSchema.nullable(),
});
export type LearnerHome = z.infer<typeof LearnerHomeSchema>;
export const LearnerHomeResponseSchema = envelope('home', LearnerHomeSchema);
