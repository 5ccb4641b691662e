import { useEffect, useState } from 'react';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AnalyticsReport } from '@fretline/contract';

// recharts is imported only here, and only the analytics route imports this file, so the
// library ships in that page's chunk alone (ADR 0036).

const BRAND = '#ea580c';
const INK = '#44403c';
const SOFT = '#a8a29e';
const SERIES = [BRAND, INK, SOFT];
const HEIGHT = 260;

/** Charts measure the page, so they render after hydration; the server sends a same-sized box. */
function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

function shortDay(day: unknown): string {
  const s = String(day);
  return /^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s.slice(8, 10)}/${s.slice(5, 7)}` : s;
}

export interface ReportChartProps {
  report: AnalyticsReport;
  kind: 'area' | 'bar' | 'line' | 'hbar';
}

/** One report as a chart: the first column is the axis, the numeric columns are the series. */
export function ReportChart({ report, kind }: ReportChartProps) {
  const mounted = useMounted();
  const label = report.columns[0]!.key;
  const series = report.columns.slice(1).filter((c) => report.rows.some((r) => typeof r[c.key] === 'number'));
  if (!mounted) return <div style={{ height: HEIGHT }} aria-hidden="true" className="animate-pulse rounded-xl bg-stone-100" />;
  // The chart is a picture of the table beside it, hidden from assistive technology; recharts'
  // keyboard layer would put a focus stop inside that hidden picture (axe: aria-hidden-focus).
  const common = { data: report.rows, margin: { top: 8, right: 8, bottom: 0, left: -16 }, accessibilityLayer: false };
  const grid = <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" vertical={false} />;
  const tooltip = <Tooltip contentStyle={{ borderRadius: 12, borderColor: '#d6d3d1' }} />;
  const legend = series.length > 1 ? <Legend wrapperStyle={{ fontSize: 13 }} /> : null;
  const x = <XAxis dataKey={label} tickFormatter={shortDay} tick={{ fontSize: 12, fill: INK }} minTickGap={16} />;
  const y = <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: INK }} />;
  let chart: React.ReactElement;
  if (kind === 'hbar') {
    const value = series[series.length - 1]!;
    chart = (
      <BarChart {...common} data={report.rows.slice(0, 10)} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12, fill: INK }} />
        <YAxis type="category" dataKey={label} width={150} tick={{ fontSize: 12, fill: INK }} />
        {tooltip}
        <Bar dataKey={value.key} name={value.label} fill={BRAND} radius={[0, 6, 6, 0]} />
      </BarChart>
    );
  } else {
    // One frame for the three time charts; only the chart and the drawing of a series differ.
    // The parts stay direct children of the chart, where recharts looks for them.
    const Chart = kind === 'area' ? AreaChart : kind === 'line' ? LineChart : BarChart;
    const draw = (s: (typeof series)[number], i: number) =>
      kind === 'area' ? (
        <Area key={s.key} type="monotone" dataKey={s.key} name={s.label} stroke={SERIES[i]} fill={SERIES[i]} fillOpacity={0.15} />
      ) : kind === 'line' ? (
        <Line key={s.key} type="monotone" dataKey={s.key} name={s.label} stroke={SERIES[i]} strokeWidth={2} dot={false} />
      ) : (
        <Bar key={s.key} dataKey={s.key} name={s.label} fill={SERIES[i]} radius={[4, 4, 0, 0]} />
      );
    chart = (
      <Chart {...common}>
        {grid}
        {x}
        {y}
        {tooltip}
        {legend}
        {series.map(draw)}
      </Chart>
    );
  }
  return (
    <div style={{ height: HEIGHT }} aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        {chart}
      </ResponsiveContainer>
    </div>
  );
}
