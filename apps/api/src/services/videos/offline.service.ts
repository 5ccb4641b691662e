import { OFFLINE_FREE_DAYS, OFFLINE_PREMIUM_DAYS, OFFLINE_TEXTS, type OfflineAllowance } from '@fretline/contract';
import { AppError } from '../../plugins/errors.ts';
import { isVideoLocked, type Viewer } from './lock-rules.ts';
import type { VideosContext } from './videos.context.ts';
import { requireVideo } from './videos.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Until when the caller may keep a lesson for offline practice (product.md#offline-practice, ADR
 * 0079). The browser's copy checks in here whenever it is online: a lesson the caller can no longer
 * open (a premium one after the membership ended) is refused, and the browser deletes the copy. A
 * copy that cannot check in runs out at the time answered last.
 */
export async function getOfflineAllowance(
  ctx: VideosContext,
  viewer: Viewer & { idUser: number },
  slug: string,
): Promise<OfflineAllowance> {
  const video = await requireVideo(ctx, viewer, slug);
  if (isVideoLocked({ premium: video.videoPremium }, viewer))
    throw new AppError('OFFLINE_NOT_ALLOWED', 403, OFFLINE_TEXTS.refused);
  // Only our own HLS stream can be stored (a YouTube lesson cannot).
  if (!video.streamManifest) throw new AppError('OFFLINE_NO_STREAM', 409, OFFLINE_TEXTS.noStream);
  const days = video.videoPremium ? OFFLINE_PREMIUM_DAYS : OFFLINE_FREE_DAYS;
  return {
    video_slug: video.videoSlug,
    video_premium: video.videoPremium,
    allowed_until: new Date(ctx.now.getTime() + days * DAY_MS).toISOString(),
  };
}
