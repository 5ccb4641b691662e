import { z } from 'zod';
import { IdSchema, TextSchema } from './fields.ts';

/**
 * Saved video (product.md#entities). Added: video_title and video_slug, which the /my-list card shows and links
 * with (video_route is the ready-made path, e.g. /videos/{slug}, and /videos/{slug}?t=83 for a saved moment).
 */
export const SavedVideoSchema = z.object({
  id_user_video: IdSchema,
  id_video: IdSchema,
  video_title: TextSchema,
  video_slug: z.string().min(1),
  video_route: z.string().min(1),
  video_image_url: TextSchema,
  video_subtitle: TextSchema,
  /** A saved moment (product.md#practice): seconds into the video, or null for the whole video. */
  saved_time: z.number().min(0).nullable(),
  saved_note: TextSchema,
});
export type SavedVideo = z.infer<typeof SavedVideoSchema>;
