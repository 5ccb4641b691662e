import { useEffect, useRef } from 'react';

/**
 * Runs `task` every `intervalMs` while `enabled` (spec §9 polls). The next run is scheduled after
 * the previous one settles, so a slow network never stacks requests. A failed run is left for the
 * next tick to retry: a poll has no user action to report an error to, and the API client already
 * handles a 401 by signing out (spec §8).
 */
export function usePoll(task: () => Promise<unknown>, intervalMs: number, enabled = true): void {
  const taskRef = useRef(task);
  taskRef.current = task;
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      taskRef
        .current()
        .catch(() => undefined)
        .finally(() => {
          if (!stopped) timer = setTimeout(tick, intervalMs);
        });
    };
    timer = setTimeout(tick, intervalMs);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [intervalMs, enabled]);
}

/** Tells the header badge that the unread count may have changed (a thread was read). */
export const UNREAD_CHANGED_EVENT = 'fretline:unread-changed';
export function announceUnreadChanged(): void {
  window.dispatchEvent(new Event(UNREAD_CHANGED_EVENT));
}
