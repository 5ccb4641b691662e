import type { CallAddress } from '../call.ts';

/** The messages calls' addresses (see ../call.ts); their schemas are in ../schemas/messages.ts. */
export const messagesAddresses = {
  'messages.unreadCount': { method: 'GET', path: '/messages/threads/unread/count' },
} as const satisfies Record<string, CallAddress>;
