import { useCallback, useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { CHORD_CHANGES_MARKS, CHORD_CHANGES_SECONDS, type ChordChangeRound } from '@fretline/contract';
import { Button, Card, Container, EmptyState } from '../../components/ui';
import { ApiError } from '../../lib/api-client';
import { api } from '../../lib/api.client';
import { getServerApi } from '../../lib/api.server';
import { useRootData } from '../../lib/root-data';
import { seoMeta } from '../../lib/seo';
import { requireMe } from '../../features/account/require-user.server';
import { ChartTable } from '../../features/practice/chart-table';
import { ChordPicker, chordName } from '../../features/practice/chord-picker';
import { createBeeper, playEndBeep } from '../../features/practice/beep';
import { openMicrophone, type MicProblem } from '../../features/practice/microphone';
import { OnsetCounter, rms } from '../../features/practice/onsets';
import { ChangesChart } from '../../features/practice/practice-charts';
import { PracticeLinks } from '../../features/practice/practice-links';
import type { Route } from './+types/me-chord-changes';

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'One Minute Changes',
    description: 'Count your chord changes in a minute.',
    path: '/me/chord-changes',
    matches,
    noIndex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  await requireMe(request);
  return getServerApi(request).call('videos.listChordChanges');
}

type Phase = 'ready' | 'starting' | 'running' | 'done';
type Counting = 'tap' | 'mic';

const MIC_TEXT: Record<MicProblem, string> = {
  denied: 'The microphone is blocked for this site. Allow it in your browser’s site settings, or count by tapping.',
  'no-mic': 'No microphone was found. Count by tapping instead.',
  unsupported: 'This browser cannot listen to a microphone. Count by tapping instead.',
  error: 'The microphone could not be started. Close other apps using it and try again, or count by tapping.',
};
const pairKey = (a: string, b: string) => [a, b].sort().join('+');
const shortDate = (date: Date | string) => new Date(date).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });

/**
 * One Minute Changes (product.md#one-minute-changes): two chords, 60 seconds, a tap anywhere on the
 * panel or the space bar for each change, or the microphone counting strums (ADR 0081); three beeps
 * and "Time!" end the minute, the count is saved and each pair's rounds are charted. The clock is
 * the browser's (Date.now), so a test drives it with the browser's own fake clock.
 */
export default function MeChordChanges({ loaderData }: Route.ComponentProps) {
  const { rounds } = loaderData;
  const { user } = useRootData();
  const revalidator = useRevalidator();
  const last = rounds[rounds.length - 1];
  const [chordA, setChordA] = useState(last?.chord_a ?? 'c');
  const [chordB, setChordB] = useState(last?.chord_b ?? 'g');
  const [phase, setPhase] = useState<Phase>('ready');
  const [count, setCount] = useState(0);
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(0);
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [counting, setCounting] = useState<Counting>('tap');
  const [micProblem, setMicProblem] = useState<MicProblem | null>(null);
  const countRef = useRef(0);
  const tapRef = useRef<HTMLButtonElement>(null);
  const beeperRef = useRef<AudioContext | null>(null);
  const stopMicRef = useRef<(() => void) | null>(null);

  useEffect(
    () => () => {
      stopMicRef.current?.();
      void beeperRef.current?.close();
    },
    [],
  );

  const tap = useCallback(() => {
    countRef.current += 1;
    setCount(countRef.current);
  }, []);

  const finish = useCallback(async () => {
    stopMicRef.current?.();
    playEndBeep(beeperRef.current);
    setPhase('done');
    const changes = countRef.current;
    try {
      await api.call('videos.saveChordChanges', { body: { chord_a: chordA, chord_b: chordB, changes } });
      setSaved(`Saved: ${changes} ${changes === 1 ? 'change' : 'changes'} from ${chordName(chordA)} to ${chordName(chordB)}.`);
      await revalidator.revalidate();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The round could not be saved. Try again.');
    }
  }, [chordA, chordB, revalidator]);

  useEffect(() => {
    if (phase !== 'running') return;
    const timer = window.setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= endsAt) {
        window.clearInterval(timer);
        void finish();
      }
    }, 100);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === ' ' || event.key === 'Enter') {
        event.preventDefault();
        if (!event.repeat) tap();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('keydown', onKey);
    };
  }, [phase, endsAt, finish, tap]);

  /** Listens for strums until the minute ends: each onset is a change, as a tap would be. */
  async function listen(): Promise<boolean> {
    const opened = await openMicrophone(1024);
    if ('problem' in opened) {
      setMicProblem(opened.problem);
      return false;
    }
    const counter = new OnsetCounter();
    const buffer = new Float32Array(opened.analyser.fftSize);
    let frame = 0;
    const read = () => {
      opened.analyser.getFloatTimeDomainData(buffer);
      if (counter.push(rms(buffer), performance.now())) tap();
      frame = requestAnimationFrame(read);
    };
    frame = requestAnimationFrame(read);
    stopMicRef.current = () => {
      cancelAnimationFrame(frame);
      opened.close();
      stopMicRef.current = null;
    };
    return true;
  }

  async function start() {
    countRef.current = 0;
    setCount(0);
    setSaved(null);
    setError(null);
    setMicProblem(null);
    // Made on this tap, so the browser lets the end-of-minute beeps sound.
    beeperRef.current ??= createBeeper();
    if (counting === 'mic') {
      setPhase('starting');
      if (!(await listen())) {
        setPhase('ready');
        return;
      }
    }
    const at = Date.now();
    setNow(at);
    setEndsAt(at + CHORD_CHANGES_SECONDS * 1000);
    setPhase('running');
    requestAnimationFrame(() => tapRef.current?.focus());
  }

  const left = phase === 'running' ? Math.max(0, Math.ceil((endsAt - now) / 1000)) : CHORD_CHANGES_SECONDS;
  const pairs = groupPairs(rounds, pairKey(chordA, chordB));
  const sameChord = chordA === chordB;

  return (
    <Container className="py-10 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">One Minute Changes</h1>
          <p className="mt-2 max-w-prose text-stone-600">
            Pick two chords and change between them for a minute. Tap the big panel, press the space bar, or let the microphone
            count your strums every time you land the next chord. Thirty a minute is a good start; sixty means the change is
            yours.
          </p>
        </div>
        <PracticeLinks current="/me/chord-changes" />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Card>
          <div className="grid gap-4 sm:grid-cols-2">
            <ChordPicker
              label="First chord"
              value={chordA}
              onChange={setChordA}
              disabled={phase === 'running' || phase === 'starting'}
              mirror={user.left_handed}
            />
            <ChordPicker
              label="Second chord"
              value={chordB}
              onChange={setChordB}
              disabled={phase === 'running' || phase === 'starting'}
              mirror={user.left_handed}
            />
          </div>
          {sameChord ? (
            <p role="alert" className="mt-3 text-sm font-medium text-red-700">
              Pick two different chords.
            </p>
          ) : null}

          <fieldset className="mt-5" disabled={phase === 'running' || phase === 'starting'}>
            <legend className="text-sm font-semibold text-ink-900">Count the changes</legend>
            <div className="mt-2 grid grid-cols-2 gap-2">
              {(
                [
                  ['tap', 'By tapping'],
                  ['mic', 'With the microphone'],
                ] as const
              ).map(([value, label]) => (
                <label
                  key={value}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-stone-300 px-3 py-2 text-sm font-medium has-checked:border-brand-600 has-checked:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="counting"
                    value={value}
                    checked={counting === value}
                    onChange={() => setCounting(value)}
                    className="accent-brand-700"
                  />
                  {label}
                </label>
              ))}
            </div>
            {counting === 'mic' ? (
              <p className="mt-2 text-sm text-stone-600">
                Strum once on each new chord; the microphone counts each strum. Nothing leaves your browser. You can still tap.
              </p>
            ) : null}
          </fieldset>
          {micProblem ? (
            <p
              role="alert"
              className="mt-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900"
            >
              {MIC_TEXT[micProblem]}
            </p>
          ) : null}

          {phase === 'running' ? (
            // The whole panel is the tap area: a big target for a hand that just left the strings.
            <button
              ref={tapRef}
              type="button"
              aria-label={
                counting === 'mic' ? 'Change! Listening; tap here or press space to add one' : 'Change! Tap here or press space'
              }
              onClick={(event) => {
                // The space bar and Enter count through the page's key handler; a click from them is not a second change.
                if (event.detail !== 0) tap();
              }}
              className="mt-6 block w-full min-h-72 select-none rounded-2xl bg-brand-600 p-4 text-center text-white shadow-sm active:bg-brand-700 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              style={{ touchAction: 'manipulation' }}
            >
              <span className="block text-sm font-semibold opacity-90">Time left</span>
              <span className="block font-mono text-5xl font-extrabold tabular-nums" data-testid="changes-time">
                {Math.floor(left / 60)}:{String(left % 60).padStart(2, '0')}
              </span>
              <span className="mt-2 block text-sm font-semibold opacity-90">Changes</span>
              <span className="block text-6xl font-extrabold tabular-nums" data-testid="changes-count">
                {count}
              </span>
              <span className="mt-3 block text-2xl font-extrabold">Change!</span>
              <span className="block text-sm font-medium opacity-90">
                {counting === 'mic' ? 'listening for strums · tap anywhere here to add one' : 'tap anywhere here, or press space'}
              </span>
            </button>
          ) : (
            <div className="mt-6 rounded-2xl bg-stone-50 p-4 text-center">
              {phase === 'done' ? (
                <p className="text-4xl font-extrabold text-brand-700" data-testid="changes-time-up">
                  Time!
                </p>
              ) : (
                <>
                  <p className="text-sm font-semibold text-stone-600">Time left</p>
                  <p className="font-mono text-5xl font-extrabold tabular-nums text-ink-900" data-testid="changes-time">
                    {Math.floor(left / 60)}:{String(left % 60).padStart(2, '0')}
                  </p>
                </>
              )}
              <p className="mt-2 text-sm font-semibold text-stone-600">Changes</p>
              <p className="text-5xl font-extrabold tabular-nums text-brand-700" data-testid="changes-count">
                {count}
              </p>
            </div>
          )}
          <p className="sr-only" aria-live="polite">
            {phase === 'running' && left <= 10 && left % 5 === 0 ? `${left} seconds left` : phase === 'done' ? 'Time!' : ''}
          </p>

          {phase !== 'running' ? (
            <div className="mt-4 grid gap-3">
              <Button size="lg" onClick={() => void start()} disabled={sameChord} busy={phase === 'starting'}>
                {phase === 'done' ? 'Go again' : 'Start the minute'}
              </Button>
            </div>
          ) : null}
          {saved ? (
            <p role="status" className="mt-3 font-medium text-emerald-700">
              {saved}
            </p>
          ) : null}
          {error ? (
            <p role="alert" className="mt-3 font-medium text-red-700">
              {error}
            </p>
          ) : null}
        </Card>

        <div className="space-y-6">
          {pairs.length ? (
            pairs.map((pair) => (
              <Card key={pair.key}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="font-semibold text-ink-900">
                    {chordName(pair.a)} ↔ {chordName(pair.b)}
                  </h2>
                  <p className="text-sm text-stone-600">
                    Best {pair.best} · {pair.rounds.length} {pair.rounds.length === 1 ? 'round' : 'rounds'}
                  </p>
                </div>
                <div className="mt-3">
                  <ChangesChart
                    data={pair.rounds.map((r, i) => ({ label: `${i + 1}`, changes: r.changes }))}
                    marks={CHORD_CHANGES_MARKS}
                  />
                  <ChartTable
                    caption={`Changes a minute from ${chordName(pair.a)} to ${chordName(pair.b)}, oldest first`}
                    columns={['Round', 'Day', 'Changes']}
                    rows={pair.rounds.map((r, i) => [i + 1, shortDate(r.changes_created), r.changes])}
                  />
                </div>
              </Card>
            ))
          ) : (
            <EmptyState title="No rounds yet">Your first minute starts a chart for that pair of chords.</EmptyState>
          )}
        </div>
      </div>
    </Container>
  );
}

/** Rounds by chord pair, the chosen pair first, then the pair played most recently. */
function groupPairs(rounds: ChordChangeRound[], chosen: string) {
  const byPair = new Map<string, { key: string; a: string; b: string; rounds: ChordChangeRound[]; best: number; last: number }>();
  rounds.forEach((round, i) => {
    const key = pairKey(round.chord_a, round.chord_b);
    const pair = byPair.get(key) ?? { key, a: round.chord_a, b: round.chord_b, rounds: [], best: 0, last: 0 };
    pair.rounds.push(round);
    pair.best = Math.max(pair.best, round.changes);
    pair.last = i;
    byPair.set(key, pair);
  });
  return [...byPair.values()].sort((x, y) => (x.key === chosen ? -1 : y.key === chosen ? 1 : y.last - x.last));
}
