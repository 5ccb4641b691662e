import { useEffect, useId, useRef, useState } from 'react';
import type { LessonCard } from '@fretline/contract';
import { Button, Spinner, inputClasses } from '../../../components/ui';
import { api } from '../../../lib/api.client';
import { errorMessage } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/**
 * A dialog that finds published lessons by title and inserts the chosen one as a card (ADR 0066).
 * A native <dialog>: focus moves in and Escape closes it.
 */
export function LessonPicker({
  open,
  onClose,
  onPick,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (lesson: LessonCard) => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [q, setQ] = useState('');
  const query = useDebouncedValue(q, 250);
  const [lessons, setLessons] = useState<LessonCard[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setLessons(null);
    setError(null);
    api
      .call('mailers.listLessonCards', { query: query ? { q: query } : {} })
      .then((res) => live && setLessons(res.lessons))
      .catch((err: unknown) => live && setError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [open, query]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-2xl border border-stone-200 p-0 shadow-xl backdrop:bg-ink-900/40"
    >
      <div className="flex items-center justify-between gap-2 border-b border-stone-200 px-5 py-3">
        <h2 id={`${id}-title`} className="text-lg font-bold text-ink-900">
          Insert a lesson card
        </h2>
        <Button type="button" variant="ghost" size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
      <div className="space-y-3 p-5">
        <label htmlFor={`${id}-q`} className="block text-sm font-semibold text-ink-900">
          Lesson title
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="Search lessons"
          className={inputClasses}
          autoComplete="off"
        />
        <div className="max-h-80 overflow-y-auto" aria-live="polite">
          {error ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          ) : lessons === null ? (
            <p className="flex items-center gap-2 py-4 text-sm text-stone-600">
              <Spinner /> Finding lessons…
            </p>
          ) : lessons.length === 0 ? (
            <p className="py-4 text-sm text-stone-600">No published lesson matches “{query}”.</p>
          ) : (
            <ul className="divide-y divide-stone-200">
              {lessons.map((l) => (
                <li key={l.id_video}>
                  <button
                    type="button"
                    onClick={() => onPick(l)}
                    className="flex w-full items-center gap-3 rounded-lg px-2 py-2 text-left hover:bg-stone-50 focus-visible:bg-stone-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    {l.image_url ? (
                      <img src={l.image_url} alt="" className="h-12 w-20 shrink-0 rounded-md object-cover" />
                    ) : (
                      <span aria-hidden="true" className="h-12 w-20 shrink-0 rounded-md bg-stone-200" />
                    )}
                    <span className="min-w-0 font-semibold text-ink-900">{l.video_title}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </dialog>
  );
}
