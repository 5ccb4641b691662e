import { createApiClient, type ApiClient } from './api-client';
import { CLIENT_APP, CLIENT_VERSION } from './client-info';
import { ensureCorrelationId } from './correlation';

/**
 * The browser's API client, for components after hydration (effects, event handlers, polls).
 * A `.client.ts` module: React Router leaves it out of the server bundle, so loaders use
 * `getServerApi(request)` instead. Auth rides on the HttpOnly `token` cookie (same origin), so no
 * bearer header is sent from here.
 */

let sessionHeld = false;

/** The root tells the client whether a user is signed in (the root loader's `user.id_user`). */
export function setSessionHeld(held: boolean): void {
  sessionHeld = held;
}

/** Headers sent by the browser (product.md#calls). */
export function browserHeaders(): Record<string, string> {
  return {
    'x-correlation-id': ensureCorrelationId(),
    'x-client-app': CLIENT_APP,
    'x-client-version': CLIENT_VERSION,
    'x-viewport-width': String(window.innerWidth),
    'x-viewport-height': String(window.innerHeight),
  };
}

/** A 401 while a token is held clears the user and goes to /login (product.md#states). */
function handleUnauthorized(): void {
  if (!sessionHeld) return;
  sessionHeld = false;
  // A full load: every loader then runs for a visitor and no store keeps the old user.
  window.location.assign('/login');
}

export const api: ApiClient = createApiClient({
  baseUrl: '',
  headers: browserHeaders,
  hasSession: () => sessionHeld,
  onUnauthorized: handleUnauthorized,
});
