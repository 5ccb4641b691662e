import { data } from 'react-router';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { ANALYTICS_REPORTS, type AnalyticsReport, type AnalyticsReportName } from '@fretline/contract';
import { Card } from '../../components/ui';
import { requireStaffAccess } from '../../features/editor/console/access.server';
import { ReportChart, type ReportChartProps } from '../../features/editor/reports/analytics-charts';
import { DateRangeForm } from '../../features/editor/reports/date-range-form';
import { PageHeader } from '../../features/editor/console/page-header';
import { ReportTable } from '../../features/editor/reports/report-table';
import { StaffErrorBoundary } from '../../features/editor/console/staff-error';
import { ApiError } from '../../lib/api-client';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/analytics';

dayjs.extend(utc);

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export async function loader({ request }: Route.LoaderArgs) {
  const { api } = await requireStaffAccess(request, 'Director');
  const url = new URL(request.url);
  const today = dayjs.utc().format('YYYY-MM-DD');
  const toParam = url.searchParams.get('to') ?? '';
  const fromParam = url.searchParams.get('from') ?? '';
  const to = DAY.test(toParam) ? toParam : today;
  const from = DAY.test(fromParam) ? fromParam : dayjs.utc(to).subtract(29, 'day').format('YYYY-MM-DD');
  try {
    const reports = await Promise.all(
      ANALYTICS_REPORTS.map((report) => api.call('staff.getAnalyticsReport', { params: { report }, query: { from, to } })),
    );
    return { reports: reports.map((r) => r.report), from, to, today, error: null };
  } catch (err) {
    // A range the API refuses (backwards, over a year) is shown on the form, not as an error page.
    if (err instanceof ApiError && err.status === 400) return data({ reports: [], from, to, today, error: err.message });
    throw err;
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ title: 'Analytics', description: 'How the site is used.', path: '/staff/analytics', matches, noIndex: true });

export { StaffErrorBoundary as ErrorBoundary };

const LAYOUT: Record<AnalyticsReportName, { chart: ReportChartProps['kind']; wide?: boolean; table?: boolean }> = {
  'page-loads': { chart: 'area', wide: true },
  'top-content': { chart: 'hbar', table: true },
  campaigns: { chart: 'hbar', table: true },
  signups: { chart: 'bar' },
  subscriptions: { chart: 'bar' },
  cancellations: { chart: 'hbar', table: true },
  helpdesk: { chart: 'line', wide: true },
};

function ReportCard({ report, from, to }: { report: AnalyticsReport; from: string; to: string }) {
  const layout = LAYOUT[report.name];
  const csv = `/api/staff/analytics/${report.name}?from=${from}&to=${to}&format=csv`;
  const empty = report.rows.length === 0 || report.total === 0;
  const headingId = `report-${report.name}`;
  return (
    <Card as="section" aria-labelledby={headingId} className={layout.wide ? 'lg:col-span-2' : undefined}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold text-ink-900">
          {report.title}
        </h2>
        <p className="flex items-baseline gap-3 text-sm">
          <span className="text-stone-600">
            Total{' '}
            <strong className="text-ink-900 tabular-nums" data-testid={`total-${report.name}`}>
              {report.total}
            </strong>
          </span>
          <a href={csv} download className="font-medium text-brand-700 hover:underline">
            CSV<span className="sr-only"> of {report.title.toLowerCase()}</span>
          </a>
        </p>
      </div>
      {empty ? (
        <p className="rounded-xl bg-stone-50 px-4 py-10 text-center text-sm text-stone-600">Nothing recorded in these dates.</p>
      ) : (
        <>
          <ReportChart report={report} kind={layout.chart} />
          {layout.table ? (
            <div className="mt-4">
              <ReportTable report={report} caption={report.title} maxRows={25} />
            </div>
          ) : (
            <details className="mt-3 text-sm">
              <summary className="cursor-pointer font-medium text-stone-700">Show the numbers</summary>
              <div className="mt-2">
                <ReportTable report={report} caption={report.title} />
              </div>
            </details>
          )}
        </>
      )}
    </Card>
  );
}

export default function StaffAnalytics({ loaderData }: Route.ComponentProps) {
  const { reports, from, to, today, error } = loaderData;
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Analytics" description={`Days in UTC, ${from} to ${to}.`} />
      <DateRangeForm from={from} to={to} today={today} />
      {error ? (
        <p role="alert" className="mb-6 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800">
          {error}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        {reports.map((r) => (
          <ReportCard key={r.name} report={r} from={from} to={to} />
        ))}
      </div>
    </div>
  );
}
