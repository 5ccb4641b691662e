import { readWebConfig } from './config.server';

/**
 * The API in this same process, reached without a socket (ADR 0062). When the web server and the
 * API run as one process (`npm start`, the cluster's `app` layout), the API server hands the web
 * build a fetch function that dispatches each call into its own Fastify app (`app.inject`): the
 * same routes, hooks, session lookup, per-IP budget and headers as a loopback HTTP call, without
 * a TCP connection, HTTP parsing or compressing each answer only to decompress it again.
 *
 * Unset (the web test server, `vite dev`) or overridden by API_URL (the web tier apart from the
 * API tier, ADR 0059), loaders call the API over HTTP as before.
 */
export type InProcessFetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

let connected: InProcessFetch | undefined;

/**
 * Called once by the API server after it loads this build (apps/api/src/web/react-router.ts).
 * Answers whether the loaders will call through `dispatch`: not when API_URL names another tier.
 */
export function connectInProcessApi(dispatch: InProcessFetch | undefined): boolean {
  connected = dispatch;
  return dispatch !== undefined && !readWebConfig().apiApart;
}

/** The in-process dispatcher, when this build runs inside the API server. */
export function inProcessApi(): InProcessFetch | undefined {
  return connected;
}
