import { z } from 'zod';
import { DateSchema, IdSchema, NullableDateSchema, TextSchema } from './fields.ts';

/**
 * Session (product.md#entities). session_deleted is when the session was ended (null while open; status text
 * via `sessionStatusText`). Added: session_created, session_user_agent, session_current (whether it
 * is the session making the request, so the account page can mark "this device").
 */
export const SessionSchema = z.object({
  id_session: IdSchema,
  session_deleted: NullableDateSchema,
  session_ip: TextSchema,
  session_accessed: DateSchema,
  session_created: DateSchema,
  session_user_agent: TextSchema,
  session_current: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;
