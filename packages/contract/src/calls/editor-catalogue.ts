import { z } from 'zod';
import { LIST_LIMIT_MAX } from '../constants.ts';
import {
  DateSchema,
  FormBooleanSchema,
  ID_MAX,
  IdSchema,
  NullableDateSchema,
  SlugSchema,
  TextSchema,
} from '../entities/fields.ts';
import { envelope, pagedEnvelope } from '../wire/envelope.ts';
import {
  EditorIdParamSchema,
  EditorSlugSchema,
  MEDIA_PATH_PATTERN,
  OptionalMediaPathSchema,
  optionalTextSchema,
} from './editor.ts';

/**
 * The staff console's catalogue editing calls (Editor group of product.md#roles, ADR 0037):
 * courses, live streams and free resources under /api/videos/editor/... Every call needs the
 * Editor group. Like the video editor's calls (./editor.ts, whose slug and media path rules these
 * reuse), bodies arrive form-encoded (product.md#calls): '' or a missing key means "none", numbers and
 * booleans may be strings, and an update (PUT) replaces every field the form shows. New courses,
 * streams and resources start as drafts; publishing is its own, audited call.
 */

/** A whole number field of a form: '' or a missing key means none. */
const optionalCount = (max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
    z.coerce
      .number({ error: 'Use a whole number.' })
      .int('Use a whole number.')
      .min(0, 'Use 0 or more.')
      .max(max, `Use ${max} or less.`)
      .nullable(),
  );

/** A link: a path on this site (`/courses/x#trailer`) or an http(s) address; '' means none. */
const optionalLink = z.preprocess(
  (v) =>
    v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : typeof v === 'string' ? v.trim() : v,
  z
    .string()
    .max(500, 'Keep the link to 500 characters or fewer.')
    .refine((v) => /^\/(?!\/)\S*$/.test(v) || /^https?:\/\/[^\s/]+\S*$/i.test(v), {
      message: 'Use a path on this site (starting with /) or an http(s) address.',
    })
    .nullable(),
);

/** A form list: `a[0]=3&a[1]=5` (an object once past qs's array limit), one `a=3`, or ''/nothing. */
const formIdList = (max: number, tooMany: string) =>
  z.preprocess(
    (v): unknown[] =>
      v === undefined || v === null || v === ''
        ? []
        : Array.isArray(v)
          ? (v as unknown[])
          : typeof v === 'object'
            ? Object.values(v as Record<string, unknown>)
            : [v],
    z
      .array(
        z.coerce
          .number({ error: 'Use ids from the list.' })
          .int()
          .positive('Use ids from the list.')
          .max(ID_MAX, 'Use ids from the list.'),
      )
      .max(max, tooMany),
  );

const requiredText = (max: number, missing: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, `Keep it to ${max} characters or fewer.`);

/** A required date: a UTC wire date string (product.md#calls) or a Date. */
const requiredDate = (missing: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.union([z.date(), z.string()], { error: missing }).pipe(DateSchema),
  );

// ── Courses ──────────────────────────────────────────────────────────────────────────────────

export const COURSE_ARCHETYPES = ['course', 'technique'] as const;
export type CourseArchetype = (typeof COURSE_ARCHETYPES)[number];
export const COURSE_JUMBO_POSITIONS = ['top', 'center', 'bottom'] as const;
// A form body carries at most 500 parameters (request-body.ts), so both lists together stay under it.
export const COURSE_MAX_ENTRIES = 200;
export const COURSE_MAX_TESTIMONIALS = 50;

export const EditorCourseIdParamsSchema = z.object({ idCourse: EditorIdParamSchema });

/** An entry of a course's lessons or songs as the editor sees it (drafts included, flagged). */
export const EditorCourseEntrySchema = z.object({
  id_course_video: IdSchema,
  id_video: IdSchema,
  video_title: TextSchema,
  video_slug: SlugSchema,
  video_category: TextSchema,
  video_published: z.boolean(),
  /** A signed URL of the poster, for the thumbnail. */
  video_image_signed: TextSchema,
  /** The heading of the course part this lesson opens (ADR 0049); null when it continues the one above. */
  course_video_part: TextSchema,
});
export type EditorCourseEntry = z.infer<typeof EditorCourseEntrySchema>;

export const EditorTestimonialSchema = z.object({
  id_course_testimonial: IdSchema,
  course_testimonial_name: z.string(),
  course_testimonial_content: z.string(),
  /** The media path the editor set; `_signed` is its preview URL. */
  course_testimonial_image: TextSchema,
  course_testimonial_image_signed: TextSchema,
});
export type EditorTestimonial = z.infer<typeof EditorTestimonialSchema>;

/** A course as the editor reads it: stored media paths (and signed previews), the HTML as saved. */
export const EditorCourseSchema = z.object({
  id_course: IdSchema,
  course_slug: z.string(),
  course_archetype: z.string(),
  course_title: z.string(),
  course_description: TextSchema,
  course_excerpt: TextSchema,
  course_order: IdSchema,
  course_image: TextSchema,
  course_image_signed: TextSchema,
  course_image_text: TextSchema,
  course_jumbo_image: TextSchema,
  course_jumbo_image_signed: TextSchema,
  course_jumbo_image_position: z.string(),
  course_trailer_url: TextSchema,
  course_stream_folder: TextSchema,
  course_stream_manifest: TextSchema,
  course_stream_preview: TextSchema,
  course_stream_poster: TextSchema,
  course_stream_poster_signed: TextSchema,
  course_stream_duration: IdSchema.nullable(),
  course_stream_width: IdSchema.nullable(),
  course_stream_height: IdSchema.nullable(),
  course_stream_bitrate: IdSchema.nullable(),
  course_published: z.boolean(),
  course_created: DateSchema,
  course_updated: DateSchema,
  course_videos: z.array(EditorCourseEntrySchema),
  course_songs: z.array(EditorCourseEntrySchema),
  course_testimonials: z.array(EditorTestimonialSchema),
  /** Earlier slugs whose /courses/<slug> URLs redirect (301) to this course. */
  course_slug_history: z.array(z.string()),
});
export type EditorCourse = z.infer<typeof EditorCourseSchema>;

export const EditorCourseSummarySchema = EditorCourseSchema.pick({
  id_course: true,
  course_slug: true,
  course_archetype: true,
  course_title: true,
  course_order: true,
  course_image_signed: true,
  course_published: true,
  course_updated: true,
}).extend({ course_video_count: IdSchema, course_song_count: IdSchema });
export type EditorCourseSummary = z.infer<typeof EditorCourseSummarySchema>;

/**
 * POST (create) and PUT (full replace) of a course: the Course fields (product.md#entities) a person sets.
 * Media fields are media-store paths; the trailer stream fields describe the HLS trailer.
 * A new course is a draft and goes last in course_order.
 */
export const EditorCourseBodySchema = z.object({
  course_title: requiredText(200, 'Enter a title.'),
  course_slug: EditorSlugSchema,
  course_archetype: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 'course' : v),
    z.enum(COURSE_ARCHETYPES, { error: 'Choose a regular course or a technique course.' }),
  ),
  // HTML; the public course page passes it through the same allow-list as video text sections.
  course_description: optionalTextSchema(20_000),
  course_excerpt: optionalTextSchema(500),
  course_image: OptionalMediaPathSchema,
  course_image_text: optionalTextSchema(300),
  course_jumbo_image: OptionalMediaPathSchema,
  course_jumbo_image_position: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 'center' : v),
    z.enum(COURSE_JUMBO_POSITIONS, { error: 'Choose top, center or bottom.' }),
  ),
  course_trailer_url: optionalLink,
  course_stream_folder: OptionalMediaPathSchema,
  course_stream_manifest: OptionalMediaPathSchema,
  course_stream_preview: OptionalMediaPathSchema,
  course_stream_poster: OptionalMediaPathSchema,
  course_stream_duration: optionalCount(86_400),
  course_stream_width: optionalCount(10_000),
  course_stream_height: optionalCount(10_000),
  course_stream_bitrate: optionalCount(100_000_000),
});
export type EditorCourseBody = z.infer<typeof EditorCourseBodySchema>;
export type EditorCourseInput = z.input<typeof EditorCourseBodySchema>;

/**
 * PUT editor/courses/:idCourse/entries: the course's lessons (course_videos, kind 'video') and
 * songs (course_songs, kind 'song'), each an ordered list of video ids, set together in one
 * transaction. A video is in a course once. Learners' resume points survive for videos that stay.
 * course_video_parts, when sent, runs beside course_videos: entry i opens a part headed
 * course_video_parts[i] ('' for none, ADR 0049); left out, the lessons keep their headings.
 */
export const EditorCourseEntriesBodySchema = z
  .object({
    course_videos: formIdList(COURSE_MAX_ENTRIES, `A course can hold at most ${COURSE_MAX_ENTRIES} lessons.`),
    course_songs: formIdList(COURSE_MAX_ENTRIES, `A course can hold at most ${COURSE_MAX_ENTRIES} songs.`),
    course_video_parts: z
      .preprocess(
        (v) =>
          v === undefined || v === null
            ? undefined
            : Array.isArray(v)
              ? v
              : typeof v === 'object'
                ? Object.values(v as Record<string, unknown>)
                : [v],
        z.array(z.string().trim().max(120, 'Keep a part heading to 120 characters or fewer.')).max(COURSE_MAX_ENTRIES),
      )
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.course_video_parts && body.course_video_parts.length > body.course_videos.length) {
      ctx.addIssue({ code: 'custom', path: ['course_video_parts'], message: 'Each part heading belongs to a lesson.' });
    }
    const seen = new Set<number>();
    for (const key of ['course_videos', 'course_songs'] as const) {
      body[key].forEach((id, i) => {
        if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [key, i], message: 'A video can be in a course only once.' });
        seen.add(id);
      });
    }
  });
export type EditorCourseEntriesBody = z.infer<typeof EditorCourseEntriesBodySchema>;

export const EditorTestimonialBodySchema = z.object({
  course_testimonial_name: requiredText(120, 'Enter who said it.'),
  course_testimonial_content: requiredText(2_000, 'Enter what they said.'),
  course_testimonial_image: OptionalMediaPathSchema,
});
export type EditorTestimonialBody = z.infer<typeof EditorTestimonialBodySchema>;

/** PUT editor/courses/:idCourse/testimonials: the whole ordered list, replacing the old one. */
export const EditorCourseTestimonialsBodySchema = z.object({
  course_testimonials: z.preprocess(
    (v) =>
      v === undefined || v === null || v === ''
        ? []
        : typeof v === 'object' && !Array.isArray(v)
          ? Object.values(v as Record<string, unknown>)
          : v,
    z
      .array(EditorTestimonialBodySchema)
      .max(COURSE_MAX_TESTIMONIALS, `A course can show at most ${COURSE_MAX_TESTIMONIALS} testimonials.`),
  ),
});
export type EditorCourseTestimonialsBody = z.infer<typeof EditorCourseTestimonialsBodySchema>;

/** PUT editor/courses/order: every course id, in the new course_order. */
export const EditorCourseOrderBodySchema = z.object({
  id_courses: formIdList(1_000, 'Too many courses.').pipe(z.array(z.number()).min(1, 'Send every course in its new order.')),
});

export const EditorCoursePublishBodySchema = z.object({ course_published: FormBooleanSchema });

export const EditorCourseResponseSchema = envelope('course', EditorCourseSchema);
export const EditorCourseListResponseSchema = envelope('courses', z.array(EditorCourseSummarySchema));

// ── Live streams ─────────────────────────────────────────────────────────────────────────────

export const EDITOR_STREAM_PAGE_SIZE = 25;

export const EditorLiveStreamIdParamsSchema = z.object({ idLiveStream: EditorIdParamSchema });

export const EditorLiveStreamSchema = z.object({
  id_live_stream: IdSchema,
  stream_slug: z.string(),
  stream_title: z.string(),
  stream_description: TextSchema,
  stream_starts: DateSchema,
  stream_ends: DateSchema,
  stream_manifest: TextSchema,
  stream_poster: TextSchema,
  stream_poster_signed: TextSchema,
  stream_premium: z.boolean(),
  stream_published: z.boolean(),
  /** Whether stopping the encoder makes a Live Replay by itself (ADR 0063). */
  stream_auto_replay: z.boolean(),
  id_video_replay: IdSchema.nullable(),
  /** The Live Replay video the stream links to once it is over. */
  stream_replay: z
    .object({ id_video: IdSchema, video_slug: z.string(), video_title: z.string(), video_published: z.boolean() })
    .nullable(),
  stream_updated: DateSchema,
  /** Earlier slugs whose /live/<slug> URLs redirect (301) to this stream. */
  stream_slug_history: z.array(z.string()),
  /**
   * RTMP ingest (ADR 0063): the address an encoder (OBS) pushes to, and the secret stream key,
   * shown to the Staff group only (null for others, and the address null when this server cannot
   * take a live stream, with the reason in stream_ingest_help).
   */
  stream_ingest_url: z.string().nullable(),
  stream_key: z.string().nullable(),
  stream_ingest_help: z.string().nullable(),
  stream_on_air: z.enum(['idle', 'live', 'reconnecting', 'ended']),
});
export type EditorLiveStream = z.infer<typeof EditorLiveStreamSchema>;

/** A question in the staff queue (ADR 0063), with who asked. */
export const EditorLiveQuestionSchema = z.object({
  id_live_question: IdSchema,
  question_text: z.string(),
  question_created: DateSchema,
  question_answered: DateSchema.nullable(),
  question_moment: z.number().nullable(),
  asker_name: z.string(),
});
export type EditorLiveQuestion = z.infer<typeof EditorLiveQuestionSchema>;
export const EditorLiveQuestionParamsSchema = z.object({
  idLiveStream: EditorIdParamSchema,
  idLiveQuestion: EditorIdParamSchema,
});
export const EditorLiveQuestionListResponseSchema = envelope('questions', z.array(EditorLiveQuestionSchema));
export const EditorLiveQuestionResponseSchema = envelope('question', EditorLiveQuestionSchema);

/**
 * POST and PUT (full replace) of a live stream. Times are UTC wire dates (product.md#calls); the end must
 * come after the start. The replay is a video id (normally a Live Replay). New streams are drafts.
 */
export const EditorLiveStreamBodySchema = z
  .object({
    stream_title: requiredText(200, 'Enter a title.'),
    stream_slug: EditorSlugSchema,
    stream_description: optionalTextSchema(20_000),
    stream_starts: requiredDate('Enter when the stream starts.'),
    stream_ends: requiredDate('Enter when the stream ends.'),
    stream_manifest: OptionalMediaPathSchema,
    stream_poster: OptionalMediaPathSchema,
    stream_premium: z.preprocess((v) => (v === undefined || v === '' ? false : v), FormBooleanSchema),
    // On unless said otherwise: a stream makes its replay when the encoder stops (ADR 0063).
    stream_auto_replay: z.preprocess((v) => (v === undefined || v === '' ? true : v), FormBooleanSchema),
    id_video_replay: z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? null : v),
      z.coerce.number({ error: 'Choose a video.' }).int().positive('Choose a video.').max(ID_MAX, 'Choose a video.').nullable(),
    ),
  })
  .superRefine((body, ctx) => {
    if (body.stream_ends.getTime() <= body.stream_starts.getTime()) {
      ctx.addIssue({ code: 'custom', path: ['stream_ends'], message: 'The end must be after the start.' });
    }
  });
export type EditorLiveStreamBody = z.infer<typeof EditorLiveStreamBodySchema>;
export type EditorLiveStreamInput = z.input<typeof EditorLiveStreamBodySchema>;

export const EditorLiveStreamPublishBodySchema = z.object({ stream_published: FormBooleanSchema });

export const EditorLiveStreamListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export const EditorLiveStreamResponseSchema = envelope('stream', EditorLiveStreamSchema);
export const EditorLiveStreamListResponseSchema = pagedEnvelope('streams', EditorLiveStreamSchema);

// ── Free resources ───────────────────────────────────────────────────────────────────────────

export const EditorFreeResourceIdParamsSchema = z.object({ idFreeResource: EditorIdParamSchema });

export const EditorFreeResourceSchema = z.object({
  id_free_resource: IdSchema,
  resource_slug: z.string(),
  resource_title: z.string(),
  resource_description: TextSchema,
  resource_path: z.string(),
  resource_url_signed: TextSchema,
  resource_extension: z.string(),
  resource_image: TextSchema,
  resource_image_signed: TextSchema,
  resource_order: IdSchema,
  resource_published: z.boolean(),
  resource_created: DateSchema,
  resource_updated: NullableDateSchema,
});
export type EditorFreeResource = z.infer<typeof EditorFreeResourceSchema>;

const FILE_RULE = 'Upload the file to download.';

/** POST and PUT (full replace) of a free resource; its extension (pdf, zip, gp…) comes from the file. */
export const EditorFreeResourceBodySchema = z.object({
  resource_title: requiredText(200, 'Enter a title.'),
  resource_slug: EditorSlugSchema,
  resource_description: optionalTextSchema(5_000),
  resource_path: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: FILE_RULE })
      .min(1, FILE_RULE)
      .max(500, 'That media path is too long.')
      .regex(MEDIA_PATH_PATTERN, 'Use a media path from an upload, like uploads/chord-chart.pdf.')
      .refine((p) => !p.split('/').some((part) => part.startsWith('.')), 'That media path is not allowed.')
      .refine((p) => mediaPathExtension(p) !== null, 'The file needs an extension, like .pdf.'),
  ),
  resource_image: OptionalMediaPathSchema,
});
export type EditorFreeResourceBody = z.infer<typeof EditorFreeResourceBodySchema>;
export type EditorFreeResourceInput = z.input<typeof EditorFreeResourceBodySchema>;

export const EditorFreeResourcePublishBodySchema = z.object({ resource_published: FormBooleanSchema });

/** PUT editor/free-resources/order: every resource id, in the new order of /free-resources. */
export const EditorFreeResourceOrderBodySchema = z.object({
  id_free_resources: formIdList(1_000, 'Too many resources.').pipe(
    z.array(z.number()).min(1, 'Send every resource in its new order.'),
  ),
});

export const EditorFreeResourceResponseSchema = envelope('resource', EditorFreeResourceSchema);
export const EditorFreeResourceListResponseSchema = envelope('resources', z.array(EditorFreeResourceSchema));

/** The file extension of a media path, lower case ('pdf'), or null when it has none. */
export function mediaPathExtension(mediaPath: string): string | null {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(mediaPath);
  return match?.[1]?.toLowerCase() ?? null;
}
