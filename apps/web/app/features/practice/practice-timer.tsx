import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PRACTICE_SECONDS_MAX } from '@fretline/contract';
import { Button } from '../../components/ui';
import { ApiError } from '../../lib/api-client';
import { api } from '../../lib/api.client';
import { formatClock, formatDuration, localDay } from './local-day';
import { UNSENT_PRACTICE_KEY, readUnsentPractice, writeUnsentPractice } from './unsent-kept';

/**
 * The practice timer of a lesson page (product.md#practice-log): start, pause, stop and log. Its
 * state is kept in sessionStorage by lesson, from timestamps, so it keeps counting across
 * navigation within the page (chapters, the course's links back here) and a reload, and is exact
 * however long the tab slept.
 */
interface TimerState {
  /** Seconds counted before the current run. */
  banked: number;
  /** When the current run started (ms since epoch), or null while paused. */
  since: number | null;
}

/** Sends practice logged offline (ADR 0079): loaded only when some waits. */
const unsentPractice = () => import('./unsent-practice');

const key = (idVideo: number) => `fretline:practice-timer:${idVideo}`;
const OFFLINE_LOGGED = 'Logged offline: it is sent when you are back online.';
const EMPTY: TimerState = { banked: 0, since: null };

function readState(idVideo: number): TimerState {
  try {
    const raw = sessionStorage.getItem(key(idVideo));
    const parsed = raw ? (JSON.parse(raw) as TimerState) : EMPTY;
    return typeof parsed.banked === 'number' ? parsed : EMPTY;
  } catch {
    return EMPTY;
  }
}

function writeState(idVideo: number, state: TimerState) {
  try {
    if (state.banked === 0 && state.since === null) sessionStorage.removeItem(key(idVideo));
    else sessionStorage.setItem(key(idVideo), JSON.stringify(state));
  } catch {
    // Storage refused (private mode): the timer still works while the page is open.
  }
}

const elapsed = (state: TimerState, now: number) =>
  Math.min(PRACTICE_SECONDS_MAX, state.banked + (state.since === null ? 0 : (now - state.since) / 1000));

/**
 * `practising` is the lesson's player playing (or counting in): the timer starts when it starts
 * and pauses when it stops, so practice is counted without a tap (product.md#practice-log).
 */
export function PracticeTimer({ idVideo, practising = false }: { idVideo: number; practising?: boolean }) {
  const [state, setState] = useState<TimerState>(EMPTY);
  const [now, setNow] = useState(() => Date.now());
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => setState(readState(idVideo)), [idVideo]);
  // Practice logged without a connection goes now, and whenever the browser is back online.
  useEffect(() => {
    // Loaded now (small), so a lesson kept offline holds it and going back online needs no fetch.
    void unsentPractice().catch(() => undefined);
    const send = () => {
      if (!localStorage.getItem(UNSENT_PRACTICE_KEY)) return;
      void unsentPractice()
        .then((m) => m.sendUnsentPractice())
        .then((sent) => sent && setMessage((m) => (m === OFFLINE_LOGGED ? 'Your offline practice was logged.' : m)))
        .catch(() => undefined);
    };
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, []);
  useEffect(() => {
    if (state.since === null) return;
    const tick = window.setInterval(() => setNow(Date.now()), 500);
    return () => window.clearInterval(tick);
  }, [state.since]);

  const update = useCallback(
    (next: TimerState) => {
      setState(next);
      writeState(idVideo, next);
      setNow(Date.now());
    },
    [idVideo],
  );

  // Follows the player's changes only: a timer started by hand keeps running while the video is paused.
  const following = useRef(practising);
  const latest = useRef(state);
  latest.current = state;
  useEffect(() => {
    if (following.current === practising) return;
    following.current = practising;
    const current = latest.current;
    if (practising && current.since === null) {
      setMessage(null);
      update({ banked: current.banked, since: Date.now() });
    } else if (!practising && current.since !== null) update({ banked: elapsed(current, Date.now()), since: null });
  }, [practising, update]);

  const seconds = elapsed(state, now);
  const running = state.since !== null;

  async function stop() {
    const total = Math.round(elapsed(state, Date.now()));
    update({ banked: total, since: null });
    if (total < 1) return;
    setSaving(true);
    setError(null);
    try {
      await api.call('videos.logPracticeSession', { body: { id_video: idVideo, seconds: total, practised_on: localDay() } });
      update(EMPTY);
      setMessage(`Logged ${formatDuration(total)} of practice.`);
    } catch (err) {
      // No connection (a lesson kept offline): the session is kept and sent when back online.
      if (err instanceof ApiError && err.status === undefined && !err.cancelled) {
        writeUnsentPractice([...readUnsentPractice(), { id_video: idVideo, seconds: total, practised_on: localDay() }]);
        update(EMPTY);
        setMessage(OFFLINE_LOGGED);
        return;
      }
      setError(err instanceof ApiError ? err.message : 'The practice could not be logged. Try again.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby="practice-timer-title" className="rounded-2xl border border-stone-200 bg-white p-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id="practice-timer-title" className="font-semibold text-ink-900">
          Practice timer
        </h2>
        <Link to="/me/practice" className="inline-flex min-h-10 items-center text-sm font-semibold text-brand-700 underline">
          Practice log
        </Link>
      </div>
      <p
        className="mt-1 font-mono text-4xl font-bold tabular-nums text-ink-900"
        aria-live="off"
        data-testid="practice-timer-clock"
      >
        {formatClock(seconds)}
      </p>
      <p className="sr-only" aria-live="polite">
        {running ? 'Timer running.' : seconds > 0 ? 'Timer paused.' : ''}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {running ? (
          <Button variant="secondary" size="sm" onClick={() => update({ banked: elapsed(state, Date.now()), since: null })}>
            Pause
          </Button>
        ) : (
          <Button
            size="sm"
            onClick={() => {
              setMessage(null);
              update({ banked: state.banked, since: Date.now() });
            }}
          >
            {seconds > 0 ? 'Resume' : 'Start practising'}
          </Button>
        )}
        {seconds > 0 ? (
          <Button variant="secondary" size="sm" onClick={() => void stop()} busy={saving}>
            Stop and log
          </Button>
        ) : null}
        {seconds > 0 && !running ? (
          <Button variant="ghost" size="sm" onClick={() => update(EMPTY)}>
            Discard
          </Button>
        ) : null}
      </div>
      {message ? (
        <p role="status" className="mt-2 text-sm font-medium text-emerald-700">
          {message}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <p className="mt-3 text-sm text-stone-600">
        <Link to="/me/chord-changes" className="font-semibold text-brand-700 underline">
          One Minute Changes
        </Link>{' '}
        ·{' '}
        <Link to="/me/chords" className="font-semibold text-brand-700 underline">
          Chords I know
        </Link>{' '}
        ·{' '}
        <Link to="/tuner" className="font-semibold text-brand-700 underline">
          Tuner and metronome
        </Link>
      </p>
    </section>
  );
}
