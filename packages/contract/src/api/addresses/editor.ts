import type { CallAddress } from '../call.ts';

/** The editor calls' addresses (see ../call.ts); their schemas are in ../schemas/editor.ts. */
export const editorAddresses = {} as const satisfies Record<string, CallAddress>;
