import { RELOAD_GUARD_TTL_MS } from '@fretline/contract';

/**
 * Page-reload guard (product.md#constants): after a deploy, a page still running the old code asks for chunks
 * that no longer exist. It reloads itself to get the new code — at most once per 10 s (a
 * timestamp in sessionStorage), so a chunk that is really broken shows the error page instead of
 * reloading for ever.
 */
export const RELOAD_GUARD_KEY = 'fretline:chunk-reload-at';

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError/i;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : typeof error === 'string' ? error : '';
  return CHUNK_ERROR.test(message);
}

/** Whether a reload may happen now; records it when it may. */
export function claimReload(storage: Pick<Storage, 'getItem' | 'setItem'>, now: number, ttlMs = RELOAD_GUARD_TTL_MS): boolean {
  const last = Number(storage.getItem(RELOAD_GUARD_KEY) ?? 0);
  if (Number.isFinite(last) && now - last < ttlMs) return false;
  storage.setItem(RELOAD_GUARD_KEY, String(now));
  return true;
}

/** Claims the guard's one reload (or page load) per ttl; false when storage is blocked. */
export function claimChunkReload(): boolean {
  try {
    return claimReload(window.sessionStorage, Date.now());
  } catch {
    return false; // storage blocked: never risk a reload loop
  }
}

/** Reloads the page for a chunk-load error unless it already did within the guard's ttl. */
export function reloadForChunkError(error: unknown): boolean {
  if (typeof window === 'undefined' || !isChunkLoadError(error)) return false;
  const allowed = claimChunkReload();
  if (allowed) window.location.reload();
  return allowed;
}

/**
 * Vite reports a failed preload of a lazy chunk with `vite:preloadError`; when the guard allows a
 * reload we take it (preventDefault stops the error), otherwise the error reaches the error page.
 * A route module that fails to import on a navigation is handled by `routeChunkGuard`; the
 * ErrorBoundary calls `reloadForChunkError` for anything else.
 */
export function installChunkReloadGuard(): () => void {
  const onPreloadError = (event: Event) => {
    if (!claimChunkReload()) return;
    event.preventDefault();
    window.location.reload();
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => window.removeEventListener('vite:preloadError', onPreloadError);
}
