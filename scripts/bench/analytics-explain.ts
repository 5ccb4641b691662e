// EXPLAIN ANALYZE of every query the Director's analytics reports run (ADR 0036), on
// BENCH_DATABASE_URL: run by scripts/bench/targets/staff-analytics.mjs after it has seeded
// 1,000,000 actions, or alone: `BENCH_DATABASE_URL=postgres://… node --import tsx scripts/bench/analytics-explain.ts`.
// It builds each report with the real report code on a drizzle handle that records the SQL, then
// asks PostgreSQL for the plan of each recorded statement and prints the indexes used, any
// sequential scan, the rows read and the execution time (the median of five; per-node timing off,
// so the figure is close to the query's own time). The queries are the cold ones: what a report
// costs the first time it meets each day (ADR 0036).
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { AnalyticsReportNameSchema } from '@fretline/contract';
import { tables, type Database } from '@fretline/db';
import { buildReport, resolveRange } from '../../apps/api/src/services/analytics/analytics.reports.ts';
import { countSignupsPerDay } from '../../apps/api/src/services/auth/index.ts';
import { countHelpdeskPerDay } from '../../apps/api/src/services/messages/index.ts';
import { titlesByPath } from '../../apps/api/src/services/videos/index.ts';
// The report code reaches modules that use the app's Fastify decorations; the type-only import
// brings their declarations into this program (the root tsconfig), nothing at run time.
import type {} from '../../apps/api/src/app.ts';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('BENCH_DATABASE_URL is not set: EXPLAIN needs the PostgreSQL bench database.');
  process.exit(1);
}

function scans(node: PlanNode, out: string[] = []): string[] {
  const rows = (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1);
  if (node['Index Name']) out.push(`${node['Node Type']} ${node['Index Name']} (${rows.toLocaleString('en')} rows)`);
  else if (node['Node Type'] === 'Seq Scan') out.push(`Seq Scan ${node['Relation Name']} (${rows.toLocaleString('en')} rows)`);
  for (const child of node.Plans ?? []) scans(child, out);
  return out;
}

const pool = new pg.Pool({ connectionString: url, max: 2 });
const recorded: Array<{ sql: string; params: unknown[] }> = [];
/** A new handle each time: the reports keep ended days per handle, and this wants the cold queries. */
const freshDb = () =>
  drizzle({
    client: pool,
    schema: tables,
    casing: 'snake_case',
    logger: { logQuery: (sql, params) => void recorded.push({ sql, params }) },
  }) as unknown as Database;

try {
  const now = new Date();
  const ranges = [
    ['30 days', resolveRange({}, now)],
    ['90 days', resolveRange({ from: new Date(now.getTime() - 89 * 86_400_000).toISOString().slice(0, 10) }, now)],
  ] as const;
  console.log('  EXPLAIN ANALYZE of each report query (median execution time of 5):');
  for (const [label, range] of ranges) {
    for (const name of AnalyticsReportNameSchema.options) {
      recorded.length = 0;
      await buildReport(freshDb(), { countSignupsPerDay, countHelpdeskPerDay, titlesByPath }, name, range, now);
      const statements = [...recorded];
      for (const [i, statement] of statements.entries()) {
        const times: number[] = [];
        let plan: { Plan: PlanNode; 'Execution Time': number } | undefined;
        for (let run = 0; run < 5; run++) {
          const res = await pool.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode; 'Execution Time': number }> }>(
            `explain (analyze, timing off, format json) ${statement.sql}`,
            statement.params,
          );
          plan = res.rows[0]!['QUERY PLAN'][0]!;
          times.push(plan['Execution Time']);
        }
        times.sort((a, b) => a - b);
        const query = statements.length > 1 ? `${name} #${i + 1}` : name;
        console.log(
          `  ${label.padEnd(8)} ${query.padEnd(16)} ${times[2]!.toFixed(1).padStart(7)} ms  ${scans(plan!.Plan).join('; ')}`,
        );
      }
    }
  }
} finally {
  await pool.end();
}
