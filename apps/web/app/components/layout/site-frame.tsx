import { useNavigation } from 'react-router';
import { useRootData } from '../../lib/root-data';
import { cx } from '../ui/cx';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export interface SiteFrameProps {
  children: React.ReactNode;
  /** Passed to the header's signed-in slot (unread badge). */
  accountExtras?: React.ReactNode;
  /** The guest layout's calmer column: narrow and centred. */
  variant?: 'default' | 'guest';
}

/**
 * A thin bar at the top while the next page loads: on a slow phone connection a tapped link
 * otherwise seems to do nothing. It shows only after 200 ms, so quick navigations do not flash.
 */
function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  return (
    <div
      aria-hidden="true"
      className={cx(
        'pointer-events-none fixed inset-x-0 top-0 z-50 h-1 bg-brand-600 transition-opacity',
        busy ? 'animate-pulse opacity-100 delay-200' : 'opacity-0',
      )}
    />
  );
}

/** Skip link, header, the page, footer: the frame of every public page and of the error page. */
export function SiteFrame({ children, accountExtras, variant = 'default' }: SiteFrameProps) {
  const { user, teacherName, teacherDisplayName, flags } = useRootData();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-ink-900 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <NavigationProgress />
      <SiteHeader user={user} accountExtras={accountExtras} />
      {variant === 'guest' ? (
        <main id="main" tabIndex={-1} className="flex-1 bg-stone-50 outline-none">
          <div className="mx-auto w-full max-w-xl">{children}</div>
        </main>
      ) : (
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          {children}
        </main>
      )}
      <SiteFooter
        teacherName={teacherName}
        teacherDisplayName={teacherDisplayName}
        showFeaturesLink={flags.featuresLinkInFooter}
      />
    </div>
  );
}
