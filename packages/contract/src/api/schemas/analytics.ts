import { RecordActionBodySchema, RecordActionResponseSchema } from '../../calls/analytics.ts';
import type { SchemasFor } from '../call.ts';
import type { analyticsAddresses } from '../addresses/analytics.ts';

/** The analytics calls' schemas, one entry per address in ../addresses/analytics.ts. */
export const analyticsSchemas = {
  'analytics.recordAction': {
    summary: 'Record an action (page load, not found, conversion…); 204 and nothing stored when analytics are off',
    body: RecordActionBodySchema,
    response: RecordActionResponseSchema,
    status: [201, 204],
  },
} satisfies SchemasFor<typeof analyticsAddresses>;
