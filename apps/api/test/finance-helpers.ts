import { tables } from '@fretline/db';
import { createSessionToken, hashSessionToken } from '../src/services/auth/index.ts';
import type { TestApp } from './test-app.ts';

/* Shared set-up of the finance service's API tests. */

const DAY = 86_400_000;

/** The membership's monthly and yearly plans, as the offer lists them. */
export async function membershipPlans(t: TestApp) {
  const res = await t.app.inject({ method: 'GET', url: '/api/finance/subscription-products/slug/access-all-areas' });
  const plans = res.json().data.subscription_product.subscription_plans as {
    id_subscription_plan: number;
    subscription_plan_interval: string;
    subscription_plan_price: number;
  }[];
  return {
    monthly: plans.find((p) => p.subscription_plan_interval === 'month')!,
    yearly: plans.find((p) => p.subscription_plan_interval === 'year')!,
  };
}

/** A session dated on the test clock, so it outlives the clock's jumps (a staff session lasts hours from its creation). */
export async function sessionOnClock(t: TestApp, idUser: number): Promise<{ token: string }> {
  const token = createSessionToken();
  const now = t.clock.now();
  await t.db.insert(tables.sessions).values({
    idUser,
    tokenHash: hashSessionToken(token),
    sessionCreated: now,
    sessionAccessed: now,
    expiresAt: new Date(now.getTime() + 3650 * DAY),
  });
  return { token };
}
