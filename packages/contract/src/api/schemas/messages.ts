import {
  HelpdeskCategoryFieldSchema,
  HelpdeskFormInfoResponseSchema,
  HelpdeskResponseSchema,
  MessageListQuerySchema,
  MessageListResponseSchema,
  MessagePostBodySchema,
  MessageResponseSchema,
  StaffAssignInputSchema,
  StaffMembersResponseSchema,
  StaffResolveInputSchema,
  StaffThreadListQuerySchema,
  StaffThreadListResponseSchema,
  StaffThreadResponseSchema,
  ThreadIdParamsSchema,
  ThreadListQuerySchema,
  ThreadListResponseSchema,
  ThreadResponseSchema,
  ThreadTokenParamsSchema,
  ThreadTokensRevokedResponseSchema,
  UnreadCountResponseSchema,
} from '../../calls/messages.ts';
import { HelpdeskFormSchema } from '../../entities/helpdesk.ts';
import type { SchemasFor } from '../call.ts';
import type { messagesAddresses } from '../addresses/messages.ts';

/** The messages calls' schemas, one entry per address in ../addresses/messages.ts. */
export const messagesSchemas = {
  'messages.unreadCount': { summary: 'How many threads have unread messages', response: UnreadCountResponseSchema },
  'messages.listThreads': { summary: "The caller's threads", query: ThreadListQuerySchema, response: ThreadListResponseSchema },
  'messages.getHelpdeskForm': { summary: 'The helpdesk form: captcha and categories', response: HelpdeskFormInfoResponseSchema },
  'messages.createHelpdesk': {
    summary: 'Send the helpdesk form: a new thread',
    body: HelpdeskFormSchema.and(HelpdeskCategoryFieldSchema),
    response: HelpdeskResponseSchema,
  },
  'messages.getThread': { params: ThreadIdParamsSchema, response: ThreadResponseSchema },
  'messages.markThreadRead': { params: ThreadIdParamsSchema, response: ThreadResponseSchema },
  'messages.listMessages': { params: ThreadIdParamsSchema, query: MessageListQuerySchema, response: MessageListResponseSchema },
  'messages.postMessage': { params: ThreadIdParamsSchema, body: MessagePostBodySchema, response: MessageResponseSchema },
  'messages.getThreadByToken': { params: ThreadTokenParamsSchema, response: ThreadResponseSchema },
  'messages.markThreadReadByToken': { params: ThreadTokenParamsSchema, response: ThreadResponseSchema },
  'messages.listMessagesByToken': {
    params: ThreadTokenParamsSchema,
    query: MessageListQuerySchema,
    response: MessageListResponseSchema,
  },
  'messages.postMessageByToken': {
    params: ThreadTokenParamsSchema,
    body: MessagePostBodySchema,
    response: MessageResponseSchema,
  },
  'messages.verifySender': {
    summary: "Prove the sender's address with the link e-mailed to them (ADR 0045)",
    params: ThreadTokenParamsSchema,
    response: ThreadResponseSchema,
  },
  'messages.staffListThreads': { query: StaffThreadListQuerySchema, response: StaffThreadListResponseSchema },
  'messages.staffListMembers': { summary: 'Staff a thread can be assigned to', response: StaffMembersResponseSchema },
  'messages.staffGetThread': { params: ThreadIdParamsSchema, response: StaffThreadResponseSchema },
  'messages.staffListMessages': {
    params: ThreadIdParamsSchema,
    query: MessageListQuerySchema,
    response: MessageListResponseSchema,
  },
  'messages.staffReply': { params: ThreadIdParamsSchema, body: MessagePostBodySchema, response: MessageResponseSchema },
  'messages.staffResolve': { params: ThreadIdParamsSchema, body: StaffResolveInputSchema, response: StaffThreadResponseSchema },
  'messages.staffAssign': { params: ThreadIdParamsSchema, body: StaffAssignInputSchema, response: StaffThreadResponseSchema },
  'messages.staffRevokeTokens': {
    summary: 'End every link e-mailed for the thread (ADR 0025)',
    params: ThreadIdParamsSchema,
    response: ThreadTokensRevokedResponseSchema,
  },
} satisfies SchemasFor<typeof messagesAddresses>;
