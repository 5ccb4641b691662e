import type { CallAddress } from '../call.ts';

/**
 * The platform calls' addresses (see ../call.ts); their schemas are in ../schemas/platform.ts.
 * Not declared: the OpenAPI page and document, media files and the development mailbox, which
 * answer HTML, files or bare JSON rather than an enveloped call.
 */
export const platformAddresses = {
  'platform.health': { method: 'GET', path: '/health' },
  'platform.reportError': { method: 'GET', path: '/error' },
} as const satisfies Record<string, CallAddress>;
