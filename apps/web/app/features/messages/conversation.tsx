import { useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGE_PAGE_SIZE, MESSAGE_POLL_MS, type Message } from '@fretline/contract';
import { Button, cx, inputClasses } from '../../components/ui';
import { api } from '../../lib/api.client';
import { errorMessage } from '../../lib/api-client';
import { MessageList } from './message-list';
import { usePoll } from '../../lib/use-poll';
import { announceUnreadChanged } from './unread-changed';

interface Page {
  messages: Message[];
  total: number;
}

function merge(current: Message[], incoming: Message[]): Message[] {
  const byId = new Map(current.map((m) => [m.id_message, m]));
  for (const m of incoming) byId.set(m.id_message, m);
  return [...byId.values()].sort((a, b) => a.id_message - b.id_message);
}

export interface ConversationProps {
  /** The API path of the thread: `/messages/threads/5`, `/messages/threads/5/<token>` or the staff one. */
  apiBase: string;
  initial: Page;
  isOwn: (m: Message) => boolean;
  /** Readers mark the thread read when they see it (spec §4); staff do not. */
  markRead?: boolean;
  sendLabel?: string;
  onSent?: () => void;
}

/**
 * A thread's messages (spec §9: 35 per page, +35 per "load more", polled every 3 s) and the send
 * box. Sending with no text does nothing (spec §5).
 */
export function Conversation({ apiBase, initial, isOwn, markRead = true, sendLabel = 'Send', onSent }: ConversationProps) {
  const [messages, setMessages] = useState<Message[]>(() => merge([], initial.messages));
  const [total, setTotal] = useState(initial.total);
  const [loadingMore, setLoadingMore] = useState(false);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const newestId = messages.at(-1)?.id_message ?? 0;

  const read = useCallback(async () => {
    if (!markRead) return;
    await api.put(`${apiBase}/read`);
    announceUnreadChanged();
  }, [apiBase, markRead]);

  // Viewing the thread reads it; so does each new message arriving while it is open.
  useEffect(() => {
    read().catch(() => undefined);
  }, [read, newestId]);

  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [newestId]);

  usePoll(async () => {
    const page = await api.get<Page>(`${apiBase}/messages`, {
      limit: MESSAGE_PAGE_SIZE,
      offset: 0,
      cancelKey: `poll ${apiBase}`,
    });
    setMessages((current) => merge(current, page.messages));
    setTotal(page.total);
  }, MESSAGE_POLL_MS);

  const loadMore = async () => {
    setLoadingMore(true);
    try {
      const page = await api.get<Page>(`${apiBase}/messages`, {
        limit: MESSAGE_PAGE_SIZE,
        offset: messages.length,
        cancelKey: `more ${apiBase}`,
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
      const { message } = await api.post<{ message: Message }>(`${apiBase}/messages`, { message_content: content });
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
      <form onSubmit={(e) => void send(e)} className="border-t border-stone-200 bg-white pt-3">
        <label htmlFor={`${apiBase}-reply`} className="sr-only">
          Your message
        </label>
        <div className="flex items-end gap-2">
          <textarea
            id={`${apiBase}-reply`}
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
    </div>
  );
}
