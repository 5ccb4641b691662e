import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AnalyticsQuerySchema, AnalyticsReportNameSchema, AnalyticsReportResponseSchema } from '@fretline/contract';
import { requireRoleGroup } from '../../plugins/auth.ts';
import { buildReport, reportToCsv, resolveRange, type ReportSources } from './analytics.reports.ts';

/**
 * /api/staff/analytics/:report (Director group, ADR 0036): JSON for the charts, `?format=csv` to
 * export. buildApp registers it under /staff/analytics with the other services' counts (ADR 0050).
 */
export const analyticsReportRoutes: FastifyPluginAsyncZod<{ sources: ReportSources }> = async (app, { sources }) => {
  app.get(
    '/:report',
    {
      schema: {
        tags: ['staff'],
        params: z.object({ report: AnalyticsReportNameSchema }),
        querystring: AnalyticsQuerySchema,
        response: { 200: z.union([AnalyticsReportResponseSchema, z.string()]) },
      },
    },
    async (request, reply) => {
      requireRoleGroup(request, 'Director');
      const range = resolveRange(request.query, app.clock());
      const report = await buildReport(app.db, sources, request.params.report, range, app.clock());
      if (request.query.format === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="fretline-${report.name}-${range.fromDay}-to-${range.toDay}.csv"`)
          .serializer((payload: unknown) => String(payload))
          .send(reportToCsv(report));
      }
      return { data: { report } };
    },
  );
};
