import { useEffect, useState } from 'react';
import type { PracticeReminder } from '@fretline/contract';
import { Button, Card, Field } from '../../components/ui';
import { ApiError } from '../../lib/api-client';
import { api } from '../../lib/api.client';
import { useStatusMessage } from '../../lib/status-message';

/** The browser's own zone, the suggestion until the learner saves one. */
function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function knownZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

/**
 * The practice reminder (product.md#practice-log, ADR 0081): an e-mail on days the learner has not
 * practised, at a time they pick, in their time zone (the browser's, until they save another).
 * `#reminders` is where the e-mail's "change its time or turn it off" link lands.
 */
export function ReminderCard({ reminder }: { reminder: PracticeReminder }) {
  const [on, setOn] = useState(reminder.reminder_on);
  const [time, setTime] = useState(reminder.reminder_time);
  const [zone, setZone] = useState(reminder.reminder_time_zone ?? 'UTC');
  const [zones, setZones] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const status = useStatusMessage();

  // The server cannot know the learner's zone: the browser fills it in once the page is theirs.
  useEffect(() => {
    if (!reminder.reminder_time_zone) setZone(browserTimeZone());
    setZones(knownZones());
  }, [reminder.reminder_time_zone]);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const saved = await api.call('videos.putPracticeReminder', {
        body: { reminder_on: on, reminder_time: time, reminder_time_zone: zone },
      });
      status.show(
        saved.reminder.reminder_on
          ? `Reminders on: ${saved.reminder.reminder_time} (${saved.reminder.reminder_time_zone}) on days you have not practised.`
          : 'Reminders off.',
      );
    } catch (err) {
      status.announce();
      setError(
        err instanceof ApiError
          ? { message: err.message, field: err.field }
          : { message: 'The reminder could not be saved. Try again.' },
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <form id="reminders" onSubmit={(e) => void save(e)} aria-labelledby="reminder-title" className="scroll-mt-24">
        <h2 id="reminder-title" className="font-semibold text-ink-900">
          Reminders
        </h2>
        <label className="mt-3 flex items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 size-5 shrink-0 accent-brand-700"
            checked={on}
            onChange={(e) => setOn(e.target.checked)}
          />
          <span>
            <span className="block font-medium text-ink-900">E-mail me on days I haven’t practised</span>
            <span className="block text-sm text-stone-600">One e-mail at most a day, only if nothing is logged that day.</span>
          </span>
        </label>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <Field
            label="Time of day"
            type="time"
            step={60}
            value={time}
            onChange={(e) => setTime(e.target.value)}
            error={error?.field === 'reminder_time' ? error.message : undefined}
            required
          />
          <Field
            label="Time zone"
            list="reminder-zones"
            autoComplete="off"
            spellCheck={false}
            value={zone}
            onChange={(e) => setZone(e.target.value)}
            error={error?.field === 'reminder_time_zone' ? error.message : undefined}
            required
          />
          <datalist id="reminder-zones">
            {zones.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button type="submit" size="sm" busy={busy}>
            Save reminder
          </Button>
          {status.message ? (
            <span role="status" className="text-sm font-medium text-emerald-700">
              {status.message}
            </span>
          ) : null}
        </div>
        {error && error.field !== 'reminder_time' && error.field !== 'reminder_time_zone' ? (
          <p role="alert" className="mt-2 text-sm font-medium text-red-700">
            {error.message}
          </p>
        ) : null}
      </form>
    </Card>
  );
}
