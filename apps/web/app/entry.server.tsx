import type { EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { isbot } from 'isbot';
// The edge build, not `react-dom/server`: the Node build runs every render inside an
// AsyncLocalStorage, and on Node 20 the first one turns on promise hooks for the whole process, so
// every API call after a page (the unread poll too) pays for them (ADR 0040). The edge build uses
// AsyncLocalStorage only where a runtime provides it as a global, which Node does not.
import { renderToReadableStream } from 'react-dom/server.edge';

/**
 * The API server hands this build its in-process dispatcher through the entry module, the one
 * module of the build it can name (ADR 0062).
 */
export { connectInProcessApi } from './lib/in-process-api.server';

/** How long a streamed page may wait for its deferred data before React Router gives up on it. */
export const streamTimeout = 5_000;

/**
 * Renders a page for React Router: the shell as soon as it is ready, or the whole page for
 * crawlers (and SPA mode), aborted a second after the stream timeout so pending boundaries can
 * still flush their fallbacks.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  // RFC 9110 §9.3.2: HEAD answers with the headers a GET would have, and no body.
  if (request.method.toUpperCase() === 'HEAD')
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });

  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), streamTimeout + 1000);
  let shellRendered = false;
  let status = responseStatusCode;
  const body = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} />, {
    signal: controller.signal,
    onError(error: unknown) {
      status = 500;
      // Errors before the shell reject the render and React Router logs them; later ones are ours to log.
      if (shellRendered) console.error(error);
    },
  }).catch((error: unknown) => {
    clearTimeout(timeout);
    throw error;
  });
  shellRendered = true;
  // Clear the timer once everything has streamed, so it does not keep the request's memory alive.
  body.allReady.then(
    () => clearTimeout(timeout),
    () => clearTimeout(timeout),
  );

  const userAgent = request.headers.get('user-agent');
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;

  return new Response(body, { headers: responseHeaders, status });
}
