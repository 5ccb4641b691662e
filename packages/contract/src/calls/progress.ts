import { z } from 'zod';
import { CourseRefSchema, CourseVideoActiveSchema } from '../entities/course.ts';
import { IdSchema, NullableDateSchema, TextSchema } from '../entities/fields.ts';
import { envelope } from '../wire/envelope.ts';
import { FIRST_STEPS_GOALS, FIRST_STEPS_GUITARS, FIRST_STEPS_LEVELS, FIRST_STEPS_STYLES } from '../derived/first-steps.ts';

/**
 * The learner's progress and first steps (docs/product.md#learning-progress, ADR 0064): GET
 * me/progress, PUT and DELETE videos/{videoSlug}/done, and the first-visit quiz.
 */

/**
 * One course as the learner stands in it; course_video_active is the lesson Resume opens (the first
 * lesson of a course never started; null only when every lesson is done, or the course has none).
 * video_last_played is null for a course the learner never opened.
 */
export const CourseProgressSchema = CourseRefSchema.extend({
  course_percent_complete: z.number().min(0).max(100),
  course_lessons_done: z.number().int().min(0),
  course_lessons_total: z.number().int().min(0),
  course_video_active: CourseVideoActiveSchema.nullable(),
  video_last_played: NullableDateSchema,
});
export type CourseProgress = z.infer<typeof CourseProgressSchema>;

/** One video the learner has played or marked: done, and the percent of its unique seconds watched. */
export const VideoProgressSchema = z.object({
  id_video: IdSchema,
  video_play_completed: z.boolean(),
  video_play_watched_percent: z.number().int().min(0).max(100),
});
export type VideoProgress = z.infer<typeof VideoProgressSchema>;

/** "Continue: {lesson}": the lesson to open next in the course touched last, at the right moment. */
export const ContinueItemSchema = z.object({ course: CourseRefSchema, video: CourseVideoActiveSchema });
export type ContinueItem = z.infer<typeof ContinueItemSchema>;

/** GET me/progress: every published course (started or not), the videos played or marked, and the continue item. */
export const LearnerProgressSchema = z.object({
  courses: z.array(CourseProgressSchema),
  videos: z.array(VideoProgressSchema),
  continue: ContinueItemSchema.nullable(),
});
export type LearnerProgress = z.infer<typeof LearnerProgressSchema>;
export const ProgressResponseSchema = envelope('progress', LearnerProgressSchema);

// ── First steps: the optional first-visit quiz ─────────────────────────────────────────────────

/** The answers; the quiz is short and optional, so all of them are needed to recommend. */
export const FirstStepsAnswersSchema = z.object({
  first_steps_level: z.enum(FIRST_STEPS_LEVELS, { error: 'Pick how much you have played.' }),
  first_steps_style: z.enum(FIRST_STEPS_STYLES, { error: 'Pick a style of music.' }),
  first_steps_guitar: z.enum(FIRST_STEPS_GUITARS, { error: 'Pick acoustic, electric or ukulele.' }),
  // A comma list in a query string (a visitor's recommendation), an array in a body.
  first_steps_goals: z.preprocess(
    (v) => (v === undefined || v === '' ? [] : typeof v === 'string' ? v.split(',').filter(Boolean) : v),
    z
      .array(z.enum(FIRST_STEPS_GOALS, { error: 'Pick goals from the list.' }))
      .max(FIRST_STEPS_GOALS.length, 'Pick goals from the list.'),
  ),
});
export type FirstStepsAnswers = z.infer<typeof FirstStepsAnswersSchema>;

/** What the quiz recommends: a course and first songs from the catalogue, with the reasons in words. */
export const FirstStepsRecommendationSchema = z.object({
  course: CourseRefSchema.nullable(),
  /** The course's first lesson, where the learner starts; null without a course (or a lesson in it). */
  first_lesson: z.object({ video_slug: z.string(), video_title: TextSchema }).nullable(),
  songs: z.array(
    z.object({
      id_video: IdSchema,
      video_slug: z.string(),
      video_title: TextSchema,
      video_artist: TextSchema,
      video_difficulty: TextSchema,
      video_image: TextSchema,
      video_premium: z.boolean(),
    }),
  ),
  reasons: z.array(z.string()),
});
export type FirstStepsRecommendation = z.infer<typeof FirstStepsRecommendationSchema>;

/** The signed-in learner's stored quiz: answers (null until answered), dismissed, and the recommendation. */
export const FirstStepsSchema = z.object({
  answers: FirstStepsAnswersSchema.nullable(),
  first_steps_dismissed: z.boolean(),
  recommendation: FirstStepsRecommendationSchema.nullable(),
});
export type FirstSteps = z.infer<typeof FirstStepsSchema>;
export const FirstStepsResponseSchema = envelope('first_steps', FirstStepsSchema);

/** GET first-steps/recommendation: the same rules for a visitor, whose answers stay in the browser. */
export const FirstStepsRecommendationResponseSchema = envelope('recommendation', FirstStepsRecommendationSchema);
