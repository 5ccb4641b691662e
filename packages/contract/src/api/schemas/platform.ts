import {
  ErrorReportQuerySchema,
  ErrorReportResponseSchema,
  HealthResponseSchema,
  LiveResponseSchema,
} from '../../calls/platform.ts';
import type { SchemasFor } from '../call.ts';
import type { platformAddresses } from '../addresses/platform.ts';

/** The platform calls' schemas, one entry per address in ../addresses/platform.ts. */
export const platformSchemas = {
  'platform.health': { summary: 'Up when the database answers and the process is not draining', response: HealthResponseSchema },
  'platform.live': {
    summary: 'Up while the process answers and is not draining; asks nothing of the database (the balancer checks it)',
    response: LiveResponseSchema,
  },
  'platform.reportError': {
    summary: 'Report a client-side error',
    query: ErrorReportQuerySchema,
    response: ErrorReportResponseSchema,
  },
} satisfies SchemasFor<typeof platformAddresses>;
