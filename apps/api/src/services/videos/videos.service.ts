import {
  songChordIdentity,
  libraryChord,
  missingChords,
  type MyVideo,
  type PlayableFilter,
  type PreviewAudience,
  type Video,
  type VideoScore,
  VIDEO_FACETS,
  VIDEO_ORDER_FIELDS,
  type VideoCategory,
  type VideoFacet,
  type VideoFacets,
  type VideoListQuery,
  type VideoPlayer,
  type VideoSection,
  type VideoSectionType,
  type VideoSummary,
} from '@fretline/contract';
import { signedMediaUrl } from '../../platform/media/index.ts';
import { AppError, badRequest, notFound, unauthorized } from '../../plugins/errors.ts';
import { captionTrack, findCaptionTracks } from './captions.service.ts';
import { findChordsOfVideos } from './practice-log.repository.ts';
import { getKnownChords } from './practice-log.service.ts';
import { isVideoLocked, previewSections, type Viewer } from './lock-rules.ts';
import { CatalogueCache } from './catalogue-cache.ts';
import { suggestSearch, SUGGEST_BELOW } from './search-vocabulary.ts';
import { sanitizeSectionHtml, VIDEO_NOT_FOUND, type VideosContext } from './videos.context.ts';
import { orderedEntries, toCourseRef, toEntry } from './courses.service.ts';
import {
  type CourseEntryRow,
  type CourseRow,
  findCourseById,
  findCourseBySlug,
  findCoursesOfVideo,
  findNextCourse,
} from './courses.repository.ts';
import { findPlay, findUserPlays } from './progress.repository.ts';
import { courseStanding } from './progress-rules.ts';
import { findSavedVideoIds } from './saved.repository.ts';
import {
  countFacets,
  findChapters,
  findChords,
  findChordTimeline,
  findScore,
  findScoreSyncPoints,
  findSections,
  findTagsForVideos,
  findVideoBySlug,
  findVideoSlugById,
  findVideoPage,
  type ORDER_COLUMNS,
  type SectionRow,
  type VideoListCriteria,
  type VideoRow,
} from './videos.repository.ts';

// The catalogue list and one video: lock rules applied per viewer (ADR 0015), shared reads remembered (ADR 0018).

const DEFAULT_PAGE = 24;

export interface ParsedListQuery {
  criteria: VideoListCriteria;
  order: { column: keyof typeof ORDER_COLUMNS; descending: boolean };
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

/** Facets, tags and search from the query string and from the `filter` JSON (product.md#calls); 400 on anything else. */
function parseVideoListQuery(query: VideoListQuery): ParsedListQuery {
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
  // A search is ranked by relevance unless another order is asked for (ADR 0056).
  const orderText = query.order ?? (search ? 'relevance' : '-video_created');
  const descending = orderText.startsWith('-');
  const column = orderText.replace(/^-/, '');
  if (!(VIDEO_ORDER_FIELDS as readonly string[]).includes(column)) {
    throw badRequest(`order must be one of ${VIDEO_ORDER_FIELDS.join(', ')}.`, 'order');
  }
  return {
    criteria: { facets, tags, search, kind: query.kind, family: query.instrument_family, includeUnpublished: false },
    order: { column: column as keyof typeof ORDER_COLUMNS, descending },
    limit: query.limit ?? DEFAULT_PAGE,
    offset: query.offset ?? 0,
  };
}

// Catalogue reads shared by every visitor are remembered briefly (ADR 0018): facet counts and the
// total for 30 s, a page of the list (rows, tags) for 10 s. Every content change forgets them on
// every instance (the hook in videos.routes.ts), so the hot list call is no database work at all for
// a visitor and one indexed lookup (saved flags) for a signed-in learner.
const facetCache = new CatalogueCache<FacetsAndTotal>(30_000);
const pageCache = new CatalogueCache<RememberedPage>(10_000);

/** A page of the list, and what every visitor sees of it (the same for all: no saved flags, no membership). */
interface RememberedPage {
  videos: BaseSummary[];
  forVisitors?: Promise<VideoSummary[]>;
}

interface FacetsAndTotal {
  facets: VideoFacets;
  total: number;
}

/** The facet counts and the total in the list's answer shape (ADR 0056). */
async function facetsAndTotal(ctx: VideosContext, criteria: VideoListCriteria): Promise<FacetsAndTotal> {
  const { rows, total } = await countFacets(ctx.db, criteria);
  const facets = Object.fromEntries(VIDEO_FACETS.map((f) => [f, [] as { value: string; count: number }[]])) as VideoFacets;
  for (const row of rows) facets[row.facet as VideoFacet]?.push({ value: row.value, count: row.n });
  return { facets, total };
}

/** A summary's fields that are the same for every viewer. */
type BaseSummary = Omit<VideoSummary, 'video_locked' | 'saved_to_my_list'>;

async function toBaseSummaries(ctx: VideosContext, rows: VideoRow[]): Promise<BaseSummary[]> {
  const tags = await findTagsForVideos(
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
    video_duration: row.videoPlayer === 'stream' ? row.streamDuration : null,
  }));
}

async function forViewer(ctx: VideosContext, viewer: Viewer, videos: BaseSummary[]): Promise<VideoSummary[]> {
  const saved = viewer.idUser
    ? await findSavedVideoIds(
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

export async function toSummaries(ctx: VideosContext, viewer: Viewer, rows: VideoRow[]): Promise<VideoSummary[]> {
  return forViewer(ctx, viewer, await toBaseSummaries(ctx, rows));
}

export async function listVideos(ctx: VideosContext, viewer: Viewer, query: VideoListQuery) {
  const parsed = parseVideoListQuery(query);
  if (query.playable) return listPlayableVideos(ctx, viewer, parsed, query.playable);
  // Each facet's counts apply every other filter (ADR 0056), so their key is the whole criteria; a
  // page's adds its order and place.
  const criteriaKey = JSON.stringify(parsed.criteria);
  const { order, limit, offset } = parsed;
  const pageKey = `${criteriaKey}|${order.column}|${order.descending ? 1 : 0}|${limit}|${offset}`;
  const [page, { facets, total }] = await Promise.all([
    pageCache.get(ctx.db, pageKey, async () => ({
      videos: await toBaseSummaries(ctx, await findVideoPage(ctx.db, parsed.criteria, order, limit, offset)),
    })),
    facetCache.get(ctx.db, criteriaKey, () => facetsAndTotal(ctx, parsed.criteria)),
  ]);
  const videos =
    viewer.idUser === null
      ? await (page.forVisitors ??= forViewer(ctx, viewer, page.videos))
      : await forViewer(ctx, viewer, page.videos);
  return { videos, total, facets, suggestion: await suggestionFor(ctx, parsed.criteria.search, total) };
}

/** "Did you mean" (product.md#search): for a search that found nothing or little. */
async function suggestionFor(ctx: VideosContext, search: string | undefined, total: number): Promise<string | null> {
  return search && total < SUGGEST_BELOW ? suggestSearch(ctx.db, search) : null;
}

/**
 * "Songs I can play now" and "one chord away" (product.md#chords-i-know): the list narrowed by the
 * caller's known chords, with the other filters and search as usual. Personal, so nothing here is
 * remembered in the catalogue memories; with one-away each song names the chord it still needs.
 */
async function listPlayableVideos(ctx: VideosContext, viewer: Viewer, parsed: ParsedListQuery, filter: PlayableFilter) {
  if (viewer.idUser === null) throw unauthorized('Sign in to see the songs you can play.');
  const known = (await getKnownChords(ctx, viewer.idUser)).map((chord) => chord.chord_key);
  const criteria: VideoListCriteria = { ...parsed.criteria, playable: { filter, known } };
  const [rows, { facets, total }] = await Promise.all([
    findVideoPage(ctx.db, criteria, parsed.order, parsed.limit, parsed.offset),
    facetsAndTotal(ctx, criteria),
  ]);
  const videos = await toSummaries(ctx, viewer, rows);
  const suggestion = await suggestionFor(ctx, parsed.criteria.search, total);
  if (filter === 'now') return { videos, total, facets, suggestion };
  const knownSet = new Set(known);
  const chordsOf = new Map<number, { key: string | null; text: string }[]>();
  for (const chord of await findChordsOfVideos(
    ctx.db,
    rows.map((row) => row.idVideo),
  )) {
    chordsOf.set(chord.idVideo, [...(chordsOf.get(chord.idVideo) ?? []), { key: chord.key, text: chord.text }]);
  }
  const missing_chords = rows.flatMap((row) => {
    const chords = chordsOf.get(row.idVideo) ?? [];
    const [first] = missingChords(chords, knownSet) ?? [];
    if (!first) return [];
    const library = libraryChord(first);
    // A chord outside the library is named as the song writes it ("Cadd9"), not by its lower-cased identity.
    const text = chords.find((chord) => songChordIdentity(chord) === first)?.text.trim();
    return [
      {
        id_video: row.idVideo,
        chord_key: library?.key ?? null,
        chord_name: library?.name ?? text ?? first,
      },
    ];
  });
  return { videos, total, facets, missing_chords, suggestion };
}

/** Songs (not lessons) the learner can play now with the chords they know, newest first: the home's short list. */
export async function listPlayableSongs(ctx: VideosContext, viewer: Viewer & { idUser: number }, known: string[], limit: number) {
  const criteria: VideoListCriteria = {
    facets: { category: ['Song'] },
    tags: [],
    search: undefined,
    includeUnpublished: false,
    playable: { filter: 'now', known: [...known].sort() },
  };
  // A set of chords finds the same songs for whoever knows it: remembered by the set, like a list
  // page (ADR 0018), so the learner's home does not test every song's chords on each visit.
  const page = await pageCache.get(ctx.db, `home-songs|${JSON.stringify(criteria)}|${limit}`, async () => ({
    videos: await toBaseSummaries(
      ctx,
      await findVideoPage(ctx.db, criteria, { column: 'video_created', descending: true }, limit, 0),
    ),
  }));
  return forViewer(ctx, viewer, page.videos);
}

// A video page's shared reads, remembered like list pages (ADR 0018).
const videoCache = new CatalogueCache<VideoBase | null>(10_000);

export async function requireVideo(ctx: VideosContext, viewer: Viewer, slug: string): Promise<VideoRow> {
  const video = await findVideoBySlug(ctx.db, slug);
  if (!video || (!video.videoPublished && !viewer.isEditor)) throw notFound(undefined, VIDEO_NOT_FOUND);
  return video;
}

/** What a video page shows every viewer alike; text sections are sanitised once, here. */
interface VideoBase {
  video: VideoRow;
  context: { course: CourseRow; entries: CourseEntryRow[] } | null;
  nextCourse: CourseRow | undefined;
  recommended: CourseRow | undefined;
  sections: SectionRow[];
  chords: Awaited<ReturnType<typeof findChords>>;
  chapters: Awaited<ReturnType<typeof findChapters>>;
  chordTimeline: Awaited<ReturnType<typeof findChordTimeline>>;
  tags: Awaited<ReturnType<typeof findTagsForVideos>>;
  captions: Awaited<ReturnType<typeof findCaptionTracks>>;
  score: VideoScore | null;
}

function findVideoBase(ctx: VideosContext, slug: string, courseSlug: string | undefined): Promise<VideoBase | null> {
  return videoCache.get(ctx.db, JSON.stringify([slug, courseSlug ?? null]), async () => {
    const video = await findVideoBySlug(ctx.db, slug);
    if (!video) return null;
    const [context, sections, chords, chapters, chordTimeline, tags, recommended, captions, score] = await Promise.all([
      findCourseContext(ctx, video, courseSlug),
      findSections(ctx.db, video.idVideo),
      findChords(ctx.db, video.idVideo),
      findChapters(ctx.db, video.idVideo),
      findChordTimeline(ctx.db, video.idVideo),
      findTagsForVideos(ctx.db, [video.idVideo]),
      video.idRecommendedCourse ? findCourseById(ctx.db, video.idRecommendedCourse) : Promise.resolve(undefined),
      findCaptionTracks(ctx.db, video.idVideo),
      findVideoScore(ctx, video.videoSlug, video.idVideo),
    ]);
    const nextCourse = context ? await findNextCourse(ctx.db, context.course) : undefined;
    const clean = sections.map((row) => ({
      ...row,
      sectionContent: row.sectionContent ? sanitizeSectionHtml(row.sectionContent) : null,
    }));
    return { video, context, nextCourse, recommended, sections: clean, chords, chapters, chordTimeline, tags, captions, score };
  });
}

/** The lesson's score for the page (ADR 0088): its versioned file address, bar count and sync. */
async function findVideoScore(ctx: VideosContext, slug: string, idVideo: number): Promise<VideoScore | null> {
  const score = await findScore(ctx.db, idVideo);
  if (!score) return null;
  const ext = score.scoreFormat === 'alphatex' ? 'atex' : score.scoreFormat;
  return {
    score_format: score.scoreFormat,
    score_src: `/api/videos/videos/${encodeURIComponent(slug)}/score.${ext}?v=${score.scoreUpdated.getTime()}`,
    score_bar_count: score.scoreBarCount,
    score_sync_points: await findScoreSyncPoints(ctx.db, idVideo),
  };
}

/** A video page's shared reads, or a 404 for a video there is none of, or a draft when drafts are not shown. */
async function requireVideoBase(ctx: VideosContext, slug: string, courseSlug: string | undefined, drafts: boolean) {
  const base = await findVideoBase(ctx, slug, courseSlug);
  if (!base || (!base.video.videoPublished && !drafts)) throw notFound(undefined, VIDEO_NOT_FOUND);
  return base;
}

/** The course a video is watched in: the courseSlug query when the video is in it, else its first course. */
async function findCourseContext(
  ctx: VideosContext,
  video: VideoRow,
  courseSlug: string | undefined,
): Promise<{ course: CourseRow; entries: CourseEntryRow[] } | null> {
  if (courseSlug) {
    const course = await findCourseBySlug(ctx.db, courseSlug);
    if (course?.coursePublished) {
      const entries = await orderedEntries(ctx, course);
      if (entries.some((e) => e.idVideo === video.idVideo)) return { course, entries };
    }
  }
  const [first] = await findCoursesOfVideo(ctx.db, video.idVideo);
  if (!first) return null;
  return { course: first, entries: await orderedEntries(ctx, first) };
}

function toSection(ctx: VideosContext, row: SectionRow): VideoSection {
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

/**
 * A video the viewer may play (ADR 0015), for what goes with its stream (captions, ADR 0085): a
 * draft is only found by editors, and a locked premium video answers 403 as its progress call does.
 */
export async function requireWatchableVideo(ctx: VideosContext, viewer: Viewer, slug: string): Promise<VideoRow> {
  const { video } = await requireVideoBase(ctx, slug, undefined, viewer.isEditor);
  if (video.videoSlug !== slug) throw notFound(undefined, VIDEO_NOT_FOUND);
  if (isVideoLocked({ premium: video.videoPremium }, viewer))
    throw new AppError('VIDEO_LOCKED', 403, 'This video is for members. Join the membership to watch it.');
  return video;
}

/**
 * "Preview as" (ADR 0061): the video, draft or not, exactly as the audience would get it from
 * getVideo — a visitor, a learner without membership, or a member. The editor's own saves and
 * progress never show: the previewed viewer has no account of its own.
 */
export async function previewVideo(ctx: VideosContext, idVideo: number, as: PreviewAudience): Promise<Video> {
  const slug = await findVideoSlugById(ctx.db, idVideo);
  if (!slug) throw notFound(undefined, VIDEO_NOT_FOUND);
  const viewer: Viewer = { idUser: null, isMember: as === 'member', isEditor: false };
  return getVideo(ctx, viewer, slug, undefined, { drafts: true });
}

/**
 * Whether a video is premium (false when there is none): only then does its lock depend on
 * membership, so a free video's page skips that lookup (ADR 0062). Read from the page's cache.
 */
export async function isPremiumVideo(ctx: VideosContext, slug: string, courseSlug?: string): Promise<boolean> {
  const base = await findVideoBase(ctx, slug, courseSlug);
  return base?.video.videoPremium ?? false;
}

export async function getVideo(
  ctx: VideosContext,
  viewer: Viewer,
  slug: string,
  courseSlug?: string,
  { drafts = viewer.isEditor }: { drafts?: boolean } = {},
): Promise<Video> {
  const { video, context, nextCourse, recommended, sections, chords, chapters, chordTimeline, tags, captions, score } =
    await requireVideoBase(ctx, slug, courseSlug, drafts);
  const locked = isVideoLocked({ premium: video.videoPremium }, viewer);
  const [saved, play] = await Promise.all([
    viewer.idUser ? findSavedVideoIds(ctx.db, viewer.idUser, [video.idVideo]) : Promise.resolve(new Set<number>()),
    viewer.idUser ? findPlay(ctx.db, viewer.idUser, video.idVideo) : Promise.resolve(undefined),
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
    video_duration: isYoutube ? null : video.streamDuration,
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
      video_chord_frets: ch.chordFrets,
      video_chord_fingers: ch.chordFingers,
      video_chord_key: ch.chordKey,
    })),
    video_chapters: chapters,
    video_captions: locked ? [] : captions.map((track) => captionTrack(video.videoSlug, track)),
    // ADR 0077: the timeline plays along with the video, so a locked video has none, like its stream.
    video_chord_timeline: locked ? [] : chordTimeline,
    // ADR 0088: the score follows the video the same way, so a locked video has none either.
    video_score: locked ? null : score,
    video_tempo: video.videoTempo,
    ...playFields(play),
  };
}

/** The caller's play of a video as the wire names it; none yet is the start. */
function playFields(play: Awaited<ReturnType<typeof findPlay>>) {
  return {
    id_video_play: play?.idVideoPlay ?? null,
    video_play_total_time: play?.videoPlayTotalTime ?? null,
    video_play_current_time: play?.videoPlayCurrentTime ?? null,
    video_play_completed: play?.videoPlayCompleted ?? false,
    video_play_watched_time: play?.videoPlayWatchedTime ?? 0,
  };
}

/**
 * What of a video is the reader's own (ADR 0056): their save, their play, and their percent of the
 * course the page watches it in, chosen as getVideo chooses it. A page shared by their class asks
 * for it after hydration, instead of the whole video again.
 */
export async function getMyVideo(
  ctx: VideosContext,
  viewer: { idUser: number; isEditor: boolean },
  slug: string,
  courseSlug?: string,
): Promise<MyVideo> {
  const { video, context } = await requireVideoBase(ctx, slug, courseSlug, viewer.isEditor);
  const [saved, play, coursePlays] = await Promise.all([
    findSavedVideoIds(ctx.db, viewer.idUser, [video.idVideo]),
    findPlay(ctx.db, viewer.idUser, video.idVideo),
    context
      ? findUserPlays(
          ctx.db,
          viewer.idUser,
          context.entries.map((e) => e.idVideo),
        )
      : Promise.resolve([]),
  ]);
  // As getCourse counts it (ADR 0016): the lessons done of the course's lessons now.
  const percent = context
    ? courseStanding(context.entries, new Map(coursePlays.map((p) => [p.idVideo, p])), undefined).percent
    : null;
  return { saved_to_my_list: saved.has(video.idVideo), ...playFields(play), course_percent_complete: percent };
}
