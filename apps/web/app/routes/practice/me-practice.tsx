import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import {
  addDays,
  PRACTICE_CHART_WEEKS,
  PRACTICE_GOAL_MINUTES_MAX,
  PRACTICE_GOAL_MINUTES_MIN,
  practiceDays,
  practiceStreak,
  practiceWeeks,
} from '@fretline/contract';
import { Badge, Button, Card, Container, EmptyState, Field, selectClasses } from '../../components/ui';
import { ApiError } from '../../lib/api-client';
import { api } from '../../lib/api.client';
import { getServerApi } from '../../lib/api.server';
import { seoMeta } from '../../lib/seo';
import { useStatusMessage } from '../../lib/status-message';
import { requireMe } from '../../features/account/require-user.server';
import { ChartTable } from '../../features/practice/chart-table';
import { formatDuration, localDay } from '../../features/practice/local-day';
import { PracticeLinks } from '../../features/practice/practice-links';
import { MinutesChart } from '../../features/practice/practice-charts';
import { ReminderCard } from '../../features/practice/reminder-card';
import { SessionRow } from '../../features/practice/session-row';
import type { Route } from './+types/me-practice';

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'Practice log',
    description: 'Your practice minutes, goal and streak.',
    path: '/me/practice',
    matches,
    noIndex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  await requireMe(request);
  const client = getServerApi(request);
  const [log, { reminder }] = await Promise.all([
    client.call('videos.listPracticeSessions'),
    client.call('videos.getPracticeReminder'),
  ]);
  return { ...log, reminder };
}

// The lessons kept on this device (ADR 0079): Cache Storage exists only in the browser.
const KeptLessons = lazy(() => import('../../features/offline/kept-lessons').then((m) => ({ default: m.KeptLessons })));

const DAYS_CHARTED = 28;
const shortDay = (day: string) => `${Number(day.slice(8, 10))}/${Number(day.slice(5, 7))}`;
const longDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/** /me/practice (product.md#practice-log): minutes per day and week, the weekly goal and the forgiving streak. */
export default function MePractice({ loaderData }: Route.ComponentProps) {
  const { sessions, days, goal, reminder } = loaderData;
  const revalidator = useRevalidator();
  const changed = useStatusMessage();
  const latestRef = useRef<HTMLHeadingElement>(null);
  // The server renders with its own day; the learner's clock decides once the page is theirs.
  const [today, setToday] = useState(() => new Date().toISOString().slice(0, 10));
  useEffect(() => setToday(localDay()), []);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const weeks = practiceWeeks(days, goal, today, PRACTICE_CHART_WEEKS);
  const streak = practiceStreak(weeks);
  const thisWeek = weeks[weeks.length - 1]!;
  const daily = practiceDays(days, addDays(today, -(DAYS_CHARTED - 1)), today);
  const total = days.reduce((sum, d) => sum + d.seconds, 0);

  return (
    <Container className="py-10 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Practice log</h1>
          <p className="mt-2 text-stone-600">Every minute you practise, and the weeks you met your goal.</p>
        </div>
        <PracticeLinks current="/me/practice" />
      </div>

      <div className="mt-6 grid gap-4 sm:grid-cols-3">
        <Card>
          <p className="text-sm font-semibold text-stone-600">Streak</p>
          <p className="mt-1 text-3xl font-extrabold text-ink-900" data-testid="practice-streak">
            {streak} {streak === 1 ? 'week' : 'weeks'}
          </p>
          <p className="mt-1 text-sm text-stone-600">Weeks in a row you met your goal.</p>
        </Card>
        <Card>
          <p className="text-sm font-semibold text-stone-600">This week</p>
          <p className="mt-1 text-3xl font-extrabold text-ink-900">{formatDuration(thisWeek.seconds)}</p>
          <p className="mt-1 text-sm text-stone-600">
            Goal met on {thisWeek.goal_days_met} of {goal.goal_days} days{' '}
            {thisWeek.met ? <Badge tone="success">Week counted</Badge> : null}
          </p>
        </Card>
        <GoalCard goal={goal} onSaved={() => void revalidator.revalidate()} />
      </div>

      {total === 0 && sessions.length === 0 ? (
        <EmptyState className="mt-8" title="Nothing logged yet">
          Start the practice timer on any lesson, or log practice you did away from the site below.
        </EmptyState>
      ) : (
        <div className="mt-8 grid gap-6 lg:grid-cols-2">
          <Card>
            <h2 className="font-semibold text-ink-900">Minutes a day</h2>
            <p className="text-sm text-stone-600">The last four weeks; the line is your daily goal.</p>
            <div className="mt-4">
              <MinutesChart
                data={daily.map((d) => ({ label: shortDay(d.practised_on), minutes: d.minutes }))}
                goal={goal.goal_minutes}
                goalLabel={`${goal.goal_minutes} min`}
              />
              <ChartTable
                caption="Minutes practised each day, the last four weeks"
                columns={['Day', 'Minutes']}
                rows={daily.map((d) => [longDay(d.practised_on), d.minutes])}
              />
            </div>
          </Card>
          <Card>
            <h2 className="font-semibold text-ink-900">Minutes a week</h2>
            <p className="text-sm text-stone-600">
              The last {PRACTICE_CHART_WEEKS} weeks, by the Monday they start; the line is a week of goal days.
            </p>
            <div className="mt-4">
              <MinutesChart
                data={weeks.map((w) => ({ label: shortDay(w.week_start), minutes: Math.round(w.seconds / 60) }))}
                goal={goal.goal_minutes * goal.goal_days}
                goalLabel={`${goal.goal_minutes * goal.goal_days} min`}
              />
              <ChartTable
                caption="Minutes practised each week, and whether the week met the goal"
                columns={['Week of', 'Minutes', 'Goal days', 'Counted']}
                rows={weeks.map((w) => [
                  longDay(w.week_start),
                  Math.round(w.seconds / 60),
                  w.goal_days_met,
                  w.met ? 'yes' : 'no',
                ])}
              />
            </div>
          </Card>
        </div>
      )}

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <LogForm today={today} onLogged={() => void revalidator.revalidate()} />
        <Card>
          <h2 ref={latestRef} tabIndex={-1} className="font-semibold text-ink-900 focus:outline-none">
            Latest practice
          </h2>
          {changed.message ? (
            <p role="status" className="mt-1 text-sm font-medium text-emerald-700">
              {changed.message}
            </p>
          ) : null}
          {sessions.length ? (
            <ul className="mt-1 divide-y divide-stone-100">
              {sessions.slice(0, 8).map((s) => (
                <SessionRow
                  key={s.id_practice_session}
                  session={s}
                  today={today}
                  dayLabel={longDay}
                  onChanged={(message) => {
                    changed.show(message);
                    latestRef.current?.focus();
                    void revalidator.revalidate();
                  }}
                />
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-stone-600">Your sessions show here.</p>
          )}
        </Card>
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <ReminderCard reminder={reminder} />
      </div>

      {hydrated ? (
        <Suspense fallback={null}>
          <KeptLessons />
        </Suspense>
      ) : null}
    </Container>
  );
}

function GoalCard({ goal, onSaved }: { goal: { goal_minutes: number; goal_days: number }; onSaved: () => void }) {
  const [minutes, setMinutes] = useState(String(goal.goal_minutes));
  const [daysPerWeek, setDaysPerWeek] = useState(String(goal.goal_days));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const status = useStatusMessage();

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api.call('videos.putPracticeGoal', { body: { goal_minutes: Number(minutes), goal_days: Number(daysPerWeek) } });
      status.show('Goal saved.');
      onSaved();
    } catch (err) {
      status.announce();
      setError(err instanceof ApiError ? err.message : 'The goal could not be saved. Try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <form onSubmit={(e) => void save(e)} aria-labelledby="goal-title">
        <h2 id="goal-title" className="text-sm font-semibold text-stone-600">
          Weekly goal
        </h2>
        <div className="mt-2 grid grid-cols-2 gap-3">
          <Field
            label="Minutes a day"
            type="number"
            inputMode="numeric"
            min={PRACTICE_GOAL_MINUTES_MIN}
            max={PRACTICE_GOAL_MINUTES_MAX}
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
            required
          />
          <label className="block">
            <span className="mb-1.5 block text-sm font-medium text-ink-900">Days a week</span>
            <select className={selectClasses} value={daysPerWeek} onChange={(e) => setDaysPerWeek(e.target.value)}>
              {[1, 2, 3, 4, 5, 6, 7].map((n) => (
                <option key={n} value={n}>
                  {n} of 7
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button type="submit" size="sm" busy={busy}>
            Save goal
          </Button>
          {status.message ? (
            <span role="status" className="text-sm font-medium text-emerald-700">
              {status.message}
            </span>
          ) : null}
        </div>
        {error ? (
          <p role="alert" className="mt-2 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </form>
    </Card>
  );
}

function LogForm({ today, onLogged }: { today: string; onLogged: () => void }) {
  const [minutes, setMinutes] = useState('20');
  const [day, setDay] = useState(today);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const status = useStatusMessage();
  useEffect(() => setDay(today), [today]);

  async function log(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const seconds = Math.round(Number(minutes) * 60);
      await api.call('videos.logPracticeSession', { body: { id_video: null, seconds, practised_on: day } });
      status.show(`Logged ${formatDuration(seconds)}.`);
      onLogged();
    } catch (err) {
      status.announce();
      setError(
        err instanceof ApiError
          ? { message: err.message, field: err.field }
          : { message: 'The practice could not be logged. Try again.' },
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <form onSubmit={(e) => void log(e)} aria-labelledby="log-title">
        <h2 id="log-title" className="font-semibold text-ink-900">
          Log practice away from the lessons
        </h2>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <Field
            label="Minutes"
            type="number"
            inputMode="numeric"
            min={1}
            max={240}
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
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button type="submit" size="sm" busy={busy}>
            Log practice
          </Button>
          {status.message ? (
            <span role="status" className="text-sm font-medium text-emerald-700">
              {status.message}
            </span>
          ) : null}
        </div>
        {error && error.field !== 'seconds' && error.field !== 'practised_on' ? (
          <p role="alert" className="mt-2 text-sm font-medium text-red-700">
            {error.message}
          </p>
        ) : null}
      </form>
    </Card>
  );
}
