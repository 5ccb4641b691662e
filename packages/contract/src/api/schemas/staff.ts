import type { SchemasFor } from '../call.ts';
import type { staffAddresses } from '../addresses/staff.ts';

/** The staff calls' schemas, one entry per address in ../addresses/staff.ts. */
export const staffSchemas = {} satisfies SchemasFor<typeof staffAddresses>;
