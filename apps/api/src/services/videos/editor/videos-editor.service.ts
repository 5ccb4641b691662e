import {
  EDITOR_PAGE_SIZE,
  type EditorSectionBody,
  type EditorVideo,
  type EditorVideoBody,
  type EditorVideoCourse,
  type EditorVideoCoursesBody,
  type EditorVideoListQuery,
  type EditorVideoOptions,
  type EditorVideoSummary,
  type VideoCategory,
  type VideoPlayer,
  type VideoSectionType,
  type VideoStreamStatus,
} from '@fretline/contract';
import type { Database } from '@fretline/db';
import { onUniqueViolation } from '../../../platform/database-errors.ts';
import { escapeHtml } from '../../../platform/html.ts';
import { signedMediaUrl, type MediaStore } from '../../../platform/media/index.ts';
import type { RequestAuth } from '../../../plugins/auth.ts';
import { AppError, badRequest, notFound } from '../../../plugins/errors.ts';
import { recordAudit } from '../../../platform/audit/index.ts';
import { findChapters, findChords, findSections } from '../videos.repository.ts';
import { sanitizeSectionHtml } from '../videos.context.ts';
import * as repo from './videos-editor.repository.ts';
import { queueStreamProcessing, removeVideoStreams } from './video-streams.service.ts';

/** Everything an editor call needs besides its input (ADR 0037). */
export interface EditorContext {
  db: Database;
  store: MediaStore;
  now: Date;
  auth: RequestAuth;
}

const VIDEO_NOT_FOUND_TEXT = 'That video cannot be found; it may have been deleted.';
const TARGET = 'video';

const videoNotFound = () => notFound(VIDEO_NOT_FOUND_TEXT, 'VIDEO_NOT_FOUND');

// ---------------------------------------------------------------- reading

export async function listEditorVideos(ctx: EditorContext, query: EditorVideoListQuery) {
  const { rows, total } = await repo.findEditorVideoPage(
    ctx.db,
    {
      q: query.q || undefined,
      published: query.status === undefined ? undefined : query.status === 'published',
      category: query.category,
    },
    query.limit ?? EDITOR_PAGE_SIZE,
    query.offset ?? 0,
  );
  const videos: EditorVideoSummary[] = rows.map((r) => ({
    id_video: r.idVideo,
    video_title: r.videoTitle,
    video_slug: r.videoSlug,
    video_category: r.videoCategory as VideoCategory,
    video_artist: r.videoArtist,
    video_difficulty: r.videoDifficulty,
    video_premium: r.videoPremium,
    video_published: r.videoPublished,
    video_created: r.videoCreated,
    video_updated: r.videoUpdated,
    video_image_signed: signedMediaUrl(ctx, r.videoImage),
  }));
  return { videos, total };
}

const toCourse = (row: repo.VideoCourseRow): EditorVideoCourse => ({
  id_course: row.idCourse,
  course_slug: row.courseSlug,
  course_title: row.courseTitle,
  course_published: row.coursePublished,
  kind: row.kind === 'song' ? 'song' : 'video',
  position: row.position,
  course_video_count: row.count,
});

export async function getEditorVideo(ctx: Pick<EditorContext, 'db' | 'store' | 'now'>, idVideo: number): Promise<EditorVideo> {
  const video = await repo.findVideo(ctx.db, idVideo);
  if (!video) throw videoNotFound();
  // One after another: inside a transaction the queries share one connection.
  const sections = await findSections(ctx.db, idVideo);
  const chords = await findChords(ctx.db, idVideo);
  const chapters = await findChapters(ctx.db, idVideo);
  const tags = await repo.findTags(ctx.db, idVideo);
  const courses = await repo.findVideoCourses(ctx.db, idVideo);
  const slugHistory = await repo.findSlugHistory(ctx.db, idVideo);
  return {
    id_video: video.idVideo,
    video_title: video.videoTitle,
    video_slug: video.videoSlug,
    video_player: video.videoPlayer as VideoPlayer,
    video_premium: video.videoPremium,
    video_published: video.videoPublished,
    video_category: video.videoCategory as VideoCategory,
    video_difficulty: video.videoDifficulty,
    video_instrument: video.videoInstrument,
    video_artist: video.videoArtist,
    video_skill: video.videoSkill,
    video_genre: video.videoGenre,
    video_decade: video.videoDecade,
    video_type: video.videoType,
    video_grade: video.videoGrade,
    video_excerpt: video.videoExcerpt,
    video_order: video.videoOrder,
    video_image: video.videoImage,
    video_image_signed: signedMediaUrl(ctx, video.videoImage),
    youtube_video_id: video.youtubeVideoId,
    video_stream_manifest: video.streamManifest,
    video_stream_poster: video.streamPoster,
    video_stream_poster_signed: signedMediaUrl(ctx, video.streamPoster),
    video_stream_duration: video.streamDuration,
    video_stream_width: video.streamWidth,
    video_stream_height: video.streamHeight,
    video_stream_bitrate: video.streamBitrate,
    video_stream_source: video.streamSource,
    video_stream_status: (video.streamStatus as VideoStreamStatus | null) ?? null,
    video_stream_progress: video.streamProgress,
    video_stream_error: video.streamError,
    video_stream_preview_signed: signedMediaUrl(ctx, video.streamPreview),
    video_stream_poster_choices: (video.streamPosterChoices ?? []).map((mediaPath) => ({
      media_path: mediaPath,
      url: ctx.store.signedUrl(mediaPath, ctx.now),
    })),
    id_recommended_course: video.idRecommendedCourse,
    video_created: video.videoCreated,
    video_updated: video.videoUpdated,
    video_sections: sections.map((s) => ({
      id_video_section: s.idVideoSection,
      video_section_type: s.sectionType as VideoSectionType,
      video_section_heading: s.sectionHeading,
      video_section_content: s.sectionContent,
      video_section_soundslice_id: s.soundsliceId,
      video_section_spotify_id: s.spotifyId,
      video_section_youtube_id: s.youtubeId,
      video_section_youtube_poster: s.youtubePoster,
      video_section_youtube_poster_signed: signedMediaUrl(ctx, s.youtubePoster),
      video_section_asset_name: s.assetName,
      video_section_asset_extension: s.assetExtension,
      video_section_asset_path: s.assetPath,
      video_section_asset_url_signed: signedMediaUrl(ctx, s.assetPath),
      video_section_stream_manifest: s.streamManifest,
      video_section_stream_poster: s.streamPoster,
      video_section_stream_poster_signed: signedMediaUrl(ctx, s.streamPoster),
    })),
    video_chords: chords.map((ch) => ({
      id_video_chord: ch.idVideoChord,
      video_chord_text: ch.chordText,
      video_chord_url: ch.chordUrl,
      video_chord_url_signed: signedMediaUrl(ctx, ch.chordUrl),
      video_chord_frets: ch.chordFrets,
      video_chord_fingers: ch.chordFingers,
      video_chord_key: ch.chordKey,
    })),
    video_tags: tags.map((t) => ({ tag_slug: t.tagSlug, tag_name: t.tagName })),
    video_chapters: chapters,
    video_tempo: video.videoTempo,
    video_courses: courses.map(toCourse),
    video_slug_history: slugHistory,
  };
}

export async function getEditorOptions(ctx: Pick<EditorContext, 'db'>): Promise<Omit<EditorVideoOptions, 'stream_processing'>> {
  const [courses, values, tags] = await Promise.all([
    repo.findCourseOptions(ctx.db),
    repo.findFacetValues(ctx.db),
    repo.findAllTags(ctx.db),
  ]);
  return {
    courses: courses.map((c) => ({
      id_course: c.idCourse,
      course_slug: c.courseSlug,
      course_title: c.courseTitle,
      course_published: c.coursePublished,
      course_video_count: c.count,
    })),
    values,
    tags: tags.map((t) => ({ tag_slug: t.tagSlug, tag_name: t.tagName })),
  };
}

// ---------------------------------------------------------------- writing

/** Plain text typed into a text section becomes paragraphs; HTML is kept (and sanitised). */
export function textToHtml(content: string): string {
  if (/<[a-z!/]/i.test(content)) return content;
  return content
    .split(/\r?\n\s*\r?\n/)
    .map((para) => para.trim())
    .filter(Boolean)
    .map((para) => `<p>${escapeHtml(para).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

const extensionOf = (mediaPath: string) => {
  const name = mediaPath.slice(mediaPath.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0
    ? name
        .slice(dot + 1)
        .toLowerCase()
        .slice(0, 10)
    : null;
};
const fileNameOf = (mediaPath: string) => mediaPath.slice(mediaPath.lastIndexOf('/') + 1);

/** Keeps only the fields of the section's type (the rest would never be shown), in order. */
function toSectionRows(sections: EditorSectionBody[]): repo.SectionInsert[] {
  return sections.map((s, i) => {
    const type = s.video_section_type;
    let content: string | null = null;
    if (type === 'text' && s.video_section_content) {
      content = sanitizeSectionHtml(textToHtml(s.video_section_content)).trim();
      if (!content) {
        throw badRequest(
          'Nothing of this text is left once unsafe HTML is removed; write it as plain text or simple HTML.',
          `video_sections.${i}.video_section_content`,
        );
      }
    }
    const assetPath = type === 'asset' ? s.video_section_asset_path : null;
    return {
      sectionOrder: i + 1,
      sectionType: type,
      sectionHeading: s.video_section_heading,
      sectionContent: content,
      soundsliceId: type === 'soundslice' ? s.video_section_soundslice_id : null,
      spotifyId: type === 'spotify' ? s.video_section_spotify_id : null,
      youtubeId: type === 'youtube' ? s.video_section_youtube_id : null,
      youtubePoster: type === 'youtube' ? s.video_section_youtube_poster : null,
      assetPath,
      assetName: assetPath ? (s.video_section_asset_name ?? fileNameOf(assetPath)) : null,
      assetExtension: assetPath ? (s.video_section_asset_extension?.toLowerCase() ?? extensionOf(assetPath)) : null,
      streamManifest: type === 'stream' ? s.video_section_stream_manifest : null,
      streamPoster: type === 'stream' ? s.video_section_stream_poster : null,
    };
  });
}

/** The video's own columns from the body (sections, chords and tags are written apart). */
function toVideoColumns(body: EditorVideoBody): Omit<repo.VideoInsert, 'videoOrder'> {
  const manifest = body.video_stream_manifest;
  return {
    videoTitle: body.video_title,
    videoSlug: body.video_slug,
    videoPlayer: body.video_player,
    videoPremium: body.video_premium,
    videoCategory: body.video_category,
    videoDifficulty: body.video_difficulty,
    videoInstrument: body.video_instrument,
    videoArtist: body.video_artist,
    videoSkill: body.video_skill,
    videoGenre: body.video_genre,
    videoDecade: body.video_decade,
    videoType: body.video_type,
    videoGrade: body.video_grade,
    videoExcerpt: body.video_excerpt,
    videoImage: body.video_image,
    // The other player's media is kept: switching back and forth loses nothing.
    youtubeVideoId: body.youtube_video_id,
    streamManifest: manifest,
    streamFolder: manifest && manifest.includes('/') ? manifest.slice(0, manifest.lastIndexOf('/')) : null,
    streamPoster: body.video_stream_poster,
    streamDuration: body.video_stream_duration,
    streamWidth: body.video_stream_width,
    streamHeight: body.video_stream_height,
    streamBitrate: body.video_stream_bitrate,
    idRecommendedCourse: body.id_recommended_course,
    videoTempo: body.video_tempo,
  };
}

type StreamRow = Pick<
  repo.VideoInsert,
  | 'streamSource'
  | 'streamManifest'
  | 'streamFolder'
  | 'streamDuration'
  | 'streamWidth'
  | 'streamHeight'
  | 'streamBitrate'
  | 'streamPoster'
  | 'streamPosterChoices'
>;

/**
 * ADR 0057: while a video's stream is made from an uploaded file, the pipeline owns the manifest,
 * its folder and the measures (a form loaded before processing finished must not blank them); the
 * poster stays the editor's. A new file queues processing: status queued, progress 0, the old
 * renditions kept playing until the new ones are ready. Returns the columns and whether to queue.
 */
function streamColumnsFor(
  body: EditorVideoBody,
  current: (StreamRow & { streamStatus?: string | null }) | null,
): { columns: Partial<repo.VideoInsert>; queue: boolean } {
  const source = body.video_stream_source;
  if (!source) {
    // No file (or it was removed): the fields are the editor's own again.
    return current?.streamSource
      ? { columns: { streamSource: null, streamStatus: null, streamProgress: 0, streamError: null }, queue: false }
      : { columns: {}, queue: false };
  }
  const owned: Partial<repo.VideoInsert> = {
    streamManifest: current?.streamManifest ?? null,
    streamFolder: current?.streamFolder ?? null,
    streamDuration: current?.streamDuration ?? null,
    streamWidth: current?.streamWidth ?? null,
    streamHeight: current?.streamHeight ?? null,
    streamBitrate: current?.streamBitrate ?? null,
  };
  if (current?.streamSource === source) {
    const choices = current.streamPosterChoices ?? [];
    const pick = body.video_stream_poster_pick;
    // A picked frame wins; a form read before processing finished (no poster yet) keeps the one processing chose.
    if (pick && choices.includes(pick)) owned.streamPoster = pick;
    else if (!body.video_stream_poster && current.streamPoster && choices.includes(current.streamPoster)) {
      owned.streamPoster = current.streamPoster;
    }
    return { columns: owned, queue: false };
  }
  return {
    columns: { ...owned, streamSource: source, streamStatus: 'queued', streamProgress: 0, streamError: null },
    queue: true,
  };
}

/** A published video must play: its player needs its media (a draft may be saved without). */
function requirePlayable(video: {
  videoPlayer: string;
  youtubeVideoId: string | null;
  streamManifest: string | null;
  streamStatus?: string | null | undefined;
}) {
  if (
    video.videoPlayer === 'stream' &&
    !video.streamManifest &&
    (video.streamStatus === 'queued' || video.streamStatus === 'processing')
  ) {
    throw badRequest(
      'The video file is still being processed: publish it when it is ready.',
      'video_stream_source',
      'VIDEO_NOT_PLAYABLE',
    );
  }
  if (video.videoPlayer === 'youtube' && !video.youtubeVideoId) {
    throw badRequest('Add the YouTube video id before publishing.', 'youtube_video_id', 'VIDEO_NOT_PLAYABLE');
  }
  if (video.videoPlayer === 'stream' && !video.streamManifest) {
    throw badRequest('Upload the stream (its .m3u8 manifest) before publishing.', 'video_stream_manifest', 'VIDEO_NOT_PLAYABLE');
  }
}

/** Spec: slugs are unique; an earlier slug of another video still redirects there, so it is taken too. */
async function requireFreeSlug(db: Database, slug: string, idVideo: number | null): Promise<void> {
  const holder = await repo.findSlugHolder(db, slug);
  if (!holder || holder.idVideo === idVideo) return;
  const message = holder.current
    ? `The slug “${slug}” is already used by “${holder.videoTitle}”. Choose another.`
    : `The slug “${slug}” still redirects to “${holder.videoTitle}”, which used it before. Choose another.`;
  throw new AppError('SLUG_TAKEN', 409, message, 'video_slug');
}

async function requireCourseExists(db: Database, idCourse: number | null, field: string): Promise<void> {
  if (idCourse !== null && !(await repo.courseExists(db, idCourse))) {
    throw badRequest('That course does not exist.', field, 'COURSE_NOT_FOUND');
  }
}

/** Two editors saving the same new slug at once: the unique index decides, the loser gets the 409. */
async function withSlugRace<T>(slug: string, work: () => Promise<T>): Promise<T> {
  return onUniqueViolation(
    work,
    () => new AppError('SLUG_TAKEN', 409, `The slug “${slug}” was just taken by another video. Choose another.`, 'video_slug'),
  );
}

const short = (value: unknown) => (typeof value === 'string' && value.length > 120 ? `${value.slice(0, 117)}…` : value);

/** The audit diff of an update: each changed field as { from, to }, long texts shortened. */
function diffVideos(before: EditorVideo, after: EditorVideo): Record<string, unknown> {
  const diff: Record<string, unknown> = {};
  const skip = new Set(['video_updated', 'video_created', 'video_courses', 'video_slug_history']);
  for (const key of Object.keys(after) as (keyof EditorVideo)[]) {
    // A `_signed` preview follows its media path, which the diff already shows.
    if (skip.has(key) || key.endsWith('_signed')) continue;
    const from = before[key];
    const to = after[key];
    if (key === 'video_sections' || key === 'video_chords' || key === 'video_chapters') {
      const strip = (list: unknown[]) =>
        JSON.stringify(list.map((x) => ({ ...(x as object), id_video_section: 0, id_video_chord: 0 })));
      if (strip(from as unknown[]) !== strip(to as unknown[])) {
        diff[key] = { from: `${(from as unknown[]).length} entries`, to: `${(to as unknown[]).length} entries` };
      }
      continue;
    }
    if (key === 'video_tags') {
      const names = (list: EditorVideo['video_tags']) => list.map((t) => t.tag_name ?? t.tag_slug);
      if (JSON.stringify(from) !== JSON.stringify(to))
        diff[key] = { from: names(before.video_tags), to: names(after.video_tags) };
      continue;
    }
    if (JSON.stringify(from) !== JSON.stringify(to)) diff[key] = { from: short(from), to: short(to) };
  }
  return diff;
}

async function writeChildren(db: Database, idVideo: number, body: EditorVideoBody, sections: repo.SectionInsert[]) {
  await repo.replaceSections(db, idVideo, sections);
  await repo.replaceChords(
    db,
    idVideo,
    body.video_chords.map((ch, i) => ({
      chordOrder: i,
      chordText: ch.video_chord_text,
      chordUrl: ch.video_chord_url,
      chordFrets: ch.video_chord_frets,
      chordFingers: ch.video_chord_fingers,
      chordKey: ch.video_chord_key,
    })),
  );
  await repo.replaceChapters(
    db,
    idVideo,
    body.video_chapters.map((ch) => ({ chapterTime: ch.time, chapterTitle: ch.title })),
  );
  await repo.replaceTags(
    db,
    idVideo,
    body.video_tags.map((t) => ({ tagSlug: t.tag_slug, tagName: t.tag_name })),
  );
}

/** POST: a new video, always a draft; sections, chords and tags in the same transaction. */
export async function createVideo(ctx: EditorContext, body: EditorVideoBody): Promise<EditorVideo> {
  const sections = toSectionRows(body.video_sections);
  const idVideo = await withSlugRace(body.video_slug, () =>
    ctx.db.transaction(async (tx) => {
      await requireFreeSlug(tx, body.video_slug, null);
      await requireCourseExists(tx, body.id_recommended_course, 'id_recommended_course');
      const videoOrder = body.video_order ?? (await repo.findNextVideoOrder(tx));
      const stream = streamColumnsFor(body, null);
      const id = await repo.insertVideo(tx, {
        ...toVideoColumns(body),
        ...stream.columns,
        videoOrder,
        videoPublished: false,
        videoCreated: ctx.now,
        videoUpdated: ctx.now,
      });
      await writeChildren(tx, id, body, sections);
      if (stream.queue && body.video_stream_source) await queueStreamProcessing(tx, id, body.video_stream_source);
      await recordAudit(
        tx,
        ctx.auth,
        {
          action: 'video.create',
          targetType: TARGET,
          targetId: id,
          diff: { video_title: body.video_title, video_slug: body.video_slug, video_category: body.video_category },
        },
        ctx.now,
      );
      return id;
    }),
  );
  return getEditorVideo(ctx, idVideo);
}

/**
 * PUT: replaces the video whole — its fields, sections, chords and tags — in one transaction. A
 * changed slug keeps the old one as a redirect. A published video must stay playable.
 */
export async function updateVideo(ctx: EditorContext, idVideo: number, body: EditorVideoBody): Promise<EditorVideo> {
  const sections = toSectionRows(body.video_sections);
  await withSlugRace(body.video_slug, () =>
    ctx.db.transaction(async (tx) => {
      const current = await repo.findVideo(tx, idVideo, true);
      if (!current) throw videoNotFound();
      const before = await getEditorVideo({ ...ctx, db: tx }, idVideo);
      if (body.video_slug !== current.videoSlug) await requireFreeSlug(tx, body.video_slug, idVideo);
      await requireCourseExists(tx, body.id_recommended_course, 'id_recommended_course');
      const stream = streamColumnsFor(body, current);
      const columns = { ...toVideoColumns(body), ...stream.columns };
      if (current.videoPublished)
        requirePlayable({
          videoPlayer: body.video_player,
          youtubeVideoId: columns.youtubeVideoId ?? null,
          streamManifest: columns.streamManifest ?? null,
          streamStatus: columns.streamStatus,
        });
      await repo.updateVideo(tx, idVideo, {
        ...columns,
        videoOrder: body.video_order ?? current.videoOrder,
        videoUpdated: ctx.now,
      });
      if (stream.queue && body.video_stream_source) await queueStreamProcessing(tx, idVideo, body.video_stream_source);
      if (body.video_slug !== current.videoSlug) {
        await repo.recordSlugChange(tx, idVideo, current.videoSlug, body.video_slug, ctx.now);
      }
      await writeChildren(tx, idVideo, body, sections);
      const after = await getEditorVideo({ ...ctx, db: tx }, idVideo);
      const changes = diffVideos(before, after);
      if (Object.keys(changes).length) {
        await recordAudit(
          tx,
          ctx.auth,
          { action: 'video.update', targetType: TARGET, targetId: idVideo, diff: changes },
          ctx.now,
        );
      }
    }),
  );
  return getEditorVideo(ctx, idVideo);
}

/** Publish or unpublish; the same state twice changes nothing and records nothing. */
export async function setPublished(ctx: EditorContext, idVideo: number, published: boolean): Promise<EditorVideo> {
  await ctx.db.transaction(async (tx) => {
    const current = await repo.findVideo(tx, idVideo, true);
    if (!current) throw videoNotFound();
    if (current.videoPublished === published) return;
    if (published) requirePlayable(current);
    await repo.updateVideo(tx, idVideo, { videoPublished: published, videoUpdated: ctx.now });
    // A publication by hand ends any schedule (ADR 0060): otherwise a later unpublish would be
    // undone by the old job, and the schedule panel, hidden once published, could not cancel it.
    const scheduled = await repo.deleteSchedule(tx, idVideo);
    await recordAudit(
      tx,
      ctx.auth,
      {
        action: published ? 'video.publish' : 'video.unpublish',
        targetType: TARGET,
        targetId: idVideo,
        diff: {
          video_slug: current.videoSlug,
          video_published: { from: current.videoPublished, to: published },
          ...(scheduled ? { video_publish_at: { from: scheduled, to: null } } : {}),
        },
      },
      ctx.now,
    );
  });
  return getEditorVideo(ctx, idVideo);
}

/** Deletes the video with its sections, chords, tags, course places, plays and saves (cascades). */
export async function deleteVideo(ctx: EditorContext, idVideo: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await repo.findVideo(tx, idVideo, true);
    if (!current) throw videoNotFound();
    await repo.deleteVideo(tx, idVideo);
    await recordAudit(
      tx,
      ctx.auth,
      {
        action: 'video.delete',
        targetType: TARGET,
        targetId: idVideo,
        diff: { video_title: current.videoTitle, video_slug: current.videoSlug, video_published: current.videoPublished },
      },
      ctx.now,
    );
  });
  // After the commit: the renditions go with the row (ADR 0057).
  await removeVideoStreams(ctx.store, idVideo);
}

/**
 * POST stream/retry (ADR 0057): processes the video's uploaded file again, after a failure or to
 * remake the renditions. 400 when the video has no file, 409 while it is already queued or running.
 */
export async function retryVideoStream(ctx: EditorContext, idVideo: number): Promise<EditorVideo> {
  await ctx.db.transaction(async (tx) => {
    const current = await repo.findVideo(tx, idVideo, true);
    if (!current) throw videoNotFound();
    if (!current.streamSource) {
      throw badRequest('Upload a video file first: there is nothing to process.', 'video_stream_source', 'VIDEO_NO_SOURCE');
    }
    if (current.streamStatus === 'queued' || current.streamStatus === 'processing') {
      throw new AppError('VIDEO_STREAM_BUSY', 409, 'The video file is already being processed.');
    }
    await repo.updateVideo(tx, idVideo, { streamStatus: 'queued', streamProgress: 0, streamError: null, videoUpdated: ctx.now });
    await queueStreamProcessing(tx, idVideo, current.streamSource);
    await recordAudit(
      tx,
      ctx.auth,
      {
        action: 'video.stream_retry',
        targetType: TARGET,
        targetId: idVideo,
        diff: { video_stream_source: current.streamSource },
      },
      ctx.now,
    );
  });
  return getEditorVideo(ctx, idVideo);
}

/**
 * PUT courses: the video is in exactly the listed courses, each at its position. Courses are
 * locked in id order (the same order for every caller, so two editors cannot deadlock).
 */
export async function setVideoCourses(
  ctx: EditorContext,
  idVideo: number,
  body: EditorVideoCoursesBody,
): Promise<EditorVideoCourse[]> {
  await ctx.db.transaction(async (tx) => {
    const video = await repo.findVideo(tx, idVideo, true);
    if (!video) throw videoNotFound();
    const before = await repo.findVideoCourses(tx, idVideo);
    const wanted = new Map(body.courses.map((c) => [c.id_course, c]));
    const touched = [...new Set([...before.map((b) => b.idCourse), ...wanted.keys()])].sort((a, b) => a - b);
    for (const idCourse of touched) {
      if (!(await repo.lockCourse(tx, idCourse))) {
        const index = body.courses.findIndex((c) => c.id_course === idCourse);
        throw badRequest('That course does not exist.', `courses.${index}.id_course`, 'COURSE_NOT_FOUND');
      }
    }
    const defaultKind = video.videoCategory === 'Song' ? 'song' : 'video';
    await repo.removeFromCourses(
      tx,
      idVideo,
      before.filter((b) => !wanted.has(b.idCourse)).map((b) => b.idCourse),
    );
    for (const entry of body.courses) {
      const was = before.find((b) => b.idCourse === entry.id_course);
      const kind = entry.kind ?? (was?.kind === 'song' || was?.kind === 'video' ? was.kind : defaultKind);
      // Unchanged places stay as they are (no renumbering for nothing).
      if (was && kind === was.kind && (entry.position === null || entry.position === was.position)) continue;
      await repo.placeInCourse(tx, entry.id_course, idVideo, entry.position ?? (was ? was.position : null), kind);
    }
    const after = await repo.findVideoCourses(tx, idVideo);
    const describe = (rows: repo.VideoCourseRow[]) =>
      rows.map((r) => `${r.courseSlug} #${r.position}${r.kind === 'song' ? ' (song)' : ''}`);
    if (JSON.stringify(describe(before)) !== JSON.stringify(describe(after))) {
      await repo.updateVideo(tx, idVideo, { videoUpdated: ctx.now });
      await recordAudit(
        tx,
        ctx.auth,
        {
          action: 'video.courses.set',
          targetType: TARGET,
          targetId: idVideo,
          diff: { video_slug: video.videoSlug, courses: { from: describe(before), to: describe(after) } },
        },
        ctx.now,
      );
    }
  });
  return (await repo.findVideoCourses(ctx.db, idVideo)).map(toCourse);
}
