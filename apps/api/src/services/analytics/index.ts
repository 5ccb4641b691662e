// The analytics service's public surface: other services and plugins import only from here.
export { analyticsRoutes } from './analytics.routes.ts';
export { analyticsReportRoutes } from './analytics-reports.routes.ts';
export { recordAction } from './analytics.service.ts';
export { eraseAnalyticsPersonalData } from './erasure.ts';
