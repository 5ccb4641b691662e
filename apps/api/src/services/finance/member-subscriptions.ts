import type { StaffSubscription } from '@fretline/contract';
import type { Database } from '@fretline/db';
import * as repo from './finance.repository.ts';

/**
 * A member's subscriptions with their invoices, for the staff console (ADR 0035): newest
 * first (product.md#constants), with the lifecycle e-mails sent; only invoices of at least 0.01 (product.md#validation). Three queries whatever the number of subscriptions.
 */
export async function listSubscriptionsWithInvoices(db: Database, idUser: number): Promise<StaffSubscription[]> {
  const subs = await repo.listSubscriptionsForStaff(db, idUser);
  if (subs.length === 0) return [];
  const ids = subs.map((s) => s.id_subscription);
  const rows = await repo.listInvoicesOfSubscriptions(db, ids, 1);
  const mails = await repo.listLifecycleMailsOf(db, ids);
  return subs.map((s) => ({
    ...s,
    invoices: rows
      .filter((r) => r.fk_subscription === s.id_subscription)
      // Pence in the table, pounds on the wire (ADR 0030).
      .map(({ fk_subscription: _fk, stripe_invoice_total, ...r }) => ({
        ...r,
        stripe_invoice_total: stripe_invoice_total / 100,
      })),
    // product.md#lifecycle-e-mails: what the member has been sent about this subscription.
    lifecycle_mails: mails.filter((m) => m.fk_subscription === s.id_subscription).map(({ fk_subscription: _fk, ...m }) => m),
  }));
}
