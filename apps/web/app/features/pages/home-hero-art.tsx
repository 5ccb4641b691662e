/**
 * The home hero's illustration: a fretboard with a G chord fingered and a play button, drawn in
 * SVG so nothing is fetched from elsewhere. It shows no lesson names or figures: a learner's own
 * progress is the Continue card beside it (docs/product.md#learning-progress), never an example.
 */
export function HomeHeroArt() {
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
    </div>
  );
}
