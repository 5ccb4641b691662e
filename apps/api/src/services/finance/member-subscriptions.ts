import type { StaffSubscription } from '@fretline/contract';
import { and, desc, eq, gte, inArray, tables, type Database } from '@fretline/db';

const { subscriptions, subscriptionPlans, subscriptionProducts, invoices } = tables;

/**
 * A member's subscriptions with their invoices, for the staff console (issue 7): spec §9 newest
 * first; spec §5 only invoices of at least 0.01. Two queries whatever the number of subscriptions.
 */
export async function listSubscriptionsWithInvoices(db: Database, idUser: number): Promise<StaffSubscription[]> {
  const subs = await db
    .select({
      id_subscription: subscriptions.idSubscription,
      subscription_status: subscriptions.subscriptionStatus,
      subscription_created: subscriptions.subscriptionCreated,
      subscription_cancelled: subscriptions.subscriptionCancelled,
      subscription_current_period_end: subscriptions.currentPeriodEnd,
      subscription_product_name: subscriptionProducts.subscriptionProductName,
      subscription_plan_name: subscriptionPlans.subscriptionPlanName,
      subscription_product_cancellation_question: subscriptions.subscriptionProductCancellationQuestion,
    })
    .from(subscriptions)
    .leftJoin(subscriptionProducts, eq(subscriptionProducts.idSubscriptionProduct, subscriptions.idSubscriptionProduct))
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.idSubscriptionPlan, subscriptions.fkPlanSubscription))
    .where(eq(subscriptions.idUser, idUser))
    .orderBy(desc(subscriptions.subscriptionCreated), desc(subscriptions.idSubscription));
  if (subs.length === 0) return [];
  const rows = await db
    .select({
      fk_subscription: invoices.fkSubscription,
      id_stripe_invoice: invoices.idStripeInvoice,
      stripe_invoice_number: invoices.stripeInvoiceNumber,
      stripe_invoice_total: invoices.stripeInvoiceTotal,
      stripe_invoice_created: invoices.stripeInvoiceCreated,
      stripe_invoice_url: invoices.stripeInvoiceUrl,
    })
    .from(invoices)
    .where(
      and(
        inArray(
          invoices.fkSubscription,
          subs.map((s) => s.id_subscription),
        ),
        gte(invoices.stripeInvoiceTotal, 1),
      ),
    )
    .orderBy(desc(invoices.stripeInvoiceCreated), desc(invoices.idStripeInvoice));
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
