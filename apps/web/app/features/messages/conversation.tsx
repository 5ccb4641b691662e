import { useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGE_PAGE_SIZE, MESSAGE_POLL_MS, type Message } from '@fretline/contract';
import { Button, cx, inputClasses } from '../../components/ui';
import type { CallData } from '@fretline/contract/api-schemas';
import { api } from '../../lib/api.client';
import { errorMessage } from '../../lib/api-client';
import { usePoll } from '../../lib/use-poll';
import { MessageList } from './message-list';
import { listThreadMessages, markThreadRead, postThreadMessage, threadKey, type ThreadAccess } from './thread-access';
import { announceUnreadChanged } from './unread-changed';

type Page = CallData<'messages.listMessages'>;

function merge(current: Message[], incoming: Message[]): Message[] {
  const byId = new Map(current.map((m) => [m.id_message, m]));
  for (const m of incoming) byId.set(m.id_message, m);
  return [...byId.values()].sort((a, b) => a.id_message - b.id_message);
}

export interface ConversationProps {
  /** Who reads the thread and how: it decides the calls (a participant, a link holder, staff). */
  access: ThreadAccess;
  initial: Page;
  isOwn: (m: Message) => boolean;
  sendLabel?: string;
  onSent?: () => void;
  /**
   * Replaces the send box (the staff inbox's reply and note composer, ADR 0060); `append` adds
   * what it posted to the list at once.
   */
  renderComposer?: (append: (m: Message) => void) => React.ReactNode;
}

/**
 * A thread's messages (product.md#constants: 35 per page, +35 per "load more", polled every 3 s) and the send
 * box. Sending with no text does nothing (product.md#validation).
 */
export function Conversation({ access, initial, isOwn, sendLabel = 'Send', onSent, renderComposer }: ConversationProps) {
  const key = threadKey(access);
  const [messages, setMessages] = useState<Message[]>(() => merge([], initial.messages));
  const [total, setTotal] = useState(initial.total);
  const [loadingMore, setLoadingMore] = useState(false);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const newestId = messages.at(-1)?.id_message ?? 0;

  // Readers mark the thread read when they see it; staff do not.
  const read = useCallback(async () => {
    if (access.by === 'staff') return;
    await markThreadRead(api, access);
    announceUnreadChanged();
    // The access is the same while its key is.
  }, [key]);

  // Viewing the thread reads it; so does each new message arriving while it is open.
  useEffect(() => {
    read().catch(() => undefined);
  }, [read, newestId]);

  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [newestId]);

  usePoll(async () => {
    const page = await listThreadMessages(api, access, { limit: MESSAGE_PAGE_SIZE, offset: 0, cancelKey: `poll ${key}` });
    setMessages((current) => merge(current, page.messages));
    setTotal(page.total);
  }, MESSAGE_POLL_MS);

  const loadMore = async () => {
    setLoadingMore(true);
    try {
      const page = await listThreadMessages(api, access, {
        limit: MESSAGE_PAGE_SIZE,
        offset: messages.length,
        cancelKey: `more ${key}`,
      });
      setMessages((current) => merge(current, page.messages));
      setTotal(page.total);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setLoadingMore(false);
    }
  };

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content || sending) return;
    setSending(true);
    setError(null);
    try {
      const { message } = await postThreadMessage(api, access, content);
      setMessages((current) => merge(current, [message]));
      setTotal((n) => n + 1);
      setText('');
      onSent?.();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-1 py-4 sm:px-2">
        {messages.length < total ? (
          <div className="text-center">
            <Button variant="secondary" size="sm" busy={loadingMore} onClick={() => void loadMore()}>
              Load earlier messages
            </Button>
          </div>
        ) : null}
        <MessageList messages={messages} isOwn={isOwn} />
        <div ref={endRef} />
      </div>
      {renderComposer ? (
        renderComposer((m) => {
          setMessages((current) => merge(current, [m]));
          setTotal((n) => n + 1);
        })
      ) : (
        <form onSubmit={(e) => void send(e)} className="border-t border-stone-200 bg-white pt-3">
          <label htmlFor={`${key}-reply`} className="sr-only">
            Your message
          </label>
          <div className="flex items-end gap-2">
            <textarea
              id={`${key}-reply`}
              name="message_content"
              rows={2}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) void send(e);
              }}
              placeholder="Write a message…"
              className={cx(inputClasses, 'min-h-12 resize-y')}
            />
            <Button type="submit" busy={sending} disabled={!text.trim()} className="shrink-0">
              {sendLabel}
            </Button>
          </div>
          {error ? (
            <p role="alert" className="mt-2 text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
        </form>
      )}
    </div>
  );
}
