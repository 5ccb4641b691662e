import { z } from 'zod';
import { LIST_LIMIT_MAX } from '../constants.ts';
import { pagedEnvelope } from '../wire/envelope.ts';

/**
 * POST /api/videos/editor/uploads?filename=<name> (ADR 0039): the file itself is the
 * request body (`application/octet-stream`), one file per request, so the server can stream it
 * to disk. `filename` is the original name; only its extension and a cleaned stem are kept.
 */
export const UploadQuerySchema = z.object({
  filename: z.string().trim().min(1, 'Name the file being uploaded.').max(255, 'That file name is too long.'),
});
export type UploadQuery = z.infer<typeof UploadQuerySchema>;

/** What an upload stored: the media path to save in a form, and a signed URL to preview it now. */
export const UploadedMediaSchema = z.object({
  media_path: z.string(),
  url: z.string(),
  content_type: z.string(),
  bytes: z.number().int().min(1),
});
export type UploadedMedia = z.infer<typeof UploadedMediaSchema>;

export const UploadResponseSchema = z.object({ data: UploadedMediaSchema });
export type UploadResponse = z.infer<typeof UploadResponseSchema>;

/**
 * The kinds of file the media library lists, as uploads name them (ADR 0068), and `stream`: an
 * HLS playlist ready to play (the demo clips, and videos whose uploaded file was processed),
 * listed only when asked for by kind.
 */
export const MEDIA_KINDS = ['image', 'audio', 'video', 'document', 'stream'] as const;

/**
 * GET /api/videos/editor/media (ADR 0068): what the media store holds that a form may pick, newest
 * first; `q` matches part of the file's name, `kind` keeps one kind. No path is ever taken as
 * input, so nothing outside the uploads and the demo media can be named.
 */
export const MediaListQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search with at most 100 characters.').optional(),
  kind: z
    .enum(MEDIA_KINDS)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export type MediaListQuery = z.infer<typeof MediaListQuerySchema>;

/** One file of the media library: its path (what a form saves), a readable name, and a signed URL to preview it. */
export const MediaItemSchema = z.object({
  media_path: z.string(),
  /** The name as uploaded (`poster.jpg`), without the store's random prefix. */
  name: z.string(),
  kind: z.enum(MEDIA_KINDS),
  content_type: z.string(),
  bytes: z.number().int().min(0),
  /** When the file was stored (ISO 8601), or null when the store does not say. */
  modified: z.string().nullable(),
  url: z.string(),
  /** A stream's poster (signed URL) to preview it by, when it has one; null for other files. */
  poster_url: z.string().nullable(),
});
export type MediaItem = z.infer<typeof MediaItemSchema>;

export const MediaListResponseSchema = pagedEnvelope('media', MediaItemSchema);
export type MediaListResponse = z.infer<typeof MediaListResponseSchema>;
