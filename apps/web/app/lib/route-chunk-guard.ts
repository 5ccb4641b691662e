import { useSyncExternalStore } from 'react';
import { matchRoutes, type ClientInstrumentation, type RouteObject } from 'react-router';
import { claimChunkReload, isChunkLoadError } from './reload-guard';

/**
 * React Router imports a route's module when a navigation first needs it, and when that import
 * fails (the chunk is gone after a deploy) it reloads the current page with no guard. We import
 * those modules first ourselves, so a failure is ours to handle: within the page-reload guard
 * (product.md#constants) the browser loads the page the reader asked for, in full; after that it
 * shows the error page. A module that loads is the browser's to reuse, so React Router's own import
 * of it resolves at once.
 */
interface RouterGlobals {
  __reactRouterManifest?: { routes: Record<string, { module: string } | undefined> };
  __reactRouterRouteModules?: Record<string, unknown>;
  __reactRouterDataRouter?: { routes: RouteObject[] };
}

/** Imports the modules of the routes `path` matches that are not loaded yet; rejects if one fails. */
export async function importRouteModulesFor(path: string): Promise<void> {
  const globals = window as unknown as RouterGlobals;
  const manifest = globals.__reactRouterManifest;
  const loaded = globals.__reactRouterRouteModules;
  const router = globals.__reactRouterDataRouter;
  if (!manifest || !loaded || !router) return;
  // A route not discovered yet does not match here; React Router's discovery then loads the
  // document itself when the build changed.
  const matches = matchRoutes(router.routes, path) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      const module = route.id && !(route.id in loaded) ? manifest.routes[route.id]?.module : undefined;
      if (module) await import(/* @vite-ignore */ module);
    }),
  );
}

let chunkFailure: unknown = null;
const listeners = new Set<() => void>();

function showChunkFailure(error: unknown): void {
  chunkFailure = error;
  for (const listener of listeners) listener();
}

/** The chunk error that the guard would not reload for, for the root to show the error page. */
export function useChunkFailure(): unknown {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => chunkFailure,
    () => null,
  );
}

const never = () => new Promise<void>(() => undefined);

/** For `<HydratedRouter instrumentations>`: every GET navigation loads its route modules first. */
export const routeChunkGuard: ClientInstrumentation = {
  router(router) {
    router.instrument({
      async navigate(callNavigate, { to, formMethod }) {
        if (typeof to !== 'string' || (formMethod && formMethod.toUpperCase() !== 'GET')) return void (await callNavigate());
        const target = new URL(to, window.location.href);
        try {
          await importRouteModulesFor(target.pathname);
        } catch (error) {
          // Anything but a missing chunk is React Router's to handle as usual.
          if (!isChunkLoadError(error)) return void (await callNavigate());
          if (claimChunkReload()) window.location.assign(target.href);
          else showChunkFailure(error);
          // Never hand over to React Router: its import would fail again and reload unguarded.
          return never();
        }
        await callNavigate();
      },
    });
  },
};
