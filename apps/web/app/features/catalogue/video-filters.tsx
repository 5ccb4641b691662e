import { VIDEO_FACETS, type VideoFacet, type VideoFacets } from '@fretline/contract';
import { inputClasses } from '../../components/ui';

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

/** The /videos facet filters (ADR 0018): one select per facet, options with their counts. */
export function VideoFilters({
  facets,
  state,
  onFacet,
  onSearch,
}: {
  facets: VideoFacets;
  state: FilterState;
  onFacet: (facet: VideoFacet, value: string) => void;
  onSearch: (value: string) => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-4 lg:grid-cols-5">
      <label className="col-span-2 flex flex-col gap-1 text-sm font-medium text-stone-700 md:col-span-4 lg:col-span-2">
        Search
        <input
          type="search"
          name="search"
          value={state.search}
          onChange={(e) => onSearch(e.target.value)}
          placeholder="Song, artist or lesson"
          className={inputClasses}
          autoComplete="off"
        />
      </label>
      {VIDEO_FACETS.map((facet) => {
        const options = facets[facet];
        const selected = state.facets[facet] ?? '';
        return (
          <label key={facet} className="flex min-w-0 flex-col gap-1 text-sm font-medium text-stone-700">
            {FACET_LABELS[facet]}
            <select name={facet} value={selected} onChange={(e) => onFacet(facet, e.target.value)} className={inputClasses}>
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
  );
}
