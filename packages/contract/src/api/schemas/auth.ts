import type { SchemasFor } from '../call.ts';
import type { authAddresses } from '../addresses/auth.ts';

/** The auth calls' schemas, one entry per address in ../addresses/auth.ts. */
export const authSchemas = {} satisfies SchemasFor<typeof authAddresses>;
