import type { FastifyInstance } from 'fastify';
import { inProcessMark } from '../plugins/in-process.ts';

/**
 * A `fetch` for the SSR loaders that dispatches each API call into this process's own Fastify app
 * (`app.inject`) instead of a loopback HTTP connection (ADR 0062).
 *
 * The API sees the request it saw over loopback: the same absolute URL (so the same Host), the
 * same headers (the visitor's bearer token, correlation id, client headers and the address the
 * page tier resolved, in X-Forwarded-For), from the loopback address, so the proxy rules of
 * ADR 0004 believe that address exactly as before and the per-IP budget counts the visitor. Every
 * hook runs: the session lookup, the rate limit, the security headers. What is gone is the socket,
 * the HTTP parsing on both sides, and gzip: undici asks for it, so each answer was compressed on
 * the libuv thread pool and decompressed again while the event loop sat waiting for both.
 */
export type InProcessFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** The socket address the API sees, as when the loaders connected to 127.0.0.1. */
const LOOPBACK = '127.0.0.1';
/** What undici put in User-Agent when a visitor sent none (light-my-request would write its own name). */
const DEFAULT_USER_AGENT = 'node';
/** Statuses whose answer has no body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** What an aborted fetch rejects with: the abort's reason, or an AbortError. */
function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException('This operation was aborted', 'AbortError');
}

function toHeaders(headers: Record<string, string | string[] | number | undefined>): Headers {
  const out = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    // The hop-by-hop headers describe the connection that no longer exists.
    if (name === 'connection' || name === 'keep-alive' || name === 'transfer-encoding') continue;
    if (Array.isArray(value)) for (const one of value) out.append(name, one);
    else out.set(name, String(value));
  }
  return out;
}

export function inProcessFetch(app: FastifyInstance): InProcessFetch {
  return async (input, init) => {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    const signal = request.signal;
    if (signal.aborted) throw abortError(signal);
    const headers: Record<string, string> = {};
    for (const [name, value] of request.headers) headers[name] = value;
    headers['user-agent'] ??= DEFAULT_USER_AGENT;
    // Only a call made here may ask as a class of learners (ADR 0056).
    const [markName, markValue] = inProcessMark();
    headers[markName] = markValue;
    const hasBody = request.body !== null && request.method !== 'GET' && request.method !== 'HEAD';
    const payload = hasBody ? Buffer.from(await request.arrayBuffer()) : undefined;

    const injected = app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers,
      remoteAddress: LOOPBACK,
      ...(payload ? { payload } : {}),
    });
    // A superseded or timed-out call rejects at once, as an aborted fetch does; the API finishes
    // its work regardless (as it did when the connection closed under it).
    const answer = await new Promise<Awaited<typeof injected>>((resolve, reject) => {
      const onAbort = () => reject(abortError(signal));
      signal.addEventListener('abort', onAbort, { once: true });
      injected.then(
        (response) => {
          signal.removeEventListener('abort', onAbort);
          resolve(response);
        },
        (err: unknown) => {
          signal.removeEventListener('abort', onAbort);
          // What a refused connection looks like to fetch callers (the app is closing).
          reject(new TypeError('fetch failed', { cause: err }));
        },
      );
    });
    const empty = NULL_BODY_STATUSES.has(answer.statusCode) || request.method === 'HEAD';
    // A plain ArrayBuffer underneath, as the DOM's typing of Response (the web's type program) asks.
    return new Response(empty ? null : (answer.rawPayload as Uint8Array<ArrayBuffer>), {
      status: answer.statusCode,
      statusText: answer.statusMessage,
      headers: toHeaders(answer.headers),
    });
  };
}
