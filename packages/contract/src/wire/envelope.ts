import { z } from 'zod';
import { LIST_LIMIT_MAX } from '../constants.ts';

/** One error of a failed call; `field` names the input field it belongs to. */
export const ApiErrorItemSchema = z.object({
  message: z.string(),
  field: z.string().optional(),
  code: z.string().optional(),
});

/** The failure body of every call (ARCHITECTURE.md, "The wire contract"). */
export const ApiErrorBodySchema = z.object({
  errors: z.array(ApiErrorItemSchema),
  system: z.array(z.string()).optional(),
  alert: z.string().optional(),
});
export type ApiErrorItem = z.infer<typeof ApiErrorItemSchema>;
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

/** `{ data: { <name>: T } }`, optionally with `total` for lists that page. */
export function envelope<Name extends string, T extends z.ZodType>(name: Name, schema: T) {
  return z.object({ data: z.object({ [name]: schema } as { [K in Name]: T }) });
}

export function pagedEnvelope<Name extends string, T extends z.ZodType>(name: Name, schema: T) {
  return z.object({
    data: z.object({ [name]: z.array(schema), total: z.number().int() } as { [K in Name]: z.ZodArray<T> } & {
      total: z.ZodNumber;
    }),
  });
}

/** Paging of list calls: `limit` + `offset`. */
export const PagingQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

/** The success body of a call answered with 204 No Content (a delete, a removal). */
export const NoContentSchema = z.null().describe('No content');
