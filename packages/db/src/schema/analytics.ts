import { pgSchema } from 'drizzle-orm/pg-core';

// The analytics service's tables live in their own Postgres schema (ARCHITECTURE.md).
export const analyticsSchema = pgSchema('analytics');
