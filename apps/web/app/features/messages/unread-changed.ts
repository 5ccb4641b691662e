/** Tells the header badge and the thread list that the unread count may have changed (a thread was read). */
export const UNREAD_CHANGED_EVENT = 'fretline:unread-changed';

export function announceUnreadChanged(): void {
  window.dispatchEvent(new Event(UNREAD_CHANGED_EVENT));
}
