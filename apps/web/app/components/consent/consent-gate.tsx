import { Link } from 'react-router';
import { allowConsentCategory, useConsent, type ConsentChoice } from '../../lib/consent';
import { Button } from '../ui';

export interface ConsentGateProps {
  /** The consent the content needs: `video` for YouTube embeds, `audio` for Spotify/Soundslice (ADR 0005). */
  category: ConsentChoice;
  /** What the third party is, for the message ("YouTube"). */
  provider: string;
  /** Where the content can be seen on the provider's own site instead. */
  externalUrl?: string;
  children: React.ReactNode;
}

/**
 * Renders a third-party embed only once the visitor allowed its consent category; until then a
 * short explanation, a button that allows that category, and a link to the provider's site. The
 * server renders the placeholder for visitors who have not allowed it, so no third-party request
 * starts before consent.
 */
export function ConsentGate({ category, provider, externalUrl, children }: ConsentGateProps) {
  const consent = useConsent();
  if (consent[category]) return <>{children}</>;
  return (
    <div className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-2xl bg-stone-100 p-6 text-center text-sm text-ink-800">
      <p className="max-w-md">
        This {category === 'video' ? 'video' : 'player'} is provided by {provider}, which sets its own cookies. Allow {category}{' '}
        cookies to {category === 'video' ? 'watch' : 'listen'} here.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button size="sm" onClick={() => allowConsentCategory(category)}>
          Allow {category} cookies
        </Button>
        {externalUrl ? (
          <a
            href={externalUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="self-center font-semibold text-brand-700 underline"
          >
            Open on {provider}
          </a>
        ) : null}
      </div>
      <Link to="/cookies" className="text-xs text-ink-700 underline">
        Cookie settings
      </Link>
    </div>
  );
}
