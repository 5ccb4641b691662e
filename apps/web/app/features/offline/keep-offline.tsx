import { useEffect, useState } from 'react';
import { Button } from '../../components/ui';
import type { KeptLesson } from './kept-copy';
import {
  checkInKeptLesson,
  findKeptLesson,
  keepLesson,
  removeKeptLesson,
  startServiceWorker,
  type LessonToKeep,
} from './keep-lesson';

/** Megabytes, one decimal: what a phone's storage settings speak in. */
export const formatSize = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
export const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

type State =
  | { kind: 'loading' }
  | { kind: 'none' }
  | { kind: 'keeping'; done: number; total: number }
  | { kind: 'kept'; lesson: KeptLesson; offline: boolean };

/**
 * "Keep for offline" on a lesson page (product.md#offline-practice, ADR 0079): its own chunk,
 * loaded after the page has hydrated, so the page's first load carries none of it.
 */
export function KeepOffline({ lesson }: { lesson: LessonToKeep }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void (async () => {
      const kept = await findKeptLesson(lesson.video_slug).catch(() => null);
      if (!kept) return current && setState({ kind: 'none' });
      // The copy checks in each time its page opens; a refused or expired one is deleted here.
      const result = await checkInKeptLesson(kept);
      if (!current) return;
      if ('removed' in result) {
        setNotice(result.removed);
        setState({ kind: 'none' });
      } else {
        setState({ kind: 'kept', lesson: 'kept' in result ? result.kept : result.offline, offline: 'offline' in result });
        // A browser whose worker was removed gets it again, so the copy keeps answering offline.
        if ('kept' in result) void startServiceWorker().catch(() => undefined);
      }
    })();
    return () => {
      current = false;
    };
  }, [lesson.video_slug]);

  async function keep() {
    setError(null);
    setNotice(null);
    setState({ kind: 'keeping', done: 0, total: 1 });
    try {
      const kept = await keepLesson(lesson, (done, total) => setState({ kind: 'keeping', done, total }));
      setState({ kind: 'kept', lesson: kept, offline: false });
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The lesson could not be kept. Try again.');
      setState({ kind: 'none' });
    }
  }

  async function remove() {
    await removeKeptLesson(lesson.video_slug);
    setState({ kind: 'none' });
    setNotice('Removed from this device.');
  }

  if (state.kind === 'loading') return <div className="h-10" />;
  return (
    <div data-testid="keep-offline" className="w-full space-y-2 sm:w-auto">
      {state.kind === 'none' ? (
        <Button variant="secondary" size="sm" onClick={() => void keep()}>
          Keep for offline
        </Button>
      ) : null}
      {state.kind === 'keeping' ? (
        <div className="w-full min-w-56 space-y-1">
          <p className="text-sm font-medium text-ink-900">Keeping for offline…</p>
          <div
            role="progressbar"
            aria-label="Keeping for offline"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round((state.done * 100) / state.total)}
            className="h-2 w-full overflow-hidden rounded-full bg-stone-200"
          >
            <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${(state.done * 100) / state.total}%` }} />
          </div>
        </div>
      ) : null}
      {state.kind === 'kept' ? (
        <p className="flex min-h-10 flex-wrap items-center gap-x-2 text-sm text-stone-700">
          <span className="font-semibold text-emerald-700" data-testid="kept-offline">
            {state.offline ? 'Playing the offline copy' : 'Kept offline'}
          </span>
          <span aria-hidden="true">·</span>
          <span>
            {formatSize(state.lesson.bytes)}, until {formatDay(state.lesson.allowed_until)}
          </span>
          <span aria-hidden="true">·</span>
          <button type="button" onClick={() => void remove()} className="min-h-10 font-semibold text-brand-700 underline">
            Remove
          </button>
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="text-sm font-medium text-stone-700">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
