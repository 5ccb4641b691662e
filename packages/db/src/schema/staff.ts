import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';

// The staff console's own tables (ADR 0035) live in their own Postgres schema (ARCHITECTURE.md).
export const staffSchema = pgSchema('staff');

/** What changed in one staff action: `{ field: { from, to } }`, or any small JSON summary. */
export type AuditDiff = Record<string, unknown>;

/**
 * Every change a staff member makes through the console (the audit log, ADR 0035): who, what (action,
 * target and a JSON summary of the change) and when. Rows are only ever inserted. The actor's
 * e-mail is copied so the log still reads after the account is deleted or anonymised.
 */
export const auditLog = staffSchema.table(
  'audit_log',
  {
    idAudit: bigserial('id_audit', { mode: 'number' }).primaryKey(),
    idUserActor: integer('id_user_actor'),
    actorEmail: text('actor_email').notNull(),
    auditAction: text('audit_action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    auditDiff: jsonb('audit_diff').$type<AuditDiff>().notNull().default({}),
    auditCreated: timestamp('audit_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The console lists newest first; a member's page lists the changes made to them.
    index('audit_log_created_idx').on(sql`${t.auditCreated} desc`, sql`${t.idAudit} desc`),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.auditCreated),
  ],
);
