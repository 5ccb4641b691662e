import { useEffect, useRef } from 'react';

/** The inbox's keys (ADR 0060), listed once for the help dialog and the handlers. */
export const INBOX_SHORTCUTS = [
  ['j', 'Next conversation'],
  ['k', 'Previous conversation'],
  ['/', 'Search'],
  ['r', 'Reply'],
  ['n', 'Internal note'],
  ['a', 'Assign to me'],
  ['e', 'Mark resolved or reopen'],
  ['Ctrl+Enter', 'Send'],
  ['Esc', 'Leave the text box'],
  ['?', 'Show these keys'],
] as const;

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Single-key shortcuts, Help Scout and Gmail style: ignored while a text box has the focus or a
 * modifier is held, so typing and the browser's own keys are never taken over.
 */
export function useShortcuts(keys: Record<string, () => void>): void {
  const ref = useRef(keys);
  ref.current = keys;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
      const run = ref.current[e.key];
      if (!run) return;
      e.preventDefault();
      run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
