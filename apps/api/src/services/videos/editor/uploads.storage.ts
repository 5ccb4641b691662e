import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { UPLOAD_ERRORS, UPLOAD_KINDS, uploadExtensionOf, uploadKindOf, type UploadKind } from '@fretline/contract';
import type { MediaStore } from '../../../platform/media/index.ts';
import { AppError, badRequest, isMediaStoreOutage } from '../../../plugins/errors.ts';

/** Enough of a file's start to recognise every allowed kind (the Guitar Pro 3-5 header is the longest). */
const SNIFF_BYTES = 64;

const ascii = (head: Buffer, at: number, text: string) => head.subarray(at, at + text.length).toString('latin1') === text;
const isFtyp = (head: Buffer) => ascii(head, 4, 'ftyp');
const isZip = (head: Buffer) => ascii(head, 0, 'PK\x03\x04') || ascii(head, 0, 'PK\x05\x06');

/**
 * What each allowed extension's first bytes must look like (ADR 0039), so a renamed executable or
 * HTML page is refused whatever its name says. Checked by hand rather than with a general sniffing
 * library: the allow-list is short, and two of its formats (Guitar Pro, GPX) are unknown to them.
 */
const SIGNATURES: Record<string, (head: Buffer) => boolean> = {
  jpg: (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff,
  jpeg: (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff,
  png: (h) => ascii(h, 0, '\x89PNG\r\n\x1a\n'),
  gif: (h) => ascii(h, 0, 'GIF87a') || ascii(h, 0, 'GIF89a'),
  webp: (h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'WEBP'),
  // An ID3 tag, or straight into an MPEG audio frame (11 sync bits).
  mp3: (h) => ascii(h, 0, 'ID3') || (h[0] === 0xff && ((h[1] ?? 0) & 0xe0) === 0xe0),
  m4a: isFtyp,
  mp4: isFtyp,
  // QuickTime: an ftyp box, or (older cameras) straight into a moov, mdat, wide or free atom.
  mov: (h) => isFtyp(h) || ['moov', 'mdat', 'wide', 'free', 'skip'].some((atom) => ascii(h, 4, atom)),
  // The EBML header Matroska and WebM start with.
  webm: (h) => h[0] === 0x1a && h[1] === 0x45 && h[2] === 0xdf && h[3] === 0xa3,
  pdf: (h) => ascii(h, 0, '%PDF-'),
  zip: isZip,
  // Guitar Pro 7 and later: a zip container.
  gp: isZip,
  // Guitar Pro 6: a BCFZ (compressed) or BCFS file system.
  gpx: (h) => ascii(h, 0, 'BCFZ') || ascii(h, 0, 'BCFS'),
  // Guitar Pro 3-5: a length byte, then the format's name.
  gp3: (h) => ascii(h, 1, 'FICHIER GUITAR PRO'),
  gp4: (h) => ascii(h, 1, 'FICHIER GUITAR PRO'),
  gp5: (h) => ascii(h, 1, 'FICHIER GUITAR PRO'),
};

/** Whether `head` (a file's first bytes) looks like a file of extension `ext`. */
export function hasSignatureOf(ext: string, head: Buffer): boolean {
  return SIGNATURES[ext]?.(head) ?? false;
}

const unsupported = (message: string, code: string) => new AppError(code, 415, message);

/** The extension and kind a file name may be uploaded as; throws the 415 that says why not. */
export function requireUploadKind(filename: string): { ext: string; kind: UploadKind } {
  const ext = uploadExtensionOf(baseName(filename));
  if (ext === 'svg') throw unsupported(UPLOAD_ERRORS.svg, 'UPLOAD_TYPE_NOT_ALLOWED');
  const kind = uploadKindOf(baseName(filename));
  if (!kind || !SIGNATURES[ext]) throw unsupported(UPLOAD_ERRORS.notAllowed(ext), 'UPLOAD_TYPE_NOT_ALLOWED');
  return { ext, kind };
}

export const tooLarge = (kind: UploadKind) => new AppError('UPLOAD_TOO_LARGE', 413, UPLOAD_ERRORS.tooLarge(kind));

function baseName(filename: string): string {
  return filename.split(/[\\/]/).pop() ?? '';
}

/**
 * The name part a stored file keeps: accents folded, lower case, anything outside [a-z0-9]
 * collapsed to '-', at most 60 characters; 'file' when nothing is left. Paths, dots and
 * control characters never survive, so the result always passes `isSafeMediaPath`.
 */
export function safeStem(filename: string): string {
  const base = baseName(filename);
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  const clean = stem
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return clean || 'file';
}

/** `uploads/YYYY/MM/<random>-<safe-name>.<ext>` (UTC month), unguessable and collision-free. */
export function newUploadPath(filename: string, ext: string, now: Date): string {
  const year = String(now.getUTCFullYear());
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `uploads/${year}/${month}/${randomBytes(8).toString('hex')}-${safeStem(filename)}.${ext}`;
}

/**
 * Streams `source` into the media store at `mediaPath` without holding more than a chunk (or one
 * multipart part) in memory (ADR 0039, ADR 0059): the first bytes are checked against the extension
 * before anything is written, the running count against the kind's limit, and the store shows the
 * file only when complete, so a reader never sees half a file. On any failure nothing is left
 * behind. The source is never destroyed, so the caller can still answer the request.
 */
export async function writeUpload(
  source: Readable,
  store: Pick<MediaStore, 'write'>,
  mediaPath: string,
  rule: { ext: string; kind: UploadKind },
  contentType: string,
): Promise<{ bytes: number }> {
  const limit = UPLOAD_KINDS[rule.kind].maxBytes;
  let bytes = 0;
  async function* checked(): AsyncGenerator<Buffer> {
    let head: Buffer | null = Buffer.alloc(0);
    for await (const chunk of source.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer | string>) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      bytes += buffer.length;
      if (bytes > limit) throw tooLarge(rule.kind);
      if (!head) {
        yield buffer;
        continue;
      }
      head = Buffer.concat([head, buffer]);
      if (head.length < SNIFF_BYTES) continue;
      if (!hasSignatureOf(rule.ext, head)) throw unsupported(UPLOAD_ERRORS.mismatch(rule.ext), 'UPLOAD_CONTENT_MISMATCH');
      const start = head;
      head = null;
      yield start;
    }
    if (bytes === 0) throw badRequest(UPLOAD_ERRORS.empty, undefined, 'UPLOAD_EMPTY');
    if (head) {
      if (!hasSignatureOf(rule.ext, head)) throw unsupported(UPLOAD_ERRORS.mismatch(rule.ext), 'UPLOAD_CONTENT_MISMATCH');
      yield head;
    }
  }

  try {
    await store.write(mediaPath, Readable.from(checked(), { objectMode: false }), contentType);
    return { bytes };
  } catch (err) {
    // A refused file, or the bucket down (a 503, not the upload's fault).
    if (err instanceof AppError || isMediaStoreOutage(err)) throw err;
    // The client went away (or the disk failed) mid-file.
    if (source.destroyed || (source as { aborted?: boolean }).aborted) {
      throw badRequest('The upload was interrupted, please try again.', undefined, 'UPLOAD_INTERRUPTED');
    }
    throw err;
  }
}
