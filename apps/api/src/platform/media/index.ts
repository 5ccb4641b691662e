// The media store's public surface (ADR 0017, ADR 0059): signed, expiring URLs over a local folder
// or an S3 bucket; and the media pipeline's tools (ADR 0057): ffmpeg found on PATH or at FFMPEG_PATH.
export {
  createMediaStore,
  contentTypeFor,
  isSafeMediaPath,
  signedMediaUrl,
  type MediaStore,
  type StoredMedia,
} from './media-store.ts';
export { createS3MediaStore } from './s3-media-store.ts';
export { registerMediaRoutes } from './media.routes.ts';
export { createImageVariants, type ImageVariants } from './image-variants.ts';
export {
  FFMPEG_MISSING_TEXT,
  MediaInputError,
  extractPosterFrames,
  findMediaTools,
  joinRecordings,
  ladderFor,
  startLiveHls,
  makePreviewClip,
  probeMedia,
  transcodeToHls,
  type MediaTools,
} from './ffmpeg.ts';
export { startRtmpServer, type RtmpPublish, type RtmpServer } from './rtmp-server.ts';
