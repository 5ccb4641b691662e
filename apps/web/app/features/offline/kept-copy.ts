/**
 * What a lesson kept for offline practice is made of, shared by the page that keeps it and the
 * service worker that answers from it (product.md#offline-practice, ADR 0079). Plain web APIs
 * only: this module is compiled for the window and for the worker.
 */
// The contract's zod-free entry points: the worker must not carry its schemas.
import { MEDIA_URL_PREFIX } from '@fretline/contract/image-variants';

/** The one Cache Storage cache of kept lessons: pages, playlists, segments, settings, the app's files. */
export const KEPT_CACHE = 'fretline-kept-lessons-v1';

/** Where a kept lesson's record lives in that cache (never a real address: nothing on the site answers it). */
const RECORD_PREFIX = '/__offline/lessons/';

export interface KeptLesson {
  video_slug: string;
  video_title: string;
  /** The lesson page's path, as the service worker answers it offline. */
  path: string;
  video_premium: boolean;
  /** ISO time: after it the copy is deleted unless a check-in moved it on. */
  allowed_until: string;
  /** ISO time of the last successful check-in (or the keep). */
  checked_at: string;
  bytes: number;
  /** Every address stored for this lesson (media by path: signed queries change, ADR 0017). */
  urls: string[];
}

const recordUrl = (slug: string) => `${RECORD_PREFIX}${encodeURIComponent(slug)}.json`;

/** The lesson slug of a lesson page's path, or null for any other page. */
export function lessonSlugOf(pathname: string): string | null {
  const match = /^\/videos\/([^/]+)\/?$/.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

export const isExpired = (lesson: Pick<KeptLesson, 'allowed_until'>, now: number) => Date.parse(lesson.allowed_until) <= now;

export async function readKeptLesson(cache: Cache, slug: string): Promise<KeptLesson | null> {
  const response = await cache.match(recordUrl(slug));
  return response ? ((await response.json()) as KeptLesson) : null;
}

export async function listKeptLessons(cache: Cache): Promise<KeptLesson[]> {
  const keys = await cache.keys();
  const records = keys.filter((request) => new URL(request.url).pathname.startsWith(RECORD_PREFIX));
  const lessons = await Promise.all(records.map(async (request) => (await cache.match(request))?.json() as Promise<KeptLesson>));
  return lessons.filter(Boolean);
}

export async function writeKeptLesson(cache: Cache, lesson: KeptLesson): Promise<void> {
  await cache.put(
    recordUrl(lesson.video_slug),
    new Response(JSON.stringify(lesson), { headers: { 'Content-Type': 'application/json' } }),
  );
}

/**
 * Deletes a kept lesson: its record and every address no other kept lesson also holds (the app's
 * files are shared between lessons).
 */
export async function deleteKeptLesson(cache: Cache, slug: string): Promise<void> {
  const lesson = await readKeptLesson(cache, slug);
  if (!lesson) return;
  const others = await listKeptLessons(cache);
  const stillUsed = new Set(others.filter((other) => other.video_slug !== slug).flatMap((other) => other.urls));
  await Promise.all(lesson.urls.filter((url) => !stillUsed.has(url)).map((url) => cache.delete(url)));
  await cache.delete(recordUrl(slug));
}

/**
 * The address a file is stored under: media (ADR 0017) is signed by its query, which changes by the
 * hour, so it is stored and found by its path alone; anything else by its path and query.
 */
export function storedKey(url: string, origin: string): string {
  const parsed = new URL(url, origin);
  return parsed.pathname.startsWith(MEDIA_URL_PREFIX) ? parsed.pathname : parsed.pathname + parsed.search;
}
