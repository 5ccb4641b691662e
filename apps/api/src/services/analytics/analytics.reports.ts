import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import {
  ANALYTICS_ACTIONS,
  ANALYTICS_MAX_DAYS,
  type AnalyticsReport,
  type AnalyticsReportName,
  type AnalyticsRow,
} from '@fretline/contract';
import { and, count, eq, gte, inArray, lt, sql, tables, type Database, type SQL } from '@fretline/db';
import { badRequest } from '../../plugins/errors.ts';

dayjs.extend(utc);

/*
 * The staff analytics (ADR 0036). The action reports count analytics.actions per UTC day and, for
 * some, per value of the action (path, campaign and source, reason). Each query is one range scan
 * of one or two action types: actions_type_created_idx on (action_type_name, created), or
 * actions_created_idx when one type is most of the rows. A day that has ended never changes
 * (actions are stored as they happen), so its counts stay in memory per database handle
 * (ClosedDays) and a repeated report asks the database only about days it has not seen and today.
 * Sign-ups, helpdesk counts and content titles come from the auth, messages and videos services,
 * handed in by buildApp as ReportSources (ADR 0050); helpdesk counts are kept per day the same way
 * (helpdeskDays says why their ended days cannot change either).
 */
const { actions } = tables;

/**
 * What the reports read from other services. Those services sit above analytics (finance records
 * actions here, and auth, messages and videos ask finance), so analytics cannot import them: the
 * composition root passes their index.ts functions in (ADR 0050).
 */
export interface ReportSources {
  /** Sign-ups per UTC day in [from, toExclusive), days without any left out (auth). */
  countSignupsPerDay(db: Database, from: Date, toExclusive: Date): Promise<Array<{ day: string; n: number }>>;
  /** Helpdesk threads opened and answered per UTC day in [from, toExclusive) (messages). */
  countHelpdeskPerDay(
    db: Database,
    from: Date,
    toExclusive: Date,
  ): Promise<{ opened: Array<{ day: string; n: number }>; answered: Array<{ day: string; n: number }> }>;
  /** Titles of videos and courses by page path, `/videos/<slug>` or `/courses/<slug>` (videos). */
  titlesByPath(db: Database, slugs: { videos: readonly string[]; courses: readonly string[] }): Promise<Map<string, string>>;
}

export interface ReportRange {
  /** Inclusive first day, UTC midnight. */
  from: Date;
  /** Exclusive end: the day after the last day, UTC midnight. */
  toExclusive: Date;
  fromDay: string;
  toDay: string;
}

/** `from`/`to` are inclusive UTC days; the default is the 30 days ending today. */
export function resolveRange(query: { from?: string | undefined; to?: string | undefined }, now: Date): ReportRange {
  const to = query.to ? dayjs.utc(query.to, 'YYYY-MM-DD') : dayjs.utc(now).startOf('day');
  const from = query.from ? dayjs.utc(query.from, 'YYYY-MM-DD') : to.subtract(29, 'day');
  if (!to.isValid()) throw badRequest('Please choose a valid end date.', 'to');
  if (!from.isValid()) throw badRequest('Please choose a valid start date.', 'from');
  if (from.isAfter(to)) throw badRequest('The start date must be on or before the end date.', 'from');
  if (to.diff(from, 'day') + 1 > ANALYTICS_MAX_DAYS) {
    throw badRequest(`Please choose a range of at most ${ANALYTICS_MAX_DAYS} days.`, 'from');
  }
  return {
    from: from.toDate(),
    toExclusive: to.add(1, 'day').toDate(),
    fromDay: from.format('YYYY-MM-DD'),
    toDay: to.format('YYYY-MM-DD'),
  };
}

/** Every day of the range, so days without activity chart as 0 rather than vanish. */
function eachDay(range: Pick<ReportRange, 'fromDay' | 'toExclusive'>): string[] {
  const days: string[] = [];
  for (let d = dayjs.utc(range.fromDay); d.isBefore(range.toExclusive); d = d.add(1, 'day')) days.push(d.format('YYYY-MM-DD'));
  return days;
}

/**
 * The UTC day of an action. A date groups faster than a formatted string (to_char per row was a
 * third of the page-load report's time at a million actions); it becomes text once per group.
 */
const actionDay = sql`(${actions.created} at time zone 'UTC')::date`;
const actionDayText = sql<string>`${actionDay}::text`;

/** The value of one `{key, value}` entry of an action (action_values, product.md#calls). */
function actionValue(key: 'path' | 'campaign' | 'source' | 'reason'): SQL<string | null> {
  // Inlined, not a bound parameter: GROUP BY must see the very same expression as the SELECT,
  // and two parameters ($1, $2) are different expressions to Postgres. The key is one of ours.
  const path = sql.raw(`'$[*] ? (@.key == "${key}").value'`);
  return sql<string | null>`(jsonb_path_query_first(${actions.actionValues}, ${path}::jsonpath) #>> '{}')`;
}

function ofType(types: readonly string[], from: Date, toExclusive: Date) {
  return and(
    types.length === 1 ? eq(actions.actionTypeName, types[0]!) : inArray(actions.actionTypeName, [...types]),
    gte(actions.created, from),
    lt(actions.created, toExclusive),
  );
}

/** How long after midnight UTC actions of the day before may still be arriving (requests in flight). */
const DAY_CLOSE_GRACE_MS = 10 * 60_000;
/** Ended days kept per report and database handle: two of the longest ranges. */
const MAX_CACHED_DAYS = 2 * ANALYTICS_MAX_DAYS;

/**
 * One report's per-day values. Ended days are kept once read; a report asks `load` once, for the
 * span from the first day it lacks to the last (normally just today), and gets every day back.
 * Keyed by the database handle, so test apps (and a second database) never share counts.
 */
class ClosedDays<T> {
  private readonly byDb = new WeakMap<Database, Map<string, T>>();

  constructor(
    private readonly empty: () => T,
    private readonly load: (db: Database, from: Date, toExclusive: Date, sources: ReportSources) => Promise<Map<string, T>>,
  ) {}

  async days(db: Database, range: ReportRange, now: Date, sources: ReportSources): Promise<Array<[string, T]>> {
    let cache = this.byDb.get(db);
    if (!cache) {
      cache = new Map();
      this.byDb.set(db, cache);
    }
    const closedBy = now.getTime() - DAY_CLOSE_GRACE_MS;
    const ended = (day: string) => dayjs.utc(day).add(1, 'day').valueOf() <= closedBy;
    const days = eachDay(range);
    const missing = days.filter((d) => !(ended(d) && cache.has(d)));
    let loaded = new Map<string, T>();
    if (missing.length) {
      const first = dayjs.utc(missing[0]);
      const last = dayjs.utc(missing[missing.length - 1]);
      loaded = await this.load(db, first.toDate(), last.add(1, 'day').toDate(), sources);
      for (const d of missing) {
        if (!ended(d)) continue;
        cache.delete(d);
        cache.set(d, loaded.get(d) ?? this.empty());
      }
      // A Map iterates in insertion order: the days stored longest ago go first.
      for (const d of cache.keys()) {
        if (cache.size <= MAX_CACHED_DAYS) break;
        cache.delete(d);
      }
    }
    return days.map((d) => [d, loaded.get(d) ?? cache.get(d) ?? this.empty()]);
  }
}

/** Rows of (day, label, n) as one map of label counts per day. */
function countsByDay<R extends { day: string; n: number }>(
  rows: R[],
  label: (row: R) => string,
): Map<string, Map<string, number>> {
  const byDay = new Map<string, Map<string, number>>();
  for (const row of rows) {
    let counts = byDay.get(row.day);
    if (!counts) byDay.set(row.day, (counts = new Map<string, number>()));
    const key = label(row);
    counts.set(key, (counts.get(key) ?? 0) + row.n);
  }
  return byDay;
}

/** The per-day label counts added up over the range, most first (ties by label), at most `limit`. */
function topLabels(days: Array<[string, Map<string, number>]>, limit: number): Array<[string, number]> {
  const totals = new Map<string, number>();
  for (const [, counts] of days) for (const [key, n] of counts) totals.set(key, (totals.get(key) ?? 0) + n);
  return [...totals].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0)).slice(0, limit);
}

type Column = { key: string; label: string };
function report(
  name: AnalyticsReportName,
  title: string,
  range: ReportRange,
  columns: Column[],
  rows: AnalyticsRow[],
  total: number,
) {
  return { name, title, from: range.fromDay, to: range.toDay, columns, rows, total } satisfies AnalyticsReport;
}

const pageLoadDays = new ClosedDays<{ n: number; visitors: number }>(
  () => ({ n: 0, visitors: 0 }),
  async (db, from, toExclusive) => {
    const rows = await db
      .select({ day: actionDayText, n: count(), visitors: sql<number>`count(distinct ${actions.correlationId})::int` })
      .from(actions)
      .where(ofType([ANALYTICS_ACTIONS.pageLoad], from, toExclusive))
      .groupBy(actionDay);
    return new Map(rows.map((r) => [r.day, { n: r.n, visitors: r.visitors }]));
  },
);

async function pageLoads(db: Database, range: ReportRange, now: Date, sources: ReportSources): Promise<AnalyticsReport> {
  const rows = (await pageLoadDays.days(db, range, now, sources)).map(([day, v]) => ({
    day,
    page_loads: v.n,
    visitors: v.visitors,
  }));
  return report(
    'page-loads',
    'Page loads per day',
    range,
    [
      { key: 'day', label: 'Day' },
      { key: 'page_loads', label: 'Page loads' },
      { key: 'visitors', label: 'Visitors' },
    ],
    rows,
    rows.reduce((s, r) => s + r.page_loads, 0),
  );
}

/** A video's or a course's own page. */
const CONTENT_PATH = /^\/(videos|courses)\/[^/?#]+$/;

/**
 * Page loads of a video or course page, by path. Every path is grouped and the other pages are
 * dropped here: a regular expression in SQL ran on each row and took longer than the grouping.
 */
const contentDays = new ClosedDays<Map<string, number>>(
  () => new Map(),
  async (db, from, toExclusive) => {
    const path = actionValue('path');
    const rows = await db
      .select({ day: actionDayText, path, n: count() })
      .from(actions)
      .where(ofType([ANALYTICS_ACTIONS.pageLoad], from, toExclusive))
      .groupBy(actionDay, path);
    return countsByDay(
      rows.filter((r) => r.path !== null && CONTENT_PATH.test(r.path)),
      (r) => r.path ?? '',
    );
  },
);

async function topContent(db: Database, range: ReportRange, now: Date, sources: ReportSources): Promise<AnalyticsReport> {
  const top = topLabels(await contentDays.days(db, range, now, sources), 25);
  const slugs = (kind: string) => top.filter(([p]) => p.startsWith(`/${kind}/`)).map(([p]) => p.slice(kind.length + 2));
  const titles = await sources.titlesByPath(db, { videos: slugs('videos'), courses: slugs('courses') });
  const rows = top.map(([path, n]) => ({
    title: titles.get(path) ?? path,
    kind: path.startsWith('/courses/') ? 'Course' : 'Video',
    path,
    page_loads: n,
  }));
  return report(
    'top-content',
    'Top videos and courses',
    range,
    [
      { key: 'title', label: 'Title' },
      { key: 'kind', label: 'Kind' },
      { key: 'path', label: 'Path' },
      { key: 'page_loads', label: 'Page loads' },
    ],
    rows,
    rows.reduce((s, r) => s + r.page_loads, 0),
  );
}

/** Tracked visits by campaign and source; the label is the JSON pair, so neither may hide a comma. */
const campaignDays = new ClosedDays<Map<string, number>>(
  () => new Map(),
  async (db, from, toExclusive) => {
    const campaign = actionValue('campaign');
    const source = actionValue('source');
    const rows = await db
      .select({ day: actionDayText, campaign, source, n: count() })
      .from(actions)
      .where(ofType([ANALYTICS_ACTIONS.trackedPageLoad], from, toExclusive))
      .groupBy(actionDay, campaign, source);
    return countsByDay(rows, (r) => JSON.stringify([r.campaign || '(none)', r.source || '(none)']));
  },
);

async function campaigns(db: Database, range: ReportRange, now: Date, sources: ReportSources): Promise<AnalyticsReport> {
  const rows = topLabels(await campaignDays.days(db, range, now, sources), 100).map(([pair, visits]) => {
    const [campaign, source] = JSON.parse(pair) as [string, string];
    return { campaign, source, visits };
  });
  return report(
    'campaigns',
    'Campaigns and sources',
    range,
    [
      { key: 'campaign', label: 'Campaign' },
      { key: 'source', label: 'Source' },
      { key: 'visits', label: 'Visits' },
    ],
    rows,
    rows.reduce((s, r) => s + r.visits, 0),
  );
}

async function signups(db: Database, range: ReportRange, _now: Date, sources: ReportSources): Promise<AnalyticsReport> {
  const byDay = new Map((await sources.countSignupsPerDay(db, range.from, range.toExclusive)).map((r) => [r.day, r.n]));
  const rows = eachDay(range).map((d) => ({ day: d, signups: byDay.get(d) ?? 0 }));
  return report(
    'signups',
    'Sign-ups per day',
    range,
    [
      { key: 'day', label: 'Day' },
      { key: 'signups', label: 'Sign-ups' },
    ],
    rows,
    rows.reduce((s, r) => s + r.signups, 0),
  );
}

const subscriptionDays = new ClosedDays<{ created: number; cancelled: number }>(
  () => ({ created: 0, cancelled: 0 }),
  async (db, from, toExclusive) => {
    const rows = await db
      .select({ day: actionDayText, actionType: actions.actionTypeName, n: count() })
      .from(actions)
      .where(ofType([ANALYTICS_ACTIONS.subscriptionCreated, ANALYTICS_ACTIONS.subscriptionCancelled], from, toExclusive))
      .groupBy(actionDay, actions.actionTypeName);
    const byDay = new Map<string, { created: number; cancelled: number }>();
    for (const r of rows) {
      const v = byDay.get(r.day) ?? { created: 0, cancelled: 0 };
      if (r.actionType === ANALYTICS_ACTIONS.subscriptionCreated) v.created += r.n;
      else v.cancelled += r.n;
      byDay.set(r.day, v);
    }
    return byDay;
  },
);

async function subscriptionsPerDay(
  db: Database,
  range: ReportRange,
  now: Date,
  sources: ReportSources,
): Promise<AnalyticsReport> {
  const rows = (await subscriptionDays.days(db, range, now, sources)).map(([day, v]) => ({
    day,
    new_subscriptions: v.created,
    cancellations: v.cancelled,
  }));
  return report(
    'subscriptions',
    'New subscriptions and cancellations per day',
    range,
    [
      { key: 'day', label: 'Day' },
      { key: 'new_subscriptions', label: 'New subscriptions' },
      { key: 'cancellations', label: 'Cancellations' },
    ],
    rows,
    rows.reduce((s, r) => s + r.new_subscriptions, 0),
  );
}

const NO_REASON = '(no reason given)';
const reasonDays = new ClosedDays<Map<string, number>>(
  () => new Map(),
  async (db, from, toExclusive) => {
    const reason = actionValue('reason');
    const rows = await db
      .select({ day: actionDayText, reason, n: count() })
      .from(actions)
      .where(ofType([ANALYTICS_ACTIONS.subscriptionCancelled], from, toExclusive))
      .groupBy(actionDay, reason);
    return countsByDay(rows, (r) => r.reason?.trim() || NO_REASON);
  },
);

async function cancellations(db: Database, range: ReportRange, now: Date, sources: ReportSources): Promise<AnalyticsReport> {
  const rows = topLabels(await reasonDays.days(db, range, now, sources), 100).map(([reason, n]) => ({
    reason,
    cancellations: n,
  }));
  return report(
    'cancellations',
    'Cancellations by reason',
    range,
    [
      { key: 'reason', label: 'Reason given' },
      { key: 'cancellations', label: 'Cancellations' },
    ],
    rows,
    rows.reduce((s, r) => s + r.cancellations, 0),
  );
}

/**
 * Helpdesk threads opened and answered per UTC day, kept for ended days like the action reports
 * (ADR 0036, revised). A day's two numbers are read only from rows stamped with that day: threads
 * by `thread_created`, staff messages by `message_created`, each joined to its thread only for
 * `thread_helpdesk`. Both stamps are the app's clock at insert, the flags `thread_helpdesk` and
 * `message_from_staff` are set at insert and never updated, and no code deletes a thread or a
 * message (deleting an account anonymises the user and keeps them). So a later reply to a thread
 * opened on an ended day counts on the reply's day, today; resolving or assigning that thread
 * changes columns the counts do not read; and an ended day stays as it was read. "Answered" counts
 * distinct threads within one day only, so days add up without overlap. A change that breaks this
 * (deleting or merging threads, back-dating, turning a thread into a helpdesk one) must clear
 * this memory or move the counts to a roll-up table.
 */
const helpdeskDays = new ClosedDays<{ opened: number; answered: number }>(
  () => ({ opened: 0, answered: 0 }),
  async (db, from, toExclusive, sources) => {
    const counted = await sources.countHelpdeskPerDay(db, from, toExclusive);
    const byDay = new Map<string, { opened: number; answered: number }>();
    for (const r of counted.opened) byDay.set(r.day, { opened: r.n, answered: 0 });
    for (const r of counted.answered) byDay.set(r.day, { opened: byDay.get(r.day)?.opened ?? 0, answered: r.n });
    return byDay;
  },
);

async function helpdesk(db: Database, range: ReportRange, now: Date, sources: ReportSources): Promise<AnalyticsReport> {
  const rows = (await helpdeskDays.days(db, range, now, sources)).map(([day, v]) => ({
    day,
    opened: v.opened,
    answered: v.answered,
  }));
  return report(
    'helpdesk',
    'Helpdesk threads opened and answered per day',
    range,
    [
      { key: 'day', label: 'Day' },
      { key: 'opened', label: 'Opened' },
      { key: 'answered', label: 'Answered' },
    ],
    rows,
    rows.reduce((s, r) => s + r.opened, 0),
  );
}

const REPORTS: Record<
  AnalyticsReportName,
  (db: Database, range: ReportRange, now: Date, sources: ReportSources) => Promise<AnalyticsReport>
> = {
  'page-loads': pageLoads,
  'top-content': topContent,
  campaigns,
  signups,
  subscriptions: subscriptionsPerDay,
  cancellations,
  helpdesk,
};

/** `now` (the app's clock) decides which days have ended and may be answered from memory. */
export function buildReport(
  db: Database,
  sources: ReportSources,
  name: AnalyticsReportName,
  range: ReportRange,
  now: Date,
): Promise<AnalyticsReport> {
  return REPORTS[name](db, range, now, sources);
}

/** RFC 4180 CSV; cells that a spreadsheet would run as a formula are prefixed with a quote. */
export function reportToCsv(report: AnalyticsReport): string {
  const cell = (value: AnalyticsRow[string] | undefined): string => {
    let text = value === null || value === undefined ? '' : String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [report.columns.map((c) => cell(c.label)).join(',')];
  for (const row of report.rows) lines.push(report.columns.map((c) => cell(row[c.key])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
