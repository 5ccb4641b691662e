import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '@fretline/db';
import { createTestApp, createUserWithSession, type TestApp } from '../../../test/test-app.ts';
import { cancelAllSubscriptionsForUser, getMembership } from './index.ts';

let t: TestApp;
let idProduct: number;
let idPlan: number;

beforeAll(async () => {
  t = await createTestApp();
  const [product] = await t.db
    .insert(tables.subscriptionProducts)
    .values({ subscriptionProductSlug: 'access-all-areas', subscriptionProductName: 'Access All Areas' })
    .returning();
  idProduct = product!.idSubscriptionProduct;
  const [plan] = await t.db
    .insert(tables.subscriptionPlans)
    .values({
      fkProductPlan: idProduct,
      subscriptionPlanName: 'Monthly',
      subscriptionPlanInterval: 'month',
      subscriptionPlanPrice: 1499,
    })
    .returning();
  idPlan = plan!.idSubscriptionPlan;
});
afterAll(() => t.close());

async function subscribe(idUser: number, status: 'draft' | 'active' | 'cancelled' | 'failed', currentPeriodEnd?: Date) {
  await t.db.insert(tables.subscriptions).values({
    idUser,
    idSubscriptionProduct: idProduct,
    fkPlanSubscription: idPlan,
    subscriptionStatus: status,
    currentPeriodEnd,
    provider: 'sandbox',
    idempotencyKey: `k-${Math.random()}`,
    initialPaymentMethodId: 'pm_card_visa',
  });
}

describe('getMembership', () => {
  it('offers the free trial and no membership to a user who never subscribed', async () => {
    const { idUser } = await createUserWithSession(t.db);
    expect(await getMembership(t.db, idUser)).toEqual({ hasMembership: false, eligibleForTrial: true });
  });

  it('does not count a draft that never reached the payment provider', async () => {
    const { idUser } = await createUserWithSession(t.db);
    await subscribe(idUser, 'draft');
    expect(await getMembership(t.db, idUser)).toEqual({ hasMembership: false, eligibleForTrial: true });
  });

  it('gives membership for an active subscription and ends trial eligibility', async () => {
    const { idUser } = await createUserWithSession(t.db);
    await subscribe(idUser, 'active');
    expect(await getMembership(t.db, idUser)).toEqual({ hasMembership: true, eligibleForTrial: false });
  });

  it('keeps membership for a cancelled subscription until its paid period ends', async () => {
    const { idUser } = await createUserWithSession(t.db);
    const now = new Date();
    await subscribe(idUser, 'cancelled', new Date(now.getTime() + 86_400_000));
    expect((await getMembership(t.db, idUser, now)).hasMembership).toBe(true);
    expect((await getMembership(t.db, idUser, new Date(now.getTime() + 2 * 86_400_000))).hasMembership).toBe(false);
  });

  it('gives no membership when the renewal payment failed', async () => {
    const { idUser } = await createUserWithSession(t.db);
    await subscribe(idUser, 'failed');
    expect(await getMembership(t.db, idUser)).toEqual({ hasMembership: false, eligibleForTrial: false });
  });

  it('ends access at once when every subscription of a deleted account is cancelled', async () => {
    const { idUser } = await createUserWithSession(t.db);
    await subscribe(idUser, 'active', new Date(Date.now() + 30 * 86_400_000));
    const cancelled = await cancelAllSubscriptionsForUser(t.db, idUser);
    expect(cancelled).toHaveLength(1);
    expect((await getMembership(t.db, idUser, new Date(Date.now() + 1000))).hasMembership).toBe(false);
  });
});
