import { ErrorReportQuerySchema, ErrorReportResponseSchema, HealthResponseSchema } from '../../calls/platform.ts';
import type { SchemasFor } from '../call.ts';
import type { platformAddresses } from '../addresses/platform.ts';

/** The platform calls' schemas, one entry per address in ../addresses/platform.ts. */
export const platformSchemas = {
  'platform.health': { summary: 'Up when the database answers and the process is not draining', response: HealthResponseSchema },
  'platform.reportError': {
    summary: 'Report a client-side error',
    query: ErrorReportQuerySchema,
    response: ErrorReportResponseSchema,
  },
} satisfies SchemasFor<typeof platformAddresses>;
