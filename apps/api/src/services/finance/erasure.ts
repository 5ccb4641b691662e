import { and, eq, inArray, isNull, tables, type Database } from '@fretline/db';
import type { PersonalDataEraser } from '../../platform/erasure.ts';
import { eraseMailTo } from '../../platform/mail/index.ts';

/**
 * Account deletion (ADR 0046): subscriptions, invoices and their amounts and dates stay (they are
 * accounting records, ADR 0012) but lose the person: the customer e-mail, the cancellation answer,
 * the card's details and the billing address go. Mail still queued to the customer e-mail goes too.
 */
export const eraseFinancePersonalData: PersonalDataEraser = async (db: Database, { idUser }, now) => {
  const { subscriptions, paymentMethods, parties, addresses } = tables;
  const emails = await db
    .selectDistinct({ email: subscriptions.customerEmail })
    .from(subscriptions)
    .where(eq(subscriptions.idUser, idUser));
  await eraseMailTo(
    db,
    emails.map((r) => r.email),
  );
  await db
    .update(subscriptions)
    .set({ customerEmail: '', subscriptionProductCancellationQuestion: null })
    .where(eq(subscriptions.idUser, idUser));
  await db
    .update(paymentMethods)
    .set({ cardBrand: null, cardLast4: null, cardExpMonth: null, cardExpYear: null })
    .where(eq(paymentMethods.idUser, idUser));
  await db
    .update(paymentMethods)
    .set({ deletedAt: now })
    .where(and(eq(paymentMethods.idUser, idUser), isNull(paymentMethods.deletedAt)));
  const partyIds = db.select({ id: parties.idParty }).from(parties).where(eq(parties.idUser, idUser));
  await db.delete(addresses).where(inArray(addresses.fkPartyAddress, partyIds));
};
