import type { CallAddress } from '../call.ts';

/** The staff calls' addresses (see ../call.ts); their schemas are in ../schemas/staff.ts. */
export const staffAddresses = {} as const satisfies Record<string, CallAddress>;
