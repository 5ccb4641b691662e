import sanitizeHtml from 'sanitize-html';
import {
  VIDEO_FACETS,
  VIDEO_ORDER_FIELDS,
  videoSubtitle,
  type Course,
  type CourseRef,
  type CourseSummary,
  type CourseVideoEntry,
  type CurrentCourse,
  type FreeResource,
  type LiveStream,
  type SavedVideo,
  type Video,
  type VideoCategory,
  type VideoFacet,
  type VideoFacets,
  type VideoListQuery,
  type VideoPlayer,
  type VideoProgressBody,
  type VideoSection,
  type VideoSectionType,
  type VideoSummary,
} from '@fretline/contract';
import type { Database } from '@fretline/db';
import { signedMediaUrl, type MediaStore } from '../../platform/media/index.ts';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import {
  coursePercentComplete,
  isPlayComplete,
  isStreamLocked,
  isVideoLocked,
  previewSections,
  type Viewer,
} from './lock-rules.ts';
import { CatalogueCache } from './catalogue-cache.ts';
import * as repo from './videos.repository.ts';

/** Everything a videos call needs besides its input. */
export interface VideosContext {
  db: Database;
  store: MediaStore;
  now: Date;
  /** `{TEACHER_NAME}s-technique-tuneups` is the technique course (spec §7). */
  teacherName: string;
}

export const VIDEO_NOT_FOUND = 'VIDEO_NOT_FOUND';
export const COURSE_NOT_FOUND = 'COURSE_NOT_FOUND';
const DEFAULT_PAGE = 24;
const FREE_LESSONS_SHOWN = 12;

export const techniqueCourseSlug = (teacherName: string) => `${teacherName}s-technique-tuneups`;

// Text sections are written by staff but still pass through an allow-list before they are served.
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote', 'a', 'code', 'pre', 'span'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};
export const sanitizeSectionHtml = (html: string) => sanitizeHtml(html, SANITIZE);

// ---------------------------------------------------------------- list

export interface ParsedListQuery {
  criteria: repo.VideoListCriteria;
  order: { column: keyof typeof repo.ORDER_COLUMNS; descending: boolean };
  limit: number;
  offset: number;
}

const splitList = (value: unknown): string[] => {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return items
    .filter((item): item is string => typeof item === 'string')
    .map((item) => item.trim())
    .filter(Boolean)
    .slice(0, 20);
};

/** Facets, tags and search from the query string and from the §7 `filter` JSON; 400 on anything else. */
export function parseVideoListQuery(query: VideoListQuery): ParsedListQuery {
  const facets: Partial<Record<VideoFacet, string[]>> = {};
  let tags = splitList(query.tags);
  let search = query.search || undefined;
  for (const facet of VIDEO_FACETS) {
    const values = splitList(query[facet]);
    if (values.length) facets[facet] = values;
  }
  if (query.filter) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(query.filter);
    } catch {
      throw badRequest('filter must be a JSON object.', 'filter');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw badRequest('filter must be a JSON object.', 'filter');
    for (const [rawKey, value] of Object.entries(parsed as Record<string, unknown>)) {
      const key = rawKey.replace(/^video_/, '');
      if ((VIDEO_FACETS as readonly string[]).includes(key)) {
        const values = splitList(value);
        if (values.length) facets[key as VideoFacet] = values;
      } else if (key === 'tags') tags = splitList(value);
      else if (key === 'search' && typeof value === 'string') search = value.trim().slice(0, 200) || undefined;
      else throw badRequest(`filter cannot use ${rawKey}.`, 'filter');
    }
  }
  const orderText = query.order ?? '-video_created';
  const descending = orderText.startsWith('-');
  const column = orderText.replace(/^-/, '');
  if (!(VIDEO_ORDER_FIELDS as readonly string[]).includes(column)) {
    throw badRequest(`order must be one of ${VIDEO_ORDER_FIELDS.join(', ')}.`, 'order');
  }
  return {
    criteria: { facets, tags, search, includeUnpublished: false },
    order: { column: column as keyof typeof repo.ORDER_COLUMNS, descending },
    limit: query.limit ?? DEFAULT_PAGE,
    offset: query.offset ?? 0,
  };
}

// Catalogue reads shared by every visitor are remembered briefly (ADR 0018): facet counts for 30 s,
// a page of the list (rows, tags, total) for 10 s. Editors' writes forget them at once (the hook in
// videos.routes.ts), so the hot list call is no database work at all for a visitor and one indexed
// lookup (saved flags) for a signed-in learner.
const facetCache = new CatalogueCache<VideoFacets>(30_000);
const pageCache = new CatalogueCache<{ videos: BaseSummary[]; total: number }>(10_000);

async function getFacets(ctx: VideosContext, criteria: repo.VideoListCriteria): Promise<VideoFacets> {
  return facetCache.get(ctx.db, JSON.stringify([criteria.tags, criteria.search ?? '']), async () => {
    const rows = await repo.countFacets(ctx.db, criteria);
    const facets = Object.fromEntries(VIDEO_FACETS.map((f) => [f, [] as { value: string; count: number }[]])) as VideoFacets;
    for (const row of rows) facets[row.facet as VideoFacet]?.push({ value: row.value, count: row.n });
    return facets;
  });
}

/** A summary's fields that are the same for every viewer. */
type BaseSummary = Omit<VideoSummary, 'video_locked' | 'saved_to_my_list'>;

async function toBaseSummaries(ctx: VideosContext, rows: repo.VideoRow[]): Promise<BaseSummary[]> {
  const tags = await repo.findTagsForVideos(
    ctx.db,
    rows.map((r) => r.idVideo),
  );
  const tagsOf = new Map<number, { tag_slug: string; tag_name: string }[]>();
  for (const t of tags) {
    const list = tagsOf.get(t.idVideo) ?? [];
    list.push({ tag_slug: t.tagSlug, tag_name: t.tagName });
    tagsOf.set(t.idVideo, list);
  }
  return rows.map((row) => ({
    id_video: row.idVideo,
    video_created: row.videoCreated,
    video_title: row.videoTitle,
    video_slug: row.videoSlug,
    video_premium: row.videoPremium,
    video_image: signedMediaUrl(ctx, row.videoImage),
    video_order: row.videoOrder,
    video_excerpt: row.videoExcerpt,
    video_category: row.videoCategory as VideoCategory,
    video_artist: row.videoArtist,
    video_type: row.videoType,
    video_difficulty: row.videoDifficulty,
    video_tags: tagsOf.get(row.idVideo) ?? [],
  }));
}

async function forViewer(ctx: VideosContext, viewer: Viewer, videos: BaseSummary[]): Promise<VideoSummary[]> {
  const saved = viewer.idUser
    ? await repo.findSavedVideoIds(
        ctx.db,
        viewer.idUser,
        videos.map((v) => v.id_video),
      )
    : new Set<number>();
  return videos.map((video) => ({
    ...video,
    video_locked: isVideoLocked({ premium: video.video_premium }, viewer),
    saved_to_my_list: saved.has(video.id_video),
  }));
}

async function toSummaries(ctx: VideosContext, viewer: Viewer, rows: repo.VideoRow[]): Promise<VideoSummary[]> {
  return forViewer(ctx, viewer, await toBaseSummaries(ctx, rows));
}

export async function listVideos(ctx: VideosContext, viewer: Viewer, query: VideoListQuery) {
  const parsed = parseVideoListQuery(query);
  const [page, facets] = await Promise.all([
    pageCache.get(ctx.db, JSON.stringify(parsed), async () => {
      const [rows, total] = await Promise.all([
        repo.findVideoRows(ctx.db, parsed.criteria, parsed.order, parsed.limit, parsed.offset),
        repo.countVideos(ctx.db, parsed.criteria),
      ]);
      return { videos: await toBaseSummaries(ctx, rows), total };
    }),
    getFacets(ctx, parsed.criteria),
  ]);
  return { videos: await forViewer(ctx, viewer, page.videos), total: page.total, facets };
}

// ---------------------------------------------------------------- courses

const toCourseRef = (ctx: VideosContext, course: repo.CourseRow): CourseRef => ({
  id_course: course.idCourse,
  course_slug: course.courseSlug,
  course_title: course.courseTitle,
  course_image: signedMediaUrl(ctx, course.courseImage),
});

const toEntry = (ctx: VideosContext, e: repo.CourseEntryRow): CourseVideoEntry => ({
  id_course_video: e.idCourseVideo,
  id_video: e.idVideo,
  video_title: e.videoTitle,
  video_slug: e.videoSlug,
  video_image: signedMediaUrl(ctx, e.videoImage),
  video_premium: e.videoPremium,
  video_duration: e.videoDuration,
  course_video_part: e.part?.trim() || null,
});

const courseListCache = new CatalogueCache<Awaited<ReturnType<typeof repo.findPublishedCourses>>>(10_000);

export async function listCourses(ctx: VideosContext): Promise<CourseSummary[]> {
  const rows = await courseListCache.get(ctx.db, 'published', () => repo.findPublishedCourses(ctx.db));
  return rows.map((c) => ({
    id_course: c.idCourse,
    course_slug: c.courseSlug,
    course_archetype: c.courseArchetype,
    course_title: c.courseTitle,
    course_excerpt: c.courseExcerpt,
    course_order: c.courseOrder,
    course_image: signedMediaUrl(ctx, c.courseImage),
    course_image_text: c.courseImageText,
  }));
}

/** A course's entries in the order its page and prev/next use: the technique course newest first (§7). */
async function orderedEntries(ctx: VideosContext, course: repo.CourseRow): Promise<repo.CourseEntryRow[]> {
  const entries = await repo.findCourseEntries(ctx.db, course.idCourse);
  return course.courseSlug === techniqueCourseSlug(ctx.teacherName) ? entries.reverse() : entries;
}

/** What a course page shows every viewer alike: the course (description sanitised), its entries, testimonials. */
interface CourseBase {
  course: repo.CourseRow;
  entries: repo.CourseEntryRow[];
  testimonials: Awaited<ReturnType<typeof repo.findTestimonials>>;
}

// The course and video pages' shared reads, remembered like list pages (ADR 0018). Signed URLs, the
// lock and everything about the viewer are worked out per request from them.
const courseCache = new CatalogueCache<CourseBase | null>(10_000);
const videoCache = new CatalogueCache<VideoBase | null>(10_000);

function findCourseBase(ctx: VideosContext, slug: string): Promise<CourseBase | null> {
  return courseCache.get(ctx.db, slug, async () => {
    const row = await repo.findCourseBySlug(ctx.db, slug);
    if (!row) return null;
    const [entries, testimonials] = await Promise.all([orderedEntries(ctx, row), repo.findTestimonials(ctx.db, row.idCourse)]);
    const course = { ...row, courseDescription: row.courseDescription ? sanitizeSectionHtml(row.courseDescription) : null };
    return { course, entries, testimonials };
  });
}

async function requireCourse(ctx: VideosContext, viewer: Viewer, slug: string): Promise<CourseBase> {
  const base = await findCourseBase(ctx, slug);
  if (!base || (!base.course.coursePublished && !viewer.isEditor)) throw notFound(undefined, COURSE_NOT_FOUND);
  return base;
}

export async function getCourse(
  ctx: VideosContext,
  viewer: Viewer,
  slug: string,
): Promise<{ course: Course; course_watched_videos: number[] }> {
  const { course, entries, testimonials } = await requireCourse(ctx, viewer, slug);
  const [progress, finished] = await Promise.all([
    viewer.idUser ? repo.findCourseProgress(ctx.db, viewer.idUser, course.idCourse) : Promise.resolve(undefined),
    viewer.idUser ? repo.findFinishedVideoIds(ctx.db, viewer.idUser, course.idCourse) : Promise.resolve([]),
  ]);
  const active = progress?.idCourseVideoActive
    ? entries.find((e) => e.idCourseVideo === progress.idCourseVideoActive)
    : undefined;
  const entryIds = new Set(entries.map((e) => e.idVideo));
  const watched = finished.filter((id) => entryIds.has(id));
  return {
    course: {
      id_course: course.idCourse,
      course_slug: course.courseSlug,
      course_archetype: course.courseArchetype,
      course_title: course.courseTitle,
      course_description: course.courseDescription,
      course_excerpt: course.courseExcerpt,
      course_order: course.courseOrder,
      course_image: signedMediaUrl(ctx, course.courseImage),
      course_image_text: course.courseImageText,
      course_jumbo_image: signedMediaUrl(ctx, course.courseJumboImage),
      course_jumbo_image_position: course.courseJumboImagePosition,
      course_trailer_url: course.courseTrailerUrl,
      course_published: course.coursePublished,
      course_videos: entries.filter((e) => e.kind !== 'song').map((e) => toEntry(ctx, e)),
      course_songs: entries.filter((e) => e.kind === 'song').map((e) => toEntry(ctx, e)),
      course_video_active: active ? { ...toEntry(ctx, active), video_last_played: progress?.videoLastPlayed ?? null } : null,
      // Recomputed rather than read back, so videos added to the course since are counted (ADR 0016).
      course_percent_complete: coursePercentComplete(watched.length, entries.length),
      course_stream_folder: course.streamFolder,
      course_stream_manifest: course.streamManifest,
      course_stream_preview: course.streamPreview,
      course_stream_poster: course.streamPoster,
      course_stream_duration: course.streamDuration,
      course_stream_width: course.streamWidth,
      course_stream_height: course.streamHeight,
      course_stream_bitrate: course.streamBitrate,
      // The trailer is the course's shop window: free to everyone.
      course_stream_manifest_signed: signedMediaUrl(ctx, course.streamManifest),
      course_stream_preview_signed: signedMediaUrl(ctx, course.streamPreview),
      course_stream_poster_signed: signedMediaUrl(ctx, course.streamPoster),
      course_testimonials: testimonials.map((t) => ({
        id_course_testimonial: t.idCourseTestimonial,
        course_testimonial_name: t.testimonialName,
        course_testimonial_content: t.testimonialContent,
        course_testimonial_image: signedMediaUrl(ctx, t.testimonialImage),
      })),
    },
    course_watched_videos: watched,
  };
}

/**
 * GET me/course: the course the user played last, with the resume point and percent complete the
 * course page shows (the same getCourse, so the home card and the course page always agree).
 */
export async function getCurrentCourse(ctx: VideosContext, viewer: Viewer & { idUser: number }): Promise<CurrentCourse | null> {
  const slug = await repo.findLastPlayedCourseSlug(ctx.db, viewer.idUser);
  if (!slug) return null;
  const { course } = await getCourse(ctx, viewer, slug);
  return {
    id_course: course.id_course,
    course_slug: course.course_slug,
    course_title: course.course_title,
    course_image: course.course_image,
    course_video_active: course.course_video_active,
    course_percent_complete: course.course_percent_complete,
  };
}

// ---------------------------------------------------------------- one video

async function requireVideo(ctx: VideosContext, viewer: Viewer, slug: string): Promise<repo.VideoRow> {
  const video = await repo.findVideoBySlug(ctx.db, slug);
  if (!video || (!video.videoPublished && !viewer.isEditor)) throw notFound(undefined, VIDEO_NOT_FOUND);
  return video;
}

/** What a video page shows every viewer alike; text sections are sanitised once, here. */
interface VideoBase {
  video: repo.VideoRow;
  context: { course: repo.CourseRow; entries: repo.CourseEntryRow[] } | null;
  nextCourse: repo.CourseRow | undefined;
  recommended: repo.CourseRow | undefined;
  sections: repo.SectionRow[];
  chords: Awaited<ReturnType<typeof repo.findChords>>;
  tags: Awaited<ReturnType<typeof repo.findTagsForVideos>>;
}

function findVideoBase(ctx: VideosContext, slug: string, courseSlug: string | undefined): Promise<VideoBase | null> {
  return videoCache.get(ctx.db, JSON.stringify([slug, courseSlug ?? null]), async () => {
    const video = await repo.findVideoBySlug(ctx.db, slug);
    if (!video) return null;
    const [context, sections, chords, tags, recommended] = await Promise.all([
      findCourseContext(ctx, video, courseSlug),
      repo.findSections(ctx.db, video.idVideo),
      repo.findChords(ctx.db, video.idVideo),
      repo.findTagsForVideos(ctx.db, [video.idVideo]),
      video.idRecommendedCourse ? repo.findCourseById(ctx.db, video.idRecommendedCourse) : Promise.resolve(undefined),
    ]);
    const nextCourse = context ? await repo.findNextCourse(ctx.db, context.course) : undefined;
    const clean = sections.map((row) => ({
      ...row,
      sectionContent: row.sectionContent ? sanitizeSectionHtml(row.sectionContent) : null,
    }));
    return { video, context, nextCourse, recommended, sections: clean, chords, tags };
  });
}

/** The course a video is watched in: the courseSlug query when the video is in it, else its first course. */
async function findCourseContext(
  ctx: VideosContext,
  video: repo.VideoRow,
  courseSlug: string | undefined,
): Promise<{ course: repo.CourseRow; entries: repo.CourseEntryRow[] } | null> {
  if (courseSlug) {
    const course = await repo.findCourseBySlug(ctx.db, courseSlug);
    if (course?.coursePublished) {
      const entries = await orderedEntries(ctx, course);
      if (entries.some((e) => e.idVideo === video.idVideo)) return { course, entries };
    }
  }
  const [first] = await repo.findCoursesOfVideo(ctx.db, video.idVideo);
  if (!first) return null;
  return { course: first, entries: await orderedEntries(ctx, first) };
}

function toSection(ctx: VideosContext, row: repo.SectionRow): VideoSection {
  return {
    id_video_section: row.idVideoSection,
    video_section_type: row.sectionType as VideoSectionType,
    video_section_heading: row.sectionHeading,
    // Sanitised when the video base was read (findVideoBase).
    video_section_content: row.sectionContent,
    video_section_soundslice_id: row.soundsliceId,
    video_section_spotify_id: row.spotifyId,
    video_section_youtube_id: row.youtubeId,
    video_section_youtube_poster: signedMediaUrl(ctx, row.youtubePoster),
    video_section_asset_name: row.assetName,
    video_section_asset_extension: row.assetExtension,
    video_section_asset_url_signed: signedMediaUrl(ctx, row.assetPath),
    video_section_stream_manifest_signed: signedMediaUrl(ctx, row.streamManifest),
    video_section_stream_poster_signed: signedMediaUrl(ctx, row.streamPoster),
  };
}

export async function getVideo(ctx: VideosContext, viewer: Viewer, slug: string, courseSlug?: string): Promise<Video> {
  const base = await findVideoBase(ctx, slug, courseSlug);
  if (!base || (!base.video.videoPublished && !viewer.isEditor)) throw notFound(undefined, VIDEO_NOT_FOUND);
  const { video, context, nextCourse, recommended, sections, chords, tags } = base;
  const locked = isVideoLocked({ premium: video.videoPremium }, viewer);
  const [saved, play] = await Promise.all([
    viewer.idUser ? repo.findSavedVideoIds(ctx.db, viewer.idUser, [video.idVideo]) : Promise.resolve(new Set<number>()),
    viewer.idUser ? repo.findPlay(ctx.db, viewer.idUser, video.idVideo) : Promise.resolve(undefined),
  ]);
  const at = context ? context.entries.findIndex((e) => e.idVideo === video.idVideo) : -1;
  const prev = context && at > 0 ? context.entries[at - 1] : undefined;
  const next = context && at >= 0 ? context.entries[at + 1] : undefined;
  const allSections = sections.map((s) => toSection(ctx, s));
  const isYoutube = video.videoPlayer === 'youtube';

  return {
    id_video: video.idVideo,
    video_created: video.videoCreated,
    video_title: video.videoTitle,
    video_player: video.videoPlayer as VideoPlayer,
    video_slug: video.videoSlug,
    video_premium: video.videoPremium,
    video_published: video.videoPublished,
    video_image: signedMediaUrl(ctx, video.videoImage),
    video_order: video.videoOrder,
    video_excerpt: video.videoExcerpt,
    video_category: video.videoCategory as VideoCategory,
    video_difficulty: video.videoDifficulty,
    video_instrument: video.videoInstrument,
    video_artist: video.videoArtist,
    video_skill: video.videoSkill,
    video_genre: video.videoGenre,
    video_decade: video.videoDecade,
    video_type: video.videoType,
    video_grade: video.videoGrade,
    video_tags: tags.map((t) => ({ tag_slug: t.tagSlug, tag_name: t.tagName })),
    // ADR 0015: a locked video carries no way to play it — no stream, no YouTube id, no assets.
    youtube_video_id: !locked && isYoutube ? video.youtubeVideoId : null,
    youtube_video_embed_url:
      !locked && isYoutube && video.youtubeVideoId
        ? `https://www.youtube-nocookie.com/embed/${encodeURIComponent(video.youtubeVideoId)}`
        : null,
    video_stream_manifest_signed: !locked && !isYoutube ? signedMediaUrl(ctx, video.streamManifest) : null,
    video_stream_poster_signed: signedMediaUrl(ctx, video.streamPoster ?? video.videoImage),
    video_course: context ? toCourseRef(ctx, context.course) : null,
    video_course_next: nextCourse ? toCourseRef(ctx, nextCourse) : null,
    video_recommended_course: recommended?.coursePublished ? toCourseRef(ctx, recommended) : null,
    video_course_video_prev: prev ? toEntry(ctx, prev) : null,
    video_course_video_next: next ? toEntry(ctx, next) : null,
    saved_to_my_list: saved.has(video.idVideo),
    video_locked: locked,
    video_sections: locked ? previewSections(allSections) : allSections,
    video_chords: chords.map((ch) => ({
      id_video_chord: ch.idVideoChord,
      video_chord_text: ch.chordText,
      video_chord_url: signedMediaUrl(ctx, ch.chordUrl),
    })),
    id_video_play: play?.idVideoPlay ?? null,
    video_play_total_time: play?.videoPlayTotalTime ?? null,
    video_play_current_time: play?.videoPlayCurrentTime ?? null,
  };
}

/**
 * PATCH videos/{videoSlug}: records the play position and moves the resume point and percent
 * complete of the course it is watched in (the courseSlug query), or of every course holding the
 * video when none is named (ADR 0016).
 */
export async function recordProgress(
  ctx: VideosContext,
  viewer: Viewer & { idUser: number },
  slug: string,
  body: VideoProgressBody,
  courseSlug: string | undefined,
): Promise<Video> {
  const video = await requireVideo(ctx, viewer, slug);
  if (isVideoLocked({ premium: video.videoPremium }, viewer)) {
    throw new AppError('VIDEO_LOCKED', 403, 'This video is for members. Join the membership to watch it.');
  }
  if (body.video_play_current_time > body.video_play_total_time && body.video_play_total_time > 0) {
    throw badRequest('video_play_current_time cannot be after the end of the video.', 'video_play_current_time');
  }
  if (body.id_video_play !== undefined) {
    const existing = await repo.findPlayById(ctx.db, body.id_video_play);
    // Another user's play, or a play of another video, does not exist as far as this caller knows.
    if (!existing || existing.idUser !== viewer.idUser || existing.idVideo !== video.idVideo) {
      throw notFound(undefined, 'VIDEO_PLAY_NOT_FOUND');
    }
  }
  await ctx.db.transaction(async (tx) => {
    await repo.upsertPlay(tx, {
      idUser: viewer.idUser,
      idVideo: video.idVideo,
      totalTime: body.video_play_total_time,
      currentTime: body.video_play_current_time,
      completed: isPlayComplete(body.video_play_total_time, body.video_play_current_time),
      now: ctx.now,
    });
    const named = courseSlug ? await repo.findCourseBySlug(tx, courseSlug) : undefined;
    const all = await repo.findCoursesOfVideo(tx, video.idVideo);
    const targets = named && all.some((c) => c.idCourse === named.idCourse) ? [named] : all;
    for (const course of targets) {
      const entries = await repo.findCourseEntries(tx, course.idCourse);
      const entry = entries.find((e) => e.idVideo === video.idVideo);
      if (!entry) continue;
      const finished = await repo.findFinishedVideoIds(tx, viewer.idUser, course.idCourse);
      await repo.upsertCourseProgress(tx, {
        idUser: viewer.idUser,
        idCourse: course.idCourse,
        idCourseVideo: entry.idCourseVideo,
        percent: coursePercentComplete(finished.length, entries.length),
        now: ctx.now,
      });
    }
  });
  return getVideo(ctx, viewer, video.videoSlug, courseSlug);
}

// ---------------------------------------------------------------- My List

function toSaved(ctx: VideosContext, row: repo.SavedRow): SavedVideo {
  return {
    id_user_video: row.idUserVideo,
    id_video: row.idVideo,
    video_title: row.videoTitle,
    video_slug: row.videoSlug,
    video_route: `/videos/${row.videoSlug}`,
    video_image_url: signedMediaUrl(ctx, row.videoImage),
    video_subtitle: videoSubtitle({
      video_category: row.videoCategory as VideoCategory,
      video_artist: row.videoArtist,
      video_type: row.videoType,
    }),
  };
}

export async function listSaved(ctx: VideosContext, idUser: number, limit: number, offset: number, idVideo?: number) {
  const { rows, total } = await repo.findSavedPage(ctx.db, idUser, limit, offset, idVideo);
  return { saved: rows.map((r) => toSaved(ctx, r)), total };
}

export async function saveVideo(ctx: VideosContext, viewer: Viewer & { idUser: number }, idVideo: number): Promise<SavedVideo> {
  const video = await repo.findVideoById(ctx.db, idVideo);
  if (!video || (!video.videoPublished && !viewer.isEditor)) throw notFound(undefined, VIDEO_NOT_FOUND);
  return toSaved(ctx, await repo.insertSaved(ctx.db, viewer.idUser, idVideo, ctx.now));
}

export async function removeSaved(ctx: VideosContext, idUser: number, idUserVideo: number): Promise<void> {
  // Scoped by the owner: another user's id is a 404 and nothing changes.
  if (!(await repo.deleteSaved(ctx.db, idUser, idUserVideo))) throw notFound(undefined, 'SAVED_VIDEO_NOT_FOUND');
}

// ---------------------------------------------------------------- live, free resources, sitemap

function streamStatus(starts: Date, ends: Date, now: Date): LiveStream['stream_status'] {
  if (now < starts) return 'upcoming';
  return now < ends ? 'live' : 'past';
}

const STATUS_RANK = { live: 0, upcoming: 1, past: 2 } as const;

export async function listLiveStreams(ctx: VideosContext, viewer: Viewer, slug?: string): Promise<LiveStream[]> {
  const rows = await repo.findLiveStreams(ctx.db, slug);
  const streams = rows.map(({ stream, replaySlug, replayTitle }): LiveStream => {
    const status = streamStatus(stream.streamStarts, stream.streamEnds, ctx.now);
    const locked = isStreamLocked({ premium: stream.streamPremium }, viewer);
    return {
      id_live_stream: stream.idLiveStream,
      stream_slug: stream.streamSlug,
      stream_title: stream.streamTitle,
      stream_description: stream.streamDescription ? sanitizeSectionHtml(stream.streamDescription) : null,
      stream_starts: stream.streamStarts,
      stream_ends: stream.streamEnds,
      stream_status: status,
      stream_premium: stream.streamPremium,
      stream_locked: locked,
      stream_poster_signed: signedMediaUrl(ctx, stream.streamPoster),
      stream_manifest_signed: status === 'live' && !locked ? signedMediaUrl(ctx, stream.streamManifest) : null,
      stream_replay: replaySlug ? { video_slug: replaySlug, video_title: replayTitle } : null,
    };
  });
  // Live now first, then upcoming soonest first, then past newest first.
  return streams.sort((a, b) => {
    const rank = STATUS_RANK[a.stream_status] - STATUS_RANK[b.stream_status];
    if (rank) return rank;
    const diff = a.stream_starts.getTime() - b.stream_starts.getTime();
    return a.stream_status === 'past' ? -diff : diff;
  });
}

export async function getLiveStream(ctx: VideosContext, viewer: Viewer, slug: string): Promise<LiveStream> {
  let [stream] = await listLiveStreams(ctx, viewer, slug);
  if (!stream) {
    // A renamed stream is still found by its previous slug (the page then redirects to the new one).
    const current = await repo.findStreamSlugByFormerSlug(ctx.db, slug);
    if (current) [stream] = await listLiveStreams(ctx, viewer, current);
  }
  if (!stream) throw notFound(undefined, 'STREAM_NOT_FOUND');
  return stream;
}

export async function listFreeResources(ctx: VideosContext, viewer: Viewer) {
  const [resources, lessons] = await Promise.all([
    repo.findFreeResources(ctx.db),
    repo.findFreeLessons(ctx.db, FREE_LESSONS_SHOWN),
  ]);
  return {
    resources: resources.map((r): FreeResource => ({
      id_free_resource: r.idFreeResource,
      resource_slug: r.resourceSlug,
      resource_title: r.resourceTitle,
      resource_description: r.resourceDescription,
      resource_extension: r.resourceExtension,
      resource_image_signed: signedMediaUrl(ctx, r.resourceImage),
      resource_url_signed: signedMediaUrl(ctx, r.resourcePath),
    })),
    videos: await toSummaries(ctx, viewer, lessons),
  };
}

export async function getSitemap(ctx: VideosContext) {
  const { videoRows, courseRows, streamRows } = await repo.findSitemapRows(ctx.db);
  return {
    urls: [
      ...courseRows.map((r) => ({ path: `/courses/${r.slug}`, updated: r.updated })),
      ...videoRows.map((r) => ({ path: `/videos/${r.slug}`, updated: r.updated })),
      ...streamRows.map((r) => ({ path: `/live/${r.slug}`, updated: r.updated })),
    ],
  };
}
