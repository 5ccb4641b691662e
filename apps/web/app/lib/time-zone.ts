import { useSyncExternalStore } from 'react';
import { DEFAULT_TIME_ZONE } from '@fretline/contract';

// The zone never changes while a page is open: nothing to subscribe to.
const subscribe = () => () => undefined;

/** The browser's IANA zone (also sent at sign-in, so the member's e-mails give dates in it). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/**
 * The visitor's time zone for showing times (ADR 0048). The server cannot know it, so server
 * rendering and hydration use DEFAULT_TIME_ZONE (labelled, so the text is never wrong, only
 * someone else's clock); React then re-renders with the browser's zone. useSyncExternalStore's
 * server snapshot is what makes that switch without a hydration mismatch.
 */
export function useTimeZone(): string {
  return useSyncExternalStore(subscribe, browserTimeZone, () => DEFAULT_TIME_ZONE);
}
