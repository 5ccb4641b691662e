import type { CallAddress } from '../call.ts';

/** The analytics calls' addresses (see ../call.ts); their schemas are in ../schemas/analytics.ts. */
export const analyticsAddresses = {
  'analytics.recordAction': { method: 'POST', path: '/analytics/actions' },
} as const satisfies Record<string, CallAddress>;
