import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { CANCELLATION_REASON_LABELS, type MembershipFigures, type PeriodFigures } from '@fretline/contract';
import { and, count, eq, gte, inArray, lt, sql, tables, type Database } from '@fretline/db';
import { badRequest } from '../../plugins/errors.ts';

dayjs.extend(utc);

/*
 * The staff dashboard's membership figures (product.md#membership-figures, where each one is
 * defined; docs/decisions/0067-keeping-members-and-the-numbers.md). A period is whole UTC days
 * [from, to]; the previous period is the same number of days just before it. Per period: one
 * aggregate pass over finance.subscriptions (every figure is a FILTER of it, so 100,000 members cost
 * one scan), the reasons by subscriptions_cancelled_idx, the pauses and saves by
 * subscription_changes_kind_created_idx, and the trials that ended by subscriptions_trial_end_idx with
 * their first paid invoice through invoices_subscription_idx.
 */

const s = tables.subscriptions;
const plans = tables.subscriptionPlans;
const changes = tables.subscriptionChanges;
const invoices = tables.invoices;

/** What the mailers service reports for a period; buildApp hands it in when it exists (ADR 0050). */
export type MailerFiguresSource = (
  db: Database,
  range: { from: Date; to: Date },
) => Promise<{ sent: number; failed: number; unsubscribes: number }>;

const FIGURES_MAX_DAYS = 366;

interface Period {
  from: Date;
  to: Date;
  fromDay: string;
  toDay: string;
}

function resolvePeriods(query: { from?: string | undefined; to?: string | undefined }, now: Date) {
  const to = query.to ? dayjs.utc(query.to, 'YYYY-MM-DD') : dayjs.utc(now).startOf('day');
  const from = query.from ? dayjs.utc(query.from, 'YYYY-MM-DD') : to.subtract(29, 'day');
  if (!to.isValid()) throw badRequest('Please choose a valid end date.', 'to');
  if (!from.isValid()) throw badRequest('Please choose a valid start date.', 'from');
  if (from.isAfter(to)) throw badRequest('The start date must be on or before the end date.', 'from');
  const days = to.diff(from, 'day') + 1;
  if (days > FIGURES_MAX_DAYS) throw badRequest(`Please choose a period of at most ${FIGURES_MAX_DAYS} days.`, 'from');
  const period = (f: dayjs.Dayjs, t: dayjs.Dayjs): Period => ({
    from: f.toDate(),
    to: t.add(1, 'day').toDate(),
    fromDay: f.format('YYYY-MM-DD'),
    toDay: t.format('YYYY-MM-DD'),
  });
  return { current: period(from, to), previous: period(from.subtract(days, 'day'), from.subtract(1, 'day')) };
}

/** A paying member at `t`: has access, is past any trial and is not in a pause (product.md#membership-figures). */
function payingAt(t: Date) {
  return sql`(${s.subscriptionCreated} <= ${t}
    and (${s.subscriptionStatus} = 'active' or (${s.subscriptionStatus} in ('cancelled', 'failed') and ${s.currentPeriodEnd} > ${t}))
    and not coalesce(${s.pausedFrom} <= ${t} and ${s.pausedUntil} > ${t}, false)
    and (${s.trialEnd} is null or ${s.trialEnd} <= ${t}))`;
}

function trialingAt(t: Date) {
  return sql`(${s.subscriptionCreated} <= ${t} and ${s.trialEnd} > ${t}
    and (${s.subscriptionStatus} = 'active' or (${s.subscriptionStatus} = 'cancelled' and ${s.currentPeriodEnd} > ${t})))`;
}

/** A plan's price a month, in pence: a yearly price counts one twelfth. */
const monthlyPence = sql`case when ${plans.subscriptionPlanInterval} = 'year' then round(${plans.subscriptionPlanPrice} / 12.0) else ${plans.subscriptionPlanPrice} end`;

async function periodFigures(
  db: Database,
  p: Period,
  now: Date,
  mailers: MailerFiguresSource | undefined,
): Promise<PeriodFigures> {
  const end = p.to < now ? p.to : now;
  // The five reads are independent: asked side by side, the call waits for the slowest one (ADR 0067).
  const mainPass = db
    .select({
      mrr: sql<string>`coalesce(sum(${monthlyPence}) filter (where ${payingAt(end)}), 0)`,
      active: sql<number>`count(*) filter (where ${payingAt(end)})::int`,
      atStart: sql<number>`count(*) filter (where ${payingAt(p.from)})::int`,
      trials: sql<number>`count(*) filter (where ${trialingAt(end)})::int`,
      // Paying members whose access ended in the period; a trial that ended unpaid is no churn.
      voluntary: sql<number>`count(*) filter (where ${s.subscriptionStatus} = 'cancelled' and ${s.endReason} = 'member'
        and ${s.currentPeriodEnd} >= ${p.from} and ${s.currentPeriodEnd} < ${end}
        and (${s.trialEnd} is null or ${s.trialEnd} < ${s.currentPeriodEnd}))::int`,
      failedPayment: sql<number>`count(*) filter (where ${s.subscriptionStatus} = 'cancelled' and ${s.endReason} = 'payment_failed'
        and ${s.currentPeriodEnd} >= ${p.from} and ${s.currentPeriodEnd} < ${end})::int`,
    })
    .from(s)
    .innerJoin(plans, eq(plans.idSubscriptionPlan, s.fkPlanSubscription))
    .where(sql`${s.subscriptionStatus} in ('active', 'failed', 'cancelled') and ${s.subscriptionCreated} < ${end}`);

  const paid = db
    .select({ one: sql`1` })
    .from(invoices)
    .where(
      and(
        eq(invoices.fkSubscription, s.idSubscription),
        eq(invoices.stripeInvoiceStatus, 'paid'),
        sql`${invoices.stripeInvoiceTotal} > 0`,
      ),
    );
  const trialsRead = db
    .select({
      ended: count(),
      converted: sql<number>`count(*) filter (where exists (${paid}))::int`,
    })
    .from(s)
    .where(and(gte(s.trialEnd, p.from), lt(s.trialEnd, end), sql`${s.subscriptionStatus} <> 'draft'`));

  const reasonsRead = db
    .select({ reason: sql<string>`coalesce(${s.cancellationReason}, 'not_given')`, n: count() })
    .from(s)
    .where(and(gte(s.subscriptionCancelled, p.from), lt(s.subscriptionCancelled, p.to), eq(s.endReason, 'member')))
    .groupBy(sql`1`)
    .orderBy(sql`2 desc`, sql`1`);

  const keptRead = db
    .select({ kind: changes.changeKind, n: count(), subs: sql<number>`count(distinct ${changes.fkSubscription})::int` })
    .from(changes)
    .where(
      and(
        inArray(changes.changeKind, ['paused', 'offer_taken']),
        gte(changes.changeCreated, p.from),
        lt(changes.changeCreated, p.to),
      ),
    )
    .groupBy(changes.changeKind);
  // A save: a subscription that paused or took the offer in the period and was not cancelled in it.
  const savesRead = db
    .select({ n: sql<number>`count(distinct ${changes.fkSubscription})::int` })
    .from(changes)
    .innerJoin(s, eq(s.idSubscription, changes.fkSubscription))
    .where(
      and(
        inArray(changes.changeKind, ['paused', 'offer_taken']),
        gte(changes.changeCreated, p.from),
        lt(changes.changeCreated, p.to),
        sql`not (${s.subscriptionStatus} = 'cancelled' and ${s.subscriptionCancelled} < ${p.to})`,
      ),
    );

  const [[agg], [trials], reasons, kept, [saves], mailerFigures] = await Promise.all([
    mainPass,
    trialsRead,
    reasonsRead,
    keptRead,
    savesRead,
    mailers ? mailers(db, { from: p.from, to: p.to }) : null,
  ]);

  const churned = (agg?.voluntary ?? 0) + (agg?.failedPayment ?? 0);
  const atStart = agg?.atStart ?? 0;
  const ended = trials?.ended ?? 0;
  return {
    from: p.fromDay,
    to: p.toDay,
    mrr_pence: Number(agg?.mrr ?? 0),
    active_members: agg?.active ?? 0,
    trials_running: agg?.trials ?? 0,
    trials_ended: ended,
    trials_converted: trials?.converted ?? 0,
    trial_conversion: ended > 0 ? (trials?.converted ?? 0) / ended : null,
    members_at_start: atStart,
    churned_voluntary: agg?.voluntary ?? 0,
    churned_failed_payment: agg?.failedPayment ?? 0,
    churn_rate: atStart > 0 ? churned / atStart : null,
    cancellation_reasons: reasons.map((r) => ({ reason: r.reason, n: r.n })),
    pauses: kept.find((k) => k.kind === 'paused')?.n ?? 0,
    offers_taken: kept.find((k) => k.kind === 'offer_taken')?.n ?? 0,
    saves: saves?.n ?? 0,
    mailers: mailerFigures,
  };
}

export async function membershipFigures(
  db: Database,
  query: { from?: string | undefined; to?: string | undefined },
  now: Date,
  mailers?: MailerFiguresSource,
): Promise<MembershipFigures> {
  const periods = resolvePeriods(query, now);
  const [current, previous] = await Promise.all([
    periodFigures(db, periods.current, now, mailers),
    periodFigures(db, periods.previous, now, mailers),
  ]);
  return { current, previous };
}

const pounds = (pence: number) => (pence / 100).toFixed(2);
const percent = (r: number | null) => (r === null ? '' : (r * 100).toFixed(1));

/** The figures as CSV: one row per figure, this period and the one before (cells that start a formula are quoted). */
export function figuresToCsv(f: MembershipFigures): string {
  const rows: Array<[string, string | number, string | number]> = [
    ['Figure', `${f.current.from} to ${f.current.to}`, `${f.previous.from} to ${f.previous.to}`],
    ['MRR (GBP)', pounds(f.current.mrr_pence), pounds(f.previous.mrr_pence)],
    ['Active members', f.current.active_members, f.previous.active_members],
    ['Trials running', f.current.trials_running, f.previous.trials_running],
    ['Trials ended', f.current.trials_ended, f.previous.trials_ended],
    ['Trials converted', f.current.trials_converted, f.previous.trials_converted],
    ['Trial-to-paid conversion (%)', percent(f.current.trial_conversion), percent(f.previous.trial_conversion)],
    ['Churned, cancelled', f.current.churned_voluntary, f.previous.churned_voluntary],
    ['Churned, failed payment', f.current.churned_failed_payment, f.previous.churned_failed_payment],
    ['Churn rate (%)', percent(f.current.churn_rate), percent(f.previous.churn_rate)],
    ['Pauses', f.current.pauses, f.previous.pauses],
    ['Offers taken', f.current.offers_taken, f.previous.offers_taken],
    ['Saves', f.current.saves, f.previous.saves],
  ];
  const reasons = new Set([...f.current.cancellation_reasons, ...f.previous.cancellation_reasons].map((r) => r.reason));
  for (const reason of reasons) {
    const label = CANCELLATION_REASON_LABELS[reason as keyof typeof CANCELLATION_REASON_LABELS] ?? 'Not given';
    const n = (p: PeriodFigures) => p.cancellation_reasons.find((r) => r.reason === reason)?.n ?? 0;
    rows.push([`Reason: ${label}`, n(f.current), n(f.previous)]);
  }
  if (f.current.mailers && f.previous.mailers) {
    rows.push(['Mailers sent', f.current.mailers.sent, f.previous.mailers.sent]);
    rows.push(['Mailers failed', f.current.mailers.failed, f.previous.mailers.failed]);
    rows.push(['Mailer unsubscribes', f.current.mailers.unsubscribes, f.previous.mailers.unsubscribes]);
  }
  const cell = (v: string | number) => {
    let text = String(v);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}
