import { useEffect, useRef, useState } from 'react';

export interface Keyed<T> {
  /** Stable across moves, so React moves the row (and what was typed in it) with it. */
  key: string;
  value: T;
}

/**
 * A list the editor adds to, removes from and reorders (a video's sections, chords, tags and
 * courses; a course's lessons, songs and testimonials). Focus follows each change (WCAG 2.4.3):
 * a moved row keeps focus on the button pressed (or its twin when it reaches an end), a removed
 * row hands focus to where the caller says; `announcement` feeds a polite live region.
 */
export function useEditorList<T>(initial: readonly T[], prefix: string) {
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
    add(item: Keyed<T>, { focus, said }: { focus?: string; said?: string } = {}) {
      setItems((list) => [...list, item]);
      if (focus) setFocusTarget(focus);
      if (said) setAnnouncement(said);
    },
    remove(key: string, { focus, said }: { focus: (neighbourKey: string | null) => string; said?: string }) {
      const index = items.findIndex((i) => i.key === key);
      const neighbour = items[index + 1] ?? items[index - 1] ?? null;
      setItems((list) => list.filter((i) => i.key !== key));
      setFocusTarget(focus(neighbour?.key ?? null));
      if (said) setAnnouncement(said);
    },
    move(key: string, delta: -1 | 1, said?: (position: number, count: number) => string) {
      const from = items.findIndex((i) => i.key === key);
      const to = from + delta;
      if (from < 0 || to < 0 || to >= items.length) return;
      const next = [...items];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      setItems(next);
      // At an end the pressed button is disabled, so focus goes to the other direction's button.
      const atEdge = to === 0 || to === next.length - 1;
      const pressed = delta < 0 ? 'up' : 'down';
      const other = delta < 0 ? 'down' : 'up';
      setFocusTarget(rowButtonId(key, atEdge ? other : pressed));
      if (said) setAnnouncement(said(to + 1, next.length));
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

/** Up, down and remove buttons of one row; ids let focus come back to them after a change. */
export function rowButtonId(key: string, action: 'up' | 'down' | 'remove') {
  return `${key}-${action}`;
}
