import { useEffect, useRef, type RefObject } from 'react';
import { LinkButton } from '../../components/ui';

/** One applied filter of the /videos list: a facet, a legacy tag or the search term. */
export interface ActiveFilter {
  /** The page URL's query key that holds it (`genre`, `tags`, `search`, ...). */
  key: string;
  /** What the chip says, e.g. `Genre: Blues` or `Search: "blues"`. */
  label: string;
}

/**
 * The applied filters as chips, each with its own remove button, and a "Clear all" link. A removed
 * chip hands the keyboard focus on to its neighbour (or, when none is left, to `emptyFocusRef`), so a
 * keyboard user is never dropped back at the top of the page.
 */
export function ActiveFilters({
  filters,
  onRemove,
  onClearAll,
  emptyFocusRef,
}: {
  filters: ActiveFilter[];
  onRemove: (key: string) => void;
  onClearAll: () => void;
  emptyFocusRef: RefObject<HTMLElement | null>;
}) {
  const list = useRef<HTMLUListElement>(null);
  // Where the removed chip stood; the focus moves once the chips have changed.
  const removedAt = useRef<number | null>(null);
  const keys = filters.map((filter) => filter.key).join('&');

  useEffect(() => {
    const index = removedAt.current;
    if (index === null) return;
    removedAt.current = null;
    const buttons = list.current?.querySelectorAll('button') ?? [];
    const next = buttons[Math.min(index, buttons.length - 1)];
    (next ?? emptyFocusRef.current)?.focus();
  }, [keys]);

  if (!filters.length) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
      <ul ref={list} aria-label="Active filters" className="flex min-w-0 flex-wrap gap-2">
        {filters.map((filter, index) => (
          <li
            key={filter.key}
            className="inline-flex max-w-full min-h-10 items-center gap-1 rounded-full bg-white py-1 pr-1 pl-3 text-stone-700 ring-1 ring-stone-200"
          >
            <span className="min-w-0 wrap-anywhere">{filter.label}</span>
            <button
              type="button"
              aria-label={`Remove ${filter.label}`}
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-full text-stone-500 transition-colors hover:bg-stone-100 hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600"
              onClick={() => {
                removedAt.current = index;
                onRemove(filter.key);
              }}
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4">
                <path
                  fill="currentColor"
                  d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z"
                />
              </svg>
            </button>
          </li>
        ))}
      </ul>
      <LinkButton
        to="/videos"
        variant="ghost"
        size="sm"
        preventScrollReset
        onClick={() => {
          removedAt.current = 0;
          onClearAll();
        }}
      >
        Clear all
      </LinkButton>
    </div>
  );
}
