// The analytics service's public surface: other services and plugins import only from here.
export { analyticsRoutes } from './analytics.routes.ts';
export { analyticsReportRoutes } from './analytics-reports.routes.ts';
export type { ReportSources } from './analytics.reports.ts';
export { recordAction, type RecordActionInput } from './analytics.service.ts';
export { eraseAnalyticsPersonalData } from './erasure.ts';
