import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { MEDIA_URL_PREFIX } from '@fretline/contract';

/** The committed demo media is addressed by this path prefix; everything else is MEDIA_DIR. */
const DEMO_PREFIX = 'demo/';

// ADR 0017: URLs live 4-5 hours. The expiry is rounded up to the hour so a page rendered twice in
// the same hour gets the same URL and the browser cache (and a CDN) can reuse the bytes.
const URL_TTL_SECONDS = 4 * 3600;
const EXPIRY_STEP_SECONDS = 3600;

const SAFE_PATH = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** One stored file as the media library lists it (ADR 0068). */
export interface StoredMedia {
  mediaPath: string;
  size: number;
  /** When it was stored, when the store says. */
  modified: Date | null;
}

export interface MediaStore {
  /** A signed, expiring URL (path and query, same origin) for a media path such as `demo/x.svg`. */
  signedUrl(mediaPath: string, now: Date): string;
  /** The expiry (unix seconds) that signedUrl would use now. */
  expiryFor(now: Date): number;
  signedUrlWithExpiry(mediaPath: string, exp: number): string;
  /** Whether `sig` signs `mediaPath` until `exp` and `exp` has not passed. */
  verify(mediaPath: string, exp: number, sig: string, now: Date): boolean;
  /** The file on disk for a media path, or null when the path is unsafe or the bytes are not on disk. */
  resolveFile(mediaPath: string): string | null;
  /**
   * A hidden working folder on this host (`.<name>` under MEDIA_DIR), never served (hidden paths
   * fail isSafeMediaPath): resumable uploads in progress and transcodes being written (ADR 0057).
   */
  scratchDir(name: string): string;
  /** Where uploaded bytes live: this host's folder, or an S3 bucket shared by every instance (ADR 0059). */
  readonly kind: 'folder' | 's3';
  /** The size of a stored object, or null when there is none (or the path is unsafe). */
  stat(mediaPath: string): Promise<{ size: number } | null>;
  /** The object's bytes, or the inclusive byte range `[start, end]` of them. */
  read(mediaPath: string, range?: { start: number; end: number }): Promise<Readable>;
  /**
   * Streams `source` to `mediaPath`; readers see the whole object or none of it. A failure of the
   * source (a refused file) rejects with the source's own error and leaves nothing behind.
   */
  write(mediaPath: string, source: Readable, contentType: string): Promise<void>;
  remove(mediaPath: string): Promise<void>;
  /**
   * Removes everything stored under the folder `mediaPath` (`streams/12/ab12`): a video's HLS
   * renditions are many objects named only by their folder (ADR 0057). Nothing there is no error.
   */
  removeFolder(mediaPath: string): Promise<void>;
  /**
   * The files stored under the folder `folder` (`uploads`, `demo`), at most `limit` of them, hidden
   * ones (work in progress) never: what the media library offers (ADR 0068).
   */
  list(folder: string, limit: number): Promise<StoredMedia[]>;
}

/** The signing half of a store: the same for every place the bytes live (ADR 0017). */
export type MediaSigner = Pick<MediaStore, 'signedUrl' | 'expiryFor' | 'signedUrlWithExpiry' | 'verify'>;

export function createMediaSigner(secret: string): MediaSigner {
  // A key of its own, derived from SECRET_KEY, so a leaked media signature says nothing about other uses.
  const key = createHmac('sha256', secret).update('fretline media urls v1').digest();
  const sign = (mediaPath: string, exp: number) =>
    createHmac('sha256', key).update(`${mediaPath}\n${exp}`).digest('base64url').slice(0, 32);
  const expiryFor = (now: Date) =>
    Math.ceil((Math.floor(now.getTime() / 1000) + URL_TTL_SECONDS) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
  const signedUrlWithExpiry = (mediaPath: string, exp: number) =>
    `${MEDIA_URL_PREFIX}${mediaPath}?exp=${exp}&sig=${sign(mediaPath, exp)}`;
  return {
    expiryFor,
    signedUrlWithExpiry,
    signedUrl: (mediaPath, now) => signedUrlWithExpiry(mediaPath, expiryFor(now)),
    verify(mediaPath, exp, sig, now) {
      if (!Number.isInteger(exp) || exp * 1000 < now.getTime()) return false;
      const expected = Buffer.from(sign(mediaPath, exp));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** Whether a media path names the committed demo media, which every store reads from the repository. */
export function isDemoMediaPath(mediaPath: string): boolean {
  return mediaPath.startsWith(DEMO_PREFIX);
}

/** The signed URL of an optional media path (a poster, a diagram), or null when none is set. */
export function signedMediaUrl(ctx: { store: MediaStore; now: Date }, mediaPath: string | null | undefined): string | null {
  return mediaPath ? ctx.store.signedUrl(mediaPath, ctx.now) : null;
}

/** Finds the committed demo media folder: MEDIA_DEMO_DIR, else `media/demo` above this module or the cwd. */
function findDemoDir(): string | null {
  if (process.env.MEDIA_DEMO_DIR) return path.resolve(process.env.MEDIA_DEMO_DIR);
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const candidate = path.join(dir, 'media', 'demo');
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  const fromCwd = path.resolve('media/demo');
  return existsSync(fromCwd) ? fromCwd : null;
}

/** Rejects traversal, absolute paths, backslashes, hidden files and anything outside [A-Za-z0-9._-/]. */
export function isSafeMediaPath(mediaPath: string): boolean {
  if (mediaPath.length === 0 || mediaPath.length > 500) return false;
  if (!SAFE_PATH.test(mediaPath)) return false;
  return !mediaPath.split('/').some((part) => part === '.' || part === '..' || part.startsWith('.'));
}

export function createMediaStore(options: { secret: string; mediaDir: string; demoDir?: string | null }): MediaStore {
  const mediaDir = path.resolve(options.mediaDir);
  const demoDir = options.demoDir === undefined ? findDemoDir() : options.demoDir;

  const resolveFile = (mediaPath: string): string | null => {
    if (!isSafeMediaPath(mediaPath)) return null;
    const isDemo = isDemoMediaPath(mediaPath);
    const base = isDemo ? demoDir : mediaDir;
    if (!base) return null;
    const rel = isDemo ? mediaPath.slice(DEMO_PREFIX.length) : mediaPath;
    const file = path.resolve(base, rel);
    // Belt and braces: the resolved file must stay inside its root.
    return file.startsWith(base + path.sep) ? file : null;
  };
  const fileOf = (mediaPath: string): string => {
    const file = resolveFile(mediaPath);
    if (!file) throw new Error(`not a storable media path: ${mediaPath}`);
    return file;
  };

  return {
    ...createMediaSigner(options.secret),
    kind: 'folder',
    resolveFile,
    scratchDir: (name) => path.join(mediaDir, `.${name}`),
    async stat(mediaPath) {
      const file = resolveFile(mediaPath);
      const info = file ? await stat(file).catch(() => null) : null;
      return info?.isFile() ? { size: info.size } : null;
    },
    read: async (mediaPath, range) => createReadStream(fileOf(mediaPath), range ?? {}),
    async write(mediaPath, source) {
      const file = fileOf(mediaPath);
      await mkdir(path.dirname(file), { recursive: true });
      // A hidden temporary file beside the target, renamed into place only when complete (ADR 0039).
      const temp = path.join(path.dirname(file), `.${randomBytes(8).toString('hex')}.part`);
      const out = createWriteStream(temp, { flags: 'wx' });
      const closed = once(out, 'close').catch(() => undefined);
      try {
        await pipeline(source, out);
        await rename(temp, file);
      } catch (err) {
        // Closed before it is removed: an open still under way would otherwise recreate the file.
        out.destroy();
        await closed;
        await unlink(temp).catch(() => undefined);
        throw err;
      }
    },
    async remove(mediaPath) {
      await unlink(fileOf(mediaPath)).catch(() => undefined);
    },
    async removeFolder(mediaPath) {
      if (isDemoMediaPath(mediaPath)) throw new Error(`not a storable media path: ${mediaPath}`);
      await rm(fileOf(mediaPath), { recursive: true, force: true });
    },
    async list(folder, limit) {
      if (!isSafeMediaPath(folder)) return [];
      const root = folder === 'demo' ? demoDir : resolveFile(folder);
      if (!root) return [];
      const found: StoredMedia[] = [];
      // Walked by hand rather than `readdir({ recursive })`, so hidden folders (uploads in progress)
      // are never entered and the walk stops at the limit.
      const walk = async (dir: string, rel: string): Promise<void> => {
        const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
        for (const entry of entries) {
          if (found.length >= limit) return;
          if (entry.name.startsWith('.')) continue;
          const mediaPath = `${rel}/${entry.name}`;
          if (!isSafeMediaPath(mediaPath)) continue;
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) await walk(full, mediaPath);
          else if (entry.isFile()) {
            const info = await stat(full).catch(() => null);
            if (info) found.push({ mediaPath, size: info.size, modified: info.mtime });
          }
        }
      };
      await walk(root, folder);
      return found;
    },
  };
}

const CONTENT_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  mp3: 'audio/mpeg',
  vtt: 'text/vtt; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
  gp: 'application/octet-stream',
  gpx: 'application/octet-stream',
  zip: 'application/zip',
};

export function contentTypeFor(mediaPath: string): string {
  const ext = mediaPath.slice(mediaPath.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/**
 * Rewrites an HLS playlist so every URI in it (segments, variant playlists, keys, init maps) is a
 * signed URL with the same expiry as the playlist itself (ADR 0017): the player never needs an
 * unsigned path, and nothing outside the playlist's own folder tree can be reached.
 */
export function rewritePlaylist(text: string, manifestPath: string, exp: number, store: MediaStore): string {
  const dir = path.posix.dirname(manifestPath);
  const signRef = (ref: string): string | null => {
    if (/^[a-z]+:/i.test(ref) || ref.startsWith('/')) return null;
    const clean = ref.split('?')[0] ?? '';
    const target = path.posix.normalize(path.posix.join(dir, clean));
    if (!isSafeMediaPath(target) || !target.startsWith(`${dir}/`)) return null;
    return store.signedUrlWithExpiry(target, exp);
  };
  return text
    .split(/\r?\n/)
    .map((line) => {
      const trimmed = line.trim();
      if (!trimmed) return line;
      if (trimmed.startsWith('#')) {
        return line.replace(/URI="([^"]+)"/g, (match, ref: string) => {
          const signed = signRef(ref);
          return signed ? `URI="${signed}"` : match;
        });
      }
      return signRef(trimmed) ?? line;
    })
    .join('\n');
}
