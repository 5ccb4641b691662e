/// <reference lib="webworker" />
/**
 * Fretline's service worker (product.md#offline-practice, ADR 0079). It stays out of the way: it
 * precaches nothing and stores nothing by itself. Every request goes to the network as before;
 * only when the network fails does it answer from the lessons the learner kept (Cache Storage,
 * written by the lesson page's "Keep for offline"). A kept copy past its time is deleted instead.
 */
import { OFFLINE_TEXTS } from '@fretline/contract/offline';
import { clientsClaim } from 'workbox-core';
import { registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import {
  KEPT_CACHE,
  deleteKeptLesson,
  isExpired,
  lessonSlugOf,
  readKeptLesson,
  storedKey,
} from '../app/features/offline/kept-copy.ts';

declare const self: ServiceWorkerGlobalScope;

// A new version takes over at once: it holds no files of its own that could be out of date.
void self.skipWaiting();
clientsClaim();

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page said instead of an expired lesson: the copy is gone, and why. */
function expiredPage(): Response {
  const html = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Offline copy expired · Fretline</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1>Offline copy expired</h1><p>${escapeHtml(OFFLINE_TEXTS.expired)}</p></body></html>`;
  return new Response(html, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

/** A lesson page the network could not give: its kept copy, unless it has run out. */
async function keptPage(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const slug = lessonSlugOf(url.pathname);
  if (!slug) return Response.error();
  const cache = await caches.open(KEPT_CACHE);
  const lesson = await readKeptLesson(cache, slug);
  if (!lesson) return Response.error();
  if (isExpired(lesson, Date.now())) {
    await deleteKeptLesson(cache, slug);
    return expiredPage();
  }
  return (await cache.match(lesson.path)) ?? Response.error();
}

/** Any other file the network could not give (a segment, a script): the kept one, if there is one. */
async function keptFile(request: Request): Promise<Response> {
  const cache = await caches.open(KEPT_CACHE);
  return (await cache.match(storedKey(request.url, self.location.origin))) ?? Response.error();
}

const sameOrigin = (url: URL) => url.origin === self.location.origin;

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && lessonSlugOf(url.pathname) !== null,
  new NetworkOnly({ plugins: [{ handlerDidError: ({ request }) => keptPage(request) }] }),
);

// What a kept lesson holds besides its page: the app's files, its media, its practice settings.
registerRoute(
  ({ url }) =>
    sameOrigin(url) &&
    (url.pathname.startsWith('/assets/') ||
      url.pathname.startsWith('/api/videos/media/') ||
      /^\/api\/videos\/videos\/[^/]+\/practice$/.test(url.pathname)),
  new NetworkOnly({ plugins: [{ handlerDidError: ({ request }) => keptFile(request) }] }),
);
