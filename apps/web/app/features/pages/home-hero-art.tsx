import { Link } from 'react-router';
import type { CurrentCourse } from '@fretline/contract';

/** The percent the home card shows: the API's figure, whole, within 0–100. */
const wholePercent = (percent: number) => Math.max(0, Math.min(100, Math.round(percent)));

/**
 * The signed-in learner's own course and progress (GET videos/me/course), linking back to where
 * they were. Nothing is shown without one: the card never shows an example figure.
 */
function CurrentCourseCard({ current, className }: { current: CurrentCourse; className?: string }) {
  const percent = wholePercent(current.course_percent_complete);
  const active = current.course_video_active;
  const to = active
    ? `/videos/${active.video_slug}?course=${encodeURIComponent(current.course_slug)}&t=${Math.floor(active.video_play_start_time)}`
    : `/courses/${current.course_slug}`;
  return (
    <Link
      to={to}
      data-testid="current-course"
      className={`block rounded-2xl border border-stone-200 bg-white px-4 py-3 shadow-xl hover:border-brand-300 ${className ?? ''}`}
    >
      <span className="block text-xs font-semibold text-stone-500">Your course</span>
      <span className="block font-bold text-ink-900">{current.course_title}</span>
      <span className="mt-1.5 flex items-center gap-3">
        <span
          role="progressbar"
          aria-label={`${current.course_title ?? 'Course'} progress`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 w-28 rounded-full bg-stone-100"
        >
          <span className="block h-2 rounded-full bg-brand-500" style={{ width: `${percent}%` }} />
        </span>
        <span className="text-sm font-bold text-ink-900">{percent}% complete</span>
      </span>
      {active ? (
        <span className="mt-1 block text-sm font-semibold text-brand-700">
          Continue: {active.video_title} <span aria-hidden="true">→</span>
        </span>
      ) : null}
    </Link>
  );
}

/**
 * The home hero's illustration: a fretboard with a G chord fingered and a play button, drawn in
 * SVG so nothing is fetched from elsewhere. A signed-in learner with a course in progress sees
 * their own course beside it; nobody sees made-up lesson names or figures.
 */
export function HomeHeroArt({ current }: { current: CurrentCourse | null }) {
  return (
    <div className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div
        aria-hidden="true"
        className="absolute -inset-4 -z-10 rotate-3 rounded-[2rem] bg-gradient-to-br from-brand-200 via-brand-100 to-transparent"
      />
      <div className="overflow-hidden rounded-3xl border border-stone-200 bg-white shadow-2xl shadow-brand-900/10">
        <svg viewBox="0 0 480 270" className="block w-full" aria-hidden="true">
          <defs>
            <linearGradient id="hero-wood" x1="0" x2="0" y1="0" y2="1">
              <stop offset="0" stopColor="#44291a" />
              <stop offset="1" stopColor="#2a1a10" />
            </linearGradient>
            <linearGradient id="hero-bg" x1="0" x2="1" y1="0" y2="1">
              <stop offset="0" stopColor="#292524" />
              <stop offset="1" stopColor="#0f0d0c" />
            </linearGradient>
          </defs>
          <rect width="480" height="270" fill="url(#hero-bg)" />
          <g transform="translate(0 60) rotate(-4 240 75)">
            <rect x="-20" y="0" width="520" height="150" fill="url(#hero-wood)" />
            {[70, 170, 262, 346, 422].map((x) => (
              <rect key={x} x={x} y="0" width="5" height="150" fill="#d6d3d1" opacity="0.85" />
            ))}
            <circle cx="216" cy="75" r="7" fill="#e7e5e4" opacity="0.5" />
            <circle cx="384" cy="75" r="7" fill="#e7e5e4" opacity="0.5" />
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <line
                key={i}
                x1="-20"
                x2="500"
                y1={12 + i * 25}
                y2={12 + i * 25}
                stroke="#f5f5f4"
                strokeWidth={1 + i * 0.5}
                opacity="0.9"
              />
            ))}
            {/* G major: 3rd fret low E, 2nd fret A, 3rd fret high E */}
            <circle cx="216" cy="137" r="13" fill="#ea580c" stroke="#fff7ed" strokeWidth="3" />
            <circle cx="120" cy="112" r="13" fill="#ea580c" stroke="#fff7ed" strokeWidth="3" />
            <circle cx="216" cy="12" r="13" fill="#ea580c" stroke="#fff7ed" strokeWidth="3" />
          </g>
          <circle cx="240" cy="135" r="34" fill="#fff" opacity="0.94" />
          <path d="M230 118v34l28-17z" fill="#ea580c" />
          <rect x="20" y="246" width="440" height="6" rx="3" fill="#fff" opacity="0.25" />
        </svg>
        <div className="p-5">
          <p className="text-xs font-bold tracking-widest text-brand-700 uppercase">Step-by-step video lessons</p>
          <p className="mt-1 text-lg font-bold text-ink-900">Chords, strumming, songs and solos</p>
        </div>
      </div>
      {current ? (
        <CurrentCourseCard current={current} className="mt-6 sm:absolute sm:-top-6 sm:-left-3 sm:mt-0 sm:max-w-sm" />
      ) : null}
    </div>
  );
}
