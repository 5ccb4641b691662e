import { useId, useState, type ReactNode, type Ref } from 'react';
import { VIDEO_FACETS, VIDEO_SEARCH_MAX, type VideoFacet, type VideoFacets } from '@fretline/contract';
import { Button, cx, inputClasses, selectClasses } from '../../components/ui';

export const FACET_LABELS: Record<VideoFacet, string> = {
  category: 'Category',
  difficulty: 'Difficulty',
  grade: 'Grade',
  genre: 'Genre',
  decade: 'Decade',
  artist: 'Artist',
  skill: 'Skill',
  instrument: 'Instrument',
};

export interface FilterState {
  search: string;
  facets: Partial<Record<VideoFacet, string>>;
}

/**
 * The /videos facet filters (ADR 0018): one select per facet, options with their counts. On a
 * phone the eight selects fold behind a "Filters" button, so the videos are not pushed a whole
 * screen down; they start unfolded when a filter is already applied.
 */
export function VideoFilters({
  facets,
  state,
  onFacet,
  onSearch,
  searchRef,
  quick,
  quickApplied = 0,
}: {
  facets: VideoFacets;
  state: FilterState;
  onFacet: (facet: VideoFacet, value: string) => void;
  onSearch: (value: string) => void;
  /** The search box, for the page to move the focus to (when the last filter chip is removed). */
  searchRef?: Ref<HTMLInputElement>;
  /** Choices shown first inside the fold (lessons or songs, the instrument: product.md#search), and how many are applied. */
  quick?: ReactNode;
  quickApplied?: number;
}) {
  const applied = VIDEO_FACETS.filter((facet) => state.facets[facet]).length + quickApplied;
  const [open, setOpen] = useState(applied > 0);
  const facetsId = useId();
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-5">
      <label className="col-span-2 flex flex-col gap-1 text-sm font-medium text-stone-700 md:col-span-4 lg:col-span-2">
        Search
        <input
          ref={searchRef}
          type="search"
          name="search"
          value={state.search}
          onChange={(e) => onSearch(e.target.value)}
          placeholder="Song, artist or lesson"
          maxLength={VIDEO_SEARCH_MAX}
          className={inputClasses}
          autoComplete="off"
        />
      </label>
      <Button
        variant="secondary"
        className="col-span-2 md:hidden"
        aria-expanded={open}
        aria-controls={facetsId}
        onClick={() => setOpen((value) => !value)}
      >
        Filters
        {applied ? (
          <span className="rounded-full bg-brand-700 px-2 text-sm text-white">
            {applied}
            <span className="sr-only"> applied</span>
          </span>
        ) : null}
        <svg aria-hidden="true" viewBox="0 0 20 20" className={cx('size-4 transition-transform', open && 'rotate-180')}>
          <path
            fill="currentColor"
            d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z"
          />
        </svg>
      </Button>
      <div id={facetsId} className={open ? 'contents' : 'hidden md:contents'}>
        {quick ? <div className="col-span-2 md:col-span-4 lg:col-span-5">{quick}</div> : null}
        {VIDEO_FACETS.map((facet) => {
          const options = facets[facet];
          const selected = state.facets[facet] ?? '';
          return (
            <label key={facet} className="flex min-w-0 flex-col gap-1 text-sm font-medium text-stone-700">
              {FACET_LABELS[facet]}
              <select name={facet} value={selected} onChange={(e) => onFacet(facet, e.target.value)} className={selectClasses}>
                <option value="">Any</option>
                {options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.value} ({o.count})
                  </option>
                ))}
                {selected && !options.some((o) => o.value === selected) ? <option value={selected}>{selected}</option> : null}
              </select>
            </label>
          );
        })}
      </div>
    </div>
  );
}
