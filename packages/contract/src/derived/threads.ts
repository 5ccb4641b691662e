import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime.js';
import { capitalise, profileLetter } from './names.ts';

// Relative-time thresholds are the library defaults (product.md#constants), so the plugin gets no options.
dayjs.extend(relativeTime);

export const GROUP_THREAD_TITLE = 'Group Message';

type ThreadNames = {
  thread_title: string | null;
  private_thread: boolean;
  first_name_other: string | null;
  last_name_other: string | null;
};

/**
 * Thread title (product.md#entities): the thread's own title; else, for a private thread, the other person's
 * name (whichever parts exist, capitalised); else 'Group Message' — also for a private thread
 * whose other person has no name.
 */
export function threadTitle(thread: ThreadNames): string {
  const title = thread.thread_title?.trim();
  if (title) return title;
  if (thread.private_thread) {
    const name = [thread.first_name_other, thread.last_name_other]
      .map((part) => part?.trim())
      .filter((part): part is string => Boolean(part))
      .map(capitalise)
      .join(' ');
    if (name) return name;
  }
  return GROUP_THREAD_TITLE;
}

/**
 * Thread profile letter (product.md#entities): the other person's initial in a private thread, else the first
 * letter of the derived title ('G' for an untitled group).
 */
export function threadProfileLetter(thread: ThreadNames): string {
  if (thread.private_thread) {
    const letter = profileLetter({ first_name: thread.first_name_other });
    if (letter) return letter;
  }
  return threadTitle(thread).charAt(0).toUpperCase();
}

/**
 * Unread flag (product.md#entities): edited later than last read. Equal times are read; a thread never read
 * (last_read_timestamp null) is unread once it has been edited.
 */
export function isThreadUnread(thread: { thread_edited: Date | null; last_read_timestamp: Date | null }): boolean {
  if (!thread.thread_edited) return false;
  if (!thread.last_read_timestamp) return true;
  return thread.thread_edited.getTime() > thread.last_read_timestamp.getTime();
}

/** Edited-time-ago ("5 minutes ago"; product.md#entities), relative to `now`; '' when never edited. */
export function editedTimeAgo(thread: { thread_edited: Date | null }, now: Date): string {
  if (!thread.thread_edited) return '';
  return dayjs(thread.thread_edited).from(dayjs(now));
}
