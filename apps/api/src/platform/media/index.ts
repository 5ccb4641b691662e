// The media store's public surface (ADR 0017): signed, expiring URLs over a local folder; and the
// media pipeline's tools (ADR 0057): ffmpeg found on PATH or at FFMPEG_PATH.
export { createMediaStore, contentTypeFor, signedMediaUrl, type MediaStore } from './media-store.ts';
export { registerMediaRoutes } from './media.routes.ts';
export {
  FFMPEG_MISSING_TEXT,
  MediaInputError,
  extractPosterFrames,
  findMediaTools,
  ladderFor,
  makePreviewClip,
  probeMedia,
  transcodeToHls,
  type MediaTools,
} from './ffmpeg.ts';
