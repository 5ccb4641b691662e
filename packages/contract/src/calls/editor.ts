import { z } from 'zod';
import { LIST_LIMIT_MAX } from '../constants.ts';
import { DateSchema, FormBooleanSchema, IdInputSchema, IdSchema, TextSchema } from '../entities/fields.ts';
import {
  VideoCategorySchema,
  ChordTimelineEntrySchema,
  SCORE_FORMATS,
  ScoreSyncPointSchema,
  VideoChapterSchema,
  VideoPlayerSchema,
  VideoSectionTypeSchema,
  VideoTagSchema,
} from '../entities/video.ts';
import { CHORD_LIBRARY } from '../derived/chord-library.ts';
import {
  CHORD_STRINGS,
  GUITAR_TUNING,
  UKULELE_TUNING,
  chordShapeProblem,
  chordStringCount,
  chordTuning,
  formatChordFingers,
  formatChordFrets,
  parseChordFingers,
  parseChordFrets,
} from '../derived/chords.ts';
import { CHORD_TIMELINE_MAX, roundChordTime } from '../derived/chord-timeline.ts';
import { parsePracticeTime } from '../derived/practice.ts';
import { SCORE_MAX_BYTES, SCORE_SYNC_MAX } from '../derived/score-sync.ts';
import { envelope, pagedEnvelope } from '../wire/envelope.ts';

/**
 * The video editor's calls (content editing, ADR 0037): /api/videos/editor/videos/...
 * Editor group (product.md#roles: Superadmin, Admin, Director, Editor). Bodies arrive form-encoded with
 * bracket keys (product.md#calls), so booleans and numbers come as strings, an empty text field as '' (which
 * means "none") and an empty list as a missing key (which means "none" too: updates replace the
 * whole video, its sections, chords and tags).
 */

export const EDITOR_PAGE_SIZE = 25;
export const EDITOR_MAX_SECTIONS = 40;
export const EDITOR_MAX_CHORDS = 40;
export const EDITOR_MAX_CHAPTERS = 60;
export const EDITOR_MAX_TAGS = 30;
export const EDITOR_MAX_COURSES = 20;

// ── Shared field rules (catalogue-editor's schemas reuse the slug and media path rules) ─────

/** A slug names a public URL: lowercase letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 120;
export const SLUG_RULE_TEXT = 'Use lowercase letters, numbers and single hyphens, like first-chords.';

export const EditorSlugSchema = z
  .string({ error: 'Enter a slug.' })
  .trim()
  .min(1, 'Enter a slug.')
  .max(SLUG_MAX, `Keep the slug to ${SLUG_MAX} characters or fewer.`)
  .regex(SLUG_PATTERN, SLUG_RULE_TEXT);

/** A title-like text turned into a slug suggestion: 'C & D Chords!' → 'c-d-chords'. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}

/** A media-store path as the media store accepts it (ADR 0017): `uploads/2026/poster.jpg`. */
export const MEDIA_PATH_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

const blankToNull = (value: unknown) => {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

/** Optional text: '' and a missing key both mean none. */
export const optionalTextSchema = (max: number) =>
  z.preprocess(blankToNull, z.string().max(max, `Keep it to ${max} characters or fewer.`).nullable());

/** An optional media-store path (uploads hand these over; never a URL). */
export const OptionalMediaPathSchema = z.preprocess(
  blankToNull,
  z
    .string()
    .max(500, 'That media path is too long.')
    .regex(MEDIA_PATH_PATTERN, 'Use a media path from an upload, like uploads/poster.jpg.')
    .refine((p) => !p.split('/').some((part) => part.startsWith('.')), 'That media path is not allowed.')
    .nullable(),
);

const optionalInt = (max: number) =>
  z.preprocess(blankToNull, z.coerce.number().int('Use a whole number.').min(0, 'Use 0 or more.').max(max).nullable());

/** A form list: a missing key or '' is an empty list (qs sends no key for one). */
const formList = <T extends z.ZodType>(item: T, max: number, noun: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? [] : typeof v === 'object' && !Array.isArray(v) ? Object.values(v) : v),
    z.array(item).max(max, `At most ${max} ${noun}.`),
  );

// ── Writing a video ──────────────────────────────────────────────────────────────────────────

/** YouTube ids are 11 characters of [A-Za-z0-9_-]; a little slack for other lengths. */
const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;
const youtubeIdSchema = z.preprocess(
  blankToNull,
  z.string().regex(YOUTUBE_ID, 'Use the id from the YouTube address, like M7lc1UVf-VE.').nullable(),
);
const embedIdSchema = (what: string) =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .max(100)
      .regex(/^[A-Za-z0-9_-]+$/, `Use the ${what} id only (letters, digits, - and _), not the whole address.`)
      .nullable(),
  );

/** What each section type needs besides its heading (video_sections fields, product.md#entities). */
export const SECTION_TYPE_FIELDS = {
  text: ['video_section_content'],
  soundslice: ['video_section_soundslice_id'],
  spotify: ['video_section_spotify_id'],
  youtube: ['video_section_youtube_id', 'video_section_youtube_poster'],
  asset: ['video_section_asset_path', 'video_section_asset_name', 'video_section_asset_extension'],
  stream: ['video_section_stream_manifest', 'video_section_stream_poster'],
} as const;
/** The one field of each type that must be filled in. */
export const SECTION_REQUIRED_FIELD = {
  text: 'video_section_content',
  soundslice: 'video_section_soundslice_id',
  spotify: 'video_section_spotify_id',
  youtube: 'video_section_youtube_id',
  asset: 'video_section_asset_path',
  stream: 'video_section_stream_manifest',
} as const;
const SECTION_REQUIRED_TEXT: Record<keyof typeof SECTION_REQUIRED_FIELD, string> = {
  text: 'Write the text of this section.',
  soundslice: 'Enter the Soundslice id.',
  spotify: 'Enter the Spotify track id.',
  youtube: 'Enter the YouTube video id.',
  asset: 'Upload the file to download.',
  stream: 'Upload the stream (its .m3u8 manifest).',
};

/**
 * One section as the editor writes it. Media fields are media-store paths (the public video gets
 * signed URLs for them); fields that do not belong to the section's type are dropped on save.
 */
export const EditorSectionBodySchema = z
  .object({
    video_section_type: VideoSectionTypeSchema,
    video_section_heading: optionalTextSchema(200),
    // HTML of a text section; the server passes it through the same allow-list it serves with.
    video_section_content: optionalTextSchema(50_000),
    video_section_soundslice_id: embedIdSchema('Soundslice'),
    video_section_spotify_id: embedIdSchema('Spotify'),
    video_section_youtube_id: youtubeIdSchema,
    video_section_youtube_poster: OptionalMediaPathSchema,
    video_section_asset_name: optionalTextSchema(200),
    video_section_asset_extension: z.preprocess(
      blankToNull,
      z
        .string()
        .regex(/^[A-Za-z0-9]{1,10}$/, 'Use the file extension alone, like pdf.')
        .nullable(),
    ),
    video_section_asset_path: OptionalMediaPathSchema,
    video_section_stream_manifest: OptionalMediaPathSchema,
    video_section_stream_poster: OptionalMediaPathSchema,
  })
  .superRefine((section, ctx) => {
    const field = SECTION_REQUIRED_FIELD[section.video_section_type];
    if (!section[field]) {
      ctx.addIssue({ code: 'custom', path: [field], message: SECTION_REQUIRED_TEXT[section.video_section_type] });
    }
  });
export type EditorSectionBody = z.infer<typeof EditorSectionBodySchema>;

/**
 * A chord: its name, and either its shape (frets and fingers, low E first, drawn as SVG;
 * product.md#chords), an uploaded diagram picture, or both. `video_chord_key` names the library
 * chord it was picked from.
 */
export const EditorChordBodySchema = z
  .object({
    video_chord_text: z
      .string({ error: 'Name the chord.' })
      .trim()
      .min(1, 'Name the chord.')
      .max(40, 'Keep a chord name to 40 characters or fewer.'),
    /** The chord diagram, a media path. */
    video_chord_url: OptionalMediaPathSchema,
    video_chord_frets: optionalTextSchema(60),
    video_chord_fingers: optionalTextSchema(60),
    video_chord_key: z.preprocess(
      blankToNull,
      z
        .string()
        .refine((key) => CHORD_LIBRARY.some((c) => c.key === key), 'Pick a chord from the library.')
        .nullable(),
    ),
  })
  .superRefine((chord, ctx) => {
    if (chord.video_chord_frets) {
      // Any instrument's count of strings here; the video checks it is its instrument's (below).
      const strings = chordStringCount(chord.video_chord_frets);
      const tuning = strings === CHORD_STRINGS ? GUITAR_TUNING : UKULELE_TUNING;
      const problem = chordShapeProblem(chord.video_chord_frets, chord.video_chord_fingers, tuning);
      if (problem) ctx.addIssue({ code: 'custom', path: ['video_chord_frets'], message: problem });
    } else if (chord.video_chord_fingers) {
      ctx.addIssue({ code: 'custom', path: ['video_chord_frets'], message: 'Write the frets the fingers go with.' });
    }
  })
  .transform((chord) => {
    // Stored in one spelling ("x 3 2 0 1 0"), whatever the editor typed ("x32010").
    const strings = chord.video_chord_frets ? chordStringCount(chord.video_chord_frets) : CHORD_STRINGS;
    const frets = chord.video_chord_frets ? parseChordFrets(chord.video_chord_frets, strings) : null;
    const fingers = chord.video_chord_fingers ? parseChordFingers(chord.video_chord_fingers, strings) : null;
    return {
      ...chord,
      video_chord_frets: frets ? formatChordFrets(frets) : null,
      video_chord_fingers: fingers ? formatChordFingers(fingers) : null,
    };
  });

/** A chapter as the editor writes it: a time ("1:23" or seconds) and a title (product.md#practice). */
export const EditorChapterBodySchema = z.object({
  time: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : (parsePracticeTime(v) ?? Number.NaN)) : v),
    z
      .number({ error: 'Write the time like 1:23 (minutes:seconds).' })
      .min(0, 'Write the time like 1:23 (minutes:seconds).')
      .max(86_400, 'That time is past the end of any video.'),
  ),
  title: z
    .string({ error: 'Name the chapter.' })
    .trim()
    .min(1, 'Name the chapter.')
    .max(80, 'Keep a chapter title to 80 characters or fewer.'),
});
export type EditorChapterBody = z.infer<typeof EditorChapterBodySchema>;
export type EditorChordBody = z.infer<typeof EditorChordBodySchema>;

/** A tag: the name is shown, the slug is the /videos?tags= filter; made from the name when empty. */
export const EditorTagBodySchema = z
  .object({
    tag_name: z
      .string({ error: 'Name the tag.' })
      .trim()
      .min(1, 'Name the tag.')
      .max(60, 'Keep a tag to 60 characters or fewer.'),
    tag_slug: z.preprocess(blankToNull, EditorSlugSchema.nullable()),
  })
  .transform((tag, ctx) => {
    const slug = tag.tag_slug ?? slugify(tag.tag_name);
    if (!slug) {
      ctx.addIssue({ code: 'custom', path: ['tag_name'], message: 'Use letters or numbers in the tag name.' });
      return z.NEVER;
    }
    return { tag_name: tag.tag_name, tag_slug: slug };
  });
export type EditorTagBody = z.infer<typeof EditorTagBodySchema>;

/**
 * POST (create) and PUT (full replace) of a video: every Video field (product.md#entities) a person sets.
 * Publishing is its own call; a new video starts as a draft.
 */
export const EditorVideoBodySchema = z
  .object({
    video_title: z
      .string({ error: 'Enter a title.' })
      .trim()
      .min(1, 'Enter a title.')
      .max(200, 'Keep the title to 200 characters or fewer.'),
    video_slug: EditorSlugSchema,
    video_player: VideoPlayerSchema.default('stream'),
    video_premium: FormBooleanSchema.default(false),
    video_category: VideoCategorySchema,
    video_difficulty: optionalTextSchema(100),
    video_instrument: optionalTextSchema(100),
    video_artist: optionalTextSchema(200),
    video_skill: optionalTextSchema(100),
    video_genre: optionalTextSchema(100),
    video_decade: optionalTextSchema(20),
    video_type: optionalTextSchema(100),
    video_grade: optionalTextSchema(40),
    video_excerpt: optionalTextSchema(1000),
    video_order: z.preprocess(blankToNull, z.coerce.number().int('Use a whole number.').min(0).max(1_000_000).nullable()),
    /** The poster shown on cards and before the player starts (a media path). */
    video_image: OptionalMediaPathSchema,
    youtube_video_id: youtubeIdSchema,
    video_stream_manifest: OptionalMediaPathSchema,
    video_stream_poster: OptionalMediaPathSchema,
    video_stream_duration: optionalInt(86_400),
    video_stream_width: optionalInt(10_000),
    video_stream_height: optionalInt(10_000),
    video_stream_bitrate: optionalInt(100_000_000),
    /**
     * The media path of an uploaded video file (MP4, MOV or WebM) to turn into the HLS ladder
     * (ADR 0057). A new one queues processing; the same one again changes nothing.
     */
    video_stream_source: OptionalMediaPathSchema,
    /** One of `video_stream_poster_choices` to make the player poster (the form's poster-frame buttons). */
    video_stream_poster_pick: OptionalMediaPathSchema,
    id_recommended_course: z.preprocess(blankToNull, IdInputSchema.nullable()),
    video_sections: formList(EditorSectionBodySchema, EDITOR_MAX_SECTIONS, 'sections'),
    video_chords: formList(EditorChordBodySchema, EDITOR_MAX_CHORDS, 'chords'),
    video_tags: formList(EditorTagBodySchema, EDITOR_MAX_TAGS, 'tags'),
    video_chapters: formList(EditorChapterBodySchema, EDITOR_MAX_CHAPTERS, 'chapters'),
    /** Beats per minute at full speed, for the practice metronome (product.md#practice). */
    video_tempo: z.preprocess(
      blankToNull,
      z.coerce
        .number({ error: 'Give the tempo in beats per minute.' })
        .int('Give the tempo as a whole number of beats per minute.')
        .min(30, 'A tempo is at least 30 beats per minute.')
        .max(300, 'A tempo is at most 300 beats per minute.')
        .nullable(),
    ),
  })
  .superRefine((video, ctx) => {
    const times = new Set<number>();
    video.video_chapters.forEach((chapter, i) => {
      if (times.has(chapter.time)) {
        ctx.addIssue({ code: 'custom', path: ['video_chapters', i, 'time'], message: 'Another chapter starts at this time.' });
      }
      times.add(chapter.time);
    });
    // A shape has as many strings as the lesson's instrument (a ukulele's four, product.md#chords).
    const tuning = chordTuning(video.video_instrument);
    video.video_chords.forEach((chord, i) => {
      if (chord.video_chord_frets && chord.video_chord_frets.split(' ').length !== tuning.strings.length) {
        const message = chordShapeProblem(chord.video_chord_frets, chord.video_chord_fingers, tuning);
        if (message) ctx.addIssue({ code: 'custom', path: ['video_chords', i, 'video_chord_frets'], message });
      }
    });
    const seen = new Set<string>();
    video.video_tags.forEach((tag, i) => {
      if (seen.has(tag.tag_slug)) {
        ctx.addIssue({ code: 'custom', path: ['video_tags', i, 'tag_name'], message: 'This tag is already in the list.' });
      }
      seen.add(tag.tag_slug);
    });
  });
export type EditorVideoBody = z.infer<typeof EditorVideoBodySchema>;
export type EditorVideoInput = z.input<typeof EditorVideoBodySchema>;

export const EditorPublishBodySchema = z.object({ video_published: FormBooleanSchema });

export const COURSE_VIDEO_KINDS = ['video', 'song'] as const;
export const CourseVideoKindSchema = z.enum(COURSE_VIDEO_KINDS);
export type CourseVideoKind = z.infer<typeof CourseVideoKindSchema>;

/**
 * PUT …/:idVideo/courses: the complete list of courses the video is in. A course left out loses
 * the video; `position` (1 = first) places it among the course's entries, the end when empty.
 * `kind` lists it under course_videos or course_songs; empty means 'song' for a Song, else 'video'.
 */
export const EditorVideoCoursesBodySchema = z
  .object({
    courses: formList(
      z.object({
        id_course: IdInputSchema,
        position: z.preprocess(blankToNull, z.coerce.number().int('Use a whole number.').min(1, 'Use 1 or more.').nullable()),
        kind: z.preprocess(blankToNull, CourseVideoKindSchema.nullable()),
      }),
      EDITOR_MAX_COURSES,
      'courses',
    ),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<number>();
    body.courses.forEach((c, i) => {
      if (seen.has(c.id_course)) {
        ctx.addIssue({ code: 'custom', path: ['courses', i, 'id_course'], message: 'Each course can be listed once.' });
      }
      seen.add(c.id_course);
    });
  });
export type EditorVideoCoursesBody = z.infer<typeof EditorVideoCoursesBodySchema>;

// ── Reading ──────────────────────────────────────────────────────────────────────────────────

export const EDITOR_STATUSES = ['published', 'draft'] as const;

export const EditorVideoListQuerySchema = z.object({
  /** Part of the title, slug or artist. */
  q: z.string().trim().max(200).optional(),
  status: z
    .enum(EDITOR_STATUSES, { error: 'Status is published or draft.' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  category: VideoCategorySchema.optional().or(z.literal('').transform(() => undefined)),
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export type EditorVideoListQuery = z.infer<typeof EditorVideoListQuerySchema>;

/** A row id in an editor call's path (`/:idVideo`, `/:idCourse`…): a positive Postgres integer. */
export const EditorIdParamSchema = IdInputSchema;

export const EditorVideoIdParamsSchema = z.object({ idVideo: EditorIdParamSchema });

export const EditorVideoSummarySchema = z.object({
  id_video: IdSchema,
  video_title: z.string(),
  video_slug: z.string(),
  video_category: VideoCategorySchema,
  video_artist: TextSchema,
  video_difficulty: TextSchema,
  video_premium: z.boolean(),
  video_published: z.boolean(),
  video_created: DateSchema,
  video_updated: DateSchema,
  /** A signed URL of the poster, for the list's thumbnail. */
  video_image_signed: TextSchema,
});
export type EditorVideoSummary = z.infer<typeof EditorVideoSummarySchema>;
export const EditorVideoListResponseSchema = pagedEnvelope('videos', EditorVideoSummarySchema);

/**
 * A section as stored: media paths, each with a `_signed` preview URL for the form's picker
 * (null when there is no file). The previews are named as on the public video.
 */
export const EditorSectionSchema = z.object({
  id_video_section: IdSchema,
  video_section_type: VideoSectionTypeSchema,
  video_section_heading: TextSchema,
  video_section_content: TextSchema,
  video_section_soundslice_id: TextSchema,
  video_section_spotify_id: TextSchema,
  video_section_youtube_id: TextSchema,
  video_section_youtube_poster: TextSchema,
  video_section_youtube_poster_signed: TextSchema,
  video_section_asset_name: TextSchema,
  video_section_asset_extension: TextSchema,
  video_section_asset_path: TextSchema,
  video_section_asset_url_signed: TextSchema,
  video_section_stream_manifest: TextSchema,
  video_section_stream_poster: TextSchema,
  video_section_stream_poster_signed: TextSchema,
});
export type EditorSection = z.infer<typeof EditorSectionSchema>;

/** A course the video is in, and where: position 1 is the course's first entry. */
export const EditorVideoCourseSchema = z.object({
  id_course: IdSchema,
  course_slug: z.string(),
  course_title: z.string(),
  course_published: z.boolean(),
  kind: CourseVideoKindSchema,
  position: IdSchema,
  /** How many entries (videos and songs, drafts included) the course has. */
  course_video_count: IdSchema,
});
export type EditorVideoCourse = z.infer<typeof EditorVideoCourseSchema>;

/** A chord as stored: the diagram's media path and its signed preview URL (null without one). */
export const EditorChordSchema = z.object({
  id_video_chord: IdSchema,
  video_chord_text: z.string(),
  video_chord_url: TextSchema,
  video_chord_url_signed: TextSchema,
  video_chord_frets: TextSchema,
  video_chord_fingers: TextSchema,
  video_chord_key: TextSchema,
});
export type EditorChord = z.infer<typeof EditorChordSchema>;

/** Where processing an uploaded video file stands (ADR 0057); null when no file was given. */
export const VIDEO_STREAM_STATUSES = ['queued', 'processing', 'ready', 'failed'] as const;
export const VideoStreamStatusSchema = z.enum(VIDEO_STREAM_STATUSES);
export type VideoStreamStatus = z.infer<typeof VideoStreamStatusSchema>;

/** A generated file the editor can look at or pick: its media path and a signed URL (ADR 0017). */
export const EditorGeneratedMediaSchema = z.object({ media_path: z.string(), url: z.string() });
export type EditorGeneratedMedia = z.infer<typeof EditorGeneratedMediaSchema>;

/** The media pipeline's part of the editor's video read (ADR 0057). */
export const EditorVideoStreamProcessingSchema = z.object({
  video_stream_source: TextSchema,
  video_stream_status: VideoStreamStatusSchema.nullable(),
  /** 0-100 while processing; 100 when ready. */
  video_stream_progress: z.number().int().min(0).max(100),
  video_stream_error: TextSchema,
  /** The short preview clip made from the source (MP4), when ready. */
  video_stream_preview_signed: TextSchema,
  /** The poster frames taken from the source; the editor picks one as the player poster. */
  video_stream_poster_choices: z.array(EditorGeneratedMediaSchema),
});

/**
 * A video as the editor reads it, drafts included: stored media paths (what the form saves back),
 * and beside each image path a `_signed` URL (ADR 0017) so the form can preview it.
 */
export const EditorVideoSchema = z.object({
  id_video: IdSchema,
  video_title: z.string(),
  video_slug: z.string(),
  video_player: VideoPlayerSchema,
  video_premium: z.boolean(),
  video_published: z.boolean(),
  video_category: VideoCategorySchema,
  video_difficulty: TextSchema,
  video_instrument: TextSchema,
  video_artist: TextSchema,
  video_skill: TextSchema,
  video_genre: TextSchema,
  video_decade: TextSchema,
  video_type: TextSchema,
  video_grade: TextSchema,
  video_excerpt: TextSchema,
  video_order: IdSchema,
  video_image: TextSchema,
  video_image_signed: TextSchema,
  youtube_video_id: TextSchema,
  video_stream_manifest: TextSchema,
  video_stream_poster: TextSchema,
  video_stream_poster_signed: TextSchema,
  video_stream_duration: IdSchema.nullable(),
  video_stream_width: IdSchema.nullable(),
  video_stream_height: IdSchema.nullable(),
  video_stream_bitrate: IdSchema.nullable(),
  ...EditorVideoStreamProcessingSchema.shape,
  id_recommended_course: IdSchema.nullable(),
  video_created: DateSchema,
  video_updated: DateSchema,
  video_sections: z.array(EditorSectionSchema),
  video_chords: z.array(EditorChordSchema),
  video_tags: z.array(VideoTagSchema),
  video_chapters: z.array(VideoChapterSchema),
  video_tempo: IdSchema.nullable(),
  video_courses: z.array(EditorVideoCourseSchema),
  /** Earlier slugs whose URLs redirect to this video. */
  video_slug_history: z.array(z.string()),
});
export type EditorVideo = z.infer<typeof EditorVideoSchema>;
export const EditorVideoResponseSchema = envelope('video', EditorVideoSchema);
export const EditorVideoCoursesResponseSchema = envelope('courses', z.array(EditorVideoCourseSchema));

/** What the form offers to pick from: courses (drafts too), the facet values and tags in use. */
export const EditorVideoOptionsSchema = z.object({
  courses: z.array(
    z.object({
      id_course: IdSchema,
      course_slug: z.string(),
      course_title: z.string(),
      course_published: z.boolean(),
      course_video_count: IdSchema,
    }),
  ),
  values: z.object({
    video_difficulty: z.array(z.string()),
    video_instrument: z.array(z.string()),
    video_artist: z.array(z.string()),
    video_skill: z.array(z.string()),
    video_genre: z.array(z.string()),
    video_decade: z.array(z.string()),
    video_type: z.array(z.string()),
    video_grade: z.array(z.string()),
  }),
  tags: z.array(VideoTagSchema),
  /**
   * Whether this server can turn an uploaded video file into HLS (ffmpeg found, ADR 0057); when
   * not, `help` says how to install it, so the form says so instead of queueing work that cannot run.
   */
  stream_processing: z.object({ available: z.boolean(), help: TextSchema }),
});
export type EditorVideoOptions = z.infer<typeof EditorVideoOptionsSchema>;
export const EditorVideoOptionsResponseSchema = envelope('options', EditorVideoOptionsSchema);

/** The text facets the form offers datalists for, in the order it shows them. */
export const EDITOR_TEXT_FACETS = [
  'video_difficulty',
  'video_grade',
  'video_instrument',
  'video_skill',
  'video_genre',
  'video_decade',
  'video_artist',
  'video_type',
] as const;
export type EditorTextFacet = (typeof EDITOR_TEXT_FACETS)[number];

/**
 * A draft's scheduled publication (ADR 0060): when a job publishes it, or null. Setting null
 * cancels; a time must be in the future.
 */
export const VideoScheduleSchema = z.object({ video_publish_at: DateSchema.nullable() });
export type VideoSchedule = z.infer<typeof VideoScheduleSchema>;
export const VideoScheduleBodySchema = z.object({
  // null and '' first: z.coerce.date() would read null as 1970.
  video_publish_at: z.union([z.null(), z.literal('').transform(() => null), z.coerce.date()]),
});
export const VideoScheduleResponseSchema = envelope('schedule', VideoScheduleSchema);

/**
 * "Preview as" (product.md#roles, ADR 0061): the audience an editor previews a video as — a visitor
 * (signed out), a learner (signed in, no membership) or a member (everything).
 */
export const PREVIEW_AUDIENCES = ['visitor', 'learner', 'member'] as const;
export const PreviewAudienceSchema = z.enum(PREVIEW_AUDIENCES);
export type PreviewAudience = z.infer<typeof PreviewAudienceSchema>;
export const VideoPreviewQuerySchema = z.object({ as: PreviewAudienceSchema });

/**
 * A video's chord timeline as the editor saves it (ADR 0077): replaced whole. The shape is checked
 * here; the chords and the video's length are the API's to check (chordTimelineProblem).
 */
export const ChordTimelineBodySchema = z.object({
  chord_timeline: z
    .array(
      z.object({
        chord: z
          .string({ error: 'Name the chord.' })
          .trim()
          .min(1, 'Name the chord.')
          .max(40, 'Keep a chord name to 40 characters or fewer.'),
        // The web's calls send bodies form-encoded (product.md#calls): a time arrives as text.
        at: z.coerce
          .number({ error: 'Give the time in seconds.' })
          .min(0, 'A chord cannot start before the video does.')
          .max(86_400, 'A chord cannot start after the video ends.')
          .transform(roundChordTime),
      }),
    )
    .max(CHORD_TIMELINE_MAX, `Keep the chord timeline to ${CHORD_TIMELINE_MAX} marks or fewer.`)
    // Form-encoded, an empty list sends no field at all: that is the timeline cleared.
    .default([]),
});
export type ChordTimelineBody = z.infer<typeof ChordTimelineBodySchema>;
export const ChordTimelineResponseSchema = envelope('chord_timeline', z.array(ChordTimelineEntrySchema));

/**
 * A lesson's score file as the editor attaches it (ADR 0088): its name (the ending picks the reader)
 * and its bytes in base64, so alphaTex text and Guitar Pro binaries travel the same way. The API
 * parses it whole and refuses one alphaTab cannot read.
 */
export const VideoScoreBodySchema = z.object({
  score_file_name: z
    .string({ error: 'Choose a score file.' })
    .trim()
    .min(1, 'Choose a score file.')
    .max(200, 'Keep the file name to 200 characters or fewer.'),
  score_base64: z
    .string({ error: 'Choose a score file.' })
    .min(1, 'The score file is empty.')
    .max(Math.ceil(SCORE_MAX_BYTES / 3) * 4, `This score file is too large (${SCORE_MAX_BYTES / 1024} KB at most).`)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The score file did not arrive whole: choose it again.'),
});
export type VideoScoreBody = z.infer<typeof VideoScoreBodySchema>;

/** The sync points as the editor saves them (ADR 0088): replaced whole, in bar order. */
export const ScoreSyncBodySchema = z.object({
  score_sync_points: z
    .array(
      z.object({
        // The web's calls send bodies form-encoded (product.md#calls): numbers arrive as text.
        bar: z.coerce
          .number({ error: 'Give the bar number.' })
          .int('Give a whole bar number.')
          .min(0, 'Bars count from the first.'),
        at_ms: z.coerce
          .number({ error: 'Give the time in milliseconds.' })
          .min(0, 'A bar cannot start before the video does.')
          .max(86_400_000, 'A bar cannot start after the video ends.')
          .transform(Math.round),
      }),
    )
    .max(SCORE_SYNC_MAX, `Keep the sync to ${SCORE_SYNC_MAX} points or fewer.`)
    // Form-encoded, an empty list sends no field at all: that is the sync cleared.
    .default([]),
});
export type ScoreSyncBody = z.infer<typeof ScoreSyncBodySchema>;

/** A lesson's score as the editor sees it: what was attached and its sync, or null for none. */
export const EditorVideoScoreSchema = z.object({
  score_file_name: z.string(),
  score_format: z.enum(SCORE_FORMATS),
  score_title: z.string().nullable(),
  score_bar_count: z.number().int().min(1),
  score_sync_points: z.array(ScoreSyncPointSchema),
  score_updated: DateSchema,
});
export type EditorVideoScore = z.infer<typeof EditorVideoScoreSchema>;
export const EditorVideoScoreResponseSchema = envelope('score', EditorVideoScoreSchema.nullable());
