import { pgSchema } from 'drizzle-orm/pg-core';

// The videos service's tables live in their own Postgres schema (ARCHITECTURE.md).
export const videosSchema = pgSchema('videos');
