import { z } from 'zod';
import { DateSchema, IdSchema, TextSchema } from './fields.ts';

/** Message (product.md#entities). */
export const MessageSchema = z.object({
  id_message: IdSchema,
  message_created: DateSchema,
  first_name: TextSchema,
  last_name: TextSchema,
  email: TextSchema,
  message_content: TextSchema,
});
export type Message = z.infer<typeof MessageSchema>;
