import { Link } from 'react-router';
import { cx } from '../../components/ui';

/** The practice tools (product.md#practice-log); `personal` ones keep the learner's own data and ask a visitor to sign in. */
export const PRACTICE_TOOLS = [
  { to: '/me/practice', label: 'Practice log', text: 'Minutes practised, your weekly goal and streak.', personal: true },
  { to: '/me/chord-changes', label: 'One Minute Changes', text: 'Count your chord changes in a minute.', personal: true },
  { to: '/me/chords', label: 'Chords I know', text: 'Your chords, and the songs you can play with them.', personal: true },
  { to: '/tuner', label: 'Tuner', text: 'Tune up with your microphone: standard, drop D, open tunings.', personal: false },
  { to: '/metronome', label: 'Metronome', text: 'Keep time: tempo, beats in a bar, accent and tap tempo.', personal: false },
] as const;

/** The practice tools, one tab each (product.md#practice-log). */
export function PracticeLinks({ current }: { current: string }) {
  return (
    // The tabs wrap rather than scroll, so on a phone the current one is never cut off at the edge.
    <nav aria-label="Practice tools" className="max-w-full">
      <ul className="flex flex-wrap gap-1">
        {PRACTICE_TOOLS.map((link) => (
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
