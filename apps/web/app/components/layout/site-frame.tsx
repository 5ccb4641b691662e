import { useRootData } from '../../lib/root-data';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export interface SiteFrameProps {
  children: React.ReactNode;
  /** Passed to the header's signed-in slot (unread badge). */
  accountExtras?: React.ReactNode;
  /** The guest layout's calmer column: narrow and centred. */
  variant?: 'default' | 'guest';
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
