import { useCallback, useEffect, useId, useState } from 'react';

/** The page-wide signal that a new message appeared; carries the id of the part that showed it. */
const STATUS_EVENT = 'fretline:status-message';

/**
 * A status message ("Card added.", "Address saved.") that goes away as soon as any other part of
 * the page shows a message of its own, so a page never shows several stale confirmations side by
 * side (ADR 0048). `show(text)` shows this part's message and clears the others; `announce()`
 * clears the others without a message here (call it when this part shows an error).
 */
export function useStatusMessage(): {
  message: string | null;
  show: (message: string | null) => void;
  announce: () => void;
} {
  const id = useId();
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    const onMessage = (event: Event) => {
      if ((event as CustomEvent<string>).detail !== id) setMessage(null);
    };
    window.addEventListener(STATUS_EVENT, onMessage);
    return () => window.removeEventListener(STATUS_EVENT, onMessage);
  }, [id]);

  const announce = useCallback(() => {
    window.dispatchEvent(new CustomEvent(STATUS_EVENT, { detail: id }));
  }, [id]);

  const show = useCallback(
    (next: string | null) => {
      setMessage(next);
      if (next !== null) announce();
    },
    [announce],
  );

  return { message, show, announce };
}
