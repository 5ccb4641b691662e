import { useState } from 'react';
import { NavLink } from 'react-router';
import { displayName, editedTimeAgo, firstName, type Message, type StaffMember, type StaffThread } from '@fretline/contract';
import { Badge, Button, Card, cx, inputClasses } from '../../components/ui';
import { api } from '../../lib/api.client';
import { errorMessage } from '../../lib/api-client';
import { Conversation } from './conversation';
import { useShortcuts } from './inbox-shortcuts';
import { ReplyingWarning, StaffComposer, useComposerState, useReplying } from './staff-composer';
import { MemberContextCard, SavedRepliesCard } from './staff-context';
import { ProfileLetter } from './thread-list';
import { announceUnreadChanged } from './unread-changed';

function senderName(t: StaffThread): string {
  return displayName(t.sender, 'Unknown sender');
}

/** One helpdesk thread in the staff list: who wrote, about what, and whether it waits for us. */
export function StaffThreadItem({ thread, to, now }: { thread: StaffThread; to: string; now: Date }) {
  const waiting = thread.thread_awaiting_staff && !thread.thread_resolved;
  return (
    <li>
      <NavLink
        to={to}
        data-testid="staff-thread-item"
        className={({ isActive }) =>
          cx('flex items-start gap-3 rounded-xl px-3 py-3', isActive ? 'bg-brand-50 ring-1 ring-brand-200' : 'hover:bg-white')
        }
      >
        <ProfileLetter letter={(senderName(thread).charAt(0) || '?').toUpperCase()} tone={waiting ? 'brand' : 'stone'} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={cx('truncate text-ink-900', waiting ? 'font-bold' : 'font-semibold')}>{senderName(thread)}</span>
            {thread.thread_edited ? (
              <time
                className="shrink-0 text-xs text-stone-500"
                dateTime={thread.thread_edited.toISOString()}
                suppressHydrationWarning
              >
                {editedTimeAgo(thread, now)}
              </time>
            ) : null}
          </span>
          <span className="block truncate text-xs text-stone-500">
            {thread.category_name ?? thread.thread_title ?? 'Helpdesk'}
          </span>
          <span className="mt-1 line-clamp-2 text-sm text-stone-600">{thread.thread_last_message}</span>
          <span className="mt-1.5 flex flex-wrap gap-1.5">
            {thread.thread_resolved ? (
              <Badge tone="success">Resolved</Badge>
            ) : waiting ? (
              <Badge tone="warning">Unanswered</Badge>
            ) : (
              <Badge tone="neutral">Answered</Badge>
            )}
            {thread.sender.has_aaa_membership ? <Badge tone="brand">Member</Badge> : null}
            {thread.assigned_first_name ? (
              <Badge tone="neutral">{firstName({ first_name: thread.assigned_first_name })}</Badge>
            ) : null}
          </span>
        </span>
      </NavLink>
    </li>
  );
}

interface PanelProps {
  thread: StaffThread;
  messages: { messages: Message[]; total: number };
  staff: StaffMember[];
  onChanged: () => void;
  /** The signed-in member of staff, for "Assign to me". */
  idUserSelf?: number | null;
}

/** A helpdesk thread for staff: sender details, membership, status, assignment and the reply box. */
export function StaffThreadPanel({
  thread: initialThread,
  messages,
  staff,
  onChanged: onListChanged,
  idUserSelf = null,
}: PanelProps) {
  // A reply, an assignment or a status change moves the navigation's counts too.
  const onChanged = () => {
    onListChanged();
    announceUnreadChanged();
  };
  const [thread, setThread] = useState(initialThread);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const access = { by: 'staff', id: thread.id_thread } as const;
  const senderEmail = thread.sender.email?.toLowerCase();

  // ADR 0025: the links e-mailed to a signed-out sender can be revoked (a leaked link, a wrong
  // address); the next staff reply e-mails a fresh one.
  const [revoke, setRevoke] = useState<'idle' | 'confirm' | 'done'>('idle');
  const revokeLinks = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.call('messages.staffRevokeTokens', { params: { id: thread.id_thread } });
      setRevoke('done');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const update = async (change: () => Promise<{ thread: StaffThread }>) => {
    setBusy(true);
    setError(null);
    try {
      const res = await change();
      setThread(res.thread);
      onChanged();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const composer = useComposerState();
  // A note is no reply to the sender: writing one never tells colleagues "X is replying" (ADR 0060).
  const replying = useReplying(thread.id_thread, composer.mode === 'reply' && composer.text.trim() !== '');
  const assign = (idUser: number | string | null) =>
    void update(() =>
      api.call('messages.staffAssign', { params: { id: thread.id_thread }, body: { id_user_assigned: idUser ?? '' } }),
    );
  const toggleResolved = () =>
    void update(() =>
      api.call('messages.staffResolve', {
        params: { id: thread.id_thread },
        body: { thread_resolved: !thread.thread_resolved },
      }),
    );
  const focusComposer = (mode: 'reply' | 'note') => {
    composer.setMode(mode);
    composer.textarea.current?.focus();
  };
  // ADR 0060: the thread's keys; the list's (j, k, /) are the inbox page's.
  useShortcuts({
    r: () => focusComposer('reply'),
    n: () => focusComposer('note'),
    e: toggleResolved,
    a: () => {
      if (idUserSelf !== null && thread.id_user_assigned !== idUserSelf) assign(idUserSelf);
    },
  });

  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
      <div className="flex min-h-[70vh] min-w-0 flex-1 flex-col gap-4">
        <Card className="space-y-3">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 className="truncate text-xl font-bold text-ink-900">{senderName(thread)}</h2>
              <p className="text-sm text-stone-600">{thread.category_name ?? thread.thread_title ?? 'Helpdesk'}</p>
            </div>
            <div className="flex flex-wrap gap-1.5">
              {thread.sender.has_aaa_membership ? (
                <Badge tone="brand">Member</Badge>
              ) : (
                <Badge tone="neutral">{thread.sender.is_registered ? 'Registered, no membership' : 'Visitor'}</Badge>
              )}
              {/* ADR 0045: anyone can type an address; it is proven once the e-mailed link is followed. */}
              {thread.sender.is_registered || !thread.sender.email ? null : thread.sender.email_verified ? (
                <Badge tone="success">Address verified</Badge>
              ) : (
                <Badge tone="warning" title="The sender has not opened the link we e-mailed to this address">
                  Address not verified
                </Badge>
              )}
              {thread.thread_resolved ? <Badge tone="success">Resolved</Badge> : null}
            </div>
          </div>
          {/* Wrapping, not columns: beside the list and the context panel (1280 px) the thread is
              narrow, and a long address then takes its own line whole rather than an ellipsis. */}
          <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
            <div className="flex max-w-full min-w-0 gap-2">
              <dt className="shrink-0 text-stone-500">E-mail</dt>
              <dd className="min-w-0 font-medium wrap-anywhere">
                {thread.sender.email ? <a href={`mailto:${thread.sender.email}`}>{thread.sender.email}</a> : '—'}
              </dd>
            </div>
            <div className="flex gap-2">
              <dt className="shrink-0 text-stone-500">Telephone</dt>
              <dd className="font-medium whitespace-nowrap">{thread.sender.telephone ?? '—'}</dd>
            </div>
          </dl>
          <div className="flex flex-wrap items-center gap-3 border-t border-stone-100 pt-3">
            <label className="flex items-center gap-2 text-sm whitespace-nowrap">
              <span className="text-stone-600">Assigned to</span>
              <select
                value={thread.id_user_assigned ?? ''}
                disabled={busy}
                onChange={(e) => assign(e.target.value)}
                className={cx(inputClasses, 'w-auto py-1.5 text-sm')}
              >
                <option value="">Nobody</option>
                {staff.map((s) => (
                  <option key={s.id_user} value={s.id_user}>
                    {displayName(s, 'Unnamed staff')}
                  </option>
                ))}
              </select>
            </label>
            {idUserSelf !== null && thread.id_user_assigned !== idUserSelf ? (
              <Button variant="ghost" size="sm" disabled={busy} onClick={() => assign(idUserSelf)} aria-keyshortcuts="a">
                Assign to me
              </Button>
            ) : null}
            {/* Resolving is the quieter action: a thread is answered first (ADR 0060). */}
            <Button
              variant="secondary"
              size="sm"
              busy={busy}
              onClick={toggleResolved}
              className="sm:ml-auto"
              aria-keyshortcuts="e"
            >
              {thread.thread_resolved ? 'Reopen' : 'Mark resolved'}
            </Button>
          </div>
          {thread.sender.is_registered ? null : (
            <div
              className="flex flex-wrap items-center gap-x-3 gap-y-2 border-t border-stone-100 pt-3 text-sm"
              aria-live="polite"
            >
              {revoke === 'idle' ? (
                <Button variant="ghost" size="sm" onClick={() => setRevoke('confirm')}>
                  Revoke e-mailed links
                </Button>
              ) : revoke === 'confirm' ? (
                <>
                  <span className="text-stone-700">The links we e-mailed stop working; your next reply sends a new one.</span>
                  <Button variant="danger" size="sm" busy={busy} onClick={() => void revokeLinks()}>
                    Revoke links
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setRevoke('idle')}>
                    Cancel
                  </Button>
                </>
              ) : (
                <span className="font-medium text-stone-700">Links revoked. Your next reply e-mails a new one.</span>
              )}
            </div>
          )}
          {error ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
        </Card>
        <ReplyingWarning replying={replying} />
        <Card className="flex min-h-0 flex-1 flex-col">
          <Conversation
            key={thread.id_thread}
            access={access}
            initial={messages}
            sendLabel="Reply"
            isOwn={(m) => (m.email?.toLowerCase() ?? '') !== senderEmail}
            onSent={onChanged}
            renderComposer={(append) => (
              <StaffComposer idThread={thread.id_thread} state={composer} append={append} onSent={onChanged} />
            )}
          />
        </Card>
      </div>
      <aside aria-label="Sender and saved replies" className="flex flex-col gap-4 lg:w-72 lg:shrink-0 xl:w-64 2xl:w-80">
        <SavedRepliesCard
          idThread={thread.id_thread}
          onInsert={(text, missing) => {
            // Into an empty box as is; after what staff already wrote, on a new paragraph.
            composer.setText(composer.text.trim() ? `${composer.text.trimEnd()}\n\n${text}` : text);
            composer.setMissing(missing);
            composer.setMode('reply');
            composer.textarea.current?.focus();
          }}
        />
        <MemberContextCard idThread={thread.id_thread} />
      </aside>
    </div>
  );
}
