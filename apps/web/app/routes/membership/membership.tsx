import { useState } from 'react';
import { redirect } from 'react-router';
import {
  formatPence,
  MEMBERSHIP_PRODUCT_SLUG,
  membershipStateText,
  subscriptionState,
  type Subscription,
} from '@fretline/contract';
import { Card, Container, LinkButton } from '../../components/ui';
import { getServerApi } from '../../lib/api.server';
import { seoMeta } from '../../lib/seo';
import { Checkout } from '../../features/membership/checkout';
import { PlanPicker } from '../../features/membership/plan-picker';
import { UndoCancellation } from '../../features/membership/undo-cancellation';
import { findTrialReturn } from '../../features/account/return-to.server';
import { FreeTrialNote, needsAttention, SubscriptionStatusBadge } from '../../features/membership/status-badge';
import type { Route } from './+types/membership';

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'Membership: Access All Areas',
    description:
      'Every premium guitar lesson, song and course, with live streams and replays. Monthly or yearly in GBP, with a free trial.',
    path: '/membership',
    matches,
  });

export async function loader({ request }: Route.LoaderArgs) {
  const api = getServerApi(request);
  const [productData, meData] = await Promise.all([
    api.call('finance.getProduct', { params: { slug: MEMBERSHIP_PRODUCT_SLUG } }),
    api.call('auth.getMe'),
  ]);
  const product = productData.subscription_product;
  const signedIn = meData.user.id_user !== null;
  let current: Subscription | null = null;
  if (signedIn) {
    const { subscriptions: list } = await api.call('finance.listSubscriptions', {
      filter: { id_subscription_product: product.id_subscription_product },
      order: '-subscription_created',
    });
    // Membership check (product.md#states): a subscription neither active nor cancelled sends the user to its page.
    const attention = list.find((s) => needsAttention(s.subscription_status));
    if (attention) throw redirect(`/me/subscriptions/${attention.id_subscription}`);
    current =
      list.find((s) => s.subscription_status === 'active') ??
      list.find(
        (s) =>
          s.subscription_status === 'cancelled' &&
          s.subscription_current_period_end !== null &&
          s.subscription_current_period_end > new Date(),
      ) ??
      null;
  }
  return {
    product,
    signedIn,
    // The locked lesson the learner came from (?back=), where the checkout returns them (ADR 0082).
    back: signedIn ? await findTrialReturn(request) : null,
    hasMembership: meData.user.has_aaa_membership,
    eligibleForTrial: meData.user.eligible_for_aaa_free_trial,
    current,
  };
}

/** /membership: the offer and, for a member, their status (product.md#pages; ADR 0020). */
export default function Membership({ loaderData }: Route.ComponentProps) {
  const { product, signedIn, hasMembership, eligibleForTrial, current, back } = loaderData;
  const plans = product.subscription_plans;
  const [selected, setSelected] = useState(plans[0]?.id_subscription_plan ?? 0);
  const plan = plans.find((p) => p.id_subscription_plan === selected) ?? plans[0];
  const trialDays = eligibleForTrial ? product.subscription_product_trial_days : 0;
  // Once a purchase starts, the checkout stays mounted through the revalidation that makes this
  // visitor a member, so its confirmation is what they see (not a sudden switch to the status card).
  const [purchasing, setPurchasing] = useState(false);

  return (
    <div className="bg-gradient-to-b from-brand-50 to-white">
      <Container className="py-10 sm:py-16">
        <div className="grid gap-10 lg:grid-cols-[1fr_26rem] lg:gap-14">
          <section>
            <p className="text-sm font-bold tracking-wider text-brand-700 uppercase">Membership</p>
            <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl">
              {product.subscription_product_name}
            </h1>
            <p className="mt-4 max-w-xl text-lg text-stone-700">{product.subscription_product_description}</p>
            {trialDays > 0 && !hasMembership ? (
              <p
                className="mt-5 inline-flex rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-brand-800 shadow-sm ring-1 ring-brand-200"
                data-testid="trial-text"
              >
                Try it free for {trialDays} days — you won't be charged until your trial ends.
              </p>
            ) : null}
            <ul className="mt-8 grid gap-3 sm:grid-cols-2">
              {product.subscription_product_features.map((feature) => (
                <li key={feature} className="flex gap-3 rounded-xl bg-white/80 p-3 ring-1 ring-stone-200">
                  <span
                    aria-hidden="true"
                    className="mt-0.5 grid size-6 shrink-0 place-items-center rounded-full bg-brand-700 text-xs font-bold text-white"
                  >
                    ✓
                  </span>
                  <span className="text-stone-800">{feature}</span>
                </li>
              ))}
            </ul>
          </section>

          <section aria-label="Join" className="space-y-5">
            {hasMembership && current && !purchasing ? (
              <MemberStatus subscription={current} />
            ) : (
              <>
                {!purchasing && <PlanPicker plans={plans} selected={selected} onSelect={setSelected} />}
                {!signedIn ? (
                  <Card className="space-y-4 text-center">
                    <p className="text-stone-700">
                      {trialDays > 0
                        ? `Create a free account to start your ${trialDays}-day free trial.`
                        : 'Create a free account to join.'}
                    </p>
                    <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
                      <LinkButton to="/signup">Sign up</LinkButton>
                      <LinkButton to="/login" variant="secondary">
                        Sign in
                      </LinkButton>
                    </div>
                    <p className="text-xs text-stone-500">You'll come straight back here afterwards.</p>
                  </Card>
                ) : plan ? (
                  <Checkout
                    key={plan.id_subscription_plan}
                    product={product}
                    plan={plan}
                    eligibleForTrial={eligibleForTrial}
                    back={back}
                    onPurchaseStarted={() => setPurchasing(true)}
                  />
                ) : null}
              </>
            )}
          </section>
        </div>
      </Container>
    </div>
  );
}

function MemberStatus({ subscription }: { subscription: Subscription }) {
  // The same state and date as /me and the subscription page (product.md#subscriptions, ADR 0082).
  const state = subscriptionState(subscription, new Date());
  return (
    <Card data-testid="member-status">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-xl font-bold">{state.kind === 'cancelled' ? 'Your membership is ending' : "You're a member"}</h2>
        <SubscriptionStatusBadge status={subscription.subscription_status} />
      </div>
      <p className="mt-2 text-stone-700">
        {subscription.subscription_plan_name} plan
        {subscription.subscription_plan_price !== null
          ? `, ${formatPence(subscription.subscription_plan_price)} a ${subscription.subscription_plan_interval ?? 'month'}`
          : ''}
        .
      </p>
      {state.kind === 'trial' ? (
        <FreeTrialNote subscription={subscription} className="mt-1 text-sm font-semibold text-emerald-800" />
      ) : state.kind !== 'none' ? (
        <p className="mt-1 text-sm font-semibold text-ink-900" data-testid="membership-state">
          {membershipStateText(state)}
        </p>
      ) : null}
      {state.kind === 'cancelled' ? (
        <UndoCancellation idSubscription={subscription.id_subscription} accessUntil={state.accessUntil} />
      ) : null}
      <div className="mt-5 flex flex-col gap-3">
        <LinkButton to="/courses">Keep learning</LinkButton>
        <LinkButton to={`/me/subscriptions/${subscription.id_subscription}`} variant="secondary">
          Manage subscription
        </LinkButton>
      </div>
    </Card>
  );
}
