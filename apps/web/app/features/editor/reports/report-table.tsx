import type { AnalyticsReport } from '@fretline/contract';

/** The report's numbers as a table: what screen readers read, and the detail behind a chart. */
export function ReportTable({ report, caption, maxRows }: { report: AnalyticsReport; caption: string; maxRows?: number }) {
  const rows = maxRows ? report.rows.slice(0, maxRows) : report.rows;
  return (
    <div className="max-h-80 overflow-auto rounded-xl border border-stone-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-stone-50 text-stone-600">
          <tr>
            {report.columns.map((c, i) => (
              <th key={c.key} scope="col" className={i === 0 ? 'px-3 py-2 font-semibold' : 'px-3 py-2 text-right font-semibold'}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {rows.map((row, r) => (
            <tr key={r}>
              {report.columns.map((c, i) =>
                i === 0 ? (
                  <th key={c.key} scope="row" className="max-w-64 truncate px-3 py-1.5 font-medium text-ink-900">
                    {row[c.key]}
                  </th>
                ) : (
                  <td key={c.key} className="px-3 py-1.5 text-right tabular-nums">
                    {row[c.key]}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
