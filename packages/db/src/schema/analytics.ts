import { bigserial, index, integer, jsonb, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';

// The analytics service's tables live in their own Postgres schema (ARCHITECTURE.md).
export const analyticsSchema = pgSchema('analytics');

/** One `{ key, value, type }` entry of an action's values (product.md#calls; type 'S' = string). */
export interface ActionValue {
  key: string;
  value: string;
  type: string;
}

/**
 * Actions recorded by the browser (page loads, not-found pages, conversions) and by the server
 * (signups, subscriptions). Reports count them per day and type over date ranges, hence the
 * (action_type_name, created) index; created alone serves whole-range scans and pruning.
 */
export const actions = analyticsSchema.table(
  'actions',
  {
    idAction: bigserial('id_action', { mode: 'number' }).primaryKey(),
    actionTypeName: text('action_type_name').notNull(),
    actionValues: jsonb('action_values').notNull().$type<ActionValue[]>().default([]),
    idUser: integer('id_user'),
    correlationId: text('correlation_id'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('actions_type_created_idx').on(t.actionTypeName, t.created), index('actions_created_idx').on(t.created)],
);
