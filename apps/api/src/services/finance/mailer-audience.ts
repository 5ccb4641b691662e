import { and, eq, gt, or, sql, tables, type Database } from '@fretline/db';
import { MEMBERSHIP_PRODUCT_SLUG } from '@fretline/contract';

const s = tables.subscriptions;
const products = tables.subscriptionProducts;
const invoices = tables.invoices;

export interface MembershipAudiences {
  /** Current members past their trial (the membership rule of getMembership). */
  members: number[];
  /** Current members whose free trial has not ended. */
  trialists: number[];
  /** Were members once (a paid invoice, £0 trial ones included) and are not members now. */
  lapsed: number[];
  /** Everyone who was ever a member, whatever their state now; the rest are free learners. */
  everSubscribed: number[];
}

/**
 * The membership segments of the mailers' audiences (ADR 0066), as of `now`, in one grouped query
 * over the subscriptions (the member rule of getMembership, ADR 0020, except that a paused member is
 * still a member here: they are coming back and still hear the news; ADR 0067). Someone whose first
 * payment never went through was never a member: a free learner, not a lapsed one.
 */
export async function listMembershipAudiences(db: Database, now: Date): Promise<MembershipAudiences> {
  const membership = eq(products.subscriptionProductSlug, MEMBERSHIP_PRODUCT_SLUG);
  const rows = await db
    .select({
      idUser: s.idUser,
      member: sql<boolean>`coalesce(bool_or(${and(
        membership,
        or(eq(s.subscriptionStatus, 'active'), and(eq(s.subscriptionStatus, 'cancelled'), gt(s.currentPeriodEnd, now))),
      )}), false)`,
      trialing: sql<boolean>`coalesce(bool_or(${and(membership, eq(s.subscriptionStatus, 'active'), gt(s.trialEnd, now))}), false)`,
      subscribed: sql<boolean>`bool_or(${s.subscriptionStatus} = 'active' or exists (select 1 from ${invoices} where ${invoices.fkSubscription} = ${s.idSubscription} and ${invoices.stripeInvoiceStatus} = 'paid'))`,
    })
    .from(s)
    .innerJoin(products, eq(products.idSubscriptionProduct, s.idSubscriptionProduct))
    .groupBy(s.idUser);
  const out: MembershipAudiences = { members: [], trialists: [], lapsed: [], everSubscribed: [] };
  for (const row of rows) {
    if (row.member && row.trialing) out.trialists.push(row.idUser);
    else if (row.member) out.members.push(row.idUser);
    else if (row.subscribed) out.lapsed.push(row.idUser);
    if (row.subscribed || row.member) out.everSubscribed.push(row.idUser);
  }
  return out;
}
