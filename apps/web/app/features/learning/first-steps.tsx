import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  FIRST_STEPS_GOALS,
  FIRST_STEPS_GUITARS,
  FIRST_STEPS_LEVELS,
  FIRST_STEPS_STYLES,
  keptFirstStepsAnswers,
  type FirstSteps,
  type FirstStepsAnswers,
  type FirstStepsGoal,
  type FirstStepsRecommendation,
} from '@fretline/contract';
import { Button, ResponsiveImage } from '../../components/ui';
import { api } from '../../lib/api.client';
import { ApiError } from '../../lib/api-client';

// The optional first-visit quiz (docs/product.md#first-steps, ADR 0064): a visitor's answers stay in
// this browser; a signed-in learner's are kept on the account (and a visitor's move there at sign-in).

const LOCAL_KEY = 'fretline.first-steps';

const LEVEL_WORDS: Record<(typeof FIRST_STEPS_LEVELS)[number], string> = {
  new: 'Never played',
  beginner: 'I know a few chords',
  intermediate: 'I play songs',
  advanced: 'I have played for years',
};
const STYLE_WORDS: Record<(typeof FIRST_STEPS_STYLES)[number], string> = {
  pop: 'Pop',
  rock: 'Rock',
  blues: 'Blues',
  folk: 'Folk',
  any: 'A bit of everything',
};
const GUITAR_WORDS: Record<(typeof FIRST_STEPS_GUITARS)[number], string> = {
  acoustic: 'Acoustic',
  electric: 'Electric',
  ukulele: 'Ukulele',
};
const GOAL_WORDS: Record<FirstStepsGoal, string> = {
  songs: 'Play songs I love',
  chords: 'Learn my chords',
  rhythm: 'Strum in time',
  lead: 'Play solos',
  technique: 'Clean up my technique',
};

interface LocalSteps {
  answers: FirstStepsAnswers | null;
  dismissed: boolean;
}

function readLocal(): LocalSteps {
  try {
    const raw = JSON.parse(window.localStorage.getItem(LOCAL_KEY) ?? 'null') as { answers?: unknown; dismissed?: unknown } | null;
    return { answers: keptFirstStepsAnswers(raw?.answers), dismissed: raw?.dismissed === true };
  } catch {
    return { answers: null, dismissed: false };
  }
}
function writeLocal(steps: LocalSteps | null) {
  try {
    if (steps) window.localStorage.setItem(LOCAL_KEY, JSON.stringify(steps));
    else window.localStorage.removeItem(LOCAL_KEY);
  } catch {
    // Private mode: the quiz still works for this page.
  }
}

const recommend = async (answers: FirstStepsAnswers) =>
  (
    await api.call('videos.recommendFirstSteps', {
      query: { ...answers, first_steps_goals: answers.first_steps_goals.join(',') },
    })
  ).recommendation;

function Choice({
  name,
  type,
  value,
  label,
  checked,
  onChange,
}: {
  name: string;
  type: 'radio' | 'checkbox';
  value: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-stone-300 bg-white px-3 py-2 text-sm font-medium has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-900 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
      <input
        type={type}
        name={name}
        value={value}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-4 accent-brand-700"
      />
      {label}
    </label>
  );
}

function Quiz({
  initial,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  initial: FirstStepsAnswers | null;
  busy: boolean;
  error: string | null;
  onSubmit: (answers: FirstStepsAnswers) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [level, setLevel] = useState(initial?.first_steps_level ?? null);
  const [style, setStyle] = useState(initial?.first_steps_style ?? null);
  const [guitar, setGuitar] = useState(initial?.first_steps_guitar ?? null);
  const [goals, setGoals] = useState<FirstStepsGoal[]>(initial?.first_steps_goals ?? []);
  const [missing, setMissing] = useState(false);
  const group = 'space-y-2';
  const legend = 'text-sm font-bold text-ink-900';
  const grid = 'grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 lg:grid-cols-3';
  return (
    <form
      className="space-y-5"
      aria-label="First steps quiz"
      onSubmit={(e) => {
        e.preventDefault();
        if (!level || !style || !guitar) {
          setMissing(true);
          return;
        }
        onSubmit({ first_steps_level: level, first_steps_style: style, first_steps_guitar: guitar, first_steps_goals: goals });
      }}
    >
      <fieldset className={group}>
        <legend className={legend}>1. How much have you played?</legend>
        <div className={grid}>
          {FIRST_STEPS_LEVELS.map((v) => (
            <Choice
              key={v}
              name={`${id}-level`}
              type="radio"
              value={v}
              label={LEVEL_WORDS[v]}
              checked={level === v}
              onChange={() => setLevel(v)}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className={group}>
        <legend className={legend}>2. What do you like to listen to?</legend>
        <div className={grid}>
          {FIRST_STEPS_STYLES.map((v) => (
            <Choice
              key={v}
              name={`${id}-style`}
              type="radio"
              value={v}
              label={STYLE_WORDS[v]}
              checked={style === v}
              onChange={() => setStyle(v)}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className={group}>
        <legend className={legend}>3. Acoustic or electric?</legend>
        <div className={grid}>
          {FIRST_STEPS_GUITARS.map((v) => (
            <Choice
              key={v}
              name={`${id}-guitar`}
              type="radio"
              value={v}
              label={GUITAR_WORDS[v]}
              checked={guitar === v}
              onChange={() => setGuitar(v)}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className={group}>
        <legend className={legend}>
          4. What are your goals? <span className="font-normal text-stone-600">(pick any)</span>
        </legend>
        <div className={grid}>
          {FIRST_STEPS_GOALS.map((v) => (
            <Choice
              key={v}
              name={`${id}-goals`}
              type="checkbox"
              value={v}
              label={GOAL_WORDS[v]}
              checked={goals.includes(v)}
              onChange={(on) => setGoals((g) => (on ? [...g, v] : g.filter((x) => x !== v)))}
            />
          ))}
        </div>
      </fieldset>
      {missing && (!level || !style || !guitar) ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          Answer the first three questions to see your path.
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={busy}>
          Show my path
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function Recommendation({ recommendation }: { recommendation: FirstStepsRecommendation }) {
  const { course, first_lesson: firstLesson, songs, reasons } = recommendation;
  return (
    <div className="grid gap-6 md:grid-cols-[1.1fr_1fr]">
      <div>
        <p className="text-xs font-bold tracking-wider text-brand-700 uppercase">Start with</p>
        {course ? (
          <Link
            to={`/courses/${course.course_slug}`}
            data-testid="recommended-course"
            className="group mt-2 flex items-center gap-3 rounded-2xl border border-stone-200 bg-white p-3 hover:border-brand-400"
          >
            {course.course_image ? (
              <ResponsiveImage
                src={course.course_image}
                alt=""
                sizes="112px"
                className="h-16 w-28 shrink-0 rounded-lg object-cover"
              />
            ) : null}
            <span className="min-w-0">
              <span className="block text-lg font-bold text-ink-900 group-hover:text-brand-700">{course.course_title}</span>
              <span className="text-sm font-semibold text-brand-700">
                Start the course <span aria-hidden="true">→</span>
              </span>
            </span>
          </Link>
        ) : null}
        {course && firstLesson ? (
          <Link
            to={`/videos/${firstLesson.video_slug}?course=${encodeURIComponent(course.course_slug)}`}
            data-testid="recommended-first-lesson"
            className="mt-2 inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 underline"
          >
            Lesson 1: {firstLesson.video_title} <span aria-hidden="true">→</span>
          </Link>
        ) : null}
        {course ? null : (
          <p className="mt-2 text-stone-700">
            Browse{' '}
            <Link to="/courses" className="font-semibold text-brand-700 underline">
              all courses
            </Link>{' '}
            to find your start.
          </p>
        )}
        <ul className="mt-3 flex flex-wrap gap-2 text-xs text-stone-600">
          {reasons.map((r) => (
            <li key={r} className="rounded-full bg-stone-100 px-2.5 py-1">
              {r}
            </li>
          ))}
        </ul>
      </div>
      {songs.length ? (
        <div>
          <p className="text-xs font-bold tracking-wider text-brand-700 uppercase">First songs</p>
          <ul className="mt-2 divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
            {songs.map((song) => (
              <li key={song.id_video}>
                <Link
                  to={`/videos/${song.video_slug}`}
                  className="flex items-center justify-between gap-3 px-3 py-2.5 hover:bg-stone-50"
                >
                  <span className="min-w-0">
                    <span className="block font-semibold text-ink-900">{song.video_title}</span>
                    <span className="block text-sm text-stone-600">
                      {song.video_artist}
                      {song.video_difficulty ? ` · ${song.video_difficulty}` : ''}
                    </span>
                  </span>
                  <span
                    className={`shrink-0 text-xs font-semibold ${song.video_premium ? 'text-brand-700' : 'text-emerald-700'}`}
                  >
                    {song.video_premium ? 'Members' : 'Free'}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The first-steps card: an invitation to the quiz, the quiz, then its recommendation, until the
 * learner dismisses it. `initial` is the signed-in learner's stored quiz (null for a visitor).
 */
export function FirstStepsCard({
  signedIn,
  initial,
  step = false,
}: {
  signedIn: boolean;
  initial: FirstSteps | null;
  /**
   * The quiz as the last (skippable) step of sign-up on /welcome (ADR 0082): open at once until
   * answered, "Skip" instead of "Not now", and no card of its own inside the welcome's.
   */
  step?: boolean;
}) {
  const [answers, setAnswers] = useState<FirstStepsAnswers | null>(initial?.answers ?? null);
  const [recommendation, setRecommendation] = useState<FirstStepsRecommendation | null>(initial?.recommendation ?? null);
  const [dismissed, setDismissed] = useState(initial?.first_steps_dismissed ?? false);
  const [open, setOpen] = useState(step && !initial?.answers);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const local = readLocal();
    if (!signedIn) {
      setDismissed(local.dismissed);
      setAnswers(local.answers);
      if (local.answers && !local.dismissed) recommend(local.answers).then(setRecommendation, () => undefined);
      return;
    }
    // Answers given before signing in move to the account once (docs/product.md#first-steps).
    if (local.answers && !initial?.answers && !local.dismissed) {
      api.call('videos.putFirstSteps', { body: local.answers }).then(
        ({ first_steps }) => {
          writeLocal(null);
          setAnswers(first_steps.answers);
          setRecommendation(first_steps.recommendation);
          setDismissed(first_steps.first_steps_dismissed);
        },
        () => undefined,
      );
    }
  }, [signedIn, initial]);

  // Rendered by the server for everyone who has not said "Not now" there (a signed-in learner's
  // choice is stored; a visitor's invitation is the same for all), so the page does not shift when
  // it loads; only a visitor who dismissed it in this browser sees it go.
  if (dismissed) return null;

  const submit = async (next: FirstStepsAnswers) => {
    setBusy(true);
    setError(null);
    try {
      if (signedIn) {
        const { first_steps } = await api.call('videos.putFirstSteps', { body: next });
        setRecommendation(first_steps.recommendation);
      } else {
        writeLocal({ answers: next, dismissed: false });
        setRecommendation(await recommend(next));
      }
      setAnswers(next);
      setOpen(false);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Something went wrong, please try again or contact support.');
    } finally {
      setBusy(false);
    }
  };
  const dismiss = async () => {
    setDismissed(true);
    if (signedIn) await api.call('videos.dismissFirstSteps').catch(() => undefined);
    else writeLocal({ answers, dismissed: true });
  };

  const showResult = answers && recommendation && !open;
  return (
    <section
      aria-labelledby="first-steps-heading"
      data-testid="first-steps"
      className={
        step
          ? 'mt-8 border-t border-stone-200 pt-6'
          : 'rounded-3xl border border-brand-200 bg-gradient-to-br from-brand-50 to-white p-5 shadow-sm sm:p-7'
      }
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-xl">
          <p className="text-xs font-bold tracking-wider text-brand-700 uppercase">
            {step ? 'One more step (optional)' : 'Your first steps'}
          </p>
          <h2 id="first-steps-heading" className="mt-1 text-2xl font-extrabold tracking-tight text-ink-900">
            {showResult ? 'Your path' : step ? 'Where should you start?' : 'Not sure where to start?'}
          </h2>
          {!showResult && (!open || step) ? (
            <p className="mt-2 text-stone-700">
              Four quick questions and we will suggest a course and your first songs. Optional, and you can change your answers
              any time.
            </p>
          ) : null}
        </div>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void dismiss()}
          aria-label={step ? 'Skip the first steps quiz' : 'Not now: hide first steps'}
        >
          {step ? 'Skip' : 'Not now'}
        </Button>
      </div>
      <div className="mt-5">
        {open ? (
          <Quiz initial={answers} busy={busy} error={error} onSubmit={(a) => void submit(a)} onCancel={() => setOpen(false)} />
        ) : showResult ? (
          <>
            <Recommendation recommendation={recommendation} />
            <button
              type="button"
              onClick={() => setOpen(true)}
              className="mt-4 inline-flex min-h-10 items-center text-sm font-semibold text-brand-700 underline underline-offset-4"
            >
              Change my answers
            </button>
          </>
        ) : (
          <Button onClick={() => setOpen(true)}>Take the quiz</Button>
        )}
      </div>
    </section>
  );
}
