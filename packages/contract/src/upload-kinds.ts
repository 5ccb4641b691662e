// Plain values, without zod: the staff media picker reads them in the browser (ADR 0039).

/** Where a staff page uploads one file (ADR 0039), below /api. */
export const UPLOADS_PATH = '/videos/editor/uploads';

export type UploadKind = 'image' | 'audio' | 'video' | 'document';

const MB = 1024 * 1024;

/**
 * What an upload may be, by kind (ADR 0039): the file name's extension picks the kind, the first
 * bytes must then look like that kind, and the kind's limit caps the size. SVG is refused (it can
 * carry script); HLS is not uploaded file by file (a playlist needs its segments beside it).
 */
export const UPLOAD_KINDS: Record<UploadKind, { label: string; maxBytes: number; extensions: readonly string[] }> = {
  image: { label: 'image', maxBytes: 10 * MB, extensions: ['jpg', 'jpeg', 'png', 'webp', 'gif'] },
  audio: { label: 'audio file', maxBytes: 200 * MB, extensions: ['mp3', 'm4a'] },
  video: { label: 'video', maxBytes: 2048 * MB, extensions: ['mp4', 'mov', 'webm'] },
  document: { label: 'document', maxBytes: 100 * MB, extensions: ['pdf', 'gp', 'gpx', 'gp5', 'gp4', 'gp3', 'zip'] },
};

/** The lower-case extension of a file name, or '' when it has none. */
export function uploadExtensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 && dot < filename.length - 1 ? filename.slice(dot + 1).toLowerCase() : '';
}

/** The kind a file name's extension allows, or null when uploads refuse it. */
export function uploadKindOf(filename: string): UploadKind | null {
  const ext = uploadExtensionOf(filename);
  for (const [kind, rule] of Object.entries(UPLOAD_KINDS) as Array<[UploadKind, (typeof UPLOAD_KINDS)[UploadKind]]>) {
    if (rule.extensions.includes(ext)) return kind;
  }
  return null;
}

/** Every extension uploads accept, as an `accept` attribute (`.jpg,.jpeg,…`). */
export const UPLOAD_ACCEPT_ALL = Object.values(UPLOAD_KINDS)
  .flatMap((k) => k.extensions.map((e) => `.${e}`))
  .join(',');

/** Image extensions as an `accept` attribute, for poster and picture fields. */
export const UPLOAD_ACCEPT_IMAGES = UPLOAD_KINDS.image.extensions.map((e) => `.${e}`).join(',');

/** Video extensions as an `accept` attribute, for a course trailer's preview clip. */
export const UPLOAD_ACCEPT_VIDEOS = UPLOAD_KINDS.video.extensions.map((e) => `.${e}`).join(',');

/** `10 MB`, `2 GB`: limits as people read them. */
export function formatUploadBytes(bytes: number): string {
  if (bytes >= 1024 * MB) return `${+(bytes / (1024 * MB)).toFixed(1)} GB`;
  if (bytes >= MB) return `${+(bytes / MB).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** The user's texts of an upload's failures (ADR 0039), shared by the API and the picker. */
export const UPLOAD_ERRORS = {
  notAllowed: (ext: string) =>
    `${ext ? `.${ext} files` : 'Files without an extension'} can't be uploaded. Use an image (JPG, PNG, WebP, GIF), audio (MP3, M4A), video (MP4, MOV, WebM) or a document (PDF, Guitar Pro, ZIP).`,
  svg: 'SVG images are not accepted, because they can carry script. Export the image as PNG or WebP instead.',
  tooLarge: (kind: UploadKind) =>
    `That ${UPLOAD_KINDS[kind].label} is too large: the limit is ${formatUploadBytes(UPLOAD_KINDS[kind].maxBytes)}.`,
  mismatch: (ext: string) => `That file's contents are not a .${ext} file. Check the file and try again.`,
  empty: 'That file is empty.',
  tooManyOpen: (limit: number) => `You have ${limit} unfinished video uploads. Finish or cancel one before starting another.`,
  tooManyOpenBytes: 'Your unfinished video uploads are as large as allowed. Finish or cancel one before starting another.',
} as const;

/**
 * The resumable upload endpoint (the tus protocol, ADR 0057): large video files for the media
 * pipeline go here in chunks, so a dropped connection resumes where it stopped. It speaks tus, not
 * the call envelope, so it is not a declared call; on completion its answer carries the stored
 * file's media path in this header.
 */
export const RESUMABLE_UPLOAD_PATH = '/api/videos/editor/resumable-uploads';
export const RESUMABLE_MEDIA_PATH_HEADER = 'Fretline-Media-Path';

/**
 * `uploads/2026/11/3f2a…-open-chords.jpg` → `open-chords.jpg`: a stored file's name as people read
 * it, without its folder or the random prefix an upload's path starts with (ADR 0068).
 */
export function mediaNameOf(mediaPath: string): string {
  const base = mediaPath.slice(mediaPath.lastIndexOf('/') + 1);
  return base.replace(/^[0-9a-f]{16}-/, '');
}
