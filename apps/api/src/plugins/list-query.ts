import type { z } from 'zod';
import type { ListQueryInput } from '@fretline/contract';
import { badRequest } from './errors.ts';

// The schema is the contract's, so a call's declaration can name it; put it (or an extension of
// it) in a call's query, then call parseListQuery.
export { ListQuerySchema, type ListQueryInput } from '@fretline/contract';

export interface ListQueryOptions<F extends Record<string, z.ZodType>, O extends string> {
  /** Fields a caller may filter on, each with the schema its value must match. */
  filterable?: F;
  /** Fields a caller may order by. */
  orderable: readonly O[];
  /** `field` or `-field`, used when the caller sends no order. */
  defaultOrder: O | `-${O}`;
  defaultLimit?: number;
  maxLimit?: number;
}

export interface ListQuery<F extends Record<string, z.ZodType>, O extends string> {
  filter: { [K in keyof F]?: z.output<F[K]> };
  order: { field: O; direction: 'asc' | 'desc' };
  limit: number;
  offset: number;
}

/**
 * Validates filter and order against the endpoint's whitelists. Unknown fields, bad JSON or a
 * value of the wrong shape are a 400 naming the `filter`/`order`/`limit` field, never a 500.
 */
export function parseListQuery<F extends Record<string, z.ZodType> = Record<never, z.ZodType>, O extends string = string>(
  query: ListQueryInput,
  options: ListQueryOptions<F, O>,
): ListQuery<F, O> {
  const maxLimit = options.maxLimit ?? 100;
  const limit = query.limit ?? Math.min(options.defaultLimit ?? 35, maxLimit);
  if (limit > maxLimit) throw badRequest(`limit must be at most ${maxLimit}.`, 'limit');
  return {
    filter: parseFilter(query.filter, options.filterable ?? ({} as F)),
    order: parseOrder(query.order, options.orderable, options.defaultOrder),
    limit,
    offset: query.offset ?? 0,
  };
}

function parseFilter<F extends Record<string, z.ZodType>>(raw: ListQueryInput['filter'], filterable: F) {
  if (raw === undefined || raw === '') return {};
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw badRequest('filter must be a JSON object, e.g. {"field":"value"}.', 'filter');
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('filter must be a JSON object, e.g. {"field":"value"}.', 'filter');
  }
  const allowed = Object.keys(filterable);
  const result: Record<string, unknown> = {};
  for (const [key, fieldValue] of Object.entries(value)) {
    const schema = Object.hasOwn(filterable, key) ? filterable[key] : undefined;
    if (!schema) {
      const hint = allowed.length ? ` Allowed: ${allowed.join(', ')}.` : ' This list cannot be filtered.';
      throw badRequest(`filter: unknown field '${key}'.${hint}`, 'filter');
    }
    const parsed = schema.safeParse(fieldValue);
    if (!parsed.success) {
      throw badRequest(`filter: ${key} ${parsed.error.issues[0]?.message ?? 'is invalid'}.`, 'filter');
    }
    result[key] = parsed.data;
  }
  return result as { [K in keyof F]?: z.output<F[K]> };
}

function parseOrder<O extends string>(raw: string | undefined, orderable: readonly O[], fallback: O | `-${O}`) {
  const value = raw?.trim() || fallback;
  const descending = value.startsWith('-');
  const field = descending ? value.slice(1) : value;
  if (!(orderable as readonly string[]).includes(field)) {
    throw badRequest(`order: unknown field '${field}'. Allowed: ${orderable.join(', ')} (prefix - for descending).`, 'order');
  }
  return { field: field as O, direction: descending ? ('desc' as const) : ('asc' as const) };
}
