import { type SavedVideo, type VideoCategory, videoSubtitle } from '@fretline/contract';
import { signedMediaUrl } from '../../platform/media/index.ts';
import { notFound } from '../../plugins/errors.ts';
import type { Viewer } from './lock-rules.ts';
import { VIDEO_NOT_FOUND, type VideosContext } from './videos.context.ts';
import { deleteSaved, findSavedPage, insertSaved, type SavedRow } from './saved.repository.ts';
import { findVideoById } from './videos.repository.ts';

// My List: a learner's saved videos.

function toSaved(ctx: VideosContext, row: SavedRow): SavedVideo {
  return {
    id_user_video: row.idUserVideo,
    id_video: row.idVideo,
    video_title: row.videoTitle,
    video_slug: row.videoSlug,
    // A moment opens the lesson there (product.md#practice): whole seconds are what the page reads.
    video_route: row.savedTime === null ? `/videos/${row.videoSlug}` : `/videos/${row.videoSlug}?t=${Math.floor(row.savedTime)}`,
    video_image_url: signedMediaUrl(ctx, row.videoImage),
    video_subtitle: videoSubtitle({
      video_category: row.videoCategory as VideoCategory,
      video_artist: row.videoArtist,
      video_type: row.videoType,
    }),
    saved_time: row.savedTime,
    saved_note: row.savedNote,
  };
}

export async function listSaved(ctx: VideosContext, idUser: number, limit: number, offset: number, idVideo?: number) {
  const { rows, total } = await findSavedPage(ctx.db, idUser, limit, offset, idVideo);
  return { saved: rows.map((r) => toSaved(ctx, r)), total };
}

export async function saveVideo(
  ctx: VideosContext,
  viewer: Viewer & { idUser: number },
  body: { id_video: number; saved_time?: number | null; saved_note?: string | null },
): Promise<SavedVideo> {
  const video = await findVideoById(ctx.db, body.id_video);
  if (!video || (!video.videoPublished && !viewer.isEditor)) throw notFound(undefined, VIDEO_NOT_FOUND);
  // A moment is kept to the tenth of a second, so a double tap on "Save this moment" is one entry.
  const savedTime = body.saved_time == null ? null : Math.round(body.saved_time * 10) / 10;
  const moment = { savedTime, savedNote: body.saved_note ?? null };
  return toSaved(ctx, await insertSaved(ctx.db, viewer.idUser, body.id_video, moment, ctx.now));
}

export async function removeSaved(ctx: VideosContext, idUser: number, idUserVideo: number): Promise<void> {
  // Scoped by the owner: another user's id is a 404 and nothing changes.
  if (!(await deleteSaved(ctx.db, idUser, idUserVideo))) throw notFound(undefined, 'SAVED_VIDEO_NOT_FOUND');
}
