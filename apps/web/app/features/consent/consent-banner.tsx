import { Link, useLocation } from 'react-router';
import { Button, buttonClasses } from '../../components/ui';
import { ACCEPT_ALL, CONSENT_CHOICES, CONSENT_INTENTS, REJECT_NON_ESSENTIAL, setConsent, useConsent } from '../../lib/consent';

/**
 * Cookie consent on the first visit (ADR 0005; product.md#entities, #roles): accept all, reject non-essential, or
 * manage the categories on /cookies. A non-modal region that sticks to the bottom of the viewport
 * while sitting in the page's flow, so at the end of the page it covers nothing and a 360 px phone
 * can still scroll to every part of the page. It never takes focus away from the page.
 */
export function ConsentBanner() {
  const consent = useConsent();
  const { pathname } = useLocation();
  // The settings page asks the same question in full.
  if (consent.asked || pathname === '/cookies') return null;
  // With scripts the choice is stored at once in the browser; without them the buttons post the
  // same choice to the /cookies action (CONSENT_INTENTS), which sets the cookies on the server.
  const choose = (event: React.MouseEvent<HTMLButtonElement>, all: boolean) => {
    event.preventDefault();
    const source = all ? ACCEPT_ALL : REJECT_NON_ESSENTIAL;
    setConsent(Object.fromEntries(CONSENT_CHOICES.map((c) => [c, source[c]])));
  };
  return (
    <section
      aria-labelledby="consent-banner-title"
      data-testid="consent-banner"
      className="sticky bottom-0 z-40 border-t border-stone-200 bg-white/95 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-5xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:gap-6">
        <div className="text-sm text-ink-800">
          <h2 id="consent-banner-title" className="font-semibold text-ink-900">
            Cookies on Fretline
          </h2>
          <p className="mt-0.5">
            We use essential cookies to run the site. With your permission we also use cookies for videos, audio players,
            payments, analytics and marketing.
          </p>
        </div>
        <form method="post" action="/cookies" className="flex shrink-0 flex-wrap gap-2">
          <Button size="sm" type="submit" name="intent" value={CONSENT_INTENTS.acceptAll} onClick={(e) => choose(e, true)}>
            Accept all
          </Button>
          <Button
            size="sm"
            type="submit"
            name="intent"
            value={CONSENT_INTENTS.rejectNonEssential}
            variant="secondary"
            onClick={(e) => choose(e, false)}
          >
            Reject non-essential
          </Button>
          <Link to="/cookies" className={buttonClasses('ghost', 'sm', 'underline')}>
            Manage
          </Link>
        </form>
      </div>
    </section>
  );
}
