import { pgSchema } from 'drizzle-orm/pg-core';

// The messages service's tables live in their own Postgres schema (ARCHITECTURE.md).
export const messagesSchema = pgSchema('messages');
