import { UnreadCountResponseSchema } from '../../calls/messages.ts';
import type { SchemasFor } from '../call.ts';
import type { messagesAddresses } from '../addresses/messages.ts';

/** The messages calls' schemas, one entry per address in ../addresses/messages.ts. */
export const messagesSchemas = {
  'messages.unreadCount': { response: UnreadCountResponseSchema },
} satisfies SchemasFor<typeof messagesAddresses>;
