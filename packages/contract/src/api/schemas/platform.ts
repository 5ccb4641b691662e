import type { SchemasFor } from '../call.ts';
import type { platformAddresses } from '../addresses/platform.ts';

/** The platform calls' schemas, one entry per address in ../addresses/platform.ts. */
export const platformSchemas = {} satisfies SchemasFor<typeof platformAddresses>;
