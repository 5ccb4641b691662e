import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { FigureRow } from './membership-figures';

// recharts is imported only here and the staff dashboard loads this file lazily, after it has
// rendered and only for the Director group, so the library never reaches a public page
// (docs/decisions/0067-keeping-members-and-the-numbers.md, as ADR 0036 does for the analytics).

const BRAND = '#ea580c';
const SOFT = '#a8a29e';
const INK = '#44403c';

/** One figure group as bars: this period against the previous one. A picture of the table below it. */
export default function FigureChart({ rows, unit }: { rows: FigureRow[]; unit: 'count' | 'pounds' | 'percent' }) {
  const data = rows.map((r) => ({ label: r.label, current: r.current ?? 0, previous: r.previous ?? 0 }));
  const tick = (v: number) => (unit === 'pounds' ? `£${v}` : unit === 'percent' ? `${v}%` : String(v));
  return (
    <div style={{ height: 200 }} aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -8 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12, fill: INK }} interval={0} />
          <YAxis allowDecimals={unit !== 'count'} tickFormatter={tick} tick={{ fontSize: 12, fill: INK }} />
          <Tooltip contentStyle={{ borderRadius: 12, borderColor: '#d6d3d1' }} formatter={(v) => tick(Number(v))} />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          <Bar dataKey="previous" name="Previous period" fill={SOFT} radius={[4, 4, 0, 0]} />
          <Bar dataKey="current" name="This period" fill={BRAND} radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
