import { useEffect, useState } from 'react';

/**
 * The one debounce of the web (ADR 0054): `value` once it has stayed the same for `delayMs`. A
 * search box keeps its own state for every key press and acts on the settled value, so a request
 * (or an analytics action) goes out only when the typing pauses. `initial` is the settled value of
 * the first render (by default the value itself, so a page does not start by waiting).
 */
export function useDebouncedValue<T>(value: T, delayMs: number, initial: T = value): T {
  const [settled, setSettled] = useState(initial);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
