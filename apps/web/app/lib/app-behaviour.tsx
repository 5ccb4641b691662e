import { useEffect, useRef } from 'react';
import { isRouteErrorResponse, useLocation, useMatches, useRevalidator } from 'react-router';
import { ANALYTICS_ACTIONS, redactUrl } from '@fretline/contract';
import { recordAction } from './analytics';
import { describeError, installErrorReporting, reportClientError } from './error-reporting';
import { shouldRecordPageLoad, trackedPageLoadValues } from './page-load';
import { installChunkReloadGuard, reloadForChunkError } from './reload-guard';
import { rememberReturnRoute } from './return-route';

/**
 * General behaviour that every page shares (product.md#pages), as hooks the root mounts through
 * `<AppBehaviour />` (page-load actions, the return route, hash scrolling, error reporting and the
 * reload guard, refreshing the user on focus).
 */

/** A page-load action per navigation (not between videos and courses) and the tracked one (product.md#pages). */
export function usePageLoadActions(): void {
  const location = useLocation();
  const matches = useMatches();
  const routeId = matches[matches.length - 1]?.id ?? null;
  const previous = useRef<{ routeId: string | null; href: string } | null>(null);
  useEffect(() => {
    // From the router's location (what was navigated to), on this page's origin.
    const href = new URL(`${location.pathname}${location.search}${location.hash}`, window.location.origin).href;
    const before = previous.current;
    previous.current = { routeId, href };
    if (shouldRecordPageLoad(before?.routeId, routeId))
      recordAction(ANALYTICS_ACTIONS.pageLoad, { path: redactUrl(location.pathname) });
    // The first page's referrer is the other site; later ones are our own previous page.
    // Campaign and source tracking is analytics (product.md#pages): analytics consent is enough for it.
    const tracked = trackedPageLoadValues(new URL(href), before ? before.href : document.referrer);
    if (tracked) recordAction(ANALYTICS_ACTIONS.trackedPageLoad, { ...tracked });
    // Only a new location counts, not a re-render of the same one.
  }, [location.key]);
}

/** Remember the route the visitor is on (product.md#pages), hash included, as the return route (not /login, /signup…). */
export function useReturnRouteMemory(): void {
  const { pathname, search, hash } = useLocation();
  useEffect(() => rememberReturnRoute(`${pathname}${search}${hash}`), [pathname, search, hash]);
}

/**
 * React Router's <ScrollRestoration> scrolls to the top on navigation and to the hash
 * target when it exists at that moment (product.md#pages); a target rendered a little later (data, lazy parts) is
 * scrolled to here, for up to a second.
 */
function useHashScroll(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash || hash === '#') return;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    if (document.getElementById(id)) return; // already handled by the browser or ScrollRestoration
    let frame = 0;
    const started = performance.now();
    const look = () => {
      const target = document.getElementById(id);
      if (target) target.scrollIntoView();
      else if (performance.now() - started < 1_000) frame = requestAnimationFrame(look);
    };
    frame = requestAnimationFrame(look);
    return () => cancelAnimationFrame(frame);
  }, [hash, key]);
}

/** Unhandled errors go to /api/error; a stale chunk reloads the page (at most once per 10 s). */
function useErrorReporting(): void {
  useEffect(() => {
    const stopReporting = installErrorReporting();
    const stopGuard = installChunkReloadGuard();
    return () => {
      stopReporting();
      stopGuard();
    };
  }, []);
}

/** Shortest gap between two focus refreshes, so switching windows quickly does not hammer the API. */
const FOCUS_REFRESH_MIN_GAP_MS = 5_000;

/** Window focus refreshes the user (revalidates the loaders, the root's GET me included; product.md#states). */
export function useWindowFocusRevalidate(): void {
  const revalidator = useRevalidator();
  const last = useRef(0);
  const ref = useRef(revalidator);
  ref.current = revalidator;
  useEffect(() => {
    const onFocus = () => {
      const now = Date.now();
      // Offline (a lesson kept for offline practice, ADR 0079) a refresh could only fail into the error page.
      if (!navigator.onLine || now - last.current < FOCUS_REFRESH_MIN_GAP_MS || ref.current.state !== 'idle') return;
      last.current = now;
      void ref.current.revalidate();
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, []);
}

/** Mount once in the root: the behaviours every page shares (product.md#pages). */
export function AppBehaviour(): null {
  usePageLoadActions();
  useReturnRouteMemory();
  useHashScroll();
  useErrorReporting();
  useWindowFocusRevalidate();
  return null;
}

/**
 * For the root ErrorBoundary: a stale chunk reloads the page (reload guard), any other thrown
 * error (not a 404/other error response) is reported to /api/error.
 */
export function useReportBoundaryError(error: unknown): void {
  useEffect(() => {
    if (isRouteErrorResponse(error)) return;
    if (reloadForChunkError(error)) return;
    reportClientError(`Error page: ${describeError(error)}`);
  }, [error]);
}
