import { and, eq, sql, tables, type Database } from '@fretline/db';
import type { SubscriptionStatus } from '@fretline/contract';
import type { Config } from '../../config.ts';
import { enqueueFinanceMail, type FinanceMail } from './finance.mails.ts';
import type { ProviderEvent } from './providers/types.ts';
import { isBeforeFirstPayment, nextStatus, statusFromProvider } from './state-machine.ts';

const s = tables.subscriptions;

export interface AppliedEvent {
  /** The event had been applied before (a redelivered webhook): nothing changed. */
  duplicate: boolean;
  /** No subscription of ours matches it (another product on the same account, or one we never stored). */
  unknown: boolean;
  /** The event was older than one already applied, so it did not move the status (ADR 0021). */
  stale: boolean;
  from?: SubscriptionStatus;
  to?: SubscriptionStatus;
}

/**
 * Applies one provider event (a Stripe webhook, or a sandbox job) in a transaction (ADR 0021):
 * recorded by (provider, event id) first so a duplicate changes nothing; the subscription row is
 * locked; invoices are upserted by their provider id whatever the order; the status moves only
 * through the state machine and only when the event is not older than the newest one applied.
 * E-mails are queued in the same transaction.
 */
export async function applyProviderEvent(
  db: Database,
  config: Config,
  event: ProviderEvent & { idSubscriptionHint?: number | null },
): Promise<AppliedEvent> {
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(tables.providerEvents)
      .values({ provider: event.provider, eventId: event.id, eventType: event.type, eventCreated: event.created })
      .onConflictDoNothing()
      .returning({ eventId: tables.providerEvents.eventId });
    if (recorded.length === 0) return { duplicate: true, unknown: false, stale: false };

    const sub = await findSubscriptionForEvent(tx, event);
    if (!sub) return { duplicate: false, unknown: true, stale: false };
    if (!sub.providerSubscriptionId) {
      // The event overtook our own write of the provider's id (it carries our id as metadata).
      await tx
        .update(s)
        .set({ providerSubscriptionId: event.providerSubscriptionId })
        .where(eq(s.idSubscription, sub.idSubscription));
    }

    const stale = sub.providerEventAt !== null && event.created.getTime() < sub.providerEventAt.getTime();
    const mails: FinanceMail[] = [];
    const plan = await tx
      .select({
        planName: tables.subscriptionPlans.subscriptionPlanName,
        price: tables.subscriptionPlans.subscriptionPlanPrice,
        productName: tables.subscriptionProducts.subscriptionProductName,
      })
      .from(tables.subscriptionPlans)
      .innerJoin(
        tables.subscriptionProducts,
        eq(tables.subscriptionProducts.idSubscriptionProduct, tables.subscriptionPlans.fkProductPlan),
      )
      .where(eq(tables.subscriptionPlans.idSubscriptionPlan, sub.fkPlanSubscription))
      .then((rows) => rows[0]);
    const productName = plan?.productName ?? 'Fretline';
    const planName = plan?.planName ?? '';

    let wanted: SubscriptionStatus | null = null;
    const patch: Partial<typeof s.$inferInsert> = {};

    switch (event.type) {
      case 'subscription.updated':
      case 'subscription.deleted': {
        wanted = statusFromProvider(sub.subscriptionStatus, event.type === 'subscription.deleted' ? 'canceled' : event.status);
        if (!stale && sub.subscriptionStatus !== 'cancelled') {
          if (event.currentPeriodEnd) patch.currentPeriodEnd = event.currentPeriodEnd;
          if (event.trialEnd !== undefined) patch.trialEnd = event.trialEnd;
        }
        break;
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const inv = event.invoice;
        await tx
          .insert(tables.invoices)
          .values({
            fkSubscription: sub.idSubscription,
            idUser: sub.idUser,
            providerInvoiceId: inv.id,
            stripeInvoiceNumber: inv.number,
            stripeInvoiceUrl: inv.url,
            stripeInvoiceTotal: inv.total,
            stripeInvoiceStatus: inv.status,
            stripeInvoiceCreated: inv.created,
            periodStart: inv.periodStart,
            periodEnd: inv.periodEnd,
          })
          .onConflictDoUpdate({
            target: tables.invoices.providerInvoiceId,
            // A paid invoice stays paid even if its earlier failure arrives late.
            set: {
              stripeInvoiceStatus: sql`case when ${tables.invoices.stripeInvoiceStatus} = 'paid' then 'paid' else excluded.stripe_invoice_status end`,
              stripeInvoiceNumber: sql`coalesce(excluded.stripe_invoice_number, ${tables.invoices.stripeInvoiceNumber})`,
              stripeInvoiceUrl: sql`coalesce(excluded.stripe_invoice_url, ${tables.invoices.stripeInvoiceUrl})`,
            },
          });
        if (event.type === 'invoice.paid') {
          wanted = 'active';
          if (
            inv.periodEnd &&
            (!sub.currentPeriodEnd || inv.periodEnd > sub.currentPeriodEnd) &&
            sub.subscriptionStatus !== 'cancelled'
          )
            patch.currentPeriodEnd = inv.periodEnd;
        } else {
          wanted = isBeforeFirstPayment(sub.subscriptionStatus) ? 'incomplete' : 'failed';
        }
        break;
      }
      case 'subscription.trial_will_end': {
        const trialEnd = event.trialEnd ?? sub.trialEnd;
        if (sub.subscriptionStatus === 'active' && trialEnd && trialEnd > event.created) {
          mails.push({ kind: 'trial-ending', productName, planName, price: plan?.price ?? 0, trialEnd });
        }
        break;
      }
    }

    const to = wanted && !stale ? nextStatus(sub.subscriptionStatus, wanted) : null;
    if (to) {
      patch.subscriptionStatus = to;
      if (to === 'cancelled') {
        patch.subscriptionCancelled = event.created;
        if (!sub.currentPeriodEnd || sub.currentPeriodEnd > event.created) patch.currentPeriodEnd = event.created;
      }
      if (to === 'active' && isBeforeFirstPayment(sub.subscriptionStatus)) {
        mails.push({ kind: 'subscription-confirmed', productName, planName, trialEnd: patch.trialEnd ?? sub.trialEnd });
      }
      if (to === 'incomplete' || to === 'failed') {
        mails.push({
          kind: 'payment-failed',
          productName,
          idSubscription: sub.idSubscription,
          firstPayment: to === 'incomplete',
        });
      }
    }
    if (!stale && (event.type === 'subscription.updated' || event.type === 'subscription.deleted' || to)) {
      patch.providerEventAt = event.created;
    }
    if (Object.keys(patch).length > 0) {
      await tx
        .update(s)
        .set({ ...patch, subscriptionUpdated: sql`now()` })
        .where(eq(s.idSubscription, sub.idSubscription));
    }
    for (const mail of mails) await enqueueFinanceMail(tx, config, sub.customerEmail, mail);
    return { duplicate: false, unknown: false, stale, from: sub.subscriptionStatus, ...(to ? { to } : {}) };
  });
}

async function findSubscriptionForEvent(db: Database, event: ProviderEvent & { idSubscriptionHint?: number | null }) {
  const columns = {
    idSubscription: s.idSubscription,
    idUser: s.idUser,
    subscriptionStatus: s.subscriptionStatus,
    fkPlanSubscription: s.fkPlanSubscription,
    providerSubscriptionId: s.providerSubscriptionId,
    providerEventAt: s.providerEventAt,
    currentPeriodEnd: s.currentPeriodEnd,
    trialEnd: s.trialEnd,
    customerEmail: s.customerEmail,
  };
  const [byProviderId] = await db
    .select(columns)
    .from(s)
    .where(and(eq(s.provider, event.provider), eq(s.providerSubscriptionId, event.providerSubscriptionId)))
    .for('update');
  if (byProviderId) return byProviderId;
  if (!event.idSubscriptionHint) return undefined;
  const [byHint] = await db
    .select(columns)
    .from(s)
    .where(
      and(
        eq(s.idSubscription, event.idSubscriptionHint),
        eq(s.provider, event.provider),
        sql`${s.providerSubscriptionId} is null`,
      ),
    )
    .for('update');
  return byHint;
}
