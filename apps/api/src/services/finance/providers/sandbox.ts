import { randomBytes } from 'node:crypto';
import dayjs from 'dayjs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { eq, tables, type Database } from '@fretline/db';
import { enqueueJob, registerJobHandler } from '../../../platform/jobs/index.ts';
import { applyProviderEvent } from '../finance.events.ts';
import { atLocalMorning, memberZone, type TimeZoneOf } from '../finance.mails.ts';
import { prorate } from './proration.ts';
import {
  PaymentError,
  type PlanForProvider,
  type CardDetails,
  type CouponForProvider,
  type CreateProviderSubscriptionInput,
  type CreatedProviderSubscription,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderSubscriptionStatus,
} from './types.ts';

/*
 * ADR 0023: the sandbox provider plays Stripe's test mode offline. It keeps its own record of each
 * subscription (finance.sandbox_subscriptions), and reports what happens as events from jobs, so
 * activation is asynchronous exactly as with Stripe's webhooks and the 1 s poll (product.md#states) is real.
 */

type CardBehaviour = 'succeeds' | 'declined' | 'insufficient_funds' | 'fails_after_first';
interface SandboxCard {
  brand: string;
  last4: string;
  behaviour: CardBehaviour;
}

/** Stripe's documented test payment-method ids (the sandbox card form maps test numbers to these). */
const SANDBOX_CARDS: Record<string, SandboxCard> = {
  pm_card_visa: { brand: 'visa', last4: '4242', behaviour: 'succeeds' },
  pm_card_visa_debit: { brand: 'visa', last4: '5556', behaviour: 'succeeds' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', behaviour: 'succeeds' },
  pm_card_amex: { brand: 'amex', last4: '8431', behaviour: 'succeeds' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', behaviour: 'declined' },
  pm_card_visa_chargeDeclined: { brand: 'visa', last4: '0002', behaviour: 'declined' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', behaviour: 'insufficient_funds' },
  pm_card_visa_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', behaviour: 'insufficient_funds' },
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', behaviour: 'fails_after_first' },
};

const DECLINED_TEXT = 'Your card was declined.';
const INSUFFICIENT_FUNDS_TEXT = 'Your card has insufficient funds.';

function requireSandboxCard(paymentMethodId: string, now: Date): CardDetails & { behaviour: CardBehaviour } {
  const card = SANDBOX_CARDS[paymentMethodId];
  if (!card) {
    throw new PaymentError(
      'That card could not be used. Payments are in test mode: please use a test card such as 4242 4242 4242 4242.',
      'resource_missing',
    );
  }
  // Like Stripe, the generic-decline cards cannot even be attached to a customer.
  if (card.behaviour === 'declined') throw new PaymentError(DECLINED_TEXT, 'card_declined');
  if (card.behaviour === 'insufficient_funds') throw new PaymentError(INSUFFICIENT_FUNDS_TEXT, 'card_declined');
  return { brand: card.brand, last4: card.last4, expMonth: 12, expYear: now.getUTCFullYear() + 3, behaviour: card.behaviour };
}

const sandboxId = (prefix: string) => `${prefix}_sandbox_${randomBytes(9).toString('base64url')}`;

const JOB = {
  start: 'finance.sandbox.start',
  charge: 'finance.sandbox.charge',
  renew: 'finance.sandbox.renew',
  trialReminder: 'finance.sandbox.trial-reminder',
  switched: 'finance.sandbox.plan-switched',
} as const;

/** How soon the sandbox "hears back" after a subscription is created, as Stripe's webhooks would. */
const START_DELAY_MS = 400;
const CHARGE_DELAY_MS = 800;
const TRIAL_REMINDER_DAYS = 3;

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
  ) {}

  async createSubscription(input: CreateProviderSubscriptionInput): Promise<CreatedProviderSubscription> {
    const now = this.clock();
    const { behaviour: _behaviour, ...card } = requireSandboxCard(input.paymentMethodId, now);
    const customerId = input.customerId ?? sandboxId('cus');
    const providerSubscriptionId = sandboxId('sub');
    await this.db.insert(tables.sandboxSubscriptions).values({
      providerSubscriptionId,
      providerCustomerId: customerId,
      defaultPaymentMethodId: input.paymentMethodId,
      planPrice: input.plan.price,
      planInterval: input.plan.interval,
      status: 'incomplete',
      created: now,
      ...(input.coupon ? couponDiscount(input.coupon, input.plan.interval) : {}),
    });
    await enqueueJob(this.db, {
      type: JOB.start,
      payload: { providerSubscriptionId, idSubscription: input.idSubscription, trialDays: input.trialDays },
      runAt: new Date(now.getTime() + START_DELAY_MS),
    });
    return { customerId, providerSubscriptionId, card };
  }

  async replacePaymentMethod(input: { providerSubscriptionId: string; paymentMethodId: string }): Promise<CardDetails> {
    const now = this.clock();
    const { behaviour: _behaviour, ...card } = requireSandboxCard(input.paymentMethodId, now);
    const [sb] = await this.db
      .update(tables.sandboxSubscriptions)
      .set({ defaultPaymentMethodId: input.paymentMethodId })
      .where(eq(tables.sandboxSubscriptions.providerSubscriptionId, input.providerSubscriptionId))
      .returning();
    // Like Stripe retrying the open invoice when a new default card arrives.
    if (sb && (sb.status === 'past_due' || sb.status === 'incomplete_expired')) {
      await enqueueJob(this.db, { type: JOB.charge, payload: { providerSubscriptionId: sb.providerSubscriptionId }, runAt: now });
    }
    return card;
  }

  async detachPaymentMethod(): Promise<void> {
    // Nothing is stored per card in the sandbox beyond the subscription's default.
  }

  async cancelSubscription(input: { providerSubscriptionId: string; atPeriodEnd: boolean }): Promise<void> {
    const t = tables.sandboxSubscriptions;
    if (input.atPeriodEnd) {
      await this.db.update(t).set({ cancelAtPeriodEnd: true }).where(eq(t.providerSubscriptionId, input.providerSubscriptionId));
    } else {
      await this.db.update(t).set({ status: 'canceled' }).where(eq(t.providerSubscriptionId, input.providerSubscriptionId));
    }
  }

  async undoCancellation(input: { providerSubscriptionId: string }): Promise<void> {
    const t = tables.sandboxSubscriptions;
    await this.db.update(t).set({ cancelAtPeriodEnd: false }).where(eq(t.providerSubscriptionId, input.providerSubscriptionId));
  }

  async pauseSubscription(input: { providerSubscriptionId: string; resumesAt: Date }): Promise<void> {
    const t = tables.sandboxSubscriptions;
    await this.db.update(t).set({ resumesAt: input.resumesAt }).where(eq(t.providerSubscriptionId, input.providerSubscriptionId));
  }

  async resumeSubscription(input: { providerSubscriptionId: string; chargeNow: boolean }): Promise<void> {
    const t = tables.sandboxSubscriptions;
    const now = this.clock();
    await this.db
      .update(t)
      .set({ resumesAt: null, ...(input.chargeNow ? { currentPeriodEnd: now } : {}) })
      .where(eq(t.providerSubscriptionId, input.providerSubscriptionId));
    if (input.chargeNow) {
      await enqueueJob(this.db, {
        type: JOB.charge,
        payload: { providerSubscriptionId: input.providerSubscriptionId },
        runAt: now,
      });
    }
  }

  async applyDiscount(input: { providerSubscriptionId: string; percentOff: number; months: number }): Promise<void> {
    const t = tables.sandboxSubscriptions;
    await this.db
      .update(t)
      .set({ discountPercent: input.percentOff, discountAmountOff: 0, discountChargesLeft: input.months })
      .where(eq(t.providerSubscriptionId, input.providerSubscriptionId));
  }

  async creditBalance(providerSubscriptionId: string): Promise<number> {
    const t = tables.sandboxSubscriptions;
    const [sb] = await this.db
      .select({ creditBalance: t.creditBalance })
      .from(t)
      .where(eq(t.providerSubscriptionId, providerSubscriptionId));
    return sb?.creditBalance ?? 0;
  }

  async createCoupon(): Promise<{ promotionCodeId: null }> {
    // The sandbox reads the coupon's terms at checkout; it keeps nothing of its own.
    return { promotionCodeId: null };
  }

  /** Prorates as Stripe does an interval change (providers/proration.ts): a new period from now, charged at once. */
  async changePlan(input: { providerSubscriptionId: string; plan: PlanForProvider }): Promise<{ currentPeriodEnd: Date }> {
    const t = tables.sandboxSubscriptions;
    const now = this.clock();
    const [sb] = await this.db.select().from(t).where(eq(t.providerSubscriptionId, input.providerSubscriptionId));
    if (!sb || sb.status !== 'active' || !sb.currentPeriodEnd) {
      throw new Error(`Sandbox subscription ${input.providerSubscriptionId} is not active`);
    }
    const p = prorate({
      oldPrice: sb.planPrice,
      oldInterval: sb.planInterval === 'year' ? 'year' : 'month',
      periodEnd: sb.currentPeriodEnd,
      newPrice: input.plan.price,
      now,
      balance: sb.creditBalance,
    });
    const card = SANDBOX_CARDS[sb.defaultPaymentMethodId];
    const paid = card?.behaviour === 'succeeds' || (card?.behaviour === 'fails_after_first' && sb.chargeCount === 0);
    if (p.amountDue > 0 && !paid) throw new PaymentError(DECLINED_TEXT, 'card_declined');
    const periodEnd = dayjs(now).add(1, input.plan.interval).toDate();
    await this.db
      .update(t)
      .set({
        planPrice: input.plan.price,
        planInterval: input.plan.interval,
        currentPeriodEnd: periodEnd,
        chargeCount: sb.chargeCount + 1,
        creditBalance: p.carriedCredit,
      })
      .where(eq(t.providerSubscriptionId, sb.providerSubscriptionId));
    await enqueueJob(this.db, {
      type: JOB.switched,
      payload: {
        providerSubscriptionId: sb.providerSubscriptionId,
        total: p.amountDue,
        charge: sb.chargeCount + 1,
        periodStart: now.toISOString(),
        periodEnd: periodEnd.toISOString(),
      },
      runAt: now,
    });
    return { currentPeriodEnd: periodEnd };
  }
}

/**
 * A checkout coupon as the sandbox's discount: how many charges it covers, as Stripe counts a
 * coupon's duration (a repeating one covers the invoices of its first N months; -1 is forever).
 */
function couponDiscount(c: CouponForProvider, interval: 'month' | 'year') {
  const months = c.durationMonths ?? 1;
  const charges =
    c.duration === 'once' ? 1 : c.duration === 'forever' ? -1 : interval === 'year' ? Math.ceil(months / 12) : months;
  return { discountPercent: c.percentOff ?? 0, discountAmountOff: c.amountOff ?? 0, discountChargesLeft: charges };
}

const ownerOf = async (db: Database, idSubscription: number) =>
  (
    await db
      .select({ idUser: tables.subscriptions.idUser })
      .from(tables.subscriptions)
      .where(eq(tables.subscriptions.idSubscription, idSubscription))
  )[0]?.idUser ?? 0;

/** A ProviderEvent before the sandbox names it (distributes over the union's members). */
type SandboxEvent = (ProviderEvent extends infer E ? (E extends ProviderEvent ? Omit<E, 'provider' | 'id'> : never) : never) & {
  idSubscriptionHint?: number;
};

const StartPayload = z.object({
  providerSubscriptionId: z.string(),
  idSubscription: z.number().int(),
  trialDays: z.number().int(),
});
const ChargePayload = z.object({ providerSubscriptionId: z.string() });
const SwitchedPayload = z.object({
  providerSubscriptionId: z.string(),
  total: z.number().int(),
  charge: z.number().int(),
  periodStart: z.string(),
  periodEnd: z.string(),
});
const RenewPayload = z.object({ providerSubscriptionId: z.string(), periodEnd: z.string() });

/** Registers the jobs through which the sandbox reports events (its stand-in for webhooks). */
export function registerSandboxJobs(app: FastifyInstance, timeZoneOf?: TimeZoneOf): void {
  const t = tables.sandboxSubscriptions;
  const load = async (db: Database, id: string) => (await db.select().from(t).where(eq(t.providerSubscriptionId, id)))[0];
  const emit = (event: SandboxEvent) =>
    applyProviderEvent(app.db, app.config, { ...event, provider: 'sandbox', id: sandboxId('evt') }, timeZoneOf);
  const subscriptionEvent = (
    sb: { providerSubscriptionId: string },
    status: ProviderSubscriptionStatus,
    now: Date,
    extra: { currentPeriodEnd?: Date | null; trialEnd?: Date | null; idSubscriptionHint?: number } = {},
  ) =>
    emit({
      type: status === 'canceled' ? 'subscription.deleted' : 'subscription.updated',
      created: now,
      providerSubscriptionId: sb.providerSubscriptionId,
      status,
      currentPeriodEnd: extra.currentPeriodEnd ?? null,
      trialEnd: extra.trialEnd ?? null,
      ...(extra.idSubscriptionHint ? { idSubscriptionHint: extra.idSubscriptionHint } : {}),
    });

  registerJobHandler(app, JOB.start, async (payload) => {
    const p = StartPayload.parse(payload);
    const now = app.clock();
    const sb = await load(app.db, p.providerSubscriptionId);
    if (!sb || sb.status === 'canceled') return;
    if (p.trialDays > 0) {
      const trialEnd = dayjs(now).add(p.trialDays, 'day').toDate();
      await app.db
        .update(t)
        .set({ status: 'trialing', currentPeriodEnd: trialEnd })
        .where(eq(t.providerSubscriptionId, sb.providerSubscriptionId));
      await subscriptionEvent(sb, 'trialing', now, {
        currentPeriodEnd: trialEnd,
        trialEnd,
        idSubscriptionHint: p.idSubscription,
      });
      // Stripe makes a £0 invoice for a trial; the invoice list leaves it out (product.md#validation, total ≥ 0.01).
      await emit({
        type: 'invoice.paid',
        created: now,
        providerSubscriptionId: sb.providerSubscriptionId,
        invoice: {
          id: `in_${sb.providerSubscriptionId}_trial`,
          number: null,
          total: 0,
          status: 'paid',
          created: now,
          url: null,
          periodStart: now,
          periodEnd: trialEnd,
          billingReason: 'subscription_create',
        },
      });
      // Three days before, at a morning hour of the member's own day (product.md#lifecycle-e-mails).
      const zone = memberZone(timeZoneOf ? await timeZoneOf(app.db, await ownerOf(app.db, p.idSubscription)) : null);
      const reminderAt = atLocalMorning(dayjs(trialEnd).subtract(TRIAL_REMINDER_DAYS, 'day').toDate(), zone);
      if (reminderAt > now) {
        await enqueueJob(app.db, {
          type: JOB.trialReminder,
          payload: { providerSubscriptionId: sb.providerSubscriptionId },
          runAt: reminderAt,
        });
      }
      await enqueueJob(app.db, {
        type: JOB.renew,
        payload: { providerSubscriptionId: sb.providerSubscriptionId, periodEnd: trialEnd.toISOString() },
        runAt: trialEnd,
      });
      return;
    }
    // No trial: the first charge is processing (initialised), and its outcome follows.
    await subscriptionEvent(sb, 'incomplete', now, { idSubscriptionHint: p.idSubscription });
    await enqueueJob(app.db, {
      type: JOB.charge,
      payload: { providerSubscriptionId: sb.providerSubscriptionId },
      runAt: new Date(now.getTime() + CHARGE_DELAY_MS),
    });
  });

  registerJobHandler(app, JOB.charge, async (payload) => {
    const p = ChargePayload.parse(payload);
    const now = app.clock();
    const sb = await load(app.db, p.providerSubscriptionId);
    if (!sb || sb.status === 'canceled') return;
    // A duplicate charge job for a period that is already paid does nothing.
    if ((sb.status === 'active' || sb.status === 'trialing') && sb.currentPeriodEnd && sb.currentPeriodEnd > now) return;
    const card = SANDBOX_CARDS[sb.defaultPaymentMethodId];
    const paid = card?.behaviour === 'succeeds' || (card?.behaviour === 'fails_after_first' && sb.chargeCount === 0);
    const periodStart = sb.currentPeriodEnd && sb.currentPeriodEnd <= now ? sb.currentPeriodEnd : now;
    const periodEnd = dayjs(periodStart)
      .add(1, sb.planInterval === 'year' ? 'year' : 'month')
      .toDate();
    // One invoice per period: a retry after a failure pays the same invoice, as with Stripe.
    const invoiceId = `in_${sb.providerSubscriptionId}_${sb.chargeCount + 1}`;
    // The retention offer's or a checkout coupon's discount takes its share off this many charges (-1: all of them;
    // docs/decisions/0067-keeping-members-and-the-numbers.md).
    const listed =
      sb.discountChargesLeft !== 0
        ? Math.max(0, Math.round((sb.planPrice * (100 - sb.discountPercent)) / 100) - sb.discountAmountOff)
        : sb.planPrice;
    // Credit left from a plan switch comes off next, as Stripe's customer balance does.
    const discounted = Math.max(0, listed - sb.creditBalance);
    const invoice = {
      id: invoiceId,
      number: `SBX-${sb.providerSubscriptionId.slice(-6).toUpperCase()}-${String(sb.chargeCount + 1).padStart(4, '0')}`,
      total: discounted,
      created: now,
      url: null,
      periodStart,
      periodEnd,
      billingReason: sb.status === 'incomplete' ? 'subscription_create' : 'subscription_cycle',
    };
    if (paid) {
      await app.db
        .update(t)
        .set({
          status: 'active',
          currentPeriodEnd: periodEnd,
          chargeCount: sb.chargeCount + 1,
          discountChargesLeft: sb.discountChargesLeft > 0 ? sb.discountChargesLeft - 1 : sb.discountChargesLeft,
          creditBalance: Math.max(0, sb.creditBalance - listed),
        })
        .where(eq(t.providerSubscriptionId, sb.providerSubscriptionId));
      await emit({
        type: 'invoice.paid',
        created: now,
        providerSubscriptionId: sb.providerSubscriptionId,
        invoice: { ...invoice, status: 'paid' },
      });
      await subscriptionEvent(sb, 'active', now, { currentPeriodEnd: periodEnd });
      await enqueueJob(app.db, {
        type: JOB.renew,
        payload: { providerSubscriptionId: sb.providerSubscriptionId, periodEnd: periodEnd.toISOString() },
        runAt: periodEnd,
      });
      return;
    }
    const status: ProviderSubscriptionStatus =
      sb.status === 'incomplete' || sb.status === 'incomplete_expired' ? 'incomplete_expired' : 'past_due';
    await app.db.update(t).set({ status }).where(eq(t.providerSubscriptionId, sb.providerSubscriptionId));
    await emit({
      type: 'invoice.payment_failed',
      created: now,
      providerSubscriptionId: sb.providerSubscriptionId,
      invoice: { ...invoice, status: 'open' },
    });
    await subscriptionEvent(sb, status, now, { currentPeriodEnd: sb.currentPeriodEnd });
  });

  registerJobHandler(app, JOB.renew, async (payload) => {
    const p = RenewPayload.parse(payload);
    const now = app.clock();
    const sb = await load(app.db, p.providerSubscriptionId);
    if (!sb || sb.status === 'canceled') return;
    // A renewal scheduled for a period that has since moved on (paid some other way) is void.
    if (!sb.currentPeriodEnd || sb.currentPeriodEnd.getTime() !== new Date(p.periodEnd).getTime()) return;
    if (sb.cancelAtPeriodEnd) {
      await app.db.update(t).set({ status: 'canceled' }).where(eq(t.providerSubscriptionId, sb.providerSubscriptionId));
      await subscriptionEvent(sb, 'canceled', now, { currentPeriodEnd: sb.currentPeriodEnd });
      return;
    }
    // Paused (Stripe's pause_collection 'void'): nothing is charged until it resumes, then billing goes on.
    if (sb.resumesAt && sb.resumesAt > now) {
      const resumesAt = sb.resumesAt;
      await app.db.update(t).set({ currentPeriodEnd: resumesAt }).where(eq(t.providerSubscriptionId, sb.providerSubscriptionId));
      await enqueueJob(app.db, {
        type: JOB.renew,
        payload: { providerSubscriptionId: sb.providerSubscriptionId, periodEnd: resumesAt.toISOString() },
        runAt: resumesAt,
      });
      return;
    }
    await enqueueJob(app.db, { type: JOB.charge, payload: { providerSubscriptionId: sb.providerSubscriptionId }, runAt: now });
  });

  // The plan switch's prorated invoice and the new period (product.md#switching-plans).
  registerJobHandler(app, JOB.switched, async (payload) => {
    const p = SwitchedPayload.parse(payload);
    const now = app.clock();
    const sb = await load(app.db, p.providerSubscriptionId);
    if (!sb || sb.status === 'canceled') return;
    const periodEnd = new Date(p.periodEnd);
    await emit({
      type: 'invoice.paid',
      created: now,
      providerSubscriptionId: sb.providerSubscriptionId,
      invoice: {
        id: `in_${sb.providerSubscriptionId}_${p.charge}`,
        number: `SBX-${sb.providerSubscriptionId.slice(-6).toUpperCase()}-${String(p.charge).padStart(4, '0')}`,
        total: p.total,
        status: 'paid',
        created: now,
        url: null,
        periodStart: new Date(p.periodStart),
        periodEnd,
        billingReason: 'subscription_update',
      },
    });
    await subscriptionEvent(sb, 'active', now, { currentPeriodEnd: periodEnd });
    await enqueueJob(app.db, {
      type: JOB.renew,
      payload: { providerSubscriptionId: sb.providerSubscriptionId, periodEnd: p.periodEnd },
      runAt: periodEnd,
    });
  });

  registerJobHandler(app, JOB.trialReminder, async (payload) => {
    const p = ChargePayload.parse(payload);
    const now = app.clock();
    const sb = await load(app.db, p.providerSubscriptionId);
    if (!sb || sb.status !== 'trialing' || sb.cancelAtPeriodEnd) return;
    await emit({
      type: 'subscription.trial_will_end',
      created: now,
      providerSubscriptionId: sb.providerSubscriptionId,
      trialEnd: sb.currentPeriodEnd,
    });
  });
}
