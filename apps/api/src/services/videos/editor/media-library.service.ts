import { mediaNameOf, uploadKindOf, type MediaItem, type MediaListQuery } from '@fretline/contract';
import type { Database } from '@fretline/db';
import { contentTypeFor, type MediaStore, type StoredMedia } from '../../../platform/media/index.ts';
import { findProcessedStreams } from './video-streams.repository.ts';

/**
 * How many files one listing reads from the store at most (ADR 0068): a teacher's library is
 * hundreds of files, and reading every one of them for each page keeps search and newest-first
 * order the same on a folder and on a bucket, which can neither search nor sort.
 */
const MEDIA_LIBRARY_SCAN_LIMIT = 5000;

/** A page of the library when the request names no limit: a grid of four or three columns fills evenly. */
const MEDIA_PAGE_DEFAULT = 24;

/** The folders a form may pick from: the editors' uploads and the committed demo media. */
const LIBRARY_FOLDERS = ['uploads', 'demo'] as const;

/**
 * The kind a stored file is offered as: what an upload of it would be, and SVG images too. Uploads
 * refuse SVG (it can carry script), but the committed demo posters and chord diagrams are SVGs, and
 * inside an <img> their scripts never run.
 */
function libraryKindOf(mediaPath: string): MediaItem['kind'] | null {
  return mediaPath.toLowerCase().endsWith('.svg') ? 'image' : uploadKindOf(mediaPath);
}

/**
 * The media library (ADR 0068): every file of the uploads and the demo media that an upload could
 * have been (images, audio, video, documents), newest first, filtered by part of its name and its
 * kind, one page of it with a signed URL each. Only paths the store listed itself are answered;
 * no path is taken from the request, so none outside those two folders can be reached.
 */
export async function listMediaLibrary(
  ctx: { db: Database; store: MediaStore; now: Date },
  query: MediaListQuery,
): Promise<{ media: MediaItem[]; total: number }> {
  if (query.kind === 'stream') return listStreams(ctx, query);
  const stored: StoredMedia[] = [];
  for (const folder of LIBRARY_FOLDERS) stored.push(...(await ctx.store.list(folder, MEDIA_LIBRARY_SCAN_LIMIT - stored.length)));
  const needle = query.q?.toLowerCase() ?? '';
  const matching = stored
    .map((file) => ({ file, name: mediaNameOf(file.mediaPath), kind: libraryKindOf(file.mediaPath) }))
    .filter((m) => m.kind !== null && (!query.kind || m.kind === query.kind))
    .filter((m) => !needle || m.name.toLowerCase().includes(needle))
    .sort(
      (a, b) =>
        (b.file.modified?.getTime() ?? 0) - (a.file.modified?.getTime() ?? 0) || a.file.mediaPath.localeCompare(b.file.mediaPath),
    );
  const offset = query.offset ?? 0;
  const limit = query.limit ?? MEDIA_PAGE_DEFAULT;
  return {
    total: matching.length,
    media: matching.slice(offset, offset + limit).map(({ file, name, kind }) => ({
      media_path: file.mediaPath,
      name,
      kind: kind!,
      content_type: contentTypeFor(file.mediaPath),
      bytes: file.size,
      modified: file.modified?.toISOString() ?? null,
      url: ctx.store.signedUrl(file.mediaPath, ctx.now),
      poster_url: null,
    })),
  };
}

/**
 * The streams a manifest field may pick (ADR 0068): the demo HLS clips, and the master playlist of
 * every video whose uploaded file was processed (ADR 0057), named by the video's title and shown
 * by its poster. Only the current renditions are offered: the row names them, and older runs'
 * folders are removed. No other `streams/` file (renditions, segments) is ever listed.
 */
async function listStreams(
  ctx: { db: Database; store: MediaStore; now: Date },
  query: MediaListQuery,
): Promise<{ media: MediaItem[]; total: number }> {
  const signed = (mediaPath: string | null) => (mediaPath ? ctx.store.signedUrl(mediaPath, ctx.now) : null);
  const demo = (await ctx.store.list('demo', MEDIA_LIBRARY_SCAN_LIMIT))
    .filter((file) => file.mediaPath.toLowerCase().endsWith('.m3u8'))
    .map((file) => ({
      mediaPath: file.mediaPath,
      // demo/hls/demo-clip/index.m3u8 is called by its folder: "demo-clip".
      name: file.mediaPath.split('/').at(-2) ?? mediaNameOf(file.mediaPath),
      bytes: file.size,
      modified: file.modified,
      poster: null,
    }));
  const processed = (await findProcessedStreams(ctx.db)).map((row) => ({
    mediaPath: row.streamManifest,
    name: row.videoTitle,
    bytes: 0,
    modified: row.videoUpdated,
    poster: row.streamPoster,
  }));
  const needle = query.q?.toLowerCase() ?? '';
  const matching = [...processed, ...demo]
    .filter((m) => !needle || m.name.toLowerCase().includes(needle))
    .sort((a, b) => (b.modified?.getTime() ?? 0) - (a.modified?.getTime() ?? 0) || a.mediaPath.localeCompare(b.mediaPath));
  const offset = query.offset ?? 0;
  const limit = query.limit ?? MEDIA_PAGE_DEFAULT;
  return {
    total: matching.length,
    media: matching.slice(offset, offset + limit).map((m) => ({
      media_path: m.mediaPath,
      name: m.name,
      kind: 'stream' as const,
      content_type: contentTypeFor(m.mediaPath),
      bytes: m.bytes,
      modified: m.modified?.toISOString() ?? null,
      url: ctx.store.signedUrl(m.mediaPath, ctx.now),
      poster_url: signed(m.poster),
    })),
  };
}
