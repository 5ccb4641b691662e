import { z } from 'zod';

/**
 * The list query of ARCHITECTURE.md "The wire contract": `filter` is a JSON string, `order` a
 * field name with `-` for descending, paging is `limit` + `offset`. The API checks filter and
 * order against each call's own whitelist (apps/api/src/plugins/list-query.ts).
 */
export const ListQuerySchema = z.object({
  // A JSON string; bracket-encoded objects (`filter[status]=active`) are accepted too.
  filter: z.union([z.string().max(4000), z.record(z.string(), z.unknown())]).optional(),
  order: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export type ListQueryInput = z.infer<typeof ListQuerySchema>;
