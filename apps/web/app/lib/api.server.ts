import { data, redirect } from 'react-router';
import { CORRELATION_COOKIE_NAME, PAGE_RENDER_HEADER, SHARED_AUDIENCE_HEADER, TOKEN_COOKIE_NAME } from '@fretline/contract';
import type { CallData } from '@fretline/contract/api-schemas';
import { ApiError, createApiClient, type ApiClient } from './api-client';
import { CLIENT_APP, CLIENT_VERSION } from './client-info';
import { readWebConfig } from './config.server';
import { readRequestCookie, secureCookiesFor, serializeCookie } from './cookies';
import { inProcessApi, watchedFetch } from './in-process-api.server';

/**
 * A 401 while a token is held signs the visitor out and sends them to /login (product.md#states, #errors). On the
 * server that is a redirect that also drops the dead `token` cookie, so the next load is a
 * visitor's (and /login itself does not loop).
 */
function signedOutRedirect(request: Request): Response {
  return redirect('/login', {
    headers: {
      'Set-Cookie': serializeCookie(TOKEN_COOKIE_NAME, '', {
        maxAgeSeconds: 0,
        secure: secureCookiesFor(request.url),
        httpOnly: true,
      }),
    },
  });
}

/**
 * The API client for a loader or action: the visitor's token and correlation id ride along. Its
 * calls go into the API of this same process without a socket when there is one and API_URL does
 * not name another tier (ADR 0062), else over HTTP; the API sees the same request either way.
 */
export function getServerApi(request: Request): ApiClient {
  const token = readRequestCookie(request, TOKEN_COOKIE_NAME);
  const correlation = readRequestCookie(request, CORRELATION_COOKIE_NAME);
  const forwardedFor = request.headers.get('x-forwarded-for');
  const userAgent = request.headers.get('user-agent');
  // A page shared by a class of learners asks as that class (ADR 0056); only the page server sets it.
  const audience = request.headers.get(SHARED_AUDIENCE_HEADER);
  const config = readWebConfig();
  const transport =
    (!config.apiApart && inProcessApi()) || ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  return createApiClient({
    baseUrl: config.apiUrl,
    // A render the page server may keep: a failed call must stop it being kept (ADR 0056).
    fetch: watchedFetch(transport, request.headers.get(PAGE_RENDER_HEADER)),
    credentials: 'omit',
    getToken: () => token,
    headers: () => ({
      'x-client-app': `${CLIENT_APP}-ssr`,
      'x-client-version': CLIENT_VERSION,
      ...(correlation ? { 'x-correlation-id': correlation } : {}),
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
      ...(userAgent ? { 'user-agent': userAgent } : {}),
      ...(audience ? { [SHARED_AUDIENCE_HEADER]: audience } : {}),
    }),
    onUnauthorized: () => {
      throw signedOutRedirect(request);
    },
  });
}

/**
 * What a page's loader throws when the API refused a call: a 400 (a search too long, an unknown
 * sort or filter in the page's URL) becomes the error page at 400 with the API's own words, not the
 * 500 page; anything else is thrown as it was.
 */
export function refusedQuery(err: unknown): unknown {
  if (err instanceof ApiError && err.status === 400) return data(err.message, { status: 400 });
  return err;
}

type CurrentUserAnswer = CallData<'auth.getMe'>;
const currentUserCalls = new WeakMap<Request, Promise<CurrentUserAnswer>>();

/**
 * `auth.getMe` for a page request, asked once however many of its loaders need it: the root and
 * a page's guard run side by side on the same Request. Other methods (actions, which may change
 * the user) ask afresh.
 */
export function fetchCurrentUser(request: Request): Promise<CurrentUserAnswer> {
  if (request.method !== 'GET') return getServerApi(request).call('auth.getMe');
  let call = currentUserCalls.get(request);
  if (!call) {
    call = getServerApi(request).call('auth.getMe');
    currentUserCalls.set(request, call);
  }
  return call;
}
