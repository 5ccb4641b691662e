import { useEffect, useState } from 'react';
import { formatDateInZone, formatTimeInZone } from '@fretline/contract';
import { Button, Card, cx, inputClasses } from '../../../components/ui';
import { api } from '../../../lib/api.client';
import { errorMessage } from '../../../lib/api-client';
import { useTimeZone } from '../../../lib/time-zone';

/** 'YYYY-MM-DDTHH:mm' in the browser's zone, what a datetime-local input holds. */
function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Publish a draft at a date and time (ADR 0060): a job publishes it then, through the same checks
 * as the Publish button. Its own component beside the video form, so the form's other parts stay
 * as they are. A published video has nothing to schedule.
 */
export function SchedulePanel({ idVideo, published }: { idVideo: number; published: boolean }) {
  const timeZone = useTimeZone();
  const [scheduled, setScheduled] = useState<Date | null | undefined>(undefined);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api
      .call('editor.getVideoSchedule', { params: { idVideo } })
      .then((res) => live && setScheduled(res.schedule.video_publish_at))
      .catch((err: unknown) => live && setError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [idVideo]);

  if (published) return null;

  const save = async (at: Date | null) => {
    setBusy(true);
    setError(null);
    try {
      const res = await api.call('editor.scheduleVideo', { params: { idVideo }, body: { video_publish_at: at } });
      setScheduled(res.schedule.video_publish_at);
      setValue('');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const id = `schedule-${idVideo}`;
  return (
    <Card className="space-y-3" data-testid="schedule-panel">
      <h2 className="text-lg font-bold text-ink-900">Publish later</h2>
      {scheduled ? (
        <p role="status" className="text-sm text-ink-900">
          Publishes on{' '}
          <strong>
            {formatDateInZone(scheduled, 'long', timeZone)} at {formatTimeInZone(scheduled, timeZone)}
          </strong>
          . Save your changes before then: what is saved is what goes live.
        </p>
      ) : (
        <p className="text-sm text-stone-600">Pick a date and time; the lesson goes live by itself then.</p>
      )}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (value) void save(new Date(value));
        }}
      >
        <div>
          <label htmlFor={id} className="mb-1 block text-sm font-semibold text-ink-900">
            {scheduled ? 'Move to' : 'Publish on'}
          </label>
          <input
            id={id}
            type="datetime-local"
            value={value}
            min={toLocalInput(new Date())}
            onChange={(e) => setValue(e.target.value)}
            className={cx(inputClasses, 'w-auto')}
          />
        </div>
        <Button type="submit" size="sm" busy={busy} disabled={!value}>
          {scheduled ? 'Reschedule' : 'Schedule'}
        </Button>
        {scheduled ? (
          <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={() => void save(null)}>
            Cancel the schedule
          </Button>
        ) : null}
      </form>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </Card>
  );
}
