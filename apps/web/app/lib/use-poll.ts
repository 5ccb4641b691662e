import { useEffect, useRef } from 'react';

/**
 * How long to wait before each run, given how many runs have settled: a number for a steady poll,
 * or a function for one that slows down (it need not keep its identity between renders).
 */
type PollInterval = number | ((runs: number) => number);

/**
 * The one polling hook of the web (ADR 0054): runs `task` every `interval` while `enabled`, first
 * after one interval. The next run is scheduled after the previous one settles, so a slow network
 * never stacks requests. A failed run is left for the next tick to retry: a poll has no user action
 * to report an error to, and the API client already handles a 401 by signing out (product.md#errors).
 *
 * `task` always sees the latest render's values. Its signal aborts when the poll stops (disabled,
 * unmounted), so a run still in flight can tell it must not touch state any more.
 */
export function usePoll(task: (signal: AbortSignal) => Promise<unknown>, interval: PollInterval, enabled = true): void {
  const taskRef = useRef(task);
  taskRef.current = task;
  const intervalRef = useRef(interval);
  intervalRef.current = interval;
  // A steady poll restarts when its interval changes; a schedule is read afresh before each run.
  const steadyMs = typeof interval === 'number' ? interval : null;
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let runs = 0;
    const delay = () => {
      const current = intervalRef.current;
      return typeof current === 'number' ? current : current(runs);
    };
    const tick = () => {
      taskRef
        .current(controller.signal)
        .catch(() => undefined)
        .finally(() => {
          runs += 1;
          if (!controller.signal.aborted) timer = setTimeout(tick, delay());
        });
    };
    timer = setTimeout(tick, delay());
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [steadyMs, enabled]);
}
