import type { ApiClient } from '../../lib/api-client';

/**
 * How a reader reaches a thread, which decides the declared calls its page makes: a participant
 * signed in, whoever holds one of its e-mailed links (ADR 0025), or staff in the helpdesk inbox.
 * The id is the one in the page's URL, checked by the API.
 */
export type ThreadAccess =
  | { by: 'participant'; id: string | number }
  | { by: 'token'; id: string | number; token: string }
  | { by: 'staff'; id: string | number };

/** A stable name for the thread and its access: keys, cancel keys and element ids. */
export function threadKey(access: ThreadAccess): string {
  return access.by === 'token' ? `token-${access.id}` : `${access.by}-${access.id}`;
}

export interface MessagePageRequest {
  limit: number;
  offset: number;
  cancelKey?: string;
}

/** One page of the thread's messages, newest first. */
export function listThreadMessages(client: ApiClient, access: ThreadAccess, page: MessagePageRequest) {
  switch (access.by) {
    case 'participant':
      return client.call('messages.listMessages', { params: { id: access.id }, ...page });
    case 'token':
      return client.call('messages.listMessagesByToken', { params: { id: access.id, token: access.token }, ...page });
    case 'staff':
      return client.call('messages.staffListMessages', { params: { id: access.id }, ...page });
  }
}

/** Posts a message (a staff reply in the inbox). */
export function postThreadMessage(client: ApiClient, access: ThreadAccess, content: string) {
  const body = { message_content: content };
  switch (access.by) {
    case 'participant':
      return client.call('messages.postMessage', { params: { id: access.id }, body });
    case 'token':
      return client.call('messages.postMessageByToken', { params: { id: access.id, token: access.token }, body });
    case 'staff':
      return client.call('messages.staffReply', { params: { id: access.id }, body });
  }
}

/** Marks the thread read for its reader; staff reading the inbox do not mark it. */
export async function markThreadRead(client: ApiClient, access: ThreadAccess): Promise<void> {
  if (access.by === 'participant') await client.call('messages.markThreadRead', { params: { id: access.id } });
  if (access.by === 'token')
    await client.call('messages.markThreadReadByToken', { params: { id: access.id, token: access.token } });
}

/** The thread itself, for its participant or a link holder (staff read it as a helpdesk thread). */
export function getThread(client: ApiClient, access: Exclude<ThreadAccess, { by: 'staff' }>) {
  return access.by === 'token'
    ? client.call('messages.getThreadByToken', { params: { id: access.id, token: access.token } })
    : client.call('messages.getThread', { params: { id: access.id } });
}
