import ky, { HTTPError, TimeoutError } from 'ky';
import * as qs from 'qs-esm';
import type { ZodType } from 'zod';
import {
  CLIENT_ERRORS,
  RETRY_LIMIT,
  RETRY_STATUSES,
  RETRYABLE_METHODS,
  formatWireDate,
  isApiErrorBody,
  reviveWireDates,
  type ApiErrorBody,
} from '@fretline/contract';
import type * as AddressTable from '@fretline/contract/api-addresses';
import type { ApiAddresses, CallAddress, CallName } from '@fretline/contract/api-addresses';
import type { CallBody, CallData, CallParams, CallQuery } from '@fretline/contract/api-schemas';

/**
 * The one typed client of the API (ARCHITECTURE.md "Data flow", product.md#calls and #errors), used by loaders
 * on the server (`api.server.ts`) and by components in the browser (`api.client.ts`).
 *
 * Transport: ky rather than bare fetch, because its retry loop already does what product.md#calls asks
 * for (a method allow-list, a status allow-list, Retry-After with a ceiling, a backoff) and its
 * timeout aborts the request properly; we configure it and keep everything else (envelope, error
 * texts, cancellation of superseded GETs) here.
 */

/** Retried statuses (product.md#calls; the constants live in the contract); one retry for GET/HEAD/OPTIONS, none for bodies. */
const RETRY_METHODS = RETRYABLE_METHODS.map((m) => m.toLowerCase());
/** A short pause before the one retry. */
const RETRY_DELAY_MS = 250;
/** Retry-After is honoured "within reason": a longer ask is cut to this ceiling. */
const MAX_RETRY_AFTER_MS = 3_000;
/** A call that has not answered by then counts as "no response" (product.md#errors). */
const REQUEST_TIMEOUT_MS = 15_000;
const CANCELLED_ALERT = CLIENT_ERRORS.cancelled;

/** A failed call: `message` is the text to show the user (product.md#errors). */
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
  /** A server-supplied alert, shown as is; 'Request cancelled.' is never shown (product.md#errors). */
  get alert(): string | undefined {
    const alert = this.body?.alert;
    return alert && alert !== CANCELLED_ALERT ? alert : undefined;
  }
  /** The call was superseded or aborted: callers ignore it (product.md#calls). */
  get cancelled(): boolean {
    return this.status === undefined && this.message === CLIENT_ERRORS.cancelled;
  }
}

/** True for the rejection of a cancelled call, which the UI ignores. */
export function isCancelledError(error: unknown): boolean {
  return error instanceof ApiError && error.cancelled;
}

/** The text to show for anything a call (or the code around it) threw (product.md#errors, "anything else"). */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : CLIENT_ERRORS.other;
}

/**
 * The address table, imported on first use: every call's method and path would otherwise sit in
 * every page's first load (the video page's JavaScript budget, README).
 */
let addressTable: Promise<typeof AddressTable> | undefined;
const loadAddresses = () => (addressTable ??= import('@fretline/contract/api-addresses'));

/**
 * The schema of a call's `data`. The schema table is imported on first use, so it stays out of
 * the pages' first load (the video page's JavaScript budget, README).
 */
async function declaredDataSchema(name: CallName): Promise<ZodType | undefined> {
  const { CALL_SCHEMAS, dataSchemaOf } = await import('@fretline/contract/api-schemas');
  return dataSchemaOf(CALL_SCHEMAS[name].response);
}

/**
 * product.md#validation: course and video responses must parse, on the server and
 * in the browser alike, so their declarations are `checked` and checked in production too.
 * Development and tests check every declared call's response.
 */
const CHECK_ALL_CALLS = import.meta.env.DEV;

export interface RequestOptions<T = unknown> {
  query?: Record<string, unknown>;
  /** GET filter: sent as a JSON string (product.md#calls). */
  filter?: Record<string, unknown>;
  /** GET order: a field name, `-` prefix for descending. */
  order?: string;
  limit?: number;
  offset?: number;
  signal?: AbortSignal;
  /**
   * Validates the envelope's `data` (after date revival). A mismatch is a client schema error:
   * the user sees the schema error text (product.md#errors) and the server hears about it through GET /api/error.
   */
  schema?: ZodType<T>;
  /**
   * GETs sharing a key supersede each other: a newer one aborts the older (product.md#calls). The key is
   * `GET <path>` by default (so a search that changes only the query supersedes the previous
   * search); `false` opts a call out.
   */
  cancelKey?: string | false;
}

export interface ApiClientOptions {
  /** Origin of the API, e.g. http://127.0.0.1:3000 on the server; '' in the browser. */
  baseUrl: string;
  getToken?: () => string | undefined;
  headers?: () => Record<string, string>;
  fetch?: typeof fetch;
  /** Called on a 401 while a token was held (product.md#states: clear the user, go to /login). */
  onUnauthorized?: () => void;
  /**
   * Whether a session is held. Defaults to "a bearer token is set"; the browser cannot read the
   * HttpOnly cookie, so its client asks the root loader's user instead.
   */
  hasSession?: () => boolean;
  /**
   * Whether the fetch sends the caller's own cookies: the browser's client sends the page's
   * (same-origin); the web server's sends none, the visitor's session riding as the bearer token.
   */
  credentials?: RequestCredentials;
  /** Overrides for tests and special callers. */
  timeoutMs?: number;
  retryDelayMs?: number;
}

/** A body the client sends as it is (uploads), not form-encoded. */
type RawBody = FormData | URLSearchParams | Blob;

/** `{ key?: never }` when the call has no such part, optional when it may be left out, else required. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : undefined extends T
    ? { [P in K]?: T }
    : Record<never, never> extends T
      ? { [P in K]?: T }
      : { [P in K]: T };

/** What `api.call(name, input)` takes: the declared parts, typed from the declaration, and the request options. */
type CallInput<N extends CallName> = Omit<RequestOptions, 'query' | 'schema'> &
  Part<'params', CallParams<N>> &
  Part<'query', CallQuery<N>> &
  ([CallBody<N>] extends [undefined] ? { body?: RawBody } : Part<'body', CallBody<N> | RawBody>);

/** The input may be left out when nothing in it is required. */
type CallArgs<N extends CallName> = Record<never, never> extends CallInput<N> ? [input?: CallInput<N>] : [input: CallInput<N>];

export interface ApiClient {
  /**
   * Makes the declared call `name` (packages/contract/src/api, ADR 0052): its path with the
   * params filled in (URL-encoded), its query and body, and its response's `data` typed from
   * the declaration and checked against it in development and tests (always when `checked`).
   */
  call<N extends CallName>(name: N, ...args: CallArgs<N>): Promise<CallData<N>>;
}

/**
 * What carries a call: one request by method and path under /api, with the retries, envelope,
 * error texts and cancellation described above. Only `api.call` uses it (and its own tests):
 * pages and components name a declared call, never a path.
 */
export interface Transport {
  request: <T>(
    method: string,
    path: string,
    body: unknown,
    opts?: RequestOptions<T>,
    declared?: { name: CallName; checked: boolean },
  ) => Promise<T>;
}

/** Nested bracket keys (`a[b][0]=1`; product.md#calls), dates as UTC `YYYY-MM-DD HH:mm:ss`. */
function encodeForm(value: unknown): string {
  return qs.stringify(value, { serializeDate: formatWireDate, encodeValuesOnly: true });
}

function buildQuery<T>(opts: RequestOptions<T>): string {
  const query: Record<string, unknown> = { ...opts.query };
  if (opts.filter) query.filter = JSON.stringify(opts.filter);
  if (opts.order) query.order = opts.order;
  if (opts.limit !== undefined) query.limit = opts.limit;
  if (opts.offset !== undefined) query.offset = opts.offset;
  return qs.stringify(query, { skipNulls: true, serializeDate: formatWireDate });
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    body instanceof URLSearchParams ||
    (typeof Blob !== 'undefined' && body instanceof Blob)
  );
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (!text) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export function createTransport(options: ApiClientOptions): Transport {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const hasSession = options.hasSession ?? (() => Boolean(options.getToken?.()));
  const retryDelay = options.retryDelayMs ?? RETRY_DELAY_MS;
  const http = ky.create({
    fetch: doFetch,
    timeout: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
    credentials: options.credentials ?? 'same-origin',
    throwHttpErrors: true,
    retry: {
      limit: RETRY_LIMIT,
      methods: RETRY_METHODS,
      statusCodes: [...RETRY_STATUSES],
      afterStatusCodes: [...RETRY_STATUSES],
      maxRetryAfter: MAX_RETRY_AFTER_MS,
      backoffLimit: MAX_RETRY_AFTER_MS,
      delay: () => retryDelay,
    },
  });
  /** In-flight GETs by key, so a newer one can abort the older (product.md#calls). */
  const inflight = new Map<string, AbortController>();

  function reportSchemaError(message: string): void {
    const url = `${options.baseUrl}/api/error?${qs.stringify({ message: message.slice(0, 1000) })}`;
    // Fire and forget: a failing report must never become a second error for the user.
    doFetch(url, { method: 'GET', credentials: options.credentials ?? 'same-origin' }).catch(() => undefined);
  }

  async function toApiError(response: Response, sessionHeld: boolean): Promise<ApiError> {
    const parsed = parseJson(await response.text().catch(() => ''));
    const errorBody = parsed.ok && isApiErrorBody(parsed.value) ? parsed.value : undefined;
    // The first system message goes to the console (product.md#errors), as a warning (it is not the user's).
    const system = errorBody?.system?.[0];
    if (system) console.warn(`API ${response.status}: ${system}`);
    if (response.status === 401 && sessionHeld) options.onUnauthorized?.();
    const alert = errorBody?.alert && errorBody.alert !== CANCELLED_ALERT ? errorBody.alert : undefined;
    const fallback = response.status === 404 ? CLIENT_ERRORS.notFound : CLIENT_ERRORS.otherStatus;
    return new ApiError(errorBody?.errors[0]?.message ?? alert ?? fallback, response.status, errorBody);
  }

  async function request<T>(
    method: string,
    path: string,
    body: unknown,
    opts: RequestOptions<T> = {},
    declared?: { name: CallName; checked: boolean },
  ): Promise<T> {
    const search = buildQuery(opts);
    const url = `${options.baseUrl}/api${path}${search ? `?${search}` : ''}`;
    const token = options.getToken?.();
    const sessionHeld = hasSession();
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers?.() };
    if (token) headers.authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (body !== undefined) {
      if (isRawBody(body)) payload = body;
      else {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = encodeForm(body);
      }
    }

    const controller = new AbortController();
    const key = method === 'GET' && opts.cancelKey !== false ? (opts.cancelKey ?? `GET ${path}`) : undefined;
    if (key) {
      inflight.get(key)?.abort();
      inflight.set(key, controller);
    }
    const signal = opts.signal ? AbortSignal.any([opts.signal, controller.signal]) : controller.signal;

    try {
      let response: Response;
      try {
        response = await http(url, { method, headers, body: payload, signal });
      } catch (err) {
        if (signal.aborted) throw new ApiError(CLIENT_ERRORS.cancelled, undefined);
        if (err instanceof HTTPError) throw await toApiError(err.response, sessionHeld);
        if (err instanceof TimeoutError || err instanceof TypeError) throw new ApiError(CLIENT_ERRORS.noResponse, undefined);
        throw new ApiError(CLIENT_ERRORS.unknown, undefined);
      }
      const parsed = parseJson(await response.text());
      if (signal.aborted) throw new ApiError(CLIENT_ERRORS.cancelled, undefined);
      if (!parsed.ok) throw new ApiError(CLIENT_ERRORS.unknown, response.status);
      const data = reviveWireDates((parsed.value as { data?: unknown } | undefined)?.data);
      const schema = declared
        ? declared.checked || CHECK_ALL_CALLS
          ? await declaredDataSchema(declared.name)
          : undefined
        : opts.schema;
      if (!schema) return data as T;
      const checked = schema.safeParse(data);
      if (checked.success) return checked.data as T;
      const issue = checked.error.issues[0];
      reportSchemaError(
        `Client schema error on ${method} ${path}: ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid'}`,
      );
      throw new ApiError(CLIENT_ERRORS.schema, response.status);
    } finally {
      if (key && inflight.get(key) === controller) inflight.delete(key);
    }
  }

  return { request };
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { request } = createTransport(options);

  async function call<N extends CallName>(name: N, ...args: CallArgs<N>): Promise<CallData<N>> {
    const input = (args[0] ?? {}) as RequestOptions & { params?: Record<string, unknown>; body?: unknown };
    const { API_ADDRESSES, fillPath } = await loadAddresses();
    const address: ApiAddresses[N] & CallAddress = API_ADDRESSES[name];
    const { params, body, ...opts } = input;
    const path = fillPath(address.path, params);
    const payload = address.method === 'GET' ? undefined : address.method === 'DELETE' ? body : (body ?? {});
    return request(address.method, path, payload, opts as RequestOptions<CallData<N>>, {
      name,
      checked: address.checked === true,
    });
  }

  return { call };
}
