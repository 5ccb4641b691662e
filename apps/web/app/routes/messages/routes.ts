import { route } from '@react-router/dev/routes';
import type { AreaRoutes } from '../area';

// The helpdesk (product.md#pages), and /messages with child :idThread and grandchild :token (a signed-out
// holder's view of one thread); the staff inbox lives in the staff console (ADR 0029).
export const messagesRoutes: AreaRoutes = {
  main: [
    route('helpdesk', 'routes/messages/helpdesk.tsx', { id: 'helpdesk' }),
    route('helpdesk/:categorySlug', 'routes/messages/helpdesk.tsx', { id: 'helpdesk-category' }),
    route('messages', 'routes/messages/messages.tsx', { id: 'messages' }, [
      route(':idThread', 'routes/messages/thread.tsx', { id: 'messages-idThread' }, [
        route(':token', 'routes/messages/thread-token.tsx', { id: 'messages-idThread-token' }),
      ]),
    ]),
  ],
  staff: [
    route('staff/inbox', 'routes/messages/staff-inbox.tsx', { id: 'staff-inbox' }, [
      route(':idThread', 'routes/messages/staff-thread.tsx', { id: 'staff-inbox-idThread' }),
    ]),
    route('staff/saved-replies', 'routes/messages/staff-saved-replies.tsx', { id: 'staff-saved-replies' }),
  ],
};
