import { useState } from 'react';
import { Link } from 'react-router';
import { SAVED_VIDEOS_PAGE_SIZE, formatPracticeTime, type SavedVideo } from '@fretline/contract';
import { Button, Container, EmptyState, LinkButton, ProgressMark, ResponsiveImage } from '../../components/ui';
import { requireMe } from '../../features/account/require-user.server';
import { loadProgress } from '../../features/learning/load-progress.server';
import { api } from '../../lib/api.client';
import { ApiError } from '../../lib/api-client';
import { getServerApi } from '../../lib/api.server';
import { seoMeta } from '../../lib/seo';
import type { Route } from './+types/my-list';

export async function loader({ request }: Route.LoaderArgs) {
  // Guards read first: a visitor goes to /login and comes back here afterwards (product.md#pages).
  await requireMe(request);
  const [page, progress] = await Promise.all([
    getServerApi(request).call('videos.listSaved', { limit: SAVED_VIDEOS_PAGE_SIZE, offset: 0 }),
    loadProgress(request),
  ]);
  return { page, progress };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ title: 'My List', description: 'The videos you saved to watch later.', path: '/my-list', matches, noIndex: true });

const failure = (err: unknown) =>
  err instanceof ApiError ? err.message : 'Something went wrong, please try again or contact support.';

/** Saved videos load 30 more at a time (product.md#constants). */
export default function MyList({ loaderData }: Route.ComponentProps) {
  const [saved, setSaved] = useState(loaderData.page.saved);
  const [total, setTotal] = useState(loaderData.page.total);
  const [busy, setBusy] = useState<number | 'more' | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Each entry's own mark (docs/product.md#learning-progress): done, or how much is watched.
  const mine = new Map((loaderData.progress?.videos ?? []).map((p) => [p.id_video, p]));

  const loadMore = async () => {
    setBusy('more');
    setError(null);
    try {
      const page = await api.call('videos.listSaved', { limit: SAVED_VIDEOS_PAGE_SIZE, offset: saved.length });
      setSaved((current) => [...current, ...page.saved.filter((s) => !current.some((c) => c.id_user_video === s.id_user_video))]);
      setTotal(page.total);
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(null);
    }
  };

  const remove = async (entry: SavedVideo) => {
    setBusy(entry.id_user_video);
    setError(null);
    try {
      await api.call('videos.removeSaved', { params: { id: entry.id_user_video } });
      setSaved((current) => current.filter((s) => s.id_user_video !== entry.id_user_video));
      setTotal((n) => Math.max(0, n - 1));
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Container className="py-8 sm:py-12">
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight text-ink-900 sm:text-4xl">My List</h1>
        <p className="mt-2 text-stone-600">
          {total} saved {total === 1 ? 'video or moment' : 'videos and moments'}
        </p>
      </header>
      {error ? (
        <p role="alert" className="mb-4 rounded-xl bg-red-50 px-4 py-3 text-red-800">
          {error}
        </p>
      ) : null}
      {saved.length ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="my-list">
          {saved.map((entry) => (
            <li
              key={entry.id_user_video}
              className="flex flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm"
            >
              <Link to={entry.video_route} className="group focus-visible:-outline-offset-2">
                <div className="relative aspect-video bg-stone-100">
                  {entry.video_image_url ? (
                    <ResponsiveImage
                      src={entry.video_image_url}
                      alt=""
                      sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                      className="size-full object-cover"
                    />
                  ) : null}
                  {mine.get(entry.id_video)?.video_play_completed ? (
                    <ProgressMark className="absolute bottom-2 left-2" percent={100} done />
                  ) : (
                    <ProgressMark
                      className="absolute inset-x-0 bottom-0"
                      percent={mine.get(entry.id_video)?.video_play_watched_percent ?? 0}
                      done={false}
                    />
                  )}
                </div>
                <div className="p-4 pb-2">
                  <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{entry.video_subtitle}</p>
                  <h2 id={`saved-${entry.id_user_video}`} className="font-semibold text-ink-900 group-hover:text-brand-700">
                    {entry.video_title}
                  </h2>
                  {entry.saved_time !== null ? (
                    // A saved moment opens the lesson there (product.md#practice).
                    <p className="mt-1 text-sm text-stone-700" data-testid="saved-moment">
                      <span className="font-semibold tabular-nums text-brand-700">
                        Moment at {formatPracticeTime(entry.saved_time)}
                      </span>
                      {entry.saved_note ? <span className="mt-0.5 block whitespace-pre-line">{entry.saved_note}</span> : null}
                    </p>
                  ) : null}
                </div>
              </Link>
              <div className="mt-auto p-4 pt-2">
                <Button
                  variant="secondary"
                  size="sm"
                  busy={busy === entry.id_user_video}
                  aria-describedby={`saved-${entry.id_user_video}`}
                  onClick={() => void remove(entry)}
                >
                  Remove from My List
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title="Your list is empty" action={<LinkButton to="/videos">Browse videos</LinkButton>}>
          Save lessons and songs from their pages to find them here later.
        </EmptyState>
      )}
      {saved.length < total ? (
        <div className="mt-8 flex justify-center">
          <Button variant="secondary" busy={busy === 'more'} onClick={() => void loadMore()}>
            Load more
          </Button>
        </div>
      ) : null}
    </Container>
  );
}
