import { randomBytes } from 'node:crypto';
import { eq, inArray, isNotNull, and, sql, tables, type Database } from '@fretline/db';
import type { PersonalDataEraser } from '../../platform/erasure.ts';

/** Values the reports read that say nothing about who acted (ADR 0036); the rest is dropped. */
const KEPT_VALUE_KEYS = ['path', 'campaign', 'source', 'id_subscription', 'subscription_plan', 'trial'];

/**
 * Account deletion (ADR 0046): the person's actions stay countable but anonymous. The user id
 * goes; their browser's correlation id becomes a random stand-in (so visitor counts still hold but
 * nothing links back); free text (search terms, cancellation reasons, referrers) is dropped.
 */
export const eraseAnalyticsPersonalData: PersonalDataEraser = async (db: Database, { idUser }) => {
  const { actions } = tables;
  const browsers = db
    .selectDistinct({ id: actions.correlationId })
    .from(actions)
    .where(and(eq(actions.idUser, idUser), isNotNull(actions.correlationId)));
  const salt = randomBytes(16).toString('hex');
  await db
    .update(actions)
    .set({ correlationId: sql`'erased-' || md5(${actions.correlationId} || ${salt})` })
    .where(inArray(actions.correlationId, browsers));
  await db
    .update(actions)
    .set({
      idUser: null,
      actionValues: sql`coalesce((select jsonb_agg(v) from jsonb_array_elements(${actions.actionValues}) v where v ->> 'key' in (${sql.join(
        KEPT_VALUE_KEYS.map((k) => sql`${k}`),
        sql`, `,
      )})), '[]'::jsonb)`,
    })
    .where(eq(actions.idUser, idUser));
};
