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

/** Tells the page server that a call made for the render `renderId` failed or was refused (ADR 0056). */
export type RenderFailed = (renderId: string) => void;

let connected: InProcessFetch | undefined;
let renderFailed: RenderFailed | undefined;

/**
 * Called once by the API server after it loads this build (apps/api/src/web/react-router.ts), with
 * its dispatcher and its page cache's render watch. Answers whether the loaders will call through
 * `dispatch`: not when API_URL names another tier. The render watch serves either way.
 */
export function connectInProcessApi(dispatch: InProcessFetch | undefined, onRenderFailed?: RenderFailed): boolean {
  connected = dispatch;
  renderFailed = onRenderFailed;
  return dispatch !== undefined && !readWebConfig().apiApart;
}

/** The in-process dispatcher, when this build runs inside the API server. */
export function inProcessApi(): InProcessFetch | undefined {
  return connected;
}

/**
 * An API answer that says nothing about the page, only about this moment or this requester: the
 * requester's budget spent, a timeout, a server fault, a session refused.
 */
function isDegradedAnswer(status: number): boolean {
  return status >= 500 || status === 429 || status === 408 || status === 401 || status === 403;
}

/**
 * `fetch` for the calls of the render `renderId` (PAGE_RENDER_HEADER), in process or over HTTP
 * alike: one that is refused, throws or is aborted marks the render, which the page server then
 * does not keep (ADR 0056). Without an id or a page server, `fetch` itself.
 */
export function watchedFetch(fetch: InProcessFetch, renderId: string | null): InProcessFetch {
  const report = renderFailed;
  if (!renderId || !report) return fetch;
  return async (input, init) => {
    let response: Response;
    try {
      response = await fetch(input, init);
    } catch (err) {
      report(renderId);
      throw err;
    }
    if (isDegradedAnswer(response.status)) report(renderId);
    return response;
  };
}
