import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  pgSchema,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

// The videos service's tables live in their own Postgres schema (ARCHITECTURE.md).
// Course, Video (sections, chords; product.md#entities), Saved video, Technique course; the videos calls of product.md#calls.
export const videosSchema = pgSchema('videos');

const created = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * Full-text search of the catalogue (ADR 0056). Each searchable table keeps a generated tsvector
 * (PostgreSQL computes it on every write, so no code path can forget it) with a GIN index. Accents
 * are folded by `translate` rather than the unaccent extension, which PGlite does not load by
 * default: the same expression works on both. Prose (titles, artists, excerpts, section texts) uses
 * the English configuration (stems, drops stop words); tags and chords 'simple' (a chord named
 * "A" is not a stop word).
 */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
export const SEARCH_ACCENTS =
  'àáâãäåāăąçćčďđèéêëēėęěğìíîïīįıłñńňòóôõöøōőŕřśšşťùúûüūůűųýÿžźżæœÀÁÂÃÄÅĀĂĄÇĆČĎĐÈÉÊËĒĖĘĚĞÌÍÎÏĪĮIŁÑŃŇÒÓÔÕÖØŌŐŔŘŚŠŞŤÙÚÛÜŪŮŰŲÝŸŽŹŻÆŒ';
export const SEARCH_PLAIN =
  'aaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzaoaaaaaaaaacccddeeeeeeeegiiiiiiilnnnoooooooorrssstuuuuuuuuyyzzzao';
const folded = (column: string) => sql.raw(`translate(coalesce(${column}, ''), '${SEARCH_ACCENTS}', '${SEARCH_PLAIN}')`);
/**
 * A query-time value folded as `searchText` is (accents, then case), for a LIKE against it: the
 * same `translate`, so a letter the list does not fold stays the same on both sides.
 */
export const foldedLower = (value: string) => sql`lower(translate(${value}, ${SEARCH_ACCENTS}, ${SEARCH_PLAIN}))`;
const searchVector = (config: 'english' | 'simple', weighted: Array<[string, 'A' | 'B' | 'C' | 'D']>) =>
  sql.join(
    weighted.map(
      ([column, weight]) => sql`setweight(to_tsvector('${sql.raw(config)}'::regconfig, ${folded(column)}), '${sql.raw(weight)}')`,
    ),
    sql` || `,
  );

/** Course (product.md#entities). Images and the trailer stream are media-store paths, signed when served. */
export const courses = videosSchema.table(
  'courses',
  {
    idCourse: serial('id_course').primaryKey(),
    courseSlug: text('course_slug').notNull(),
    courseArchetype: text('course_archetype').notNull().default('course'),
    courseTitle: text('course_title').notNull(),
    courseDescription: text('course_description'),
    courseExcerpt: text('course_excerpt'),
    courseOrder: integer('course_order').notNull().default(0),
    courseImage: text('course_image'),
    courseImageText: text('course_image_text'),
    courseJumboImage: text('course_jumbo_image'),
    courseJumboImagePosition: text('course_jumbo_image_position').notNull().default('center'),
    courseTrailerUrl: text('course_trailer_url'),
    streamFolder: text('stream_folder'),
    streamManifest: text('stream_manifest'),
    streamPreview: text('stream_preview'),
    streamPoster: text('stream_poster'),
    streamDuration: integer('stream_duration'),
    streamWidth: integer('stream_width'),
    streamHeight: integer('stream_height'),
    streamBitrate: integer('stream_bitrate'),
    coursePublished: boolean('course_published').notNull().default(true),
    courseCreated: created(),
    courseUpdated: created(),
  },
  (t) => [uniqueIndex('courses_slug_key').on(t.courseSlug), index('courses_order_idx').on(t.courseOrder)],
);

/** Video (product.md#entities). `video_player` is 'stream' (our HLS) or 'youtube'. */
export const videos = videosSchema.table(
  'videos',
  {
    idVideo: serial('id_video').primaryKey(),
    videoSlug: text('video_slug').notNull(),
    videoTitle: text('video_title').notNull(),
    videoPlayer: text('video_player').notNull().default('stream'),
    videoPremium: boolean('video_premium').notNull().default(false),
    videoPublished: boolean('video_published').notNull().default(true),
    videoImage: text('video_image'),
    videoOrder: integer('video_order').notNull().default(0),
    videoExcerpt: text('video_excerpt'),
    videoCategory: text('video_category').notNull(),
    videoDifficulty: text('video_difficulty'),
    videoInstrument: text('video_instrument'),
    videoArtist: text('video_artist'),
    videoSkill: text('video_skill'),
    videoGenre: text('video_genre'),
    videoDecade: text('video_decade'),
    videoType: text('video_type'),
    videoGrade: text('video_grade'),
    youtubeVideoId: text('youtube_video_id'),
    streamFolder: text('stream_folder'),
    streamManifest: text('stream_manifest'),
    streamPoster: text('stream_poster'),
    streamDuration: integer('stream_duration'),
    streamWidth: integer('stream_width'),
    streamHeight: integer('stream_height'),
    streamBitrate: integer('stream_bitrate'),
    // The media pipeline (ADR 0057): the uploaded file the HLS ladder is made from, the processing
    // state the editor watches (queued, processing, ready, failed), its progress 0-100 and the reason
    // it failed, the short preview clip and the poster frames the editor picks from.
    streamSource: text('stream_source'),
    streamStatus: text('stream_status'),
    streamProgress: integer('stream_progress').notNull().default(0),
    streamError: text('stream_error'),
    streamPreview: text('stream_preview'),
    streamPosterChoices: text('stream_poster_choices').array(),
    // Beats per minute at full speed: the practice metronome's tempo (product.md#practice).
    videoTempo: integer('video_tempo'),
    idRecommendedCourse: integer('id_recommended_course').references(() => courses.idCourse, { onDelete: 'set null' }),
    videoCreated: created(),
    videoUpdated: created(),
    // When the video first became published, by whichever path (editor, scheduler, a replay, a
    // transcode publishing when ready): a trigger sets it, so no path can forget (ADR 0086). The
    // weekly digest lists what was published in its week, not what was created then.
    videoFirstPublished: timestamp('video_first_published', { withTimezone: true }),
    // Title and artist folded and lower-cased (ADR 0056): the substring half of search is a plain
    // LIKE on this, a quarter of the cost of ILIKE on both columns across 10,000 rows.
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(${folded("video_title || chr(10) || coalesce(video_artist, '')")})`,
    ),
    searchDocument: tsvector('search_document').generatedAlwaysAs(
      searchVector('english', [
        ['video_title', 'A'],
        ['video_artist', 'A'],
        ['video_excerpt', 'C'],
        ['video_category', 'D'],
        ['video_genre', 'D'],
        ['video_skill', 'D'],
      ]),
    ),
  },
  (t) => [
    uniqueIndex('videos_slug_key').on(t.videoSlug),
    index('videos_search_idx').using('gin', t.searchDocument),
    // The list page's default order and its common facet filters (/videos, product.md#pages).
    // Partial: the list only ever shows published videos, newest first (ADR 0018).
    index('videos_published_created_idx')
      .on(t.videoCreated.desc().nullsFirst(), t.idVideo.desc().nullsFirst())
      .where(sql`${t.videoPublished}`),
    index('videos_category_idx').on(t.videoCategory, t.videoCreated.desc().nullsFirst()),
    index('videos_difficulty_idx').on(t.videoDifficulty),
    index('videos_genre_idx').on(t.videoGenre),
    index('videos_artist_idx').on(t.videoArtist),
  ],
);

/** video_sections (product.md#entities): text, soundslice, spotify, youtube, asset or stream. */
export const videoSections = videosSchema.table(
  'video_sections',
  {
    idVideoSection: serial('id_video_section').primaryKey(),
    idVideo: integer('id_video')
      .notNull()
      .references(() => videos.idVideo, { onDelete: 'cascade' }),
    sectionOrder: integer('section_order').notNull().default(0),
    sectionType: text('section_type').notNull(),
    sectionHeading: text('section_heading'),
    sectionContent: text('section_content'),
    soundsliceId: text('soundslice_id'),
    spotifyId: text('spotify_id'),
    youtubeId: text('youtube_id'),
    youtubePoster: text('youtube_poster'),
    assetName: text('asset_name'),
    assetExtension: text('asset_extension'),
    assetPath: text('asset_path'),
    streamManifest: text('stream_manifest'),
    streamPoster: text('stream_poster'),
    searchDocument: tsvector('search_document').generatedAlwaysAs(
      searchVector('english', [
        ['section_heading', 'B'],
        ['section_content', 'D'],
      ]),
    ),
  },
  (t) => [
    index('video_sections_video_idx').on(t.idVideo, t.sectionOrder),
    index('video_sections_search_idx').using('gin', t.searchDocument),
  ],
);

export const videoChords = videosSchema.table(
  'video_chords',
  {
    idVideoChord: serial('id_video_chord').primaryKey(),
    idVideo: integer('id_video')
      .notNull()
      .references(() => videos.idVideo, { onDelete: 'cascade' }),
    chordOrder: integer('chord_order').notNull().default(0),
    chordText: text('chord_text').notNull(),
    // An uploaded diagram picture (kept working), or the chord as data: frets and fingers low E
    // first ("x 3 2 0 1 0"), drawn as SVG (product.md#chords).
    chordUrl: text('chord_url'),
    chordFrets: text('chord_frets'),
    chordFingers: text('chord_fingers'),
    // The chord library's key when picked from it: "which lessons teach this chord" (ADR 0058).
    chordKey: text('chord_key'),
    searchDocument: tsvector('search_document').generatedAlwaysAs(searchVector('simple', [['chord_text', 'B']])),
  },
  (t) => [
    index('video_chords_video_idx').on(t.idVideo, t.chordOrder),
    index('video_chords_key_idx').on(t.chordKey),
    // A search naming chords finds lessons whose chord has no library key by name (ADR 0080).
    index('video_chords_name_idx').on(sql`lower(trim(${t.chordText}))`),
    index('video_chords_search_idx').using('gin', t.searchDocument),
  ],
);

/**
 * A video's chord timeline (product.md#chords, ADR 0077): when each chord starts, in time order.
 * The chord is named as the video's chords name it, not by id: saving the video replaces its chord
 * rows whole (new ids), and a mark should survive that while the chord is still there.
 */
export const videoChordMarks = videosSchema.table(
  'video_chord_marks',
  {
    idVideoChordMark: serial('id_video_chord_mark').primaryKey(),
    idVideo: integer('id_video')
      .notNull()
      .references(() => videos.idVideo, { onDelete: 'cascade' }),
    markTime: doublePrecision('mark_time').notNull(),
    chordText: text('chord_text').notNull(),
  },
  (t) => [index('video_chord_marks_video_idx').on(t.idVideo, t.markTime)],
);

/**
 * A lesson's score (product.md#chords, ADR 0088): one tab/notation file per video, kept as the
 * editor attached it (base64, so alphaTex text and Guitar Pro binaries are stored alike; 512 KB at
 * most), with what the API's parse of it found: the title and the number of bars.
 */
export const videoScores = videosSchema.table('video_scores', {
  idVideo: integer('id_video')
    .primaryKey()
    .references(() => videos.idVideo, { onDelete: 'cascade' }),
  scoreFileName: text('score_file_name').notNull(),
  scoreFormat: text('score_format').notNull(),
  scoreBase64: text('score_base64').notNull(),
  scoreTitle: text('score_title'),
  scoreBarCount: integer('score_bar_count').notNull(),
  scoreUpdated: created(),
});

/** Where each bar starts in the video (ADR 0088): bar index (0-based) and milliseconds, in bar order. */
export const videoScoreSyncPoints = videosSchema.table(
  'video_score_sync_points',
  {
    idVideoScoreSyncPoint: serial('id_video_score_sync_point').primaryKey(),
    idVideo: integer('id_video')
      .notNull()
      .references(() => videoScores.idVideo, { onDelete: 'cascade' }),
    barIndex: integer('bar_index').notNull(),
    syncMs: integer('sync_ms').notNull(),
  },
  (t) => [uniqueIndex('video_score_sync_points_bar_idx').on(t.idVideo, t.barIndex)],
);

/** A video's chapters (product.md#practice): named times, shown on the player's timeline. */
export const videoChapters = videosSchema.table(
  'video_chapters',
  {
    idVideoChapter: serial('id_video_chapter').primaryKey(),
    idVideo: integer('id_video')
      .notNull()
      .references(() => videos.idVideo, { onDelete: 'cascade' }),
    chapterTime: doublePrecision('chapter_time').notNull(),
    chapterTitle: text('chapter_title').notNull(),
  },
  (t) => [index('video_chapters_video_idx').on(t.idVideo, t.chapterTime)],
);

/**
 * A lesson's captions in one language (ADR 0085): the WebVTT file in the normal form the API writes
 * after checking it, and its words without timings or markup, which the catalogue search reads
 * through the generated tsvector (ADR 0056's way: PostgreSQL keeps it in step on every write).
 */
export const videoCaptions = videosSchema.table(
  'video_captions',
  {
    idVideo: integer('id_video')
      .notNull()
      .references(() => videos.idVideo, { onDelete: 'cascade' }),
    // BCP 47, canonical case ('en', 'pt-BR'): the `<track srclang>`.
    captionLanguage: text('caption_language').notNull(),
    captionLabel: text('caption_label').notNull(),
    captionVtt: text('caption_vtt').notNull(),
    captionTranscript: text('caption_transcript').notNull(),
    captionCueCount: integer('caption_cue_count').notNull(),
    captionUpdated: created(),
    searchDocument: tsvector('search_document').generatedAlwaysAs(searchVector('english', [['caption_transcript', 'D']])),
  },
  (t) => [
    primaryKey({ columns: [t.idVideo, t.captionLanguage] }),
    index('video_captions_search_idx').using('gin', t.searchDocument),
  ],
);

/** Free tags (the legacy tag, meta and type URLs land on /videos?tags=<slug>, product.md#pages). */
export const videoTags = videosSchema.table(
  'video_tags',
  {
    idVideo: integer('id_video')
      .notNull()
      .references(() => videos.idVideo, { onDelete: 'cascade' }),
    tagSlug: text('tag_slug').notNull(),
    tagName: text('tag_name').notNull(),
    searchDocument: tsvector('search_document').generatedAlwaysAs(searchVector('simple', [['tag_name', 'B']])),
  },
  (t) => [
    primaryKey({ columns: [t.idVideo, t.tagSlug] }),
    index('video_tags_slug_idx').on(t.tagSlug, t.idVideo),
    index('video_tags_search_idx').using('gin', t.searchDocument),
  ],
);

/** A course's lessons and songs in order (course_videos / course_songs, product.md#entities). */
export const courseVideos = videosSchema.table(
  'course_videos',
  {
    idCourseVideo: serial('id_course_video').primaryKey(),
    idCourse: integer('id_course')
      .notNull()
      .references(() => courses.idCourse, { onDelete: 'cascade' }),
    idVideo: integer('id_video')
      .notNull()
      .references(() => videos.idVideo, { onDelete: 'cascade' }),
    courseVideoOrder: integer('course_video_order').notNull().default(0),
    // 'video' for lessons (course_videos), 'song' for course_songs.
    courseVideoKind: text('course_video_kind').notNull().default('video'),
    // The heading of the course part this entry opens (ADR 0049): entries up to the next heading
    // belong to it. Null on most entries; a course without any has no parts.
    courseVideoPart: text('course_video_part'),
  },
  (t) => [
    uniqueIndex('course_videos_course_video_key').on(t.idCourse, t.idVideo),
    index('course_videos_course_order_idx').on(t.idCourse, t.courseVideoOrder),
    index('course_videos_video_idx').on(t.idVideo),
  ],
);

export const courseTestimonials = videosSchema.table(
  'course_testimonials',
  {
    idCourseTestimonial: serial('id_course_testimonial').primaryKey(),
    idCourse: integer('id_course')
      .notNull()
      .references(() => courses.idCourse, { onDelete: 'cascade' }),
    testimonialOrder: integer('testimonial_order').notNull().default(0),
    testimonialName: text('testimonial_name').notNull(),
    testimonialContent: text('testimonial_content').notNull(),
    testimonialImage: text('testimonial_image'),
  },
  (t) => [index('course_testimonials_course_idx').on(t.idCourse)],
);

/** A user's place in a course: the resume point and percent complete (ADR 0016). */
export const courseProgress = videosSchema.table(
  'course_progress',
  {
    idUser: integer('id_user')
      .notNull()
      .references(() => users.idUser, { onDelete: 'cascade' }),
    idCourse: integer('id_course')
      .notNull()
      .references(() => courses.idCourse, { onDelete: 'cascade' }),
    idCourseVideoActive: integer('id_course_video_active').references(() => courseVideos.idCourseVideo, {
      onDelete: 'set null',
    }),
    videoLastPlayed: timestamp('video_last_played', { withTimezone: true }),
    coursePercentComplete: integer('course_percent_complete').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.idUser, t.idCourse] })],
);

/** One row per user and video: the play position (id_video_play and its times, seconds, product.md#entities). */
export const videoPlays = videosSchema.table(
  'video_plays',
  {
    idVideoPlay: serial('id_video_play').primaryKey(),
    idUser: integer('id_user')
      .notNull()
      .references(() => users.idUser, { onDelete: 'cascade' }),
    idVideo: integer('id_video')
      .notNull()
      .references(() => videos.idVideo, { onDelete: 'cascade' }),
    videoPlayTotalTime: doublePrecision('video_play_total_time').notNull().default(0),
    videoPlayCurrentTime: doublePrecision('video_play_current_time').notNull().default(0),
    // THE done flag (docs/product.md#learning-progress, ADR 0064): set when 90 % of the video's unique
    // seconds are watched or the learner marks it done; only "Mark not done" unsets it. Chords learned
    // are derived from it too, so its name and meaning stay.
    videoPlayCompleted: boolean('video_play_completed').notNull().default(false),
    // The stretches played, merged, "start-end" in seconds joined by commas, and the unique seconds they cover.
    videoPlayWatched: text('video_play_watched').notNull().default(''),
    videoPlayWatchedTime: doublePrecision('video_play_watched_time').notNull().default(0),
    videoPlayCreated: created(),
    videoPlayUpdated: created(),
  },
  (t) => [uniqueIndex('video_plays_user_video_key').on(t.idUser, t.idVideo)],
);

/** The first-visit quiz of a signed-in learner (docs/product.md#first-steps, ADR 0064): answers and whether its card was dismissed. */
export const firstSteps = videosSchema.table('first_steps', {
  idUser: integer('id_user')
    .primaryKey()
    .references(() => users.idUser, { onDelete: 'cascade' }),
  firstStepsLevel: text('first_steps_level'),
  firstStepsStyle: text('first_steps_style'),
  firstStepsGuitar: text('first_steps_guitar'),
  firstStepsGoals: text('first_steps_goals').notNull().default(''),
  firstStepsDismissed: boolean('first_steps_dismissed').notNull().default(false),
  firstStepsUpdated: created(),
});

/** Saved video (My List; product.md#entities). */
export const savedVideos = videosSchema.table(
  'saved_videos',
  {
    idUserVideo: serial('id_user_video').primaryKey(),
    idUser: integer('id_user')
      .notNull()
      .references(() => users.idUser, { onDelete: 'cascade' }),
    idVideo: integer('id_video')
      .notNull()
      .references(() => videos.idVideo, { onDelete: 'cascade' }),
    // A saved moment (product.md#practice): seconds into the video, null for the whole video.
    savedTime: doublePrecision('saved_time'),
    savedNote: text('saved_note'),
    savedCreated: created(),
  },
  (t) => [
    // One entry per video and moment; NULLS NOT DISTINCT keeps one whole-video entry too.
    unique('saved_videos_user_video_time_key').on(t.idUser, t.idVideo, t.savedTime).nullsNotDistinct(),
    // NULLS FIRST matches a plain ORDER BY … DESC, so the planner can walk the index.
    index('saved_videos_user_created_idx').on(t.idUser, t.savedCreated.desc().nullsFirst(), t.idUserVideo.desc().nullsFirst()),
  ],
);

/**
 * The practice player's settings (product.md#practice): one row per person, video and screen
 * class (`small` phones, `large` screens). Speeds are whole percents.
 */
export const practiceSettings = videosSchema.table(
  'practice_settings',
  {
    idUser: integer('id_user')
      .notNull()
      .references(() => users.idUser, { onDelete: 'cascade' }),
    idVideo: integer('id_video')
      .notNull()
      .references(() => videos.idVideo, { onDelete: 'cascade' }),
    practiceScreen: text('practice_screen').notNull(),
    practiceRate: integer('practice_rate').notNull(),
    practiceLoopStart: doublePrecision('practice_loop_start'),
    practiceLoopEnd: doublePrecision('practice_loop_end'),
    practiceLadderStart: integer('practice_ladder_start').notNull(),
    practiceLadderStep: integer('practice_ladder_step').notNull(),
    practiceLadderTarget: integer('practice_ladder_target').notNull(),
    practiceLadderLoops: integer('practice_ladder_loops').notNull(),
    practiceCountIn: integer('practice_count_in').notNull(),
    practiceMirror: boolean('practice_mirror').notNull(),
    practiceUpdated: created(),
  },
  (t) => [primaryKey({ columns: [t.idUser, t.idVideo, t.practiceScreen] })],
);

/** Live streams (/live, product.md#pages): upcoming, live now (between start and end) and past with a replay. */
export const liveStreams = videosSchema.table(
  'live_streams',
  {
    idLiveStream: serial('id_live_stream').primaryKey(),
    streamSlug: text('stream_slug').notNull(),
    streamTitle: text('stream_title').notNull(),
    streamDescription: text('stream_description'),
    streamStarts: timestamp('stream_starts', { withTimezone: true }).notNull(),
    streamEnds: timestamp('stream_ends', { withTimezone: true }).notNull(),
    streamManifest: text('stream_manifest'),
    streamPoster: text('stream_poster'),
    streamPremium: boolean('stream_premium').notNull().default(false),
    streamPublished: boolean('stream_published').notNull().default(true),
    idVideoReplay: integer('id_video_replay').references(() => videos.idVideo, { onDelete: 'set null' }),
    streamUpdated: created(),
    /** The secret RTMP stream key (ADR 0063): the encoder's only credential, regenerable by Staff. */
    streamKey: text('stream_key'),
    /** RTMP ingest (ADR 0063): idle, live, reconnecting (an encoder may come back), ended. */
    ingestState: text('ingest_state').notNull().default('idle'),
    /** The instance that takes this stream's RTMP now, and its last sign of life (one ingester per stream). */
    ingestInstance: text('ingest_instance'),
    ingestSeen: timestamp('ingest_seen', { withTimezone: true }),
    /** When the current encoder connection started, and the seconds recorded by earlier connections. */
    ingestPartStarted: timestamp('ingest_part_started', { withTimezone: true }),
    ingestRecordedSeconds: doublePrecision('ingest_recorded_seconds').notNull().default(0),
    /** This run's folder token, the live HLS playlist viewers play now (a media path), and the run's recorded parts. */
    ingestRun: text('ingest_run'),
    ingestPlaylist: text('ingest_playlist'),
    ingestParts: text('ingest_parts')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Whether the replay is made and published when the teacher stops (the default). */
    streamAutoReplay: boolean('stream_auto_replay').notNull().default(true),
  },
  (t) => [
    uniqueIndex('live_streams_slug_key').on(t.streamSlug),
    index('live_streams_starts_idx').on(t.streamStarts),
    uniqueIndex('live_streams_key_key').on(t.streamKey),
  ],
);

/**
 * A viewer's question during a live stream (ADR 0063). Staff mark it answered; the answer's moment
 * (seconds into the recording) becomes a chapter of the replay, and the asker is told by e-mail.
 */
export const liveQuestions = videosSchema.table(
  'live_questions',
  {
    idLiveQuestion: serial('id_live_question').primaryKey(),
    idLiveStream: integer('id_live_stream')
      .notNull()
      .references(() => liveStreams.idLiveStream, { onDelete: 'cascade' }),
    idUser: integer('id_user')
      .notNull()
      .references(() => users.idUser, { onDelete: 'cascade' }),
    questionText: text('question_text').notNull(),
    questionCreated: timestamp('question_created', { withTimezone: true }).notNull().defaultNow(),
    questionAnswered: timestamp('question_answered', { withTimezone: true }),
    /** Seconds into the recording when it was answered (the replay chapter's moment), and that recording's run. */
    questionMoment: doublePrecision('question_moment'),
    questionRun: text('question_run'),
  },
  (t) => [
    index('live_questions_stream_idx').on(t.idLiveStream, t.questionCreated),
    index('live_questions_user_idx').on(t.idUser, t.questionCreated),
  ],
);

export const freeResources = videosSchema.table(
  'free_resources',
  {
    idFreeResource: serial('id_free_resource').primaryKey(),
    resourceSlug: text('resource_slug').notNull(),
    resourceTitle: text('resource_title').notNull(),
    resourceDescription: text('resource_description'),
    resourcePath: text('resource_path').notNull(),
    resourceExtension: text('resource_extension').notNull(),
    resourceImage: text('resource_image'),
    resourceOrder: integer('resource_order').notNull().default(0),
    resourcePublished: boolean('resource_published').notNull().default(true),
    resourceCreated: created(),
    resourceUpdated: created(),
  },
  (t) => [uniqueIndex('free_resources_slug_key').on(t.resourceSlug), index('free_resources_order_idx').on(t.resourceOrder)],
);

/** Old video slugs keep working: a renamed video is still found by its previous slug. */
export const videoSlugHistory = videosSchema.table('video_slug_history', {
  oldSlug: text('old_slug').primaryKey(),
  idVideo: integer('id_video')
    .notNull()
    .references(() => videos.idVideo, { onDelete: 'cascade' }),
  changed: timestamp('changed', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/** Old course slugs keep working: /courses/<old> redirects to the course's current slug. */
export const courseSlugHistory = videosSchema.table('course_slug_history', {
  oldSlug: text('old_slug').primaryKey(),
  idCourse: integer('id_course')
    .notNull()
    .references(() => courses.idCourse, { onDelete: 'cascade' }),
  changed: timestamp('changed', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/** Old live stream slugs keep working: /live/<old> redirects to the stream's current slug. */
export const liveStreamSlugHistory = videosSchema.table('live_stream_slug_history', {
  oldSlug: text('old_slug').primaryKey(),
  idLiveStream: integer('id_live_stream')
    .notNull()
    .references(() => liveStreams.idLiveStream, { onDelete: 'cascade' }),
  changed: timestamp('changed', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/**
 * "Remind me" on a live lesson (product.md#pages, /live): one e-mail an hour before the start to each
 * member who asked, in the time zone their browser had when they asked. `reminder_sent` is set when
 * the e-mail is queued, so a reminder goes once however many jobs look at it.
 */
export const liveStreamReminders = videosSchema.table(
  'live_stream_reminders',
  {
    idLiveStream: integer('id_live_stream')
      .notNull()
      .references(() => liveStreams.idLiveStream, { onDelete: 'cascade' }),
    idUser: integer('id_user')
      .notNull()
      .references(() => users.idUser, { onDelete: 'cascade' }),
    reminderTimeZone: text('reminder_time_zone').notNull(),
    reminderCreated: timestamp('reminder_created', { withTimezone: true }).notNull().defaultNow(),
    reminderSent: timestamp('reminder_sent', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.idLiveStream, t.idUser] }), index('live_stream_reminders_user_idx').on(t.idUser)],
);

/**
 * A draft video's scheduled publication (ADR 0060): a job on the durable queue publishes it at
 * `publish_at`, if the row still says that time (rescheduling or cancelling changes the row).
 */
export const videoSchedules = videosSchema.table('video_schedules', {
  idVideo: integer('id_video')
    .primaryKey()
    .references(() => videos.idVideo, { onDelete: 'cascade' }),
  publishAt: timestamp('publish_at', { withTimezone: true }).notNull(),
  // Whose decision it was: the publication is audited in their name.
  idUserScheduled: integer('id_user_scheduled').references(() => users.idUser, { onDelete: 'set null' }),
  scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
});

/**
 * The practice log (product.md#practice-log): minutes a learner practised on a day, against a
 * lesson or none. `practised_on` is the learner's own calendar day, as their browser says it.
 */
export const practiceSessions = videosSchema.table(
  'practice_sessions',
  {
    idPracticeSession: serial('id_practice_session').primaryKey(),
    idUser: integer('id_user')
      .notNull()
      .references(() => users.idUser, { onDelete: 'cascade' }),
    // The lesson practised; a deleted lesson keeps the minutes in the log.
    idVideo: integer('id_video').references(() => videos.idVideo, { onDelete: 'set null' }),
    practiceSeconds: integer('practice_seconds').notNull(),
    practisedOn: date('practised_on', { mode: 'string' }).notNull(),
    practiceCreated: timestamp('practice_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('practice_sessions_user_day_idx').on(t.idUser, t.practisedOn)],
);

/** A learner's weekly practice goal (product.md#practice-log): minutes a day, on how many days a week. */
export const practiceGoals = videosSchema.table('practice_goals', {
  idUser: integer('id_user')
    .primaryKey()
    .references(() => users.idUser, { onDelete: 'cascade' }),
  goalMinutes: integer('goal_minutes').notNull(),
  goalDays: integer('goal_days').notNull(),
  goalUpdated: timestamp('goal_updated', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A learner's practice reminder (product.md#practice-log, ADR 0081): an e-mail on days without
 * practice at `reminder_time` (HH:MM) in `reminder_time_zone`. `reminder_sent_on` is the learner's
 * local day last reminded, claimed with the mail in one transaction, so a day is sent at most once.
 */
export const practiceReminders = videosSchema.table(
  'practice_reminders',
  {
    idUser: integer('id_user')
      .primaryKey()
      .references(() => users.idUser, { onDelete: 'cascade' }),
    reminderOn: boolean('reminder_on').notNull(),
    reminderTime: text('reminder_time').notNull(),
    reminderTimeZone: text('reminder_time_zone').notNull(),
    reminderSentOn: date('reminder_sent_on', { mode: 'string' }),
    reminderUpdated: timestamp('reminder_updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('practice_reminders_on_idx').on(t.reminderOn)],
);

/**
 * The reminder job's runs (ADR 0081), one row per quarter hour: the run that first claims its
 * quarter queues the next one, so extra jobs (two instances starting at once) die out.
 */
export const practiceReminderRuns = videosSchema.table('practice_reminder_runs', {
  reminderRunAt: timestamp('reminder_run_at', { withTimezone: true }).primaryKey(),
  reminderRunStarted: timestamp('reminder_run_started', { withTimezone: true }).notNull(),
});

/** One Minute Changes rounds (product.md#one-minute-changes): a pair of library chords and the count. */
export const chordChanges = videosSchema.table(
  'chord_changes',
  {
    idChordChange: serial('id_chord_change').primaryKey(),
    idUser: integer('id_user')
      .notNull()
      .references(() => users.idUser, { onDelete: 'cascade' }),
    chordA: text('chord_a').notNull(),
    chordB: text('chord_b').notNull(),
    changes: integer('changes').notNull(),
    changesCreated: timestamp('changes_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chord_changes_user_idx').on(t.idUser, t.changesCreated)],
);

/**
 * Chords I know (product.md#chords-i-know): the learner's own changes to the chords their done
 * lessons teach. `known` true is a chord added by hand, false one removed by hand.
 */
export const knownChords = videosSchema.table(
  'known_chords',
  {
    idUser: integer('id_user')
      .notNull()
      .references(() => users.idUser, { onDelete: 'cascade' }),
    chordKey: text('chord_key').notNull(),
    known: boolean('known').notNull(),
  },
  (t) => [primaryKey({ columns: [t.idUser, t.chordKey] })],
);
