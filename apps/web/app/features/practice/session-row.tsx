import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PRACTICE_SECONDS_MAX, type PracticeSession } from '@fretline/contract';
import { Button, Field } from '../../components/ui';
import { ApiError } from '../../lib/api-client';
import { api } from '../../lib/api.client';
import { formatDuration } from './local-day';

type Mode = 'view' | 'edit' | 'confirm-delete';

const focusIn = (root: HTMLElement | null, name: string) => root?.querySelector<HTMLElement>(`[data-focus="${name}"]`)?.focus();

/**
 * One logged session on /me/practice (product.md#practice-log): its lesson, day and length, with
 * Edit (an inline form for the minutes and the day) and Delete (asks once more, inline). Both are
 * plain buttons and forms, so a keyboard does everything; focus goes where the next step is.
 */
export function SessionRow({
  session,
  today,
  dayLabel,
  onChanged,
}: {
  session: PracticeSession;
  today: string;
  dayLabel: (day: string) => string;
  onChanged: (message: string) => void;
}) {
  const [mode, setMode] = useState<Mode>('view');
  const [minutes, setMinutes] = useState('');
  const [day, setDay] = useState(session.practised_on);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  // Where focus goes after each step: the minutes box, the confirm button, or back to Edit.
  const rowRef = useRef<HTMLLIElement>(null);
  const focus = (name: string) => focusIn(rowRef.current, name);
  const title = session.video_title ?? 'Practice away from the lessons';
  const what = `${formatDuration(session.practice_seconds)} on ${dayLabel(session.practised_on)}`;

  useEffect(() => {
    if (mode === 'edit') focusIn(rowRef.current, 'minutes');
    if (mode === 'confirm-delete') focusIn(rowRef.current, 'confirm');
  }, [mode]);

  function openEdit() {
    setMinutes(String(Math.max(1, Math.round(session.practice_seconds / 60))));
    setDay(session.practised_on);
    setError(null);
    setMode('edit');
  }

  function close() {
    setMode('view');
    setError(null);
    requestAnimationFrame(() => focus('edit'));
  }

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const seconds = Math.round(Number(minutes) * 60);
      await api.call('videos.updatePracticeSession', {
        params: { id: session.id_practice_session },
        body: { seconds, practised_on: day },
      });
      setMode('view');
      onChanged(`Changed to ${formatDuration(seconds)} on ${dayLabel(day)}.`);
    } catch (err) {
      setError(
        err instanceof ApiError
          ? { message: err.message, field: err.field }
          : { message: 'The session could not be saved. Try again.' },
      );
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    setError(null);
    try {
      await api.call('videos.deletePracticeSession', { params: { id: session.id_practice_session } });
      onChanged(`Deleted ${what}.`);
    } catch (err) {
      setError({ message: err instanceof ApiError ? err.message : 'The session could not be deleted. Try again.' });
      setBusy(false);
    }
  }

  return (
    <li ref={rowRef} className="py-3" data-testid="practice-session">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="min-w-0">
          {session.video_slug ? (
            <Link to={`/videos/${session.video_slug}`} className="font-medium text-brand-700 underline">
              {title}
            </Link>
          ) : (
            <span className="font-medium">{title}</span>
          )}
          <span className="block text-sm text-stone-600">{dayLabel(session.practised_on)}</span>
        </span>
        <span className="font-semibold tabular-nums">{formatDuration(session.practice_seconds)}</span>
      </div>

      {mode === 'view' ? (
        <div className="mt-1 flex gap-2">
          <Button data-focus="edit" variant="ghost" size="sm" onClick={openEdit} aria-label={`Edit ${what}`}>
            Edit
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setMode('confirm-delete')} aria-label={`Delete ${what}`}>
            Delete
          </Button>
        </div>
      ) : null}

      {mode === 'edit' ? (
        <form onSubmit={(e) => void save(e)} className="mt-2 rounded-xl bg-stone-50 p-3" aria-label={`Edit ${what}`}>
          <div className="grid grid-cols-2 gap-3">
            <Field
              data-focus="minutes"
              label="Minutes"
              type="number"
              inputMode="numeric"
              min={1}
              max={PRACTICE_SECONDS_MAX / 60}
              value={minutes}
              onChange={(e) => setMinutes(e.target.value)}
              error={error?.field === 'seconds' ? error.message : undefined}
              required
            />
            <Field
              label="Day"
              type="date"
              max={today}
              value={day}
              onChange={(e) => setDay(e.target.value)}
              error={error?.field === 'practised_on' ? error.message : undefined}
              required
            />
          </div>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button type="submit" size="sm" busy={busy}>
              Save
            </Button>
            <Button type="button" variant="secondary" size="sm" onClick={close} disabled={busy}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}

      {mode === 'confirm-delete' ? (
        <div role="group" aria-label={`Delete ${what}?`} className="mt-2 rounded-xl bg-red-50 p-3">
          <p className="text-sm font-medium text-red-900">Delete {what}? Your charts and streak will no longer count it.</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button data-focus="confirm" variant="danger" size="sm" busy={busy} onClick={() => void remove()}>
              Yes, delete
            </Button>
            <Button variant="secondary" size="sm" onClick={close} disabled={busy}>
              Keep it
            </Button>
          </div>
        </div>
      ) : null}

      {error && error.field !== 'seconds' && error.field !== 'practised_on' ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error.message}
        </p>
      ) : null}
    </li>
  );
}
