import { Link } from 'react-router';
import { cx } from '../../components/ui';

const LINKS = [
  { to: '/me/practice', label: 'Practice log' },
  { to: '/me/chord-changes', label: 'One Minute Changes' },
  { to: '/me/chords', label: 'Chords I know' },
  { to: '/tuner', label: 'Tuner and metronome' },
];

/** The practice tools, one tab each (product.md#practice-log). */
export function PracticeLinks({ current }: { current: string }) {
  return (
    // The tabs wrap rather than scroll, so on a phone the current one is never cut off at the edge.
    <nav aria-label="Practice tools" className="max-w-full">
      <ul className="flex flex-wrap gap-1">
        {LINKS.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              aria-current={link.to === current ? 'page' : undefined}
              className={cx(
                'inline-flex min-h-10 items-center whitespace-nowrap rounded-full px-3 text-sm font-semibold sm:px-3.5',
                link.to === current
                  ? 'bg-ink-900 text-white'
                  : 'bg-stone-100 text-stone-700 hover:bg-brand-50 hover:text-brand-700',
              )}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
