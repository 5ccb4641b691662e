import { NavLink } from 'react-router';
import { editedTimeAgo, firstName, threadProfileLetter, threadTitle, type Thread } from '@fretline/contract';
import { cx } from '../../components/ui';

/** A thread's avatar: the profile letter (product.md#entities). */
export function ProfileLetter({ letter, tone = 'brand' }: { letter: string; tone?: 'brand' | 'stone' }) {
  return (
    <span
      aria-hidden="true"
      className={cx(
        'flex size-10 shrink-0 items-center justify-center rounded-full text-base font-bold',
        tone === 'brand' ? 'bg-brand-100 text-brand-800' : 'bg-stone-200 text-stone-700',
      )}
    >
      {letter}
    </span>
  );
}

/** One row of the thread list: title, last message, edited-time-ago and the unread mark (product.md#entities). */
export function ThreadListItem({ thread, to, now }: { thread: Thread; to: string; now: Date }) {
  const title = threadTitle(thread);
  const unread = thread.is_unread;
  return (
    <li>
      <NavLink
        to={to}
        prefetch="intent"
        data-testid="thread-item"
        data-unread={unread ? 'true' : 'false'}
        className={({ isActive }) =>
          cx(
            'flex items-start gap-3 rounded-xl px-3 py-3 transition-colors',
            isActive ? 'bg-brand-50 ring-1 ring-brand-200' : 'hover:bg-stone-100',
          )
        }
      >
        <ProfileLetter letter={threadProfileLetter(thread)} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={cx('truncate text-ink-900', unread ? 'font-bold' : 'font-semibold')}>{title}</span>
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
          <span className="mt-0.5 flex items-center gap-2">
            <span className={cx('line-clamp-2 text-sm', unread ? 'text-ink-900' : 'text-stone-600')}>
              {thread.first_name_last ? (
                <span className="font-medium">{firstName({ first_name: thread.first_name_last })}: </span>
              ) : null}
              {thread.thread_last_message}
            </span>
            {unread ? (
              <span className="ml-auto size-2.5 shrink-0 rounded-full bg-brand-600">
                <span className="sr-only">Unread</span>
              </span>
            ) : null}
          </span>
        </span>
      </NavLink>
    </li>
  );
}
