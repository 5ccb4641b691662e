import { useEffect, useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

// recharts (ADR 0065, as ADR 0036 chose it for the staff reports) is imported only here, and only
// the practice routes import this file, so the library ships in those pages' chunks alone.

const BRAND = '#ea580c';
const INK = '#44403c';
const MARK = '#16a34a';
const HEIGHT = 220;

/** Charts measure the page, so they render after hydration; the server sends a same-sized box. */
function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

function Placeholder() {
  return <div style={{ height: HEIGHT }} aria-hidden="true" className="animate-pulse rounded-xl bg-stone-100" />;
}

const tick = { fontSize: 12, fill: INK };
const tooltipStyle = { borderRadius: 12, borderColor: '#d6d3d1' };

/**
 * The top of the minutes axis: the highest bar or the goal, whichever is higher, so the goal line is
 * drawn whether the learner is above or below it (recharts drops a reference line outside the axis).
 */
export function minutesAxisTop(data: { minutes: number }[], goal: number): number {
  return Math.max(goal, ...data.map((d) => d.minutes));
}

/** Bars of minutes with a goal line; the picture of the table beside it, hidden from assistive technology. */
export function MinutesChart({
  data,
  goal,
  goalLabel,
}: {
  data: { label: string; minutes: number; met?: boolean }[];
  goal: number;
  goalLabel: string;
}) {
  const mounted = useMounted();
  if (!mounted) return <Placeholder />;
  return (
    <div aria-hidden="true" style={{ height: HEIGHT }}>
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 320, height: HEIGHT }}>
        <BarChart data={data} margin={{ top: 16, right: 8, bottom: 0, left: -20 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" vertical={false} />
          <XAxis dataKey="label" tick={tick} minTickGap={12} />
          <YAxis allowDecimals={false} tick={tick} domain={[0, minutesAxisTop(data, goal)]} />
          <Tooltip contentStyle={tooltipStyle} formatter={(value) => [`${String(value)} min`, 'Practice']} />
          <ReferenceLine
            y={goal}
            ifOverflow="extendDomain"
            stroke={MARK}
            strokeDasharray="4 4"
            label={{ value: goalLabel, position: 'insideTopRight', fontSize: 12, fill: MARK }}
          />
          <Bar dataKey="minutes" fill={BRAND} radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** A chord pair's rounds as a line, with the 30 and 60 a minute marks (product.md#one-minute-changes). */
export function ChangesChart({ data, marks }: { data: { label: string; changes: number }[]; marks: readonly number[] }) {
  const mounted = useMounted();
  if (!mounted) return <Placeholder />;
  const top = Math.max(70, ...data.map((d) => d.changes + 5));
  return (
    <div aria-hidden="true" style={{ height: HEIGHT }}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 16, right: 12, bottom: 0, left: -20 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" vertical={false} />
          <XAxis dataKey="label" tick={tick} minTickGap={12} />
          <YAxis allowDecimals={false} tick={tick} domain={[0, top]} />
          <Tooltip contentStyle={tooltipStyle} formatter={(value) => [String(value), 'Changes']} />
          {marks.map((mark) => (
            <ReferenceLine
              key={mark}
              y={mark}
              stroke={MARK}
              strokeDasharray="4 4"
              label={{ value: `${mark} a minute`, position: 'insideTopLeft', fontSize: 12, fill: MARK }}
            />
          ))}
          <Line type="monotone" dataKey="changes" stroke={BRAND} strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
