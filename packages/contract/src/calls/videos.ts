import { z } from 'zod';
import { LIST_LIMIT_MAX } from '../constants.ts';
import { CourseSchema, CourseSummarySchema, CurrentCourseSchema } from '../entities/course.ts';
import {
  DateSchema,
  FormBooleanSchema,
  IdInputSchema,
  IdSchema,
  NullableDateSchema,
  SlugSchema,
  TextSchema,
} from '../entities/fields.ts';
import { SavedVideoSchema } from '../entities/saved-video.ts';
import { VideoSchema, VideoSummarySchema } from '../entities/video.ts';
import { envelope, pagedEnvelope } from '../wire/envelope.ts';
import { SAVED_NOTE_MAX } from '../derived/practice.ts';
import { parseWatchedRanges, WATCHED_RANGES_MAX } from '../derived/progress.ts';
import { PLAYABLE_FILTERS } from '../derived/practice-log.ts';
import { INSTRUMENT_FAMILIES, VIDEO_KINDS, type VideoKind } from '../derived/search.ts';

/** The facets /videos filters by (Video fields, product.md#entities), in the order the page shows them. */
export const VIDEO_FACETS = ['category', 'difficulty', 'grade', 'genre', 'decade', 'artist', 'skill', 'instrument'] as const;
export type VideoFacet = (typeof VIDEO_FACETS)[number];

/** Sort fields GET videos accepts in `order` (a `-` prefix sorts descending). */
export const VIDEO_ORDER_FIELDS = ['video_created', 'video_title', 'video_order', 'video_difficulty', 'relevance'] as const;
/** The difficulty sort's order (ADR 0056): easiest first; other values after these. */
export const VIDEO_DIFFICULTY_ORDER = ['Beginner', 'Intermediate', 'Advanced'] as const;

const facetValue = z.string().trim().max(200).optional();
const paging = {
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
};

/**
 * GET videos. Each facet takes one value or several separated by commas; `tags` is a comma list
 * of tag slugs a video must all carry (legacy tag URLs land on /videos?tags=<slug>); `search`
 * looks in titles and artists. The `filter` JSON (product.md#calls) may carry the same keys, with or without the
 * video_ prefix (`{"video_genre":"Blues"}`); `order` is one of VIDEO_ORDER_FIELDS. A search may name
 * chords ("Em G", "A minor"): those match the videos teaching every one of them (product.md#search).
 */
/** The longest search the video list takes; the search box holds no more. */
export const VIDEO_SEARCH_MAX = 200;

export const VideoListQuerySchema = z.object({
  category: facetValue,
  difficulty: facetValue,
  grade: facetValue,
  genre: facetValue,
  decade: facetValue,
  artist: facetValue,
  skill: facetValue,
  instrument: facetValue,
  tags: z.string().trim().max(500).optional(),
  search: z.string().trim().max(VIDEO_SEARCH_MAX).optional(),
  filter: z.string().max(2000).optional(),
  order: z.string().max(40).optional(),
  // product.md#search: lessons or songs, and which instrument family (the `instrument` facet keeps its exact values).
  kind: z.enum(Object.keys(VIDEO_KINDS) as [VideoKind, ...VideoKind[]], { error: 'Use lesson or song for kind.' }).optional(),
  instrument_family: z.enum(INSTRUMENT_FAMILIES, { error: 'Use guitar, ukulele or bass for instrument_family.' }).optional(),
  // Personal (product.md#chords-i-know): songs the caller can play now, or with one chord more.
  playable: z.enum(PLAYABLE_FILTERS, { error: 'Use now or one-away for playable.' }).optional(),
  ...paging,
});
export type VideoListQuery = z.infer<typeof VideoListQuerySchema>;

export const FacetCountSchema = z.object({ value: z.string(), count: z.number().int() });
export type FacetCount = z.infer<typeof FacetCountSchema>;
export const VideoFacetsSchema = z.object(
  Object.fromEntries(VIDEO_FACETS.map((f) => [f, z.array(FacetCountSchema)])) as Record<
    VideoFacet,
    z.ZodArray<typeof FacetCountSchema>
  >,
);
export type VideoFacets = z.infer<typeof VideoFacetsSchema>;

export const VideoListResponseSchema = z.object({
  data: z.object({
    videos: z.array(VideoSummarySchema),
    total: z.number().int(),
    facets: VideoFacetsSchema,
    /** With playable=one-away: the chord each listed song still needs (product.md#chords-i-know). */
    missing_chords: z
      .array(z.object({ id_video: IdSchema, chord_key: z.string().nullable(), chord_name: z.string() }))
      .optional(),
    /**
     * With a search that finds nothing or little: the search with its unknown words replaced by the
     * nearest words of the catalogue ("blus" → "blues"), for a "Did you mean" link; else null (product.md#search).
     */
    suggestion: z.string().nullable().optional(),
  }),
});

export const VideoSlugParamsSchema = z.object({ videoSlug: SlugSchema.max(200) });
export const CourseSlugParamsSchema = z.object({ courseSlug: SlugSchema.max(200) });
export const VideoQuerySchema = z.object({ courseSlug: z.string().trim().min(1).max(200).optional() });

/** GET videos/{videoSlug} and PATCH videos/{videoSlug} -> video. */
export const VideoResponseSchema = envelope('video', VideoSchema);

/**
 * GET me/videos/{videoSlug} -> my_video: what of a video is the reader's own, which a page shared
 * by their class (ADR 0056) shows after hydration. The course is the one the page watches it in:
 * `courseSlug` when the video is in it, else its first course, as for the video itself.
 */
export const MyVideoSchema = VideoSchema.pick({
  saved_to_my_list: true,
  id_video_play: true,
  video_play_total_time: true,
  video_play_current_time: true,
  video_play_completed: true,
  video_play_watched_time: true,
}).extend({
  /** The reader's percent complete of that course (ADR 0016); null when the video is in none. */
  course_percent_complete: z.number().int().min(0).max(100).nullable(),
});
export type MyVideo = z.infer<typeof MyVideoSchema>;
export const MyVideoResponseSchema = envelope('my_video', MyVideoSchema);

/**
 * PATCH videos/{videoSlug}: play progress, in seconds. Without id_video_play the play is created
 * (one per user and video) and returned; video_play_total_time is the media's length as the
 * player knows it, video_play_current_time the position (ADR 0016).
 */
export const VideoProgressBodySchema = z.object({
  id_video_play: IdInputSchema.optional(),
  video_play_total_time: z.coerce.number().min(0).max(86_400),
  video_play_current_time: z.coerce.number().min(0).max(86_400),
  /**
   * The stretches the player has played since the page opened, "start-end" in seconds joined by
   * commas ("0-12.5,30-45"); the API adds them to the unique seconds watched (docs/product.md#learning-progress).
   */
  video_play_watched: z
    .string()
    .max(WATCHED_RANGES_MAX * 24, 'video_play_watched has too many stretches.')
    .refine((text) => {
      const ranges = parseWatchedRanges(text);
      return ranges !== null && ranges.length <= WATCHED_RANGES_MAX;
    }, 'Give video_play_watched as start-end stretches in seconds, separated by commas.')
    .optional(),
});
export type VideoProgressBody = z.infer<typeof VideoProgressBodySchema>;

export const CourseListResponseSchema = z.object({ data: z.object({ courses: z.array(CourseSummarySchema) }) });

/**
 * GET courses/{courseSlug} -> course, plus the ids of the course's videos the caller has finished
 * (the watched marks of the course page; empty for a visitor).
 */
export const CourseResponseSchema = z.object({
  data: z.object({ course: CourseSchema, course_watched_videos: z.array(IdSchema) }),
});

/** GET me/course -> course: the caller's current course, or null (ADR 0049). */
export const CurrentCourseResponseSchema = z.object({ data: z.object({ course: CurrentCourseSchema.nullable() }) });

/** GET saved: paged; `id_video` narrows the list to that video's entry (to remove it from a video page). */
export const SavedListQuerySchema = z.object({ ...paging, id_video: IdInputSchema.optional() });
export const SavedListResponseSchema = pagedEnvelope('saved', SavedVideoSchema);
/**
 * POST saved: the whole video, or a moment of it (product.md#practice) with an optional note. One
 * entry per video and moment: saving the same one again returns it, with the new note if one is given.
 */
export const SavedBodySchema = z.object({
  id_video: IdInputSchema,
  saved_time: z
    .preprocess(
      (v) => (v === undefined || v === '' ? null : v),
      z.coerce
        .number({ error: 'Give saved_time in seconds.' })
        .min(0, 'saved_time cannot be before the start of the video.')
        .max(86_400, 'saved_time is past the end of any video.')
        .nullable(),
    )
    .optional(),
  saved_note: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim() || null : (v ?? null)),
      z.string().max(SAVED_NOTE_MAX, `Keep the note to ${SAVED_NOTE_MAX} characters or fewer.`).nullable(),
    )
    .optional(),
});
export const SavedResponseSchema = envelope('saved', SavedVideoSchema);
export const SavedIdParamsSchema = z.object({ id: IdInputSchema });

export const LIVE_STREAM_STATUSES = ['upcoming', 'live', 'past'] as const;
export type LiveStreamStatus = (typeof LIVE_STREAM_STATUSES)[number];

/**
 * A live stream (/live, product.md#pages). stream_status is worked out from the start and end times;
 * stream_manifest_signed is present only while live and only for callers allowed to watch it;
 * a past stream links to its Live Replay video.
 */
export const LiveStreamSchema = z.object({
  id_live_stream: IdSchema,
  stream_slug: SlugSchema,
  stream_title: TextSchema,
  stream_description: TextSchema,
  stream_starts: DateSchema,
  stream_ends: DateSchema,
  stream_status: z.enum(LIVE_STREAM_STATUSES),
  stream_premium: z.boolean(),
  stream_locked: z.boolean(),
  stream_poster_signed: TextSchema,
  stream_manifest_signed: TextSchema,
  stream_replay: z.object({ video_slug: SlugSchema, video_title: TextSchema }).nullable(),
  /**
   * RTMP ingest (ADR 0063): `live` while the teacher's encoder sends, `reconnecting` while a dropped
   * encoder may come back, `ended` once the run is over, `idle` before.
   */
  stream_on_air: z.enum(['idle', 'live', 'reconnecting', 'ended']),
  /** The run is over and its replay is being processed (the page says so until it is published). */
  stream_replay_preparing: z.boolean(),
  /** Whether a replay is made when the teacher stops (the page promises one only then). */
  stream_auto_replay: z.boolean(),
  /** On the single read for a signed-in viewer: whether they asked for the reminder e-mail. */
  stream_reminder: z.boolean().optional(),
});
export type LiveStream = z.infer<typeof LiveStreamSchema>;

// ── Questions during a live lesson (ADR 0063) ──────────────────────────────────────────────────

export const LIVE_QUESTION_MAX = 500;

export const LiveQuestionSchema = z.object({
  id_live_question: IdSchema,
  question_text: z.string(),
  question_created: DateSchema,
  question_answered: DateSchema.nullable(),
  /** Seconds into the replay where it was answered (its chapter), when it was answered on air. */
  question_moment: z.number().nullable(),
});
export type LiveQuestion = z.infer<typeof LiveQuestionSchema>;

export const LiveQuestionBodySchema = z.object({
  question_text: z
    .string({ error: 'Write your question.' })
    .trim()
    .min(1, 'Write your question.')
    .max(LIVE_QUESTION_MAX, `Keep it under ${LIVE_QUESTION_MAX} characters.`),
});
export const LiveQuestionResponseSchema = envelope('question', LiveQuestionSchema);
export const LiveQuestionListResponseSchema = envelope('questions', z.array(LiveQuestionSchema));

/** A time zone name the runtime knows (`Europe/London`), as the browser reports it. */
const TimeZoneSchema = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-GB', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'That time zone is not known.');

/** PUT reminder: `remind` on or off; the zone the e-mail's times are written in. */
export const LiveStreamReminderBodySchema = z.object({
  remind: FormBooleanSchema,
  time_zone: TimeZoneSchema.default('UTC'),
});
export const LiveStreamReminderResponseSchema = envelope('reminder', z.object({ stream_reminder: z.boolean() }));
export const LiveStreamListResponseSchema = z.object({ data: z.object({ streams: z.array(LiveStreamSchema) }) });
export const StreamSlugParamsSchema = z.object({ streamSlug: SlugSchema.max(200) });
export const LiveStreamResponseSchema = envelope('stream', LiveStreamSchema);

/** A free download (/free-resources, product.md#pages); the URL is signed and expires. */
export const FreeResourceSchema = z.object({
  id_free_resource: IdSchema,
  resource_slug: SlugSchema,
  resource_title: TextSchema,
  resource_description: TextSchema,
  resource_extension: TextSchema,
  resource_image_signed: TextSchema,
  resource_url_signed: TextSchema,
});
export type FreeResource = z.infer<typeof FreeResourceSchema>;
/** GET free-resources -> resources, and the free lessons shown beside them. */
export const FreeResourceListResponseSchema = z.object({
  data: z.object({ resources: z.array(FreeResourceSchema), videos: z.array(VideoSummarySchema) }),
});

/** GET sitemap -> urls of published videos, courses and live streams (the shell's sitemap.xml). */
export const SitemapResponseSchema = z.object({
  data: z.object({ urls: z.array(z.object({ path: z.string(), updated: NullableDateSchema })) }),
});
