import type { Database } from '@fretline/db';
import type { SubscriptionStatus } from '@fretline/contract';
import type { Config } from '../../config.ts';
import { sendLifecycleMail, type FinanceMail, type TimeZoneOf } from './finance.mails.ts';
import * as repo from './finance.repository.ts';
import type { ProviderEvent } from './providers/types.ts';
import { isBeforeFirstPayment, nextStatus, statusFromProvider } from './state-machine.ts';

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
  timeZoneOf?: TimeZoneOf,
): Promise<AppliedEvent> {
  return db.transaction(async (tx) => {
    if (!(await repo.recordProviderEvent(tx, event))) return { duplicate: true, unknown: false, stale: false };

    const sub = await repo.lockSubscriptionForEvent(tx, event);
    if (!sub) return { duplicate: false, unknown: true, stale: false };
    if (!sub.providerSubscriptionId) {
      // The event overtook our own write of the provider's id (it carries our id as metadata).
      await repo.updateSubscription(tx, sub.idSubscription, { providerSubscriptionId: event.providerSubscriptionId });
    }

    const stale = sub.providerEventAt !== null && event.created.getTime() < sub.providerEventAt.getTime();
    /** Each with the key that makes it one e-mail (product.md#lifecycle-e-mails). */
    const mails: Array<{ key: string; mail: FinanceMail }> = [];
    const plan = await repo.findPlanForMail(tx, sub.fkPlanSubscription);
    const productName = plan?.productName ?? 'Fretline';
    const planName = plan?.planName ?? '';

    let wanted: SubscriptionStatus | null = null;
    const patch: repo.SubscriptionPatch = {};

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
        await repo.upsertInvoice(tx, {
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
        });
        if (event.type === 'invoice.paid') {
          wanted = 'active';
          // A paid renewal (not the first invoice, not a £0 trial invoice) gets its receipt.
          if (inv.total > 0 && inv.billingReason === 'subscription_cycle') {
            mails.push({
              key: inv.id,
              mail: {
                kind: 'renewal-receipt',
                productName,
                planName,
                total: inv.total,
                periodEnd: inv.periodEnd,
                idSubscription: sub.idSubscription,
              },
            });
          }
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
          mails.push({
            key: trialEnd.toISOString(),
            mail: {
              kind: 'trial-ending',
              productName,
              planName,
              price: plan?.price ?? 0,
              trialEnd,
              idSubscription: sub.idSubscription,
            },
          });
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
        mails.push({
          key: 'confirmed',
          mail: { kind: 'subscription-confirmed', productName, planName, trialEnd: patch.trialEnd ?? sub.trialEnd },
        });
      }
      if (to === 'cancelled') {
        patch.endReason =
          sub.subscriptionStatus === 'failed' || sub.subscriptionStatus === 'incomplete' ? 'payment_failed' : 'provider';
        // What stays available until when: the paid (or trial) period, cut short if it ended early.
        mails.push({
          key: 'cancelled',
          mail: {
            kind: 'cancellation-confirmed',
            productName,
            accessUntil: patch.currentPeriodEnd ?? sub.currentPeriodEnd ?? event.created,
          },
        });
      }
    }
    // Each failed attempt (the first and every retry) says so once: keyed by the provider's event.
    if (event.type === 'invoice.payment_failed' && !stale && sub.subscriptionStatus !== 'cancelled') {
      mails.push({
        key: event.id,
        mail: {
          kind: 'payment-failed',
          productName,
          idSubscription: sub.idSubscription,
          firstPayment: isBeforeFirstPayment(sub.subscriptionStatus),
          nextAttempt: event.invoice.nextPaymentAttempt ?? null,
        },
      });
    }
    if (!stale && (event.type === 'subscription.updated' || event.type === 'subscription.deleted' || to)) {
      patch.providerEventAt = event.created;
    }
    if (Object.keys(patch).length > 0) {
      await repo.updateSubscriptionFromEvent(tx, sub.idSubscription, patch);
    }
    const timeZone = mails.length > 0 && timeZoneOf ? await timeZoneOf(tx, sub.idUser) : null;
    for (const { key, mail } of mails) {
      await sendLifecycleMail(tx, config, event.created, { email: sub.customerEmail, timeZone }, sub.idSubscription, key, mail);
    }
    return { duplicate: false, unknown: false, stale, from: sub.subscriptionStatus, ...(to ? { to } : {}) };
  });
}
