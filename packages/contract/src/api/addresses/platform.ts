import type { CallAddress } from '../call.ts';

/** The platform calls' addresses (see ../call.ts); their schemas are in ../schemas/platform.ts. */
export const platformAddresses = {} as const satisfies Record<string, CallAddress>;
