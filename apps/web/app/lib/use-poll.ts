import { useEffect, useRef } from 'react';

/**
 * The one polling hook of the web (ADR 0054): runs `task` every `intervalMs` while `enabled`, first
 * after one interval. The next run is scheduled after the previous one settles, so a slow network
 * never stacks requests. A failed run is left for the next tick to retry: a poll has no user action
 * to report an error to, and the API client already handles a 401 by signing out (product.md#errors).
 *
 * `task` always sees the latest render's values. Its signal aborts when the poll stops (disabled,
 * unmounted), so a run still in flight can tell it must not touch state any more.
 */
export function usePoll(task: (signal: AbortSignal) => Promise<unknown>, intervalMs: number, enabled = true): void {
  const taskRef = useRef(task);
  taskRef.current = task;
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      taskRef
        .current(controller.signal)
        .catch(() => undefined)
        .finally(() => {
          if (!controller.signal.aborted) timer = setTimeout(tick, intervalMs);
        });
    };
    timer = setTimeout(tick, intervalMs);
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [intervalMs, enabled]);
}
