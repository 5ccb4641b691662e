import type { ZodType } from 'zod';

/**
 * One API call's address: its HTTP method and its path under `/api`, in Fastify's syntax
 * (`/messages/threads/:id`). The address tables import no zod, so the browser can hold every
 * address at runtime while the schemas load only when a response is checked (ADR 0052).
 */
export interface CallAddress {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  /**
   * The browser checks this call's response against its schema in production too, not only in
   * development and tests (product.md#validation: their responses must parse).
   */
  readonly checked?: true;
}

export type SuccessStatus = 200 | 201 | 204;

/** What a call carries: the schemas of its parts, and the status of a successful answer. */
export interface CallSchemas {
  readonly params?: ZodType;
  readonly query?: ZodType;
  readonly body?: ZodType;
  /** Request headers the API reads and validates (e.g. an idempotency key). */
  readonly headers?: ZodType;
  /** The whole success body, `{ data: ... }` (or `z.null()` for a 204). */
  readonly response: ZodType;
  /**
   * The success status; 200 when absent. A list when the answer depends on the outcome (201 for
   * a new subscription, 200 for a repeated one); a 204 in a list carries no body.
   */
  readonly status?: SuccessStatus | readonly SuccessStatus[];
  /** One line for the OpenAPI page. */
  readonly summary?: string;
  /**
   * When the call can answer 409 Conflict: what clashes with the present state, in one line for
   * the OpenAPI page (ADR 0090). Every call's other error answers follow from its address and access.
   */
  readonly conflict?: string;
}

/** True when a Fastify path has a `:param` segment. */
type HasParams<Path extends string> = Path extends `${string}:${string}` ? true : false;

/**
 * The schema table of one domain, keyed exactly by that domain's address names (a missing or
 * extra name is a type error), with `params` required where the path has a `:param` and absent
 * where it has none.
 */
export type SchemasFor<Addresses extends Record<string, CallAddress>> = {
  readonly [N in keyof Addresses]: HasParams<Addresses[N]['path']> extends true
    ? CallSchemas & { readonly params: ZodType }
    : CallSchemas & { readonly params?: undefined };
};

/** The `:name` segments of a Fastify path. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] as string);
}

/**
 * The path with its `:name` segments filled from `params`, each value URL-encoded; throws when
 * one is missing, since a call to `/threads/undefined` would only hide the mistake.
 */
export function fillPath(path: string, params: Readonly<Record<string, unknown>> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
    if (!text) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(text);
  });
}

/** A regular expression matching the concrete paths of an address (`:id` = one segment). */
export function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}
