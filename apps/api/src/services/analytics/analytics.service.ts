import type { Database } from '@fretline/db';
import { createAction } from './analytics.repository.ts';

// The body's schema is the call's declaration in the contract (ADR 0052).
export interface RecordActionInput {
  actionTypeName: string;
  actionValues?: Array<{ key: string; value: string; type?: string }>;
  idUser?: number | null;
  correlationId?: string | null;
  created?: Date;
}

/** Records an action from server code (signups, subscriptions); the browser uses POST /actions. */
export async function recordAction(db: Database, input: RecordActionInput): Promise<{ idAction: number }> {
  return createAction(db, {
    actionTypeName: input.actionTypeName,
    actionValues: (input.actionValues ?? []).map((v) => ({ key: v.key, value: v.value, type: v.type ?? 'S' })),
    idUser: input.idUser ?? null,
    correlationId: input.correlationId ?? null,
    ...(input.created ? { created: input.created } : {}),
  });
}
