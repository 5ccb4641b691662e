import { ApiError } from '../../lib/api-client';
import { api } from '../../lib/api.client';
import { readUnsentPractice as read, writeUnsentPractice as write } from './unsent-kept';

// Sends practice logged offline (unsent-kept.ts, ADR 0079) when the browser is back online.

let sending: Promise<number> | null = null;

/** Sends what was kept, oldest first; returns how many arrived. One send at a time per page. */
export function sendUnsentPractice(): Promise<number> {
  sending ??= (async () => {
    let sent = 0;
    for (const entry of read()) {
      try {
        await api.call('videos.logPracticeSession', { body: entry, cancelKey: false });
        sent++;
      } catch (err) {
        // Still offline: the rest waits for the next time. A refusal (a lesson gone) is dropped.
        if (!(err instanceof ApiError) || err.status === undefined || err.status >= 500) break;
      }
      // Taken off one by one, so a send cut short never repeats one that arrived.
      const rest = read();
      const at = rest.findIndex((kept) => JSON.stringify(kept) === JSON.stringify(entry));
      if (at >= 0) rest.splice(at, 1);
      write(rest);
    }
    return sent;
  })().finally(() => {
    sending = null;
  });
  return sending;
}
