import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import {
  ANALYTICS_ACTIONS,
  ANALYTICS_MAX_DAYS,
  type AnalyticsReport,
  type AnalyticsReportName,
  type AnalyticsRow,
} from '@fretline/contract';
import { and, count, desc, eq, gte, inArray, lt, sql, tables, type Database, type SQL } from '@fretline/db';
import { badRequest } from '../../plugins/errors.ts';

dayjs.extend(utc);

/*
 * Issue 7 analytics (ADR 0036). Action reports filter on (action_type_name, created), which the
 * analytics schema indexes, so each is one range scan of one action type. Sign-ups and helpdesk
 * counts read auth.users and messages.threads/messages read-only; those tables are small next to
 * the actions and belong behind their services' index.ts once they offer such counts.
 */
const { actions, users, threads, messages, videos, courses } = tables;

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
function eachDay(range: ReportRange): string[] {
  const days: string[] = [];
  for (let d = dayjs.utc(range.fromDay); d.isBefore(range.toExclusive); d = d.add(1, 'day')) days.push(d.format('YYYY-MM-DD'));
  return days;
}

function dayOf(column: SQL | typeof actions.created): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
}

/** The value of one `{key, value}` entry of an action (spec §7 action_values). */
function actionValue(key: 'path' | 'campaign' | 'source' | 'reason'): SQL<string | null> {
  // Inlined, not a bound parameter: GROUP BY must see the very same expression as the SELECT,
  // and two parameters ($1, $2) are different expressions to Postgres. The key is one of ours.
  const path = sql.raw(`'$[*] ? (@.key == "${key}").value'`);
  return sql<string | null>`(jsonb_path_query_first(${actions.actionValues}, ${path}::jsonpath) #>> '{}')`;
}

function inRange(column: typeof actions.created, range: ReportRange) {
  return and(gte(column, range.from), lt(column, range.toExclusive));
}

async function actionCountsPerDay(db: Database, types: readonly string[], range: ReportRange) {
  const day = dayOf(actions.created);
  return db
    .select({ day, actionType: actions.actionTypeName, n: count() })
    .from(actions)
    .where(and(inArray(actions.actionTypeName, [...types]), inRange(actions.created, range)))
    .groupBy(day, actions.actionTypeName);
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

async function pageLoads(db: Database, range: ReportRange): Promise<AnalyticsReport> {
  const day = dayOf(actions.created);
  const counted = await db
    .select({ day, n: count(), visitors: sql<number>`count(distinct ${actions.correlationId})::int` })
    .from(actions)
    .where(and(eq(actions.actionTypeName, ANALYTICS_ACTIONS.pageLoad), inRange(actions.created, range)))
    .groupBy(day);
  const byDay = new Map(counted.map((r) => [r.day, r]));
  const rows = eachDay(range).map((d) => ({ day: d, page_loads: byDay.get(d)?.n ?? 0, visitors: byDay.get(d)?.visitors ?? 0 }));
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

async function topContent(db: Database, range: ReportRange): Promise<AnalyticsReport> {
  const path = actionValue('path');
  const counted = await db
    .select({ path, n: count() })
    .from(actions)
    .where(
      and(
        eq(actions.actionTypeName, ANALYTICS_ACTIONS.pageLoad),
        inRange(actions.created, range),
        sql`${path} ~ '^/(videos|courses)/[^/?#]+$'`,
      ),
    )
    .groupBy(path)
    .orderBy(desc(count()))
    .limit(25);
  const slugs = (kind: string) =>
    counted
      .map((r) => r.path ?? '')
      .filter((p) => p.startsWith(`/${kind}/`))
      .map((p) => p.slice(kind.length + 2));
  const videoSlugs = slugs('videos');
  const courseSlugs = slugs('courses');
  const [videoTitles, courseTitles] = await Promise.all([
    videoSlugs.length
      ? db.select({ slug: videos.videoSlug, title: videos.videoTitle }).from(videos).where(inArray(videos.videoSlug, videoSlugs))
      : [],
    courseSlugs.length
      ? db
          .select({ slug: courses.courseSlug, title: courses.courseTitle })
          .from(courses)
          .where(inArray(courses.courseSlug, courseSlugs))
      : [],
  ]);
  const titles = new Map<string, string>([
    ...videoTitles.map((v) => [`/videos/${v.slug}`, v.title] as const),
    ...courseTitles.map((c) => [`/courses/${c.slug}`, c.title] as const),
  ]);
  const rows = counted.map((r) => ({
    title: titles.get(r.path ?? '') ?? r.path ?? '',
    kind: r.path?.startsWith('/courses/') ? 'Course' : 'Video',
    path: r.path ?? '',
    page_loads: r.n,
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

async function campaigns(db: Database, range: ReportRange): Promise<AnalyticsReport> {
  const campaign = actionValue('campaign');
  const source = actionValue('source');
  const counted = await db
    .select({ campaign, source, n: count() })
    .from(actions)
    .where(and(eq(actions.actionTypeName, ANALYTICS_ACTIONS.trackedPageLoad), inRange(actions.created, range)))
    .groupBy(campaign, source)
    .orderBy(desc(count()))
    .limit(100);
  const rows = counted.map((r) => ({ campaign: r.campaign || '(none)', source: r.source || '(none)', visits: r.n }));
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

async function signups(db: Database, range: ReportRange): Promise<AnalyticsReport> {
  const day = dayOf(sql`${users.createdAt}`);
  const counted = await db
    .select({ day, n: count() })
    .from(users)
    .where(and(gte(users.createdAt, range.from), lt(users.createdAt, range.toExclusive)))
    .groupBy(day);
  const byDay = new Map(counted.map((r) => [r.day, r.n]));
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

async function subscriptionsPerDay(db: Database, range: ReportRange): Promise<AnalyticsReport> {
  const counted = await actionCountsPerDay(
    db,
    [ANALYTICS_ACTIONS.subscriptionCreated, ANALYTICS_ACTIONS.subscriptionCancelled],
    range,
  );
  const get = (d: string, type: string) => counted.find((r) => r.day === d && r.actionType === type)?.n ?? 0;
  const rows = eachDay(range).map((d) => ({
    day: d,
    new_subscriptions: get(d, ANALYTICS_ACTIONS.subscriptionCreated),
    cancellations: get(d, ANALYTICS_ACTIONS.subscriptionCancelled),
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

async function cancellations(db: Database, range: ReportRange): Promise<AnalyticsReport> {
  const reason = actionValue('reason');
  const counted = await db
    .select({ reason, n: count() })
    .from(actions)
    .where(and(eq(actions.actionTypeName, ANALYTICS_ACTIONS.subscriptionCancelled), inRange(actions.created, range)))
    .groupBy(reason)
    .orderBy(desc(count()))
    .limit(100);
  const rows = counted.map((r) => ({ reason: r.reason?.trim() || '(no reason given)', cancellations: r.n }));
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

async function helpdesk(db: Database, range: ReportRange): Promise<AnalyticsReport> {
  const openedDay = dayOf(sql`${threads.threadCreated}`);
  const answeredDay = dayOf(sql`${messages.messageCreated}`);
  const [opened, answered] = await Promise.all([
    db
      .select({ day: openedDay, n: count() })
      .from(threads)
      .where(
        and(
          eq(threads.threadHelpdesk, true),
          gte(threads.threadCreated, range.from),
          lt(threads.threadCreated, range.toExclusive),
        ),
      )
      .groupBy(openedDay),
    db
      .select({ day: answeredDay, n: sql<number>`count(distinct ${messages.idThread})::int` })
      .from(messages)
      .innerJoin(threads, eq(threads.idThread, messages.idThread))
      .where(
        and(
          eq(threads.threadHelpdesk, true),
          eq(messages.messageFromStaff, true),
          gte(messages.messageCreated, range.from),
          lt(messages.messageCreated, range.toExclusive),
        ),
      )
      .groupBy(answeredDay),
  ]);
  const o = new Map(opened.map((r) => [r.day, r.n]));
  const a = new Map(answered.map((r) => [r.day, r.n]));
  const rows = eachDay(range).map((d) => ({ day: d, opened: o.get(d) ?? 0, answered: a.get(d) ?? 0 }));
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

const REPORTS: Record<AnalyticsReportName, (db: Database, range: ReportRange) => Promise<AnalyticsReport>> = {
  'page-loads': pageLoads,
  'top-content': topContent,
  campaigns,
  signups,
  subscriptions: subscriptionsPerDay,
  cancellations,
  helpdesk,
};

export function buildReport(db: Database, name: AnalyticsReportName, range: ReportRange): Promise<AnalyticsReport> {
  return REPORTS[name](db, range);
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
