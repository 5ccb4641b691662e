import type { CallAddress } from '../call.ts';

/**
 * The messages calls' addresses (see ../call.ts); their schemas are in ../schemas/messages.ts.
 * A thread is read by a participant (signed in) or by whoever holds one of its e-mailed links,
 * the `...ByToken` calls (ADR 0025). The staff inbox sits under /messages/staff.
 */
export const messagesAddresses = {
  'messages.unreadCount': { method: 'GET', path: '/messages/threads/unread/count' },
  'messages.listThreads': { method: 'GET', path: '/messages/threads' },
  'messages.getHelpdeskForm': { method: 'GET', path: '/messages/helpdesks/form' },
  'messages.createHelpdesk': { method: 'POST', path: '/messages/helpdesks' },
  'messages.getThread': { method: 'GET', path: '/messages/threads/:id' },
  'messages.markThreadRead': { method: 'PUT', path: '/messages/threads/:id/read' },
  'messages.listMessages': { method: 'GET', path: '/messages/threads/:id/messages' },
  'messages.postMessage': { method: 'POST', path: '/messages/threads/:id/messages' },
  'messages.getThreadByToken': { method: 'GET', path: '/messages/threads/:id/:token' },
  'messages.markThreadReadByToken': { method: 'PUT', path: '/messages/threads/:id/:token/read' },
  'messages.listMessagesByToken': { method: 'GET', path: '/messages/threads/:id/:token/messages' },
  'messages.postMessageByToken': { method: 'POST', path: '/messages/threads/:id/:token/messages' },
  'messages.verifySender': { method: 'POST', path: '/messages/threads/:id/:token/verify' },
  'messages.staffListThreads': { method: 'GET', path: '/messages/staff/threads' },
  'messages.staffListMembers': { method: 'GET', path: '/messages/staff/members' },
  'messages.staffGetThread': { method: 'GET', path: '/messages/staff/threads/:id' },
  'messages.staffListMessages': { method: 'GET', path: '/messages/staff/threads/:id/messages' },
  'messages.staffReply': { method: 'POST', path: '/messages/staff/threads/:id/messages' },
  'messages.staffResolve': { method: 'PUT', path: '/messages/staff/threads/:id/resolved' },
  'messages.staffAssign': { method: 'PUT', path: '/messages/staff/threads/:id/assignee' },
  'messages.staffRevokeTokens': { method: 'DELETE', path: '/messages/staff/threads/:id/tokens' },
  'messages.staffCounts': { method: 'GET', path: '/messages/staff/counts' },
  'messages.staffAddNote': { method: 'POST', path: '/messages/staff/threads/:id/notes' },
  'messages.staffThreadContext': { method: 'GET', path: '/messages/staff/threads/:id/context' },
  'messages.staffListReplying': { method: 'GET', path: '/messages/staff/threads/:id/replying' },
  'messages.staffMarkReplying': { method: 'PUT', path: '/messages/staff/threads/:id/replying' },
  'messages.staffFillSavedReply': { method: 'GET', path: '/messages/staff/threads/:id/saved-replies/:idSavedReply' },
  'messages.staffListSavedReplies': { method: 'GET', path: '/messages/staff/saved-replies' },
  'messages.staffCreateSavedReply': { method: 'POST', path: '/messages/staff/saved-replies' },
  'messages.staffUpdateSavedReply': { method: 'PUT', path: '/messages/staff/saved-replies/:idSavedReply' },
  'messages.staffDeleteSavedReply': { method: 'DELETE', path: '/messages/staff/saved-replies/:idSavedReply' },
  'messages.staffGetNotificationPrefs': { method: 'GET', path: '/messages/staff/notification-prefs' },
  'messages.staffSetNotificationPrefs': { method: 'PUT', path: '/messages/staff/notification-prefs' },
} as const satisfies Record<string, CallAddress>;
