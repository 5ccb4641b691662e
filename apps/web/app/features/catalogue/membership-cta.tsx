import { startTrialText } from '@fretline/contract';
import { useLocation } from 'react-router';
import { LinkButton } from '../../components/ui';
import { useRootData } from '../../lib/root-data';

/**
 * ADR 0015: what a non-member sees instead of a premium player. Someone who may still take the
 * free trial (a visitor too, product.md#roles) is offered it, with its length from the product (ADR 0048).
 */
export function MembershipCta({
  poster,
  signedIn,
  what = 'lesson',
  trialDays = null,
  offerTrial: offerTrialAs,
}: {
  poster: string | null;
  signedIn: boolean;
  what?: string;
  /** The membership's trial length from the product data; null when unknown. */
  trialDays?: number | null;
  /** An editor's preview (ADR 0061) shows what a newcomer gets, not what the editor's own account would. */
  offerTrial?: boolean;
}) {
  const { user } = useRootData();
  // The membership page brings the learner back here once they have joined (ADR 0082).
  const here = useLocation();
  const membership = `/membership?back=${encodeURIComponent(`${here.pathname}${here.search}`)}`;
  const offerTrial = (offerTrialAs ?? (user.eligible_for_aaa_free_trial && !user.has_aaa_membership)) && trialDays !== 0;
  return (
    <div className="relative overflow-hidden rounded-2xl bg-ink-900 text-white">
      {/* Blurred, so the words printed on a poster never sit legibly behind the message. */}
      {poster ? (
        <img src={poster} alt="" className="absolute inset-0 size-full scale-110 object-cover opacity-40 blur-md" />
      ) : null}
      <div className="relative flex aspect-video flex-col items-center justify-center gap-3 p-6 text-center">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-10 text-brand-500">
          <path
            fill="currentColor"
            d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z"
          />
        </svg>
        <p className="text-xl font-bold sm:text-2xl">This {what} is for members</p>
        <p className="max-w-md text-sm text-stone-200 sm:text-base">
          {offerTrial
            ? `Try the membership free${trialDays ? ` for ${trialDays} days` : ''}: watch every lesson and song, download the charts and follow the courses with your progress saved.`
            : 'Join the membership to watch every lesson and song, download the charts and follow the courses with your progress saved.'}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <LinkButton to={membership}>{offerTrial ? startTrialText(trialDays) : 'See the membership'}</LinkButton>
          {signedIn ? null : (
            <LinkButton to="/login" variant="secondary">
              Sign in
            </LinkButton>
          )}
        </div>
      </div>
    </div>
  );
}
