import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../plugins/calls.ts';
import { buildReport, reportToCsv, resolveRange } from './analytics.reports.ts';

/** /api/staff/analytics/:report (Director group, issue 7): JSON for the charts, `?format=csv` to export. */
export const analyticsReportRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'staff.getAnalyticsReport', { access: 'Director' }, async (request, reply) => {
    const range = resolveRange(request.query, app.clock());
    const report = await buildReport(app.db, request.params.report, range, app.clock());
    if (request.query.format === 'csv') {
      // The export is this call's other answer: a CSV file, which the declared JSON response does not describe.
      const file: FastifyReply = reply;
      return file
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="fretline-${report.name}-${range.fromDay}-to-${range.toDay}.csv"`)
        .serializer((payload: unknown) => String(payload))
        .send(reportToCsv(report));
    }
    return { data: { report } };
  });
};
