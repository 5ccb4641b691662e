import { useEffect, useRef, useState } from 'react';
import { Link, useNavigation, useSearchParams } from 'react-router';
import { SONG_SEARCH_DEBOUNCE_MS, VIDEO_FACETS, type VideoFacet } from '@fretline/contract';
import { Button, Container, cx, EmptyState, LinkButton, selectClasses, Spinner } from '../../components/ui';
import { ActiveFilters, type ActiveFilter } from '../../features/catalogue/active-filters';
import { VideoGrid } from '../../features/catalogue/video-card';
import { loadProgress } from '../../features/learning/load-progress.server';
import { FACET_LABELS, VideoFilters } from '../../features/catalogue/video-filters';
import { FAMILY_OPTIONS, KIND_OPTIONS, KindFilters } from '../../features/catalogue/kind-filters';
import { recordAction } from '../../lib/analytics';
import { api } from '../../lib/api.client';
import { ApiError } from '../../lib/api-client';
import { getServerApi, refusedQuery } from '../../lib/api.server';
import { seoMeta } from '../../lib/seo';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import type { Route } from './+types/videos';

const PAGE_SIZE = 24;

/** The sorts offered (ADR 0056); the empty value is the API's own: best match while searching, else newest. */
const SORTS: { value: string; label: string; searchOnly?: boolean }[] = [
  { value: '', label: 'Best match', searchOnly: true },
  { value: '-video_created', label: 'Newest' },
  { value: 'video_title', label: 'Title A–Z' },
  { value: 'video_difficulty', label: 'Easiest first' },
  { value: '-video_difficulty', label: 'Hardest first' },
];
/** Typing in the search box updates the list after a short pause (not on every key). */
const SEARCH_DEBOUNCE_MS = 400;
/** The analytics action for a song search (product.md#constants: debounced by 5 s). */
const SONG_SEARCH_ACTION = 'song_search';

/**
 * The list query from the page URL: facets, `tags` (legacy tag URLs, product.md#pages), `search`,
 * `kind` and `instrument_family` (product.md#search) and the sort (`order`).
 */
function listQuery(params: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of [...VIDEO_FACETS, 'tags', 'search', 'kind', 'instrument_family', 'order', 'playable'] as const) {
    const value = params.get(key)?.trim();
    if (value) query[key] = value;
  }
  return query;
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = listQuery(url.searchParams);
  const client = getServerApi(request);
  const listPage = async () => {
    try {
      const page = await client.call('videos.listVideos', { query, limit: PAGE_SIZE, offset: 0 });
      return { page, query, playableNeedsSignIn: false };
    } catch (err) {
      // The playable filters are personal (product.md#chords-i-know): a visitor sees every video and a way to sign in.
      if (!(query.playable && err instanceof ApiError && err.status === 401)) throw err;
      const { playable: _playable, ...rest } = query;
      const page = await client.call('videos.listVideos', { query: rest, limit: PAGE_SIZE, offset: 0 });
      return { page, query: rest as Record<string, string>, playableNeedsSignIn: true };
    }
  };
  const [list, progress] = await Promise.all([listPage(), loadProgress(request)]).catch((err: unknown) => {
    throw refusedQuery(err);
  });
  return { ...list, progress };
}

/** The page address with the suggested search in place of the typed one, every other filter kept (product.md#search). */
function suggestionHref(params: URLSearchParams, suggestion: string): string {
  const next = new URLSearchParams(params);
  next.set('search', suggestion);
  return `/videos?${next}`;
}

/** The personal filters of the list (product.md#chords-i-know). */
const PLAYABLE_OPTIONS = [
  { value: '', label: 'All videos' },
  { value: 'now', label: 'Songs I can play now' },
  { value: 'one-away', label: 'One chord away' },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'Guitar lessons and songs',
    description: 'Browse hundreds of video lessons and song tutorials by difficulty, genre, decade, grade, skill and instrument.',
    path: '/videos',
    matches,
  });

export default function Videos({ loaderData }: Route.ComponentProps) {
  const { page, query, playableNeedsSignIn } = loaderData;
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const [videos, setVideos] = useState(page.videos);
  const [moreMissing, setMoreMissing] = useState<NonNullable<typeof page.missing_chords>>([]);
  const [search, setSearch] = useState(query.search ?? '');
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lastRecorded = useRef('');
  const searchInput = useRef<HTMLInputElement>(null);
  // The search term the page URL holds or is about to hold. The debounce compares against it, not
  // the loaded query, so clearing the box in the same moment as a navigation (a removed search chip,
  // "Clear all") is not pushed a second time 400 ms later over whatever the URL has become since.
  const pushedSearch = useRef(query.search ?? '');

  // A new first page (filters changed) replaces whatever was loaded before.
  useEffect(() => {
    setVideos(page.videos);
    setMoreMissing([]);
    setError(null);
  }, [page]);

  // A search term the page did not push (a link to /videos, back and forward) is put in the box.
  useEffect(() => {
    const fromUrl = query.search ?? '';
    if (fromUrl !== pushedSearch.current) setSearch(fromUrl);
    pushedSearch.current = fromUrl;
  }, [query.search]);

  const loading = navigation.state === 'loading' && navigation.location.pathname === '/videos';
  // The query the page shows or is loading. Each change starts from it, so the delayed search push
  // does not bring back a filter removed (or drop one chosen) while it waited.
  const latestQuery = useRef(params.toString());
  useEffect(() => {
    latestQuery.current = loading ? navigation.location.search : params.toString();
  });

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(latestQuery.current);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true, preventScrollReset: true });
  };

  const typedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (typedSearch === pushedSearch.current) return;
    pushedSearch.current = typedSearch;
    update({ search: typedSearch });
  }, [typedSearch]);

  /** Empties the search box for a navigation that drops the search from the URL itself. */
  const forgetSearch = () => {
    pushedSearch.current = '';
    setSearch('');
  };

  const removeFilter = (key: string) => {
    if (key === 'search') forgetSearch();
    update({ [key]: '' });
  };

  // The song-search action is sent once the search has stood for 5 s (a search the page (product.md#constants)
  // opened with too, hence the empty start).
  const songSearch = useDebouncedValue(search.trim(), SONG_SEARCH_DEBOUNCE_MS, '');
  useEffect(() => {
    if (!songSearch || songSearch === lastRecorded.current) return;
    lastRecorded.current = songSearch;
    recordAction(SONG_SEARCH_ACTION, { search: songSearch, path: '/videos' });
  }, [songSearch]);

  const loadMore = async () => {
    setLoadingMore(true);
    setError(null);
    try {
      const more = await api.call('videos.listVideos', { query, limit: PAGE_SIZE, offset: videos.length });
      setVideos((current) => [...current, ...more.videos]);
      setMoreMissing((current) => [...current, ...(more.missing_chords ?? [])]);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Something went wrong, please try again or contact support.');
    } finally {
      setLoadingMore(false);
    }
  };

  const facetState = Object.fromEntries(VIDEO_FACETS.map((f) => [f, query[f] ?? ''])) as Partial<Record<VideoFacet, string>>;
  // The chips follow the URL being loaded, so a removed one goes at once, not when its list arrives.
  const shown = loading ? listQuery(new URLSearchParams(navigation.location.search)) : query;
  const active: ActiveFilter[] = VIDEO_FACETS.filter((f) => shown[f]).map((f) => ({
    key: f,
    label: `${FACET_LABELS[f]}: ${shown[f]}`,
  }));
  if (shown.tags) active.push({ key: 'tags', label: `Tag: ${shown.tags}` });
  const kindLabel = KIND_OPTIONS.find((option) => option.value && option.value === shown.kind)?.label;
  if (kindLabel) active.push({ key: 'kind', label: kindLabel });
  const familyLabel = FAMILY_OPTIONS.find((option) => option.value && option.value === shown.instrument_family)?.label;
  if (familyLabel) active.push({ key: 'instrument_family', label: familyLabel });
  if (shown.search) active.push({ key: 'search', label: `Search: "${shown.search}"` });
  const playableLabel = PLAYABLE_OPTIONS.find((option) => option.value && option.value === shown.playable)?.label;
  if (playableLabel) active.push({ key: 'playable', label: playableLabel });
  const missing = new Map(
    [...(page.missing_chords ?? []), ...moreMissing].map((m) => [m.id_video, `Needs one more chord: ${m.chord_name}`]),
  );

  return (
    <Container className="py-8 sm:py-12">
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl">Lessons and songs</h1>
        <p className="mt-2 max-w-2xl text-stone-600">
          Filter by what matters to you: your level, the style you love, the skill you want to work on.
        </p>
      </header>

      <search className="mb-6 rounded-2xl border border-stone-200 bg-stone-50 p-4">
        <VideoFilters
          facets={page.facets}
          state={{ search, facets: facetState }}
          onSearch={setSearch}
          onFacet={(facet, value) => update({ [facet]: value })}
          searchRef={searchInput}
          quick={
            <KindFilters
              kind={shown.kind ?? ''}
              family={shown.instrument_family ?? ''}
              onChange={(key, value) => update({ [key]: value })}
            />
          }
          quickApplied={(shown.kind ? 1 : 0) + (shown.instrument_family ? 1 : 0)}
        />
        <ActiveFilters filters={active} onRemove={removeFilter} onClearAll={forgetSearch} emptyFocusRef={searchInput} />
      </search>

      <div className="mb-4 flex flex-wrap items-center gap-2" role="group" aria-label="Songs for the chords you know">
        {PLAYABLE_OPTIONS.map((option) => {
          const current = (shown.playable ?? '') === option.value;
          return (
            <button
              key={option.value || 'all'}
              type="button"
              aria-pressed={current}
              onClick={() => update({ playable: option.value })}
              className={cx(
                'inline-flex min-h-10 items-center rounded-full px-4 text-sm font-semibold',
                current
                  ? 'bg-ink-900 text-white'
                  : 'border border-stone-300 bg-white text-ink-900 hover:border-brand-300 hover:bg-brand-50',
              )}
            >
              {option.label}
            </button>
          );
        })}
        <Link to="/me/chords" className="inline-flex min-h-10 items-center px-2 text-sm font-semibold text-brand-700 underline">
          Chords I know
        </Link>
      </div>
      {playableNeedsSignIn ? (
        <p role="status" className="mb-4 rounded-2xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-ink-900">
          <Link to="/login" className="font-semibold text-brand-700 underline">
            Sign in
          </Link>{' '}
          to see the songs you can play with the chords you know.
        </p>
      ) : null}

      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 text-sm text-stone-600">
        <span aria-live="polite" className="flex items-center gap-2">
          {page.total} {page.total === 1 ? 'video' : 'videos'}
          {loading ? (
            <>
              <Spinner /> Updating…
            </>
          ) : null}
        </span>
        <label className="flex items-center gap-2">
          <span className="whitespace-nowrap font-medium text-ink-900">Sort by</span>
          <select
            name="order"
            value={query.order ?? (query.search ? '' : '-video_created')}
            onChange={(e) => update({ order: e.target.value })}
            className={cx(selectClasses, 'w-auto')}
          >
            {SORTS.filter((sort) => !sort.searchOnly || query.search).map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </select>
        </label>
      </div>

      {page.suggestion ? (
        <p className="mb-4 rounded-2xl border border-brand-200 bg-brand-50 px-4 py-3 text-ink-900">
          Did you mean{' '}
          <Link
            to={suggestionHref(params, page.suggestion)}
            replace
            preventScrollReset
            className="font-semibold text-brand-700 underline"
          >
            {page.suggestion}
          </Link>
          ?
        </p>
      ) : null}

      <div className={loading ? 'opacity-60 transition-opacity' : undefined}>
        {/* The cards' titles are h3s: this keeps the outline h1 → h2 → h3 for screen readers. */}
        <h2 className="sr-only">Results</h2>
        {videos.length ? (
          <VideoGrid videos={videos} progress={loaderData.progress?.videos} notes={missing} />
        ) : query.playable ? (
          <EmptyState
            title={query.playable === 'now' ? 'No songs with only your chords yet' : 'No songs one chord away'}
            action={
              <LinkButton to="/me/chords" variant="secondary">
                Add the chords you know
              </LinkButton>
            }
          >
            Songs show here once you know every chord they use (or all but one). Finish lessons or add chords by hand.
          </EmptyState>
        ) : (
          <EmptyState
            title="No videos match those filters"
            action={
              <LinkButton to="/videos" variant="secondary" onClick={forgetSearch}>
                Show every video
              </LinkButton>
            }
          >
            Try fewer filters or a shorter search.
          </EmptyState>
        )}
      </div>

      {error ? (
        <p role="alert" className="mt-4 text-center text-red-700">
          {error}
        </p>
      ) : null}
      {videos.length < page.total ? (
        <div className="mt-8 flex justify-center">
          <Button variant="secondary" busy={loadingMore} onClick={() => void loadMore()}>
            Load more
          </Button>
        </div>
      ) : null}
    </Container>
  );
}
