import { eq, tables, type Database } from '@fretline/db';

/** Gives a user an active Access All Areas membership (a sandbox subscription), as a paid sign-up would. */
export async function makeMember(db: Database, idUser: number): Promise<void> {
  let [product] = await db
    .select()
    .from(tables.subscriptionProducts)
    .where(eq(tables.subscriptionProducts.subscriptionProductSlug, 'access-all-areas'));
  if (!product) {
    [product] = await db
      .insert(tables.subscriptionProducts)
      .values({ subscriptionProductSlug: 'access-all-areas', subscriptionProductName: 'Access All Areas' })
      .returning();
  }
  const [plan] = await db
    .insert(tables.subscriptionPlans)
    .values({
      fkProductPlan: product!.idSubscriptionProduct,
      subscriptionPlanName: 'Test monthly',
      subscriptionPlanInterval: 'month',
      subscriptionPlanPrice: 1000,
    })
    .returning();
  await db.insert(tables.subscriptions).values({
    idUser,
    idSubscriptionProduct: product!.idSubscriptionProduct,
    fkPlanSubscription: plan!.idSubscriptionPlan,
    subscriptionStatus: 'active',
    provider: 'sandbox',
    idempotencyKey: `test-${idUser}`,
    initialPaymentMethodId: 'pm_card_visa',
  });
}
