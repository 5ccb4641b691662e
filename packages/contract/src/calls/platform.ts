import { z } from 'zod';

/** GET /api/health: up only when the database answers and the process is not draining (ADR 0042). */
export const HealthResponseSchema = z.object({
  data: z.object({
    status: z.literal('ok'),
    database: z.enum(['pglite', 'postgres']),
    // Detail for operators (ADR 0059): 'down' means the site runs on its Postgres and in-process fallbacks.
    redis: z.enum(['off', 'up', 'down']),
    media: z.enum(['folder', 's3']),
  }),
});

/**
 * GET /api/health/live: the process answers and takes new work (503 while draining). It touches
 * no database, so it answers under load when queries queue (ADR 0059): the balancer's check.
 */
export const LiveResponseSchema = z.object({ data: z.object({ status: z.literal('ok') }) });

/** GET /api/error: a client-side error report; the message is cut when stored, not refused. */
export const ErrorReportQuerySchema = z.object({
  // Accepted at any length (it is truncated), but it must be there.
  message: z.string().trim().min(1, 'is required').max(100_000),
  url: z.string().max(100_000).optional(),
});
export const ErrorReportResponseSchema = z.object({ data: z.object({ success: z.literal(true) }) });
