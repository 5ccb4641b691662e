import { useEffect } from 'react';
import { ANALYTICS_ACTIONS, firstName } from '@fretline/contract';
import { LinkButton } from '../../components/ui';
import { recordAction } from '../../lib/analytics';
import { api } from '../../lib/api.client';
import { seoMeta } from '../../lib/seo';
import { AuthCard } from '../../features/account/auth-card';
import { FirstStepsCard } from '../../features/learning/first-steps';
import { getServerApi } from '../../lib/api.server';
import { requireMe } from '../../features/account/require-user.server';
import { findWelcomeReturn } from '../../features/account/return-to.server';
import type { Route } from './+types/welcome';

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ title: 'Welcome', description: 'Welcome to Fretline.', path: '/welcome', matches, noIndex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireMe(request);
  // The first-steps quiz is sign-up's last, skippable step (docs/product.md#first-steps, ADR 0082).
  const [back, firstSteps] = await Promise.all([
    findWelcomeReturn(request),
    getServerApi(request)
      .call('videos.getFirstSteps')
      .then((r) => r.first_steps)
      .catch(() => null),
  ]);
  return { user, back, firstSteps };
}

/** /welcome (product.md#pages): the free-trial text; seeing it clears the welcome flag (PUT me/welcome, product.md#states). */
export default function Welcome({ loaderData }: Route.ComponentProps) {
  const { user, back, firstSteps } = loaderData;
  useEffect(() => {
    if (!user.welcome_pending) return;
    // Sign-up completion fires the conversion action (product.md#calls): the welcome flag is set at sign-up
    // and cleared here, so it counts each new account once. Attribution needs marketing consent.
    recordAction(ANALYTICS_ACTIONS.signupConversion, {}, 'marketing');
    void api.call('auth.dismissWelcome').catch(() => undefined);
  }, [user.welcome_pending]);

  return (
    <AuthCard wide title={`Welcome to Fretline${firstName(user) ? `, ${firstName(user)}` : ''}!`}>
      <div className="space-y-4 text-stone-700">
        <p>
          Your account is ready. Every free lesson, song and course video is open to you now, and you can save videos to your
          list.
        </p>
        {user.has_aaa_membership ? (
          <p>You're a member, so every lesson, song, course and live stream is unlocked.</p>
        ) : user.eligible_for_aaa_free_trial ? (
          <p>
            <strong className="text-ink-900">Try the full membership free.</strong> Access All Areas unlocks every premium lesson,
            the complete courses, live stream replays and the members' community. Start your free trial today: if it isn't for
            you, cancel before the trial ends and you won't pay a penny.
          </p>
        ) : (
          <p>Become a member to unlock every premium lesson, the complete courses and live stream replays.</p>
        )}
      </div>
      {/* Sign-up keeps the return route (product.md#pages): the page they signed up from comes first. */}
      {back ? (
        <LinkButton to={back.to} className="mt-6 w-full text-center">
          {back.label}
        </LinkButton>
      ) : null}
      {/* On wider screens the buttons share a row and never break a label; a row too long wraps whole buttons. */}
      <div
        className={`${back ? 'mt-3' : 'mt-6'} flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:[&>a]:whitespace-nowrap`}
        data-testid="welcome-actions"
      >
        {user.has_aaa_membership || back?.to.startsWith('/membership') ? null : (
          <LinkButton to="/membership" variant={back ? 'secondary' : 'primary'}>
            {user.eligible_for_aaa_free_trial ? 'Start my free trial' : 'See the membership'}
          </LinkButton>
        )}
        <LinkButton to="/videos" variant="secondary">
          Browse the lessons
        </LinkButton>
      </div>
      <FirstStepsCard signedIn initial={firstSteps} step />
      <p className="mt-6 text-sm text-stone-600">
        You can change your details and emails any time on{' '}
        <a href="/me" className="font-semibold text-brand-700 underline">
          your account page
        </a>
        .
      </p>
    </AuthCard>
  );
}
