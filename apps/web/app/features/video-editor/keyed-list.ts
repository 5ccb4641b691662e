import { useEffect, useRef, useState } from 'react';

export interface Keyed<T> {
  /** Stable across reorders, so React moves the row (and what was typed in it) with it. */
  key: string;
  value: T;
}

/**
 * A list the editor adds to, removes from and reorders (sections, chords, tags, courses). Focus
 * follows the change (WCAG 2.4.3): a moved row keeps focus on the button pressed, a removed row
 * hands it to its neighbour; `announcement` feeds a polite live region.
 */
export function useKeyedList<T>(initial: readonly T[], prefix: string) {
  const counter = useRef(0);
  const [items, setItems] = useState<Keyed<T>[]>(() => initial.map((value, i) => ({ key: `${prefix}-${i}`, value })));
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (!focusTarget) return;
    const target = focusTarget.startsWith('row:') ? firstFieldOf(focusTarget.slice(4)) : document.getElementById(focusTarget);
    target?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  return {
    items,
    announcement,
    newKey: () => `${prefix}-new-${++counter.current}`,
    add(item: Keyed<T>, focusId?: string, said?: string) {
      setItems((list) => [...list, item]);
      if (focusId) setFocusTarget(focusId);
      if (said) setAnnouncement(said);
    },
    remove(key: string, focusId: (neighbourKey: string | null) => string, said?: string) {
      const index = items.findIndex((i) => i.key === key);
      const neighbour = items[index + 1] ?? items[index - 1] ?? null;
      setItems((list) => list.filter((i) => i.key !== key));
      setFocusTarget(focusId(neighbour?.key ?? null));
      if (said) setAnnouncement(said);
    },
    move(key: string, delta: -1 | 1, focusId: (atEdge: boolean) => string, said?: (position: number) => string) {
      const from = items.findIndex((i) => i.key === key);
      const to = from + delta;
      if (from < 0 || to < 0 || to >= items.length) return;
      const next = [...items];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      setItems(next);
      setFocusTarget(focusId(to === 0 || to === next.length - 1));
      if (said) setAnnouncement(said(to + 1));
    },
    update(key: string, change: (value: T) => T) {
      setItems((list) => list.map((i) => (i.key === key ? { ...i, value: change(i.value) } : i)));
    },
  };
}

/** A focus target meaning "the first field of this row" (rows carry `data-row={key}`). */
export const rowTarget = (key: string) => `row:${key}`;

function firstFieldOf(key: string): HTMLElement | null {
  const row = `[data-row="${CSS.escape(key)}"]`;
  return document.querySelector<HTMLElement>(`${row} input:not([type=hidden]), ${row} select, ${row} textarea, ${row} button`);
}

/** Up, down and remove buttons of one row; ids let focus come back to them after a move. */
export function rowButtonId(key: string, action: 'up' | 'down' | 'remove') {
  return `${key}-${action}`;
}
