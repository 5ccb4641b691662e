import { useEffect, useRef, useState, type RefObject } from 'react';
import { firstName, type Message, type ReplyingStaff } from '@fretline/contract';
import { Button, cx, inputClasses } from '../../components/ui';
import { api } from '../../lib/api.client';
import { errorMessage } from '../../lib/api-client';
import { usePoll } from '../../lib/use-poll';

/** How often an open reply box says so, and how often a reader checks who else is writing (ADR 0060). */
const PRESENCE_MS = 5_000;

type ComposerMode = 'reply' | 'note';

export interface ComposerState {
  mode: ComposerMode;
  setMode: (mode: ComposerMode) => void;
  text: string;
  setText: (text: string) => void;
  /** Variables a saved reply could not fill for this sender: staff edit them before sending. */
  missing: string[];
  setMissing: (missing: string[]) => void;
  textarea: RefObject<HTMLTextAreaElement | null>;
}

/** The composer's state, held by the thread panel so the context panel's saved replies can fill it. */
export function useComposerState(): ComposerState {
  const [mode, setMode] = useState<ComposerMode>('reply');
  const [text, setText] = useState('');
  const [missing, setMissing] = useState<string[]>([]);
  const textarea = useRef<HTMLTextAreaElement>(null);
  return { mode, setMode, text, setText, missing, setMissing, textarea };
}

/** Colleagues writing in the thread now: polled while reading, refreshed by the own box while writing. */
export function useReplying(idThread: number, writing: boolean): ReplyingStaff[] {
  const [replying, setReplying] = useState<ReplyingStaff[]>([]);
  const ask = async () => {
    const res = writing
      ? await api.call('messages.staffMarkReplying', { params: { id: idThread } })
      : await api.call('messages.staffListReplying', { params: { id: idThread } });
    setReplying(res.replying ?? []);
  };
  // At once when the box starts (or stops) holding text, then every few seconds.
  useEffect(() => {
    ask().catch(() => undefined);
  }, [idThread, writing]);
  usePoll(ask, PRESENCE_MS);
  return replying;
}

export function ReplyingWarning({ replying }: { replying: ReplyingStaff[] }) {
  if (replying.length === 0) return null;
  const names = replying.map((r) => firstName(r) ?? 'A colleague').join(' and ');
  return (
    <p
      role="status"
      data-testid="collision-warning"
      className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-2 text-sm font-medium text-amber-950"
    >
      {names} {replying.length > 1 ? 'are' : 'is'} replying to this conversation now. Read their answer before you send yours.
    </p>
  );
}

/**
 * The staff reply box (ADR 0060): Reply (e-mailed to the sender) or Internal note (staff only),
 * Ctrl/⌘+Enter sends. Reply is the primary action of the thread.
 */
export function StaffComposer({
  idThread,
  state,
  append,
  onSent,
}: {
  idThread: number;
  state: ComposerState;
  append: (m: Message) => void;
  onSent: () => void;
}) {
  const { mode, setMode, text, setText, missing, setMissing, textarea } = state;
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const note = mode === 'note';

  const send = async () => {
    const content = text.trim();
    if (!content || sending) return;
    setSending(true);
    setError(null);
    try {
      const body = { message_content: content };
      const { message } = note
        ? await api.call('messages.staffAddNote', { params: { id: idThread }, body })
        : await api.call('messages.staffReply', { params: { id: idThread }, body });
      append(
        note ? message : ({ ...message, message_from_staff: true, message_internal: false, message_via_email: false } as Message),
      );
      setText('');
      setMissing([]);
      onSent();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSending(false);
    }
  };

  const id = `staff-composer-${idThread}`;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
      className={cx('border-t pt-3', note ? 'border-amber-300' : 'border-stone-200')}
      data-testid="staff-composer"
    >
      <div role="group" aria-label="Write" className="mb-2 flex gap-1 text-sm font-semibold">
        {(
          [
            ['reply', 'Message to sender'],
            ['note', 'Internal note'],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            aria-pressed={mode === value}
            onClick={() => {
              setMode(value);
              textarea.current?.focus();
            }}
            className={cx(
              'rounded-full px-3 py-1.5 whitespace-nowrap',
              mode === value
                ? value === 'note'
                  ? 'bg-amber-100 text-amber-950 ring-1 ring-amber-300'
                  : 'bg-brand-50 text-brand-800 ring-1 ring-brand-200'
                : 'text-stone-600 hover:bg-stone-100',
            )}
          >
            {label}
          </button>
        ))}
      </div>
      <label htmlFor={id} className="sr-only">
        {note ? 'Internal note, only staff see it' : 'Your message'}
      </label>
      <textarea
        id={id}
        ref={textarea}
        name="message_content"
        rows={4}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
            e.preventDefault();
            void send();
          }
          if (e.key === 'Escape') textarea.current?.blur();
        }}
        placeholder={
          note
            ? 'A note for your colleagues. The sender never sees it.'
            : 'Write your reply… (a saved reply from the side panel fills this box)'
        }
        className={cx(inputClasses, 'min-h-24 resize-y', note && 'border-amber-300 bg-amber-50/60')}
      />
      {missing.length > 0 ? (
        <p role="status" className="mt-2 text-sm text-amber-900">
          Not known for this sender: {missing.map((m) => `{${m}}`).join(', ')}. Edit the text before sending.
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-stone-500">
          {note ? 'Only staff see notes.' : 'The sender is e-mailed your reply.'} Ctrl+Enter sends.
        </p>
        <Button type="submit" busy={sending} disabled={!text.trim()} className={cx(note && 'bg-amber-700 hover:bg-amber-800')}>
          {note ? 'Add note' : 'Reply'}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
