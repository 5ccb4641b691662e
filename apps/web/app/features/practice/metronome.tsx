import { useEffect, useRef, useState } from 'react';
import { Button, Card, cx, selectClasses } from '../../components/ui';
import { clampTempo, tapTempo, TAP_RESET_MS, TEMPO_MAX, TEMPO_MIN } from './pitch';

/** How often the scheduler wakes, and how far ahead it books clicks on the audio clock. */
const WAKE_MS = 25;
const AHEAD_S = 0.1;

/**
 * The metronome (product.md#tuner-and-metronome): clicks are booked ahead on the Web Audio clock,
 * not fired by timers, so the beat stays steady when the page is busy; the downbeat is accented.
 */
export function Metronome() {
  const [tempo, setTempo] = useState(80);
  const [beats, setBeats] = useState(4);
  const [accent, setAccent] = useState(true);
  const [running, setRunning] = useState(false);
  const [beat, setBeat] = useState(-1);
  const settings = useRef({ tempo, beats, accent });
  settings.current = { tempo, beats, accent };
  const taps = useRef<number[]>([]);
  // Its buttons work only once the page's script runs: until then they say so by being disabled.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  useEffect(() => {
    if (!running) return;
    const context = new AudioContext();
    let next = context.currentTime + 0.05;
    let count = 0;
    const shown: { at: number; beat: number }[] = [];
    const click = (at: number, downbeat: boolean) => {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.frequency.value = downbeat ? 1600 : 1000;
      gain.gain.setValueAtTime(downbeat ? 0.9 : 0.5, at);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.04);
      osc.connect(gain).connect(context.destination);
      osc.start(at);
      osc.stop(at + 0.05);
    };
    const wake = window.setInterval(() => {
      while (next < context.currentTime + AHEAD_S) {
        const { tempo: bpm, beats: perBar, accent: accented } = settings.current;
        const inBar = count % perBar;
        click(next, accented && inBar === 0);
        shown.push({ at: next, beat: inBar });
        next += 60 / bpm;
        count += 1;
      }
    }, WAKE_MS);
    let frame = requestAnimationFrame(function draw() {
      while (shown.length && shown[0]!.at <= context.currentTime) setBeat(shown.shift()!.beat);
      frame = requestAnimationFrame(draw);
    });
    return () => {
      window.clearInterval(wake);
      cancelAnimationFrame(frame);
      void context.close();
      setBeat(-1);
    };
  }, [running]);

  function tap() {
    const now = performance.now();
    const last = taps.current[taps.current.length - 1];
    taps.current = last !== undefined && now - last > TAP_RESET_MS ? [now] : [...taps.current.slice(-7), now];
    const bpm = tapTempo(taps.current);
    if (bpm) setTempo(bpm);
  }

  return (
    <Card>
      <h2 className="text-lg font-bold text-ink-900">Metronome</h2>
      <div className="mt-3 flex items-end gap-3">
        <label className="block min-w-0 flex-1">
          <span className="mb-1.5 block text-sm font-medium text-ink-900">Tempo (beats a minute)</span>
          <input
            type="range"
            min={TEMPO_MIN}
            max={TEMPO_MAX}
            value={tempo}
            onChange={(e) => setTempo(clampTempo(Number(e.target.value)))}
            className="h-10 w-full accent-brand-600"
          />
        </label>
        <p className="w-20 text-right text-4xl font-extrabold tabular-nums text-ink-900" aria-live="polite" aria-atomic="true">
          {tempo}
          <span className="sr-only"> beats a minute</span>
        </p>
      </div>
      <div className="mt-2 flex flex-wrap gap-2">
        {[-5, -1, 1, 5].map((step) => (
          <Button
            key={step}
            variant="secondary"
            size="sm"
            disabled={!ready}
            onClick={() => setTempo((t) => clampTempo(t + step))}
          >
            {step > 0 ? `+${step}` : `−${-step}`}
            <span className="sr-only"> beats a minute</span>
          </Button>
        ))}
        <Button variant="secondary" size="sm" disabled={!ready} onClick={tap}>
          Tap tempo
        </Button>
      </div>
      <div className="mt-4 grid grid-cols-2 gap-3">
        <label className="block">
          <span className="mb-1.5 block text-sm font-medium text-ink-900">Beats in a bar</span>
          <select className={selectClasses} value={beats} onChange={(e) => setBeats(Number(e.target.value))}>
            {[2, 3, 4, 5, 6, 7].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-h-10 items-center gap-2 self-end pb-2">
          <input
            type="checkbox"
            checked={accent}
            onChange={(e) => setAccent(e.target.checked)}
            className="size-5 accent-brand-600"
          />
          <span className="text-sm font-medium">Accent the first beat</span>
        </label>
      </div>
      <ol className="mt-5 flex justify-center gap-2" aria-hidden="true">
        {Array.from({ length: beats }, (_, i) => (
          <li
            key={i}
            className={cx(
              'size-6 rounded-full border-2 transition-colors',
              beat === i
                ? i === 0 && accent
                  ? 'border-brand-700 bg-brand-600'
                  : 'border-ink-900 bg-ink-900'
                : 'border-stone-300 bg-white',
            )}
          />
        ))}
      </ol>
      <div className="mt-5">
        <Button
          disabled={!ready}
          onClick={() => setRunning((r) => !r)}
          variant={running ? 'secondary' : 'primary'}
          className="w-full sm:w-auto"
        >
          {running ? 'Stop' : 'Start the metronome'}
        </Button>
      </div>
    </Card>
  );
}
