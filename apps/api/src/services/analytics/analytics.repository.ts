import { tables, type Database } from '@fretline/db';

export interface NewAction {
  actionTypeName: string;
  actionValues: Array<{ key: string; value: string; type: string }>;
  idUser?: number | null;
  correlationId?: string | null;
  created?: Date;
}

export async function createAction(db: Database, action: NewAction): Promise<{ idAction: number }> {
  const [row] = await db
    .insert(tables.actions)
    .values({
      actionTypeName: action.actionTypeName,
      actionValues: action.actionValues,
      idUser: action.idUser ?? null,
      correlationId: action.correlationId ?? null,
      ...(action.created ? { created: action.created } : {}),
    })
    .returning({ idAction: tables.actions.idAction });
  if (!row) throw new Error('action not stored');
  return row;
}
