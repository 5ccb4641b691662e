import { useEffect, useRef, useState } from 'react';
import { Button, Card, selectClasses, cx } from '../../components/ui';
import { openMicrophone, type MicProblem } from './microphone';
import { closestString, IN_TUNE_CENTS, midiToFrequency, noteName, TUNINGS } from './pitch';

type MicState = 'idle' | 'asking' | 'listening' | MicProblem;

/** Below this clarity (0–1, pitchy's) the sound is noise or a chord, not one string. */
const CLARITY_MIN = 0.9;
const HZ_MIN = 60;
const HZ_MAX = 1400;

interface Heard {
  hz: number;
  string: number;
  cents: number;
}

/**
 * The tuner (product.md#tuner-and-metronome): the microphone is read in this tab only, pitchy's
 * McLeod pitch method finds the note (ADR 0065), and nothing leaves the browser. The library is
 * loaded when the learner starts listening, not with the page.
 */
export function Tuner() {
  const [tuningKey, setTuningKey] = useState('standard');
  const [mic, setMic] = useState<MicState>('idle');
  const [heard, setHeard] = useState<Heard | null>(null);
  const stopRef = useRef<(() => void) | null>(null);
  const tuningRef = useRef(TUNINGS[0]!);
  const tuning = TUNINGS.find((t) => t.key === tuningKey) ?? TUNINGS[0]!;
  tuningRef.current = tuning;

  useEffect(() => () => stopRef.current?.(), []);

  async function listen() {
    setMic('asking');
    const opened = await openMicrophone(4096);
    if ('problem' in opened) {
      setMic(opened.problem);
      return;
    }
    try {
      const { PitchDetector } = await import('pitchy');
      const { context, analyser } = opened;
      const buffer = new Float32Array(analyser.fftSize);
      const detector = PitchDetector.forFloat32Array(analyser.fftSize);
      let frame = 0;
      const read = () => {
        analyser.getFloatTimeDomainData(buffer);
        const [hz, clarity] = detector.findPitch(buffer, context.sampleRate);
        if (clarity >= CLARITY_MIN && hz >= HZ_MIN && hz <= HZ_MAX) {
          const closest = closestString(hz, tuningRef.current);
          setHeard({ hz, string: closest.index, cents: closest.cents });
        }
        frame = requestAnimationFrame(read);
      };
      frame = requestAnimationFrame(read);
      stopRef.current = () => {
        cancelAnimationFrame(frame);
        opened.close();
        stopRef.current = null;
      };
      setMic('listening');
    } catch {
      opened.close();
      setMic('error');
    }
  }

  function stop() {
    stopRef.current?.();
    setMic('idle');
    setHeard(null);
  }

  /** A reference tone for a string, for tuning by ear. */
  function play(midi: number) {
    const context = new AudioContext();
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = 'triangle';
    osc.frequency.value = midiToFrequency(midi);
    gain.gain.setValueAtTime(0.0001, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.3, context.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + 1.5);
    osc.connect(gain).connect(context.destination);
    osc.start();
    osc.stop(context.currentTime + 1.6);
    osc.onended = () => void context.close();
  }

  const cents = heard ? Math.max(-50, Math.min(50, heard.cents)) : 0;
  const inTune = heard !== null && Math.abs(heard.cents) <= IN_TUNE_CENTS;
  const advice = !heard
    ? 'Play one open string.'
    : inTune
      ? 'In tune.'
      : heard.cents < 0
        ? `${Math.round(-heard.cents)} cents flat: tune up.`
        : `${Math.round(heard.cents)} cents sharp: tune down.`;

  return (
    <Card>
      <h2 className="text-lg font-bold text-ink-900">Tuner</h2>
      <label className="mt-3 block">
        <span className="mb-1.5 block text-sm font-medium text-ink-900">Tuning</span>
        <select className={selectClasses} value={tuningKey} onChange={(e) => setTuningKey(e.target.value)}>
          {TUNINGS.map((t) => (
            <option key={t.key} value={t.key}>
              {t.name}
            </option>
          ))}
        </select>
      </label>

      <ul className="mt-4 grid grid-cols-6 gap-1.5" aria-label="Strings, low to high: play a reference tone">
        {tuning.strings.map((midi, i) => (
          <li key={i}>
            <button
              type="button"
              onClick={() => play(midi)}
              aria-label={`Play ${noteName(midi)}, string ${6 - i}`}
              className={cx(
                'flex min-h-12 w-full flex-col items-center justify-center rounded-xl border text-sm font-bold',
                heard?.string === i
                  ? inTune
                    ? 'border-emerald-600 bg-emerald-50 text-emerald-800'
                    : 'border-brand-600 bg-brand-50 text-brand-800'
                  : 'border-stone-200 bg-white text-ink-900 hover:border-brand-300',
              )}
            >
              {noteName(midi)}
            </button>
          </li>
        ))}
      </ul>

      <div className="mt-5 rounded-2xl bg-stone-50 p-4" data-testid="tuner-readout">
        <div className="relative h-10" aria-hidden="true">
          <div className="absolute inset-x-0 top-1/2 h-1 -translate-y-1/2 rounded-full bg-stone-200" />
          <div className="absolute top-0 left-1/2 h-10 w-0.5 -translate-x-1/2 bg-emerald-600" />
          {heard ? (
            <div
              className={cx('absolute top-1 h-8 w-2 -translate-x-1/2 rounded-full', inTune ? 'bg-emerald-600' : 'bg-brand-600')}
              style={{ left: `${50 + cents}%` }}
            />
          ) : null}
        </div>
        <div className="mt-1 flex justify-between text-xs text-stone-500" aria-hidden="true">
          <span>flat</span>
          <span>sharp</span>
        </div>
        <p className="mt-2 text-center text-3xl font-extrabold text-ink-900">
          {heard ? noteName(tuning.strings[heard.string]!) : '–'}
          {heard ? <span className="ml-2 text-base font-medium text-stone-600">{heard.hz.toFixed(1)} Hz</span> : null}
        </p>
        <p role="status" className={cx('text-center font-semibold', inTune ? 'text-emerald-700' : 'text-stone-700')}>
          {mic === 'listening' ? advice : ''}
        </p>
      </div>

      <div className="mt-4 space-y-3">
        {mic === 'listening' ? (
          <Button variant="secondary" onClick={stop}>
            Stop listening
          </Button>
        ) : (
          <>
            <p className="text-sm text-stone-600">
              The tuner listens through your microphone in this tab only. Nothing is recorded or sent anywhere; your browser will
              ask you first.
            </p>
            <Button onClick={() => void listen()} busy={mic === 'asking'}>
              Use the microphone
            </Button>
          </>
        )}
        <MicMessage state={mic} />
      </div>
    </Card>
  );
}

function MicMessage({ state }: { state: MicState }) {
  const text =
    state === 'denied'
      ? 'The microphone is blocked for this site. Allow it in your browser’s site settings (the icon beside the address), then press “Use the microphone” again. You can still tune by ear with the reference tones.'
      : state === 'no-mic'
        ? 'No microphone was found. Plug one in or use a device with one; the reference tones work without it.'
        : state === 'unsupported'
          ? 'This browser cannot listen to a microphone. Try a current Chrome, Firefox, Safari or Edge; the reference tones still work.'
          : state === 'error'
            ? 'The microphone could not be started. Close other apps using it and try again.'
            : null;
  return text ? (
    <p role="alert" className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
      {text}
    </p>
  ) : null;
}
