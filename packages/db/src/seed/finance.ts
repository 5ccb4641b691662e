import { eq, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { users } from '../schema/auth.ts';
import {
  addresses,
  invoices,
  parties,
  paymentMethods,
  sandboxSubscriptions,
  subscriptionPlans,
  subscriptionProducts,
  subscriptions,
} from '../schema/finance.ts';

const DAY_MS = 86_400_000;

/**
 * The membership product (product.md#product) with a monthly and a yearly plan (prices in pence) and a free
 * trial; member@example.com holds an active monthly subscription on the sandbox provider, with a
 * card, three paid invoices, and a billing address. learner@example.com has none (trial eligible).
 */
export async function seedFinance(db: Database, now: Date = new Date()): Promise<void> {
  const [product] = await db
    .insert(subscriptionProducts)
    .values({
      subscriptionProductSlug: 'access-all-areas',
      subscriptionProductName: 'Access All Areas',
      subscriptionProductDescription:
        'Every premium lesson, song and course, new lessons every week, and the members-only live streams and replays.',
      subscriptionProductFeatures: [
        'Every premium video lesson and song breakdown',
        'All seven structured courses, from your first chords to lead guitar',
        'Live streams with Q&A, and every replay',
        'Downloadable chord charts, tabs and backing tracks',
        'The members-only community',
      ],
      subscriptionProductTrialDays: 14,
      subscriptionProductCancellationQuestion: 'Before you go, what is the main reason you are cancelling?',
    })
    .returning({ id: subscriptionProducts.idSubscriptionProduct });
  if (!product) throw new Error('could not seed the membership product');
  const [monthly, yearly] = await db
    .insert(subscriptionPlans)
    .values([
      {
        fkProductPlan: product.id,
        subscriptionPlanName: 'Monthly',
        subscriptionPlanInterval: 'month',
        subscriptionPlanPrice: 1499,
        subscriptionPlanOrder: 1,
      },
      {
        fkProductPlan: product.id,
        subscriptionPlanName: 'Yearly',
        subscriptionPlanInterval: 'year',
        subscriptionPlanPrice: 14900,
        subscriptionPlanOrder: 2,
      },
    ])
    .returning({ id: subscriptionPlans.idSubscriptionPlan });
  if (!monthly || !yearly) throw new Error('could not seed the membership plans');

  const [member] = await db
    .select({ idUser: users.idUser, email: users.email })
    .from(users)
    .where(eq(sql`lower(${users.email})`, 'member@example.com'));
  if (!member) return;

  const started = new Date(now.getTime() - 75 * DAY_MS);
  const periodEnd = new Date(now.getTime() + 17 * DAY_MS);
  const providerSubscriptionId = 'sub_sandbox_demo_member';
  const customerId = 'cus_sandbox_demo_member';
  await db.insert(sandboxSubscriptions).values({
    providerSubscriptionId,
    providerCustomerId: customerId,
    defaultPaymentMethodId: 'pm_card_visa',
    planPrice: 1499,
    planInterval: 'month',
    status: 'active',
    chargeCount: 3,
    currentPeriodEnd: periodEnd,
    created: started,
  });
  const [sub] = await db
    .insert(subscriptions)
    .values({
      idUser: member.idUser,
      subscriptionStatus: 'active',
      idSubscriptionProduct: product.id,
      fkPlanSubscription: monthly.id,
      subscriptionCreated: started,
      subscriptionUpdated: started,
      currentPeriodEnd: periodEnd,
      provider: 'sandbox',
      customerEmail: member.email,
      providerCustomerId: customerId,
      providerSubscriptionId,
      providerEventAt: new Date(periodEnd.getTime() - 30 * DAY_MS),
      idempotencyKey: 'seed:member',
      initialPaymentMethodId: 'pm_card_visa',
    })
    .returning({ id: subscriptions.idSubscription });
  if (!sub) throw new Error('could not seed the member subscription');
  await db.insert(paymentMethods).values({
    fkSubscription: sub.id,
    idUser: member.idUser,
    stripePaymentMethodId: 'pm_card_visa',
    cardBrand: 'visa',
    cardLast4: '4242',
    cardExpMonth: 12,
    cardExpYear: now.getUTCFullYear() + 3,
    isDefault: true,
    stripePaymentMethodCreated: started,
  });
  const invoiceRows = [0, 1, 2, 3].map((n) => {
    const start = new Date(started.getTime() + (n === 0 ? 0 : 14 + (n - 1) * 30) * DAY_MS);
    const trial = n === 0;
    return {
      fkSubscription: sub.id,
      idUser: member.idUser,
      providerInvoiceId: `in_sandbox_demo_member_${n}`,
      stripeInvoiceNumber: trial ? null : `SBX-DEMO-${String(n).padStart(4, '0')}`,
      stripeInvoiceTotal: trial ? 0 : 1499,
      stripeInvoiceStatus: 'paid',
      stripeInvoiceCreated: start,
      periodStart: start,
      periodEnd: new Date(start.getTime() + (trial ? 14 : 30) * DAY_MS),
    };
  });
  await db.insert(invoices).values(invoiceRows);
  const [party] = await db
    .insert(parties)
    .values({ idUser: member.idUser, fkOrganisationParty: null, partyCreated: started })
    .returning({ id: parties.idParty });
  if (!party) throw new Error('could not seed the member party');
  await db.insert(addresses).values({
    fkPartyAddress: party.id,
    addressLine1: '12 Fretboard Lane',
    addressLine2: null,
    addressCity: 'Bristol',
    addressCounty: 'Avon',
    addressPostcode: 'BS1 4DJ',
    addressCountry: 'GB',
  });
}
