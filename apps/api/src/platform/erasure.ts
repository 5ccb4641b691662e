import type { Database } from '@fretline/db';

/** The account being deleted, as it was just before (ADR 0046). */
interface ErasedAccount {
  idUser: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

/**
 * One service's part of account deletion (ADR 0046): erase or anonymise what it holds about the
 * person, inside the deletion's transaction. Each service exports its own from its index.ts;
 * buildApp hands the list to auth, so auth never reaches into another service's tables.
 */
export type PersonalDataEraser = (db: Database, account: ErasedAccount, now: Date) => Promise<void>;
