// The messages service's public surface: other services and plugins import only from here.
export { messagesRoutes } from './messages.routes.ts';
export { countHelpdeskPerDay, listMemberConversations } from './member-views.ts';
export { eraseMessagesPersonalData } from './erasure.ts';
