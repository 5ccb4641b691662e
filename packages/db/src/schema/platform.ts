import { pgSchema } from 'drizzle-orm/pg-core';

// The platform service's tables live in their own Postgres schema (ARCHITECTURE.md).
export const platformSchema = pgSchema('platform');
