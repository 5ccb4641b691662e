import { describe, expect, it } from 'vitest';
import { editedTimeAgo, GROUP_THREAD_TITLE, isThreadUnread, threadProfileLetter, threadTitle } from './threads.ts';

const base = { thread_title: null, private_thread: false, first_name_other: null, last_name_other: null };

describe('threadTitle', () => {
  it("uses the thread's own title first, even for a private thread", () => {
    expect(threadTitle({ ...base, private_thread: true, thread_title: 'Billing', first_name_other: 'Sam' })).toBe('Billing');
  });

  it("uses the other person's capitalised name for an untitled private thread", () => {
    expect(threadTitle({ ...base, private_thread: true, first_name_other: 'sam', last_name_other: 'jones' })).toBe('Sam Jones');
  });

  it('uses whichever part of the name exists for a private thread', () => {
    expect(threadTitle({ ...base, private_thread: true, first_name_other: 'sam' })).toBe('Sam');
    expect(threadTitle({ ...base, private_thread: true, last_name_other: 'jones' })).toBe('Jones');
  });

  it("is 'Group Message' for an untitled group thread, even when a name is known", () => {
    expect(threadTitle({ ...base, first_name_other: 'Sam', last_name_other: 'Jones' })).toBe('Group Message');
  });

  it("is 'Group Message' for a private thread whose other person has no name", () => {
    expect(threadTitle({ ...base, private_thread: true })).toBe(GROUP_THREAD_TITLE);
  });

  it('treats a blank title as no title', () => {
    expect(threadTitle({ ...base, thread_title: '  ' })).toBe('Group Message');
  });
});

describe('threadProfileLetter', () => {
  it("is the other person's initial in a private thread", () => {
    expect(threadProfileLetter({ ...base, private_thread: true, thread_title: 'Billing', first_name_other: 'sam' })).toBe('S');
  });

  it('is the first letter of the title in a group thread', () => {
    expect(threadProfileLetter({ ...base, thread_title: 'practice club' })).toBe('P');
    expect(threadProfileLetter(base)).toBe('G');
  });
});

describe('isThreadUnread', () => {
  const read = new Date('2024-03-05T10:00:00Z');

  it('is unread when edited after the last read', () => {
    expect(isThreadUnread({ thread_edited: new Date('2024-03-05T10:00:01Z'), last_read_timestamp: read })).toBe(true);
  });

  it('is read when edited at exactly the last read time', () => {
    expect(isThreadUnread({ thread_edited: new Date(read), last_read_timestamp: read })).toBe(false);
  });

  it('is read when edited before the last read', () => {
    expect(isThreadUnread({ thread_edited: new Date('2024-03-05T09:59:59Z'), last_read_timestamp: read })).toBe(false);
  });

  it('is unread when edited but never read', () => {
    expect(isThreadUnread({ thread_edited: read, last_read_timestamp: null })).toBe(true);
  });

  it('is read when never edited', () => {
    expect(isThreadUnread({ thread_edited: null, last_read_timestamp: null })).toBe(false);
  });
});

describe('editedTimeAgo', () => {
  const now = new Date('2024-03-05T12:00:00Z');
  const ago = (ms: number) => editedTimeAgo({ thread_edited: new Date(now.getTime() - ms) }, now);

  it('uses the library default thresholds', () => {
    expect(ago(30_000)).toBe('a few seconds ago');
    expect(ago(60_000)).toBe('a minute ago');
    expect(ago(5 * 60_000)).toBe('5 minutes ago');
    expect(ago(3 * 3_600_000)).toBe('3 hours ago');
    expect(ago(23 * 3_600_000)).toBe('a day ago');
    expect(ago(10 * 86_400_000)).toBe('10 days ago');
    expect(ago(400 * 86_400_000)).toBe('a year ago');
  });

  it('says "in …" for an edit time after now', () => {
    expect(ago(-5 * 60_000)).toBe('in 5 minutes');
  });

  it('is empty when never edited', () => {
    expect(editedTimeAgo({ thread_edited: null }, now)).toBe('');
  });
});
