import { Form, Link } from 'react-router';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { Button, buttonClasses, inputClasses } from '../../../components/ui';

dayjs.extend(utc);

export interface DateRangeFormProps {
  from: string;
  to: string;
  /** Today (UTC), from the server, so presets render the same on both sides. */
  today: string;
}

const PRESETS = [7, 30, 90, 365];

/** The analytics date range: two date inputs (a GET form, so the URL is shareable) and presets. */
export function DateRangeForm({ from, to, today }: DateRangeFormProps) {
  return (
    <div className="mb-6 flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm lg:flex-row lg:items-end lg:justify-between">
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="range-from" className="block text-sm font-semibold text-ink-900">
            From
          </label>
          <input
            id="range-from"
            type="date"
            name="from"
            defaultValue={from}
            max={today}
            required
            className={`${inputClasses} mt-1`}
          />
        </div>
        <div>
          <label htmlFor="range-to" className="block text-sm font-semibold text-ink-900">
            To
          </label>
          <input id="range-to" type="date" name="to" defaultValue={to} max={today} required className={`${inputClasses} mt-1`} />
        </div>
        <Button type="submit">Show</Button>
      </Form>
      <nav aria-label="Quick ranges" className="flex flex-wrap gap-2">
        {PRESETS.map((days) => {
          const start = dayjs
            .utc(today)
            .subtract(days - 1, 'day')
            .format('YYYY-MM-DD');
          const active = from === start && to === today;
          return (
            <Link
              key={days}
              to={`?from=${start}&to=${today}`}
              aria-current={active ? 'true' : undefined}
              className={buttonClasses(active ? 'primary' : 'secondary', 'sm')}
            >
              {days === 365 ? '12 months' : `${days} days`}
            </Link>
          );
        })}
      </nav>
    </div>
  );
}
