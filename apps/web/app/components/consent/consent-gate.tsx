import { Link } from 'react-router';
import { allowConsentCategory, useConsent, type ConsentChoice } from '../../lib/consent';
import { Button, cx } from '../ui';

export interface ConsentGateProps {
  /** The consent the content needs: `video` for YouTube embeds, `audio` for Spotify/Soundslice (ADR 0005). */
  category: ConsentChoice;
  /** What the third party is, for the message ("YouTube"). */
  provider: string;
  /** Where the content can be seen on the provider's own site instead. */
  externalUrl?: string | undefined;
  /** A still of the content shown faintly behind the message (a YouTube video's poster). */
  poster?: string | null | undefined;
  /**
   * `video` keeps the 16:9 frame of a player, so the page does not jump once it is allowed;
   * `panel` is a shorter box for audio players and notation.
   */
  shape?: 'video' | 'panel';
  children: React.ReactNode;
}

/**
 * Renders a third-party embed only once the visitor allowed its consent category; until then a
 * short explanation, a button that allows that category, and a link to the provider's site. The
 * server renders the placeholder for visitors who have not allowed it, so no third-party request
 * starts before consent.
 */
export function ConsentGate({ category, provider, externalUrl, poster, shape = 'video', children }: ConsentGateProps) {
  const consent = useConsent();
  if (consent[category]) return <>{children}</>;
  const dark = Boolean(poster);
  return (
    <div
      data-testid="consent-gate"
      className={cx(
        'relative w-full overflow-hidden rounded-2xl text-sm',
        dark ? 'bg-ink-900 text-white' : 'border border-dashed border-stone-300 bg-stone-100 text-ink-800',
      )}
    >
      {/* Blurred, so the words printed on a poster never sit legibly behind the message. */}
      {poster ? (
        <img src={poster} alt="" className="absolute inset-0 size-full scale-110 object-cover opacity-40 blur-md" />
      ) : null}
      <div
        className={cx(
          'relative flex flex-col items-center justify-center gap-2 p-6 text-center',
          shape === 'video' ? 'aspect-video' : 'min-h-36',
        )}
      >
        <p className={cx('max-w-md', dark && 'text-stone-100')}>
          This {category === 'video' ? 'video' : 'player'} is provided by {provider}, which sets its own cookies. Allow {category}{' '}
          cookies to {category === 'video' ? 'watch' : 'use'} it here.
        </p>
        <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2">
          <Button size="sm" onClick={() => allowConsentCategory(category)}>
            Allow {category} cookies
          </Button>
          {externalUrl ? (
            <a
              href={externalUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={cx(
                'inline-flex min-h-10 items-center font-semibold underline underline-offset-2',
                dark ? 'text-white' : 'text-brand-700',
              )}
            >
              Open on {provider}
            </a>
          ) : null}
        </div>
        <Link
          to="/cookies"
          className={cx('inline-flex min-h-10 items-center text-xs underline', dark ? 'text-stone-200' : 'text-ink-700')}
        >
          Cookie settings
        </Link>
      </div>
    </div>
  );
}
