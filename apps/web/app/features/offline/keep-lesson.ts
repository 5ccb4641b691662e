import { MEDIA_URL_PREFIX, OFFLINE_TEXTS } from '@fretline/contract';
import { Workbox } from 'workbox-window';
import { ApiError } from '../../lib/api-client';
import { api } from '../../lib/api.client';
import { lowestRendition, renditionFiles } from './hls-playlist';
import {
  KEPT_CACHE,
  deleteKeptLesson,
  isExpired,
  listKeptLessons,
  readKeptLesson,
  storedKey,
  writeKeptLesson,
  type KeptLesson,
} from './kept-copy';

/**
 * "Keep for offline" (product.md#offline-practice, ADR 0079): stores in Cache Storage what the
 * lesson page needs to play without a connection: the page itself (its data: chords, sections,
 * whatever the lesson's answer holds), the lowest rendition of its stream, the practice settings
 * and the app's files this page loaded. The service worker answers from it only when the network
 * fails.
 */

export interface LessonToKeep {
  video_slug: string;
  video_title: string | null;
  video_premium: boolean;
  /** The signed HLS playlist the page plays (ADR 0017). */
  video_stream_manifest_signed: string;
}

/** Registers the service worker (once per browser; later visits find it registered) and waits until it runs. */
export async function startServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) throw new Error('This browser cannot keep lessons offline.');
  await new Workbox('/sw.js').register();
  await navigator.serviceWorker.ready;
}

async function fetchOk(url: string): Promise<Response> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Could not download ${new URL(url, location.origin).pathname} (${response.status}).`);
  return response;
}

/** The app's files this page loaded (scripts, styles, the poster): the kept page needs them to start. */
function loadedAppFiles(): string[] {
  const urls = new Set<string>();
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    if (url.origin !== location.origin) continue;
    const picture = url.pathname.startsWith(MEDIA_URL_PREFIX) && /\.(jpe?g|png|webp|svg)$/i.test(url.pathname);
    if (url.pathname.startsWith('/assets/') || picture) urls.add(url.href);
  }
  for (const element of document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>(
    'script[src], link[rel="modulepreload"]',
  )) {
    const href = 'src' in element ? element.src : element.href;
    if (href.startsWith(`${location.origin}/assets/`)) urls.add(href);
  }
  return [...urls];
}

/** Asks the API until when this lesson may be kept; its refusal names why (OFFLINE_TEXTS). */
async function allowance(slug: string) {
  return (await api.call('videos.getOfflineAllowance', { params: { videoSlug: slug } })).offline;
}

export async function keepLesson(lesson: LessonToKeep, onProgress: (done: number, total: number) => void): Promise<KeptLesson> {
  const offline = await allowance(lesson.video_slug);
  await startServiceWorker();
  // The stream player's chunk and hls.js, so the kept page can start its player without a connection.
  await import('hls.js');
  const cache = await caches.open(KEPT_CACHE);
  const origin = location.origin;
  const slug = lesson.video_slug;
  const path = `/videos/${encodeURIComponent(slug)}`;
  const stored = new Set<string>();
  let bytes = 0;
  const put = async (url: string, response: Response) => {
    const blob = await response.blob();
    bytes += blob.size;
    const key = storedKey(url, origin);
    await cache.put(key, new Response(blob, { status: 200, headers: response.headers }));
    stored.add(key);
  };

  // The stream: a master playlist is kept naming its lowest rendition only, so the player asks for nothing else.
  const masterUrl = new URL(lesson.video_stream_manifest_signed, origin).href;
  const masterText = await (await fetchOk(masterUrl)).text();
  const lowest = lowestRendition(masterText);
  let playlistUrl = masterUrl;
  let playlistText = masterText;
  const hlsType = { 'Content-Type': 'application/vnd.apple.mpegurl' };
  if (lowest) {
    playlistUrl = new URL(lowest.uri, masterUrl).href;
    playlistText = await (await fetchOk(playlistUrl)).text();
    await put(masterUrl, new Response(`#EXTM3U\n${lowest.streamInf}\n${lowest.uri}\n`, { headers: hlsType }));
  }
  await put(playlistUrl, new Response(playlistText, { headers: hlsType }));
  const files = [
    ...renditionFiles(playlistText).map((uri) => new URL(uri, playlistUrl).href),
    new URL(path, origin).href,
    ...(['small', 'large'] as const).map(
      (screen) => `${origin}/api/videos/videos/${encodeURIComponent(slug)}/practice?practice_screen=${screen}`,
    ),
    ...loadedAppFiles(),
  ];
  let done = 0;
  onProgress(done, files.length);
  // A few at a time: fast on a good connection, gentle on a phone's.
  const queue = [...files];
  const worker = async () => {
    for (let url = queue.shift(); url; url = queue.shift()) {
      await put(url, await fetchOk(url));
      onProgress(++done, files.length);
    }
  };
  try {
    await Promise.all([worker(), worker(), worker(), worker()]);
  } catch (err) {
    // Half a lesson is no lesson: what was stored goes again (files other kept lessons hold stay).
    const others = new Set((await listKeptLessons(cache)).flatMap((other) => other.urls));
    await Promise.all([...stored].filter((url) => !others.has(url)).map((url) => cache.delete(url)));
    throw err;
  }
  const now = new Date().toISOString();
  const kept: KeptLesson = {
    video_slug: slug,
    video_title: lesson.video_title ?? slug,
    path,
    video_premium: offline.video_premium,
    allowed_until: offline.allowed_until,
    checked_at: now,
    bytes,
    urls: [...stored],
  };
  await writeKeptLesson(cache, kept);
  return kept;
}

export async function findKeptLesson(slug: string): Promise<KeptLesson | null> {
  if (typeof caches === 'undefined') return null;
  return readKeptLesson(await caches.open(KEPT_CACHE), slug);
}

export async function findKeptLessons(): Promise<KeptLesson[]> {
  if (typeof caches === 'undefined') return [];
  return listKeptLessons(await caches.open(KEPT_CACHE));
}

export async function removeKeptLesson(slug: string): Promise<void> {
  await deleteKeptLesson(await caches.open(KEPT_CACHE), slug);
}

export type CheckIn = { kept: KeptLesson } | { removed: string } | { offline: KeptLesson };

/**
 * A kept lesson checks in: online, the API says until when it may stay (or refuses, and it is
 * deleted); offline, it stays until its last answer's time and is deleted after it.
 */
export async function checkInKeptLesson(lesson: KeptLesson): Promise<CheckIn> {
  const cache = await caches.open(KEPT_CACHE);
  try {
    const offline = await allowance(lesson.video_slug);
    const kept = { ...lesson, allowed_until: offline.allowed_until, checked_at: new Date().toISOString() };
    await writeKeptLesson(cache, kept);
    return { kept };
  } catch (err) {
    if (err instanceof ApiError && err.status !== undefined && [401, 403, 404, 409].includes(err.status)) {
      await deleteKeptLesson(cache, lesson.video_slug);
      return { removed: err.status === 403 ? OFFLINE_TEXTS.refused : err.message };
    }
    if (isExpired(lesson, Date.now())) {
      await deleteKeptLesson(cache, lesson.video_slug);
      return { removed: OFFLINE_TEXTS.expired };
    }
    return { offline: lesson };
  }
}
