import qs from 'qs';
import { CLIENT_ERRORS, reviveWireDates, type ApiErrorBody } from '@fretline/contract';

/** A failed call: `message` is the text to show the user (spec §8). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly body?: ApiErrorBody,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** The input field the first error names, for showing it beside that field. */
  get field(): string | undefined {
    return this.body?.errors[0]?.field;
  }
  get alert(): string | undefined {
    return this.body?.alert;
  }
}

export interface RequestOptions {
  query?: Record<string, unknown>;
  /** GET filter: sent as a JSON string (spec §7). */
  filter?: Record<string, unknown>;
  /** GET order: a field name, `-` prefix for descending. */
  order?: string;
  limit?: number;
  offset?: number;
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  /** Origin of the API, e.g. http://127.0.0.1:3000 on the server; '' in the browser. */
  baseUrl: string;
  getToken?: () => string | undefined;
  headers?: () => Record<string, string>;
  fetch?: typeof fetch;
  /** Called on a 401 while a token was held (spec §4: clear the user, go to /login). */
  onUnauthorized?: () => void;
}

export interface ApiClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

/** The one typed client of the API (ARCHITECTURE.md "Data flow"); returns the envelope's `data`. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? fetch;

  async function request<T>(method: string, path: string, body: unknown, opts: RequestOptions = {}): Promise<T> {
    const query: Record<string, unknown> = { ...opts.query };
    if (opts.filter) query.filter = JSON.stringify(opts.filter);
    if (opts.order) query.order = opts.order;
    if (opts.limit !== undefined) query.limit = opts.limit;
    if (opts.offset !== undefined) query.offset = opts.offset;
    const search = qs.stringify(query, { skipNulls: true });
    const url = `${options.baseUrl}/api${path}${search ? `?${search}` : ''}`;
    const token = options.getToken?.();
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers?.() };
    if (token) headers.authorization = `Bearer ${token}`;
    let payload: string | undefined;
    if (body !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = qs.stringify(body, { encodeValuesOnly: true });
    }
    let response: Response;
    try {
      response = await doFetch(url, { method, headers, body: payload, signal: opts.signal, credentials: 'same-origin' });
    } catch (err) {
      if ((err as Error)?.name === 'AbortError') throw new ApiError(CLIENT_ERRORS.cancelled, undefined);
      throw new ApiError(CLIENT_ERRORS.noResponse, undefined);
    }
    const text = await response.text();
    const json = text ? (JSON.parse(text) as unknown) : undefined;
    if (!response.ok) {
      const errorBody = json as ApiErrorBody | undefined;
      if (response.status === 401 && token) options.onUnauthorized?.();
      const fallback = response.status === 404 ? CLIENT_ERRORS.notFound : CLIENT_ERRORS.otherStatus;
      throw new ApiError(errorBody?.errors?.[0]?.message ?? fallback, response.status, errorBody);
    }
    return reviveWireDates((json as { data: T } | undefined)?.data as T);
  }

  return {
    get: (path, opts) => request('GET', path, undefined, opts),
    post: (path, body, opts) => request('POST', path, body ?? {}, opts),
    put: (path, body, opts) => request('PUT', path, body ?? {}, opts),
    patch: (path, body, opts) => request('PATCH', path, body ?? {}, opts),
    delete: (path, opts) => request('DELETE', path, undefined, opts),
  };
}
