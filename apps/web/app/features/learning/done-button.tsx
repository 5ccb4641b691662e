import { useState } from 'react';
import type { Video } from '@fretline/contract';
import { Button } from '../../components/ui';
import { api } from '../../lib/api.client';
import { ApiError } from '../../lib/api-client';

/**
 * "Mark done" / "Mark not done" on a lesson (docs/product.md#learning-progress). Marking not done
 * also forgets the seconds watched, so `onChange` lets the page stop counting what it already played.
 */
export function DoneButton({
  video,
  courseSlug,
  onChange,
}: {
  video: Pick<Video, 'video_slug' | 'video_play_completed'>;
  courseSlug: string | undefined;
  onChange?: (done: boolean) => void;
}) {
  const [done, setDone] = useState(video.video_play_completed);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState('');

  const toggle = async () => {
    setBusy(true);
    setError(null);
    const input = { params: { videoSlug: video.video_slug }, query: courseSlug ? { courseSlug } : {} };
    try {
      const res = done ? await api.call('videos.markNotDone', input) : await api.call('videos.markDone', input);
      setDone(res.video.video_play_completed);
      setSaid(res.video.video_play_completed ? 'Marked done' : 'Marked not done');
      onChange?.(res.video.video_play_completed);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Something went wrong, please try again or contact support.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      {done ? (
        <span
          data-testid="lesson-done"
          className="inline-flex min-h-10 items-center gap-1 rounded-full bg-emerald-50 px-3 text-sm font-semibold text-emerald-800 ring-1 ring-emerald-200 ring-inset"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4">
            <path fill="currentColor" d="M8 13.2 4.8 10l-1.4 1.4L8 16l9-9-1.4-1.4z" />
          </svg>
          Done
        </span>
      ) : null}
      <Button variant="secondary" size="sm" busy={busy} onClick={() => void toggle()} data-testid="done-button">
        {done ? 'Mark not done' : 'Mark done'}
      </Button>
      <span role="status" className="sr-only">
        {said}
      </span>
      {error ? (
        <span role="alert" className="w-full text-sm text-red-700">
          {error}
        </span>
      ) : null}
    </div>
  );
}
