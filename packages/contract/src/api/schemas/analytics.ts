import type { SchemasFor } from '../call.ts';
import type { analyticsAddresses } from '../addresses/analytics.ts';

/** The analytics calls' schemas, one entry per address in ../addresses/analytics.ts. */
export const analyticsSchemas = {} satisfies SchemasFor<typeof analyticsAddresses>;
