import type { CallAddress } from '../call.ts';

/** The finance calls' addresses (see ../call.ts); their schemas are in ../schemas/finance.ts. */
export const financeAddresses = {} as const satisfies Record<string, CallAddress>;
