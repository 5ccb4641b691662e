import { count, desc, and, eq, sql, tables, type Database } from '@fretline/db';
import type { AuditEntry } from '@fretline/contract';
import type { PersonalDataEraser } from '../erasure.ts';
import type { RequestAuth } from '../../plugins/auth.ts';

/*
 * The audit log is a platform concern (ADR 0050): the staff console and the editor both record
 * into it, and the staff console reads it. Its table stays in the staff schema; this module is
 * the only code that touches it.
 */

const { auditLog } = tables;

export interface AuditInput {
  /** A verb naming the change: `member.roles.set`, `member.session.end`, … */
  action: string;
  targetType: string;
  targetId: string | number;
  /** A small JSON summary of the change, e.g. `{ roles: { from: [...], to: [...] } }`. */
  diff: Record<string, unknown>;
}

/**
 * The actions recorded for each request's caller, which route()'s central check reads (ADR 0072):
 * a request's RequestAuth is its own object, gone with the request.
 */
export const auditedActions = new WeakMap<RequestAuth, Set<string>>();

/**
 * Who, what and when of every staff change. Call it inside the same
 * transaction as the change, so a change is never made without its record (or the reverse).
 */
export async function recordAudit(db: Database, actor: RequestAuth, input: AuditInput, now: Date): Promise<void> {
  await insertAudit(db, { idUser: actor.user.idUser, email: actor.user.email }, input, now);
  const actions = auditedActions.get(actor) ?? new Set<string>();
  auditedActions.set(actor, actions.add(input.action));
}

async function insertAudit(db: Database, actor: { idUser: number | null; email: string }, input: AuditInput, now: Date) {
  await db.insert(auditLog).values({
    idUserActor: actor.idUser,
    actorEmail: actor.email,
    auditAction: input.action,
    targetType: input.targetType,
    targetId: String(input.targetId),
    auditDiff: input.diff,
    auditCreated: now,
  });
}

/** The actor of a change made from the operator's command line (README "Operations"): no account. */
export const OPERATOR_ACTOR = 'operator (npm run admin)';

/** A change made with `npm run admin`: recorded like a staff change, with the operator as actor. */
export async function recordOperatorAudit(db: Database, input: AuditInput, now: Date): Promise<void> {
  await insertAudit(db, { idUser: null, email: OPERATOR_ACTOR }, input, now);
}

/** Newest first, paged; optionally the changes made to one target (a member's page). */
export async function listAudit(
  db: Database,
  options: { limit: number; offset: number; targetType?: string | undefined; targetId?: string | undefined },
): Promise<{ rows: AuditEntry[]; total: number }> {
  const where = and(
    options.targetType ? eq(auditLog.targetType, options.targetType) : undefined,
    options.targetId ? eq(auditLog.targetId, options.targetId) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select({
        id_audit: auditLog.idAudit,
        id_user_actor: auditLog.idUserActor,
        actor_email: auditLog.actorEmail,
        audit_action: auditLog.auditAction,
        target_type: auditLog.targetType,
        target_id: auditLog.targetId,
        audit_diff: auditLog.auditDiff,
        audit_created: auditLog.auditCreated,
      })
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.auditCreated), desc(auditLog.idAudit))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** Diff fields that would describe the member a change was made to. */
const PERSONAL_DIFF_KEYS = ['session_ip', 'session_user_agent', 'email', 'first_name', 'last_name', 'telephone'];

/**
 * Account deletion (ADR 0046): the log keeps every change and the actor's id, but a deleted
 * staff member's e-mail becomes the anonymised account's, and changes made to the deleted member
 * lose their IPs and contact details.
 */
export const eraseAuditPersonalData: PersonalDataEraser = async (db: Database, { idUser }) => {
  await db
    .update(auditLog)
    .set({ actorEmail: `deleted-${idUser}@deleted.invalid` })
    .where(eq(auditLog.idUserActor, idUser));
  await db
    .update(auditLog)
    .set({
      auditDiff: sql`${auditLog.auditDiff} - array[${sql.join(
        PERSONAL_DIFF_KEYS.map((k) => sql`${k}`),
        sql`, `,
      )}]::text[]`,
    })
    .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, String(idUser))));
};
