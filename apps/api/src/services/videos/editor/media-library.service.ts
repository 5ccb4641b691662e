import { mediaNameOf, uploadKindOf, type MediaItem, type MediaListQuery } from '@fretline/contract';
import { contentTypeFor, type MediaStore, type StoredMedia } from '../../../platform/media/index.ts';

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
  ctx: { store: MediaStore; now: Date },
  query: MediaListQuery,
): Promise<{ media: MediaItem[]; total: number }> {
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
    })),
  };
}
