import { lazy, Suspense, useEffect, useState } from 'react';
import {
  CANCELLATION_REASON_LABELS,
  type CancellationReason,
  type MembershipFigures,
  type PeriodFigures,
} from '@fretline/contract';
import { Card, cx } from '../../../components/ui';

const FigureChart = lazy(() => import('./membership-charts'));

export interface FigureRow {
  label: string;
  current: number | null;
  previous: number | null;
}

type Unit = 'count' | 'pounds' | 'percent';

const pct = (r: number | null) => (r === null ? null : Math.round(r * 1000) / 10);
const show = (v: number | null, unit: Unit) =>
  v === null
    ? '—'
    : unit === 'pounds'
      ? `£${v.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
      : unit === 'percent'
        ? `${v}%`
        : v.toLocaleString('en-GB');

/** Charts measure the page, so they load and render after hydration; the server sends a same-sized box. */
function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

function Change({
  current,
  previous,
  unit,
  goodWhenUp,
}: {
  current: number | null;
  previous: number | null;
  unit: Unit;
  goodWhenUp: boolean;
}) {
  if (current === null || previous === null) return <span className="text-stone-500">no earlier figure</span>;
  const diff = Math.round((current - previous) * 100) / 100;
  if (diff === 0) return <span className="text-stone-500">same as before</span>;
  const good = diff > 0 === goodWhenUp;
  return (
    <span className={good ? 'text-emerald-700' : 'text-red-700'}>
      {diff > 0 ? '▲' : '▼'} {show(Math.abs(diff), unit)} <span className="sr-only">{diff > 0 ? 'up' : 'down'}</span>
      <span className="text-stone-500"> vs {show(previous, unit)}</span>
    </span>
  );
}

interface Group {
  id: string;
  title: string;
  note: string;
  unit: Unit;
  goodWhenUp: boolean;
  rows: FigureRow[];
}

function groupsOf(f: MembershipFigures): Group[] {
  const c = f.current;
  const p = f.previous;
  const row = (label: string, pick: (x: PeriodFigures) => number | null): FigureRow => ({
    label,
    current: pick(c),
    previous: pick(p),
  });
  const reasons = [...new Set([...c.cancellation_reasons, ...p.cancellation_reasons].map((r) => r.reason))];
  const groups: Group[] = [
    {
      id: 'mrr',
      title: 'Monthly recurring revenue',
      note: 'At the end of the period; a yearly plan counts one twelfth.',
      unit: 'pounds',
      goodWhenUp: true,
      rows: [row('MRR', (x) => x.mrr_pence / 100)],
    },
    {
      id: 'members',
      title: 'Members and trials',
      note: 'Paying members and trials running at the end of the period.',
      unit: 'count',
      goodWhenUp: true,
      rows: [row('Active members', (x) => x.active_members), row('Trials running', (x) => x.trials_running)],
    },
    {
      id: 'conversion',
      title: 'Trial-to-paid conversion',
      note: 'Of the trials that ended in the period, the share that paid.',
      unit: 'percent',
      goodWhenUp: true,
      rows: [row('Conversion', (x) => pct(x.trial_conversion))],
    },
    {
      id: 'churn',
      title: 'Churn',
      note: 'Paying members whose access ended, against those at the start.',
      unit: 'count',
      goodWhenUp: false,
      rows: [row('Cancelled', (x) => x.churned_voluntary), row('Failed payment', (x) => x.churned_failed_payment)],
    },
    {
      id: 'reasons',
      title: 'Cancellation reasons',
      note: 'What members picked when they cancelled in the period.',
      unit: 'count',
      goodWhenUp: false,
      rows: reasons.map((r) =>
        row(
          CANCELLATION_REASON_LABELS[r as CancellationReason] ?? 'Not given',
          (x) => x.cancellation_reasons.find((y) => y.reason === r)?.n ?? 0,
        ),
      ),
    },
    {
      id: 'saves',
      title: 'Pauses and saves',
      note: 'Members who paused or took the offer, and stayed.',
      unit: 'count',
      goodWhenUp: true,
      rows: [row('Pauses', (x) => x.pauses), row('Offers taken', (x) => x.offers_taken), row('Saves', (x) => x.saves)],
    },
  ];
  if (c.mailers && p.mailers) {
    groups.push({
      id: 'mailers',
      title: 'Mailers',
      note: 'Messages delivered and failed, and unsubscribes.',
      unit: 'count',
      goodWhenUp: true,
      rows: [
        row('Sent', (x) => x.mailers?.sent ?? 0),
        row('Failed', (x) => x.mailers?.failed ?? 0),
        row('Unsubscribes', (x) => x.mailers?.unsubscribes ?? 0),
      ],
    });
  }
  return groups;
}

function GroupCard({ group, current, previous }: { group: Group; current: string; previous: string }) {
  const mounted = useMounted();
  const headingId = `figures-${group.id}`;
  const [first] = group.rows;
  return (
    <Card
      as="section"
      aria-labelledby={headingId}
      className={cx('flex flex-col', group.id === 'reasons' && group.rows.length > 2 && 'lg:col-span-2')}
    >
      <h3 id={headingId} className="text-base font-bold text-ink-900">
        {group.title}
      </h3>
      {first && group.id !== 'reasons' ? (
        <p className="mt-1 text-3xl font-extrabold tracking-tight text-ink-900 tabular-nums" data-testid={`figure-${group.id}`}>
          {show(group.id === 'churn' ? group.rows.reduce((n, r) => n + (r.current ?? 0), 0) : first.current, group.unit)}
        </p>
      ) : null}
      {first && group.id !== 'reasons' ? (
        <p className="text-sm">
          <Change
            current={group.id === 'churn' ? group.rows.reduce((n, r) => n + (r.current ?? 0), 0) : first.current}
            previous={group.id === 'churn' ? group.rows.reduce((n, r) => n + (r.previous ?? 0), 0) : first.previous}
            unit={group.unit}
            goodWhenUp={group.goodWhenUp}
          />
        </p>
      ) : null}
      <p className="mt-1 text-xs text-stone-500">{group.note}</p>
      {group.rows.length === 0 ? (
        <p className="mt-3 rounded-xl bg-stone-50 px-4 py-8 text-center text-sm text-stone-600">
          Nobody cancelled in these dates.
        </p>
      ) : (
        <>
          <div className="mt-3">
            {mounted ? (
              <Suspense
                fallback={<div style={{ height: 200 }} aria-hidden="true" className="animate-pulse rounded-xl bg-stone-100" />}
              >
                <FigureChart rows={group.rows} unit={group.unit} />
              </Suspense>
            ) : (
              <div style={{ height: 200 }} aria-hidden="true" className="animate-pulse rounded-xl bg-stone-100" />
            )}
          </div>
          <table className="mt-3 w-full text-sm">
            <caption className="sr-only">{group.title}</caption>
            <thead>
              <tr className="border-b border-stone-200 text-left text-stone-600">
                <th scope="col" className="py-1.5 font-semibold">
                  Figure
                </th>
                <th scope="col" className="py-1.5 text-right font-semibold">
                  {current}
                </th>
                <th scope="col" className="py-1.5 text-right font-semibold">
                  {previous}
                </th>
              </tr>
            </thead>
            <tbody>
              {group.rows.map((r) => (
                <tr key={r.label} className="border-b border-stone-100 last:border-0">
                  <th scope="row" className="py-1.5 text-left font-medium text-ink-900">
                    {r.label}
                  </th>
                  <td className="py-1.5 text-right tabular-nums">{show(r.current, group.unit)}</td>
                  <td className="py-1.5 text-right text-stone-600 tabular-nums">{show(r.previous, group.unit)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Card>
  );
}

/** The dashboard's headline figures (product.md#membership-figures): each a chart with its table, and a CSV of all. */
export function MembershipFiguresPanel({ figures }: { figures: MembershipFigures }) {
  const c = figures.current;
  const p = figures.previous;
  const current = `${c.from} to ${c.to}`;
  const previous = `${p.from} to ${p.to}`;
  const churnRate = pct(c.churn_rate);
  return (
    <section aria-labelledby="figures-heading" className="mb-8">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="figures-heading" className="text-xl font-bold text-ink-900">
          Membership
        </h2>
        <p className="flex flex-wrap items-baseline gap-3 text-sm text-stone-600">
          <span>
            {current}, against {previous}
            {churnRate !== null ? ` · churn rate ${churnRate}%` : ''}
          </span>
          <a
            href={`/api/finance/staff/figures?from=${c.from}&to=${c.to}&format=csv`}
            download
            className="font-medium text-brand-700 hover:underline"
          >
            Download CSV<span className="sr-only"> of the membership figures</span>
          </a>
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {groupsOf(figures).map((g) => (
          <GroupCard key={g.id} group={g} current="This period" previous="Before" />
        ))}
      </div>
    </section>
  );
}
