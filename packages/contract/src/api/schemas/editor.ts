import type { SchemasFor } from '../call.ts';
import type { editorAddresses } from '../addresses/editor.ts';

/** The editor calls' schemas, one entry per address in ../addresses/editor.ts. */
export const editorSchemas = {} satisfies SchemasFor<typeof editorAddresses>;
