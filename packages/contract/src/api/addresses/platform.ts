import type { CallAddress } from '../call.ts';

/**
 * The platform calls' addresses (see ../call.ts); their schemas are in ../schemas/platform.ts.
 * Not declared: the OpenAPI page and document and media files (HTML, files, bare JSON rather than
 * an enveloped call), and the development mailbox (absent in production, called by test helpers).
 */
export const platformAddresses = {
  'platform.health': { method: 'GET', path: '/health' },
  'platform.live': { method: 'GET', path: '/health/live' },
  'platform.reportError': { method: 'GET', path: '/error' },
} as const satisfies Record<string, CallAddress>;
