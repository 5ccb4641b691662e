import { z } from 'zod';
import { envelope } from '../wire/envelope.ts';

/** GET me/offline/{videoSlug} -> offline: the caller may keep (or go on keeping) this lesson until then. */
export const OfflineAllowanceSchema = z.object({
  video_slug: z.string(),
  video_premium: z.boolean(),
  /** ISO 8601 time: the kept copy is deleted after it unless a check-in moves it on. */
  allowed_until: z.string(),
});
export type OfflineAllowance = z.infer<typeof OfflineAllowanceSchema>;
export const OfflineAllowanceResponseSchema = envelope('offline', OfflineAllowanceSchema);
