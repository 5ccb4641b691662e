import { pgSchema } from 'drizzle-orm/pg-core';

// The finance service's tables live in their own Postgres schema (ARCHITECTURE.md).
export const financeSchema = pgSchema('finance');
