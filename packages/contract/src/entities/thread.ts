import { z } from 'zod';
import { IdSchema, NullableDateSchema, TextSchema } from './fields.ts';

/**
 * Thread (product.md#entities). `jwt` is only present when the thread was opened through a token (a logged-out
 * holder, or the helpdesk answer for a visitor), so it is optional as well as nullable.
 */
export const ThreadSchema = z.object({
  id_thread: IdSchema,
  thread_title: TextSchema,
  private_thread: z.boolean(),
  first_name_other: TextSchema,
  last_name_other: TextSchema,
  first_name_last: TextSchema,
  thread_edited: NullableDateSchema,
  last_read_timestamp: NullableDateSchema,
  jwt: TextSchema.optional(),
  /**
   * Only beside `jwt` (a token holder's view): whether the sender has proven their e-mail address
   * by following the e-mailed link (ADR 0045). Until then the thread joins no account's inbox.
   */
  sender_verified: z.boolean().optional(),
  thread_last_message: TextSchema,
  is_unread: z.boolean(),
});
export type Thread = z.infer<typeof ThreadSchema>;
