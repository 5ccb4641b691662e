import { z } from 'zod';
import { IdSchema, NullableDateSchema, SlugSchema, TextSchema } from './fields.ts';

/**
 * An entry of course_videos / course_songs (product.md#entities). Added beyond the spec's list, for the course
 * outline (ADR 0049): video_premium (members-only or free), video_duration (seconds, null when
 * unknown, e.g. a YouTube video) and course_video_part, the heading of the course part this entry
 * opens (null when it continues the part above, or the course has no parts).
 */
export const CourseVideoEntrySchema = z.object({
  id_course_video: IdSchema,
  id_video: IdSchema,
  video_title: TextSchema,
  video_slug: SlugSchema,
  video_image: TextSchema,
  video_premium: z.boolean(),
  video_duration: z.number().min(0).nullable(),
  course_video_part: TextSchema,
});
export type CourseVideoEntry = z.infer<typeof CourseVideoEntrySchema>;

/** The resume point of a signed-in user (product.md#entities), with when it was last played. */
export const CourseVideoActiveSchema = CourseVideoEntrySchema.extend({
  video_last_played: NullableDateSchema,
  /** Where Resume opens it, in seconds (docs/product.md#learning-progress). */
  video_play_start_time: z.number().min(0),
});
export type CourseVideoActive = z.infer<typeof CourseVideoActiveSchema>;

/**
 * course_testimonials entry (name, content, image; product.md#entities), named in the course's prefix style;
 * `id_course_testimonial` is added so lists have a stable key.
 */
export const CourseTestimonialSchema = z.object({
  id_course_testimonial: IdSchema,
  course_testimonial_name: TextSchema,
  course_testimonial_content: TextSchema,
  course_testimonial_image: TextSchema,
});
export type CourseTestimonial = z.infer<typeof CourseTestimonialSchema>;

/**
 * Course (also the Technique course, which is a Course fetched by its slug; product.md#entities).
 * Stream fields (folder, manifest, preview, poster, duration, width, height, bitrate) are the
 * trailer stream; the `_signed` variants are the time-limited URLs a player may load.
 * Added beyond the spec's list: course_published, id_course_testimonial, the course_stream_* names.
 * course_percent_complete is 0–100 (0 for a visitor); course_video_active is null until a video of
 * the course has been played.
 */
export const CourseSchema = z.object({
  id_course: IdSchema,
  course_slug: SlugSchema,
  course_archetype: TextSchema,
  course_title: TextSchema,
  course_description: TextSchema,
  course_excerpt: TextSchema,
  course_order: IdSchema,
  course_image: TextSchema,
  course_image_text: TextSchema,
  course_jumbo_image: TextSchema,
  course_jumbo_image_position: TextSchema,
  course_trailer_url: TextSchema,
  course_published: z.boolean(),
  course_videos: z.array(CourseVideoEntrySchema),
  course_songs: z.array(CourseVideoEntrySchema),
  course_video_active: CourseVideoActiveSchema.nullable(),
  course_percent_complete: z.number().min(0).max(100),
  course_stream_folder: TextSchema,
  course_stream_manifest: TextSchema,
  course_stream_preview: TextSchema,
  course_stream_poster: TextSchema,
  course_stream_duration: z.number().nullable(),
  course_stream_width: IdSchema.nullable(),
  course_stream_height: IdSchema.nullable(),
  course_stream_bitrate: IdSchema.nullable(),
  course_stream_manifest_signed: TextSchema,
  course_stream_preview_signed: TextSchema,
  course_stream_poster_signed: TextSchema,
  course_testimonials: z.array(CourseTestimonialSchema),
});
export type Course = z.infer<typeof CourseSchema>;

/** A course as listed on /courses (no per-user or stream data). */
export const CourseSummarySchema = CourseSchema.pick({
  id_course: true,
  course_slug: true,
  course_archetype: true,
  course_title: true,
  course_excerpt: true,
  course_order: true,
  course_image: true,
  course_image_text: true,
});
export type CourseSummary = z.infer<typeof CourseSummarySchema>;

/** A course as a video refers to it (video_course, video_course_next, video_recommended_course). */
export const CourseRefSchema = CourseSchema.pick({
  id_course: true,
  course_slug: true,
  course_title: true,
  course_image: true,
});
export type CourseRef = z.infer<typeof CourseRefSchema>;

/**
 * GET videos/me/course: the course the signed-in user played last (ADR 0049), with its resume
 * point and percent complete as the course page works them out; null before any course video has
 * been played.
 */
export const CurrentCourseSchema = CourseRefSchema.extend({
  course_video_active: CourseVideoActiveSchema.nullable(),
  course_percent_complete: z.number().min(0).max(100),
});
export type CurrentCourse = z.infer<typeof CurrentCourseSchema>;
