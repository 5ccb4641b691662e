import dayjs from 'dayjs';
import type { PlanSwitch } from '@fretline/contract';
import { eq, tables } from '@fretline/db';
import { AppError, badRequest, conflict, notFound } from '../../plugins/errors.ts';
import * as repo from './finance.repository.ts';
import type { FinanceContext, SignedInUser, SubscriptionRow } from './finance.service.ts';
import { prorate } from './providers/proration.ts';
import { PaymentError } from './providers/types.ts';

/*
 * Switching monthly ↔ yearly (product.md#switching-plans; docs/decisions/0067-keeping-members-and-the-numbers.md):
 * an active, paid membership moves to its product's other plan now; the unused time on the old plan
 * is credited against the new price and the rest is charged at once. The provider is told first.
 */

const s = tables.subscriptions;
const changes = tables.subscriptionChanges;

const SUBSCRIPTION_NOT_FOUND = 'That subscription cannot be found, please try again later or contact support.';
export const NOT_THAT_PLAN = 'That plan cannot be chosen for this membership.';

async function requireOwn(ctx: FinanceContext, idUser: number, idSubscription: number): Promise<SubscriptionRow> {
  const row = await repo.findOwnSubscription(ctx.db, idUser, idSubscription);
  if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND, 'SUBSCRIPTION_NOT_FOUND');
  return row;
}

/** Why this subscription cannot switch plans now, in the member's words; null when it can. */
function switchUnavailable(sub: SubscriptionRow, now: Date): string | null {
  if (sub.subscription_status === 'cancelled') return 'A cancelled membership cannot switch plans.';
  if (sub.subscription_status !== 'active') return 'Only an active membership can switch plans.';
  if (sub.subscription_trial_end && sub.subscription_trial_end > now) {
    return 'You can switch plans once your free trial has ended.';
  }
  if (sub.subscription_paused_until && sub.subscription_paused_until > now) {
    return 'Please resume your membership before switching plans.';
  }
  if (!sub.subscription_current_period_end || sub.subscription_current_period_end <= now) {
    return 'Your plan cannot be switched while a payment is due.';
  }
  return null;
}

async function otherPlan(ctx: FinanceContext, sub: SubscriptionRow) {
  const plans = await repo.listActivePlans(ctx.db, sub.id_subscription_product);
  return plans.find((p) => p.subscriptionPlanInterval !== sub.subscription_plan_interval) ?? null;
}

export async function getPlanSwitch(ctx: FinanceContext, user: SignedInUser, idSubscription: number): Promise<PlanSwitch> {
  const sub = await requireOwn(ctx, user.idUser, idSubscription);
  const now = ctx.clock();
  const to = await otherPlan(ctx, sub);
  const unavailable = switchUnavailable(sub, now) ?? (to ? null : 'There is no other plan to switch to.');
  const none = { credit: 0, credit_balance: 0, amount_due: 0, carried_credit: 0, new_period_end: null };
  if (!to) return { switch_unavailable: unavailable, to_plan: null, ...none };
  const interval = to.subscriptionPlanInterval === 'year' ? 'year' : 'month';
  const toPlan = {
    id_subscription_plan: to.idSubscriptionPlan,
    subscription_plan_name: to.subscriptionPlanName,
    subscription_plan_price: to.subscriptionPlanPrice,
    subscription_plan_interval: interval,
  } as const;
  if (unavailable || !sub.subscription_current_period_end) return { switch_unavailable: unavailable, to_plan: toPlan, ...none };
  // The switch takes the credit held from an earlier switch off the price too: so does its quote.
  const side = await repo.findProviderSide(ctx.db, idSubscription);
  const balance = side?.providerSubscriptionId ? await ctx.provider.creditBalance(side.providerSubscriptionId) : 0;
  const p = prorate({
    oldPrice: sub.subscription_plan_price,
    oldInterval: sub.subscription_plan_interval,
    periodEnd: sub.subscription_current_period_end,
    newPrice: to.subscriptionPlanPrice,
    now,
    balance,
  });
  return {
    switch_unavailable: null,
    to_plan: toPlan,
    credit: p.credit,
    credit_balance: balance,
    amount_due: p.amountDue,
    carried_credit: p.carriedCredit,
    new_period_end: dayjs(now).add(1, interval).toDate(),
  };
}

export async function switchPlan(ctx: FinanceContext, user: SignedInUser, idSubscription: number, idPlan: number) {
  const sub = await requireOwn(ctx, user.idUser, idSubscription);
  const now = ctx.clock();
  const unavailable = switchUnavailable(sub, now);
  if (unavailable) throw conflict(unavailable, 'SWITCH_UNAVAILABLE');
  const to = await otherPlan(ctx, sub);
  if (!to || to.idSubscriptionPlan !== idPlan) throw badRequest(NOT_THAT_PLAN, 'id_subscription_plan');
  const found = await repo.findActivePlan(ctx.db, idPlan);
  const side = await repo.findProviderSide(ctx.db, idSubscription);
  if (!found || !side?.providerSubscriptionId) {
    throw conflict('This subscription is still being set up, please try again in a moment.', 'SWITCH_UNAVAILABLE');
  }
  let result: { currentPeriodEnd: Date | null };
  try {
    result = await ctx.provider.changePlan({
      providerSubscriptionId: side.providerSubscriptionId,
      plan: {
        idSubscriptionPlan: found.plan.idSubscriptionPlan,
        price: found.plan.subscriptionPlanPrice,
        interval: found.plan.subscriptionPlanInterval === 'year' ? 'year' : 'month',
        stripePriceId: found.plan.stripePriceId,
        stripeProductId: found.product.stripeProductId,
      },
      idempotencyKey: `fretline-switch-${idSubscription}-${sub.fk_plan_subscription}-${idPlan}-${now.getTime()}`,
    });
  } catch (err) {
    if (err instanceof PaymentError) throw new AppError('PAYMENT_FAILED', 402, err.message);
    throw err;
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(s)
      .set({
        fkPlanSubscription: idPlan,
        ...(result.currentPeriodEnd ? { currentPeriodEnd: result.currentPeriodEnd } : {}),
        subscriptionUpdated: now,
      })
      .where(eq(s.idSubscription, idSubscription));
    await tx.insert(changes).values({ fkSubscription: idSubscription, changeKind: 'plan_switched', changeCreated: now });
  });
  return requireOwn(ctx, user.idUser, idSubscription);
}
