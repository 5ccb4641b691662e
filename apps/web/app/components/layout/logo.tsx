import { cx } from '../ui/cx';

/** The Fretline mark: a plectrum with three frets and a string across it (also public/favicon.svg). */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cx('shrink-0', className)}>
      <path
        d="M16 2c8.2 0 13.5 3.3 13.5 9.2 0 7.6-7.4 15.8-11.2 18.3a4.1 4.1 0 0 1-4.6 0C9.9 27 2.5 18.8 2.5 11.2 2.5 5.3 7.8 2 16 2Z"
        fill="#ea580c"
      />
      <path d="M8.5 9.5h15M9.5 14.5h13M11.5 19.5h9" stroke="#fff7ed" strokeWidth="1.6" strokeLinecap="round" />
      <path d="M16 5.5v20" stroke="#1c1917" strokeWidth="1.4" strokeLinecap="round" opacity="0.55" />
    </svg>
  );
}

/** Mark + word mark, used in the header and footer. */
export function Logo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={cx('inline-flex items-center gap-2', className)}>
      <LogoMark className="size-8" />
      <span className={cx('text-xl font-extrabold tracking-tight', inverted ? 'text-white' : 'text-ink-900')}>
        Fret<span className="text-brand-600">line</span>
      </span>
    </span>
  );
}
