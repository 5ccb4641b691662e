import type { StaffSubscription } from '@fretline/contract';
import type { Database } from '@fretline/db';
import * as repo from './finance.repository.ts';

/**
 * A member's subscriptions with their invoices, for the staff console (ADR 0035): newest
 * first (product.md#constants); only invoices of at least 0.01 (product.md#validation). Two queries whatever the number of subscriptions.
 */
export async function listSubscriptionsWithInvoices(db: Database, idUser: number): Promise<StaffSubscription[]> {
  const subs = await repo.listSubscriptionsForStaff(db, idUser);
  if (subs.length === 0) return [];
  const rows = await repo.listInvoicesOfSubscriptions(
    db,
    subs.map((s) => s.id_subscription),
    1,
  );
  return subs.map((s) => ({
    ...s,
    invoices: rows
      .filter((r) => r.fk_subscription === s.id_subscription)
      // Pence in the table, pounds on the wire (ADR 0030).
      .map(({ fk_subscription: _fk, stripe_invoice_total, ...r }) => ({
        ...r,
        stripe_invoice_total: stripe_invoice_total / 100,
      })),
  }));
}
