import { z } from 'zod';

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
