import { and, desc, eq, gt, tables, type Database } from '@fretline/db';

const { passcodes } = tables;

/**
 * Recent sign-in codes for this address that were typed wrong (ADR 0010 keeps the count on the
 * passcode), newest first: staff see why a member says "I can't sign in" (ADR 0060).
 */
export async function listSignInFailures(
  db: Database,
  email: string,
  since: Date,
): Promise<Array<{ at: Date; failed_attempts: number }>> {
  return db
    .select({ at: passcodes.createdAt, failed_attempts: passcodes.failedAttempts })
    .from(passcodes)
    .where(
      and(
        eq(passcodes.purpose, 'login'),
        // Stored lower-cased (passcodes.ts), so passcodes_email_idx serves this.
        eq(passcodes.email, email.toLowerCase()),
        gt(passcodes.failedAttempts, 0),
        gt(passcodes.createdAt, since),
      ),
    )
    .orderBy(desc(passcodes.idPasscode))
    .limit(5);
}
