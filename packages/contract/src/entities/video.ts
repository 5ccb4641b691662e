import { z } from 'zod';
import { CourseRefSchema, CourseVideoEntrySchema } from './course.ts';
import { DateSchema, IdSchema, NullableIdSchema, SlugSchema, TextSchema } from './fields.ts';

/** video_category is one of these (product.md#entities). */
export const VIDEO_CATEGORIES = ['Lesson', 'Song', 'Live Replay'] as const;
export const VideoCategorySchema = z.enum(VIDEO_CATEGORIES);
export type VideoCategory = z.infer<typeof VideoCategorySchema>;

/** video_player is stream or youtube (product.md#entities). */
export const VIDEO_PLAYERS = ['stream', 'youtube'] as const;
export const VideoPlayerSchema = z.enum(VIDEO_PLAYERS);
export type VideoPlayer = z.infer<typeof VideoPlayerSchema>;

/** The kinds of video section, one per kind of content the spec's section fields describe. */
export const VIDEO_SECTION_TYPES = ['text', 'soundslice', 'spotify', 'youtube', 'asset', 'stream'] as const;
export const VideoSectionTypeSchema = z.enum(VIDEO_SECTION_TYPES);
export type VideoSectionType = z.infer<typeof VideoSectionTypeSchema>;

/**
 * video_sections entry (product.md#entities): id, type, heading, content, soundslice id, spotify id, youtube id
 * and poster, asset name, extension and signed url, stream manifest and poster — named with the
 * video_section_ prefix. `video_section_content` is HTML for text sections.
 */
export const VideoSectionSchema = z.object({
  id_video_section: IdSchema,
  video_section_type: VideoSectionTypeSchema,
  video_section_heading: TextSchema,
  video_section_content: TextSchema,
  video_section_soundslice_id: TextSchema,
  video_section_spotify_id: TextSchema,
  video_section_youtube_id: TextSchema,
  video_section_youtube_poster: TextSchema,
  video_section_asset_name: TextSchema,
  video_section_asset_extension: TextSchema,
  video_section_asset_url_signed: TextSchema,
  video_section_stream_manifest_signed: TextSchema,
  video_section_stream_poster_signed: TextSchema,
});
export type VideoSection = z.infer<typeof VideoSectionSchema>;

/**
 * video_chords entry (product.md#entities): id, text, url (an uploaded diagram picture), and the
 * chord as data (product.md#chords): its frets and fingers, low E first ("x 3 2 0 1 0"), drawn as
 * an SVG diagram, and the chord library's key when it was picked from there.
 */
export const VideoChordSchema = z.object({
  id_video_chord: IdSchema,
  video_chord_text: TextSchema,
  video_chord_url: TextSchema,
  video_chord_frets: TextSchema,
  video_chord_fingers: TextSchema,
  video_chord_key: TextSchema,
});
export type VideoChord = z.infer<typeof VideoChordSchema>;

/** A chapter of a video (product.md#practice): a named time, in seconds, in time order. */
export const VideoChapterSchema = z.object({
  time: z.number().min(0),
  title: z.string(),
});
export type VideoChapter = z.infer<typeof VideoChapterSchema>;

/** One caption track of a video (docs/product.md#captions): what a `<track>` element needs. */
export const VideoCaptionTrackSchema = z.object({
  caption_language: z.string(),
  caption_label: z.string(),
  /** The same-origin `.vtt` address, with a version so a changed file is fetched again. */
  caption_src: z.string(),
});
export type VideoCaptionTrack = z.infer<typeof VideoCaptionTrackSchema>;
/**
 * One mark of a video's chord timeline (product.md#chords, ADR 0077): the chord, by its name among
 * the video's chords, starts `at` seconds into the video (millisecond precision); in time order.
 */
export const ChordTimelineEntrySchema = z.object({
  chord: z.string(),
  at: z.number().min(0),
});
export type ChordTimelineEntry = z.infer<typeof ChordTimelineEntrySchema>;

/**
 * The score formats a lesson's score may be in (ADR 0088). Here rather than with the score's
 * rules (derived/score-sync.ts): the video call names it, and the video page's first load should
 * carry this list, not those rules.
 */
export const SCORE_FORMATS = ['alphatex', 'gp', 'gpx', 'gp5', 'musicxml'] as const;
export type ScoreFormat = (typeof SCORE_FORMATS)[number];

/** One sync point of a lesson's score (ADR 0088): bar `bar` (0-based) starts `at_ms` into the video. */
export const ScoreSyncPointSchema = z.object({
  bar: z.number().int().min(0),
  at_ms: z.number().int().min(0),
});

/**
 * A lesson's score (product.md#chords, ADR 0088): tab and notation drawn by alphaTab and synced to
 * the video by its sync points. The file is fetched from `score_src` (same origin, versioned).
 */
export const VideoScoreSchema = z.object({
  score_format: z.enum(SCORE_FORMATS),
  score_src: z.string(),
  score_bar_count: z.number().int().min(1),
  score_sync_points: z.array(ScoreSyncPointSchema),
});
export type VideoScore = z.infer<typeof VideoScoreSchema>;

/** A tag a video carries; /videos filters by `?tags=<tag_slug>` (product.md#pages). */
export const VideoTagSchema = z.object({
  tag_slug: SlugSchema,
  tag_name: TextSchema,
});
export type VideoTag = z.infer<typeof VideoTagSchema>;

/**
 * Video (product.md#entities). Added beyond the spec's list: video_published, video_tags,
 * video_stream_manifest_signed / video_stream_poster_signed (the spec's "signed stream manifest
 * and poster"). Per-user fields (saved_to_my_list, video_locked, id_video_play and the play times)
 * are false/null for a visitor. Play times are seconds.
 * video_course is the course the video is being watched in (the courseSlug query of product.md#calls), with
 * video_course_video_prev/next its neighbours there; video_course_next is the course that follows
 * it; video_recommended_course is suggested when the video is not in a course.
 */
export const VideoSchema = z.object({
  id_video: IdSchema,
  video_created: DateSchema,
  video_title: TextSchema,
  video_player: VideoPlayerSchema,
  video_slug: SlugSchema,
  video_premium: z.boolean(),
  video_published: z.boolean(),
  video_image: TextSchema,
  video_order: IdSchema,
  video_excerpt: TextSchema,
  video_category: VideoCategorySchema,
  video_difficulty: TextSchema,
  video_instrument: TextSchema,
  video_artist: TextSchema,
  video_skill: TextSchema,
  video_genre: TextSchema,
  video_decade: TextSchema,
  video_type: TextSchema,
  video_grade: TextSchema,
  video_tags: z.array(VideoTagSchema),
  youtube_video_id: TextSchema,
  youtube_video_embed_url: TextSchema,
  video_stream_manifest_signed: TextSchema,
  video_stream_poster_signed: TextSchema,
  /** The stream's length in seconds (ADR 0056); null for a YouTube video or an unmeasured stream. */
  video_duration: z.number().int().min(0).nullable(),
  video_course: CourseRefSchema.nullable(),
  video_course_next: CourseRefSchema.nullable(),
  video_recommended_course: CourseRefSchema.nullable(),
  video_course_video_prev: CourseVideoEntrySchema.nullable(),
  video_course_video_next: CourseVideoEntrySchema.nullable(),
  saved_to_my_list: z.boolean(),
  video_locked: z.boolean(),
  video_sections: z.array(VideoSectionSchema),
  video_chords: z.array(VideoChordSchema),
  video_chapters: z.array(VideoChapterSchema),
  /** Caption tracks, by language (ADR 0085); empty for a locked video, which carries no way to play it. */
  video_captions: z.array(VideoCaptionTrackSchema),
  /** When each chord starts (ADR 0077); empty for a locked video, like its way to play. */
  video_chord_timeline: z.array(ChordTimelineEntrySchema),
  /** Tab and notation synced to the video (ADR 0088); null without one, and for a locked video. */
  video_score: VideoScoreSchema.nullable(),
  /** Beats per minute at full speed, for the practice metronome; null when the editor set none. */
  video_tempo: z.number().int().nullable(),
  id_video_play: NullableIdSchema,
  video_play_total_time: z.number().min(0).nullable(),
  video_play_current_time: z.number().min(0).nullable(),
  /** Done (docs/product.md#learning-progress): 90 % of its unique seconds watched, or marked done. */
  video_play_completed: z.boolean(),
  /** Unique seconds of the video the caller has watched (docs/product.md#learning-progress). */
  video_play_watched_time: z.number().min(0),
});
export type Video = z.infer<typeof VideoSchema>;

/** A video as listed on /videos and in a course (no sections, chords or per-play data). */
export const VideoSummarySchema = VideoSchema.pick({
  id_video: true,
  video_created: true,
  video_title: true,
  video_slug: true,
  video_premium: true,
  video_image: true,
  video_order: true,
  video_excerpt: true,
  video_category: true,
  video_artist: true,
  video_type: true,
  video_difficulty: true,
  video_tags: true,
  video_locked: true,
  saved_to_my_list: true,
  // Shown on each result (ADR 0056).
  video_duration: true,
});
export type VideoSummary = z.infer<typeof VideoSummarySchema>;
