import type { CallAddress } from '../call.ts';

/** The auth calls' addresses (see ../call.ts); their schemas are in ../schemas/auth.ts. */
export const authAddresses = {} as const satisfies Record<string, CallAddress>;
