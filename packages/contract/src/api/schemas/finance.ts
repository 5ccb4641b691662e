import type { SchemasFor } from '../call.ts';
import type { financeAddresses } from '../addresses/finance.ts';

/** The finance calls' schemas, one entry per address in ../addresses/finance.ts. */
export const financeSchemas = {} satisfies SchemasFor<typeof financeAddresses>;
