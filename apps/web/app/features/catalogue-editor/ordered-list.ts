import { useEffect, useRef, useState } from 'react';

export interface Keyed<T> {
  /** Stable across moves, so React moves the row (and what was typed in it) with it. */
  key: string;
  value: T;
}

/**
 * A list the editor adds to, removes from and reorders (lessons, songs, testimonials). Focus
 * follows each change (WCAG 2.4.3) — a moved row keeps focus on the button pressed (or its twin
 * when it reaches an end), a removed row hands focus to its neighbour — and `announcement` feeds
 * a polite live region.
 */
export function useOrderedList<T>(initial: readonly T[], prefix: string) {
  const counter = useRef(0);
  const [items, setItems] = useState<Keyed<T>[]>(() => initial.map((value, i) => ({ key: `${prefix}-${i}`, value })));
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (!focusTarget) return;
    document.getElementById(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  return {
    items,
    announcement,
    newKey: () => `${prefix}-new-${++counter.current}`,
    add(item: Keyed<T>, said: string, focusId?: string) {
      setItems((list) => [...list, item]);
      setAnnouncement(said);
      if (focusId) setFocusTarget(focusId);
    },
    remove(key: string, said: string, fallbackFocus: string) {
      const index = items.findIndex((i) => i.key === key);
      const neighbour = items[index + 1] ?? items[index - 1];
      setItems((list) => list.filter((i) => i.key !== key));
      setAnnouncement(said);
      setFocusTarget(neighbour ? rowButtonId(neighbour.key, 'remove') : fallbackFocus);
    },
    move(key: string, delta: -1 | 1, said: (position: number, count: number) => string) {
      const from = items.findIndex((i) => i.key === key);
      const to = from + delta;
      if (from < 0 || to < 0 || to >= items.length) return;
      const next = [...items];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      setItems(next);
      setAnnouncement(said(to + 1, next.length));
      // At an end the pressed button is disabled, so focus goes to the other direction's button.
      const atEdge = to === 0 || to === next.length - 1;
      const pressed = delta < 0 ? 'up' : 'down';
      const other = delta < 0 ? 'down' : 'up';
      setFocusTarget(rowButtonId(key, atEdge ? other : pressed));
    },
    update(key: string, change: (value: T) => T) {
      setItems((list) => list.map((i) => (i.key === key ? { ...i, value: change(i.value) } : i)));
    },
  };
}

/** Up, down and remove buttons of one row; ids let focus come back to them after a change. */
export function rowButtonId(key: string, action: 'up' | 'down' | 'remove') {
  return `${key}-${action}`;
}
