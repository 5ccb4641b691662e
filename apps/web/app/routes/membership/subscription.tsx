import { Link } from 'react-router';
import {
  formatDate,
  formatPence,
  MEMBERSHIP_PRODUCT_SLUG,
  membershipStateDate,
  membershipStateText,
  subscriptionState,
} from '@fretline/contract';
import { Card, Container, LinkButton } from '../../components/ui';
import { getServerApi } from '../../lib/api.server';
import { seoMeta } from '../../lib/seo';
import { requireMe } from '../../features/account/require-user.server';
import { AddressForm } from '../../features/membership/address-form';
import { Invoices } from '../../features/membership/invoices';
import { PausePanel } from '../../features/membership/pause-panel';
import { isWaitingForFirstPayment, PaymentConfirming } from '../../features/membership/payment-confirming';
import { SwitchPlanPanel } from '../../features/membership/switch-plan';
import { UndoCancellation } from '../../features/membership/undo-cancellation';
import { PaymentMethods } from '../../features/membership/payment-methods';
import { FreeTrialNote, SubscriptionStatusBadge } from '../../features/membership/status-badge';
import { loadOwnSubscription } from './subscription-data.server';
import type { Route } from './+types/subscription';

export const meta: Route.MetaFunction = ({ matches, params }) =>
  seoMeta({
    title: 'Your subscription',
    description: 'Your membership: status, cards, invoices and billing address.',
    path: `/me/subscriptions/${params.idSubscription}`,
    matches,
    noIndex: true,
  });

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireMe(request);
  const api = getServerApi(request);
  const subscription = await loadOwnSubscription(api, params.idSubscription);
  const id = subscription.id_subscription;
  const [methods, invoices, parties, product, keep, planSwitch] = await Promise.all([
    api.call('finance.listPaymentMethods', { params: { id } }),
    api.call('finance.listInvoices', { params: { id }, filter: { stripe_invoice_total: { gte: 0.01 } } }),
    api.call('finance.listParties', { filter: { fk_organisation_party: null } }),
    api.call('finance.getProduct', { params: { slug: MEMBERSHIP_PRODUCT_SLUG } }),
    subscription.subscription_status === 'active'
      ? api.call('finance.getKeepOptions', { params: { id } })
      : Promise.resolve(null),
    subscription.subscription_status === 'active' ? api.call('finance.getPlanSwitch', { params: { id } }) : Promise.resolve(null),
  ]);
  const party = parties.parties[0] ?? null;
  const address = party ? (await api.call('finance.getAddress', { params: { id: party.id_party } })).address : null;
  const offer = product.subscription_product;
  return {
    subscription,
    paymentMethods: methods.payment_methods,
    invoices: invoices.invoices,
    idParty: party?.id_party ?? null,
    address,
    provider: offer.payment_provider,
    publishableKey: offer.stripe_publishable_key,
    keepOptions: keep?.keep_options ?? null,
    planSwitch: planSwitch?.plan_switch ?? null,
  };
}

/** /me/subscriptions/:idSubscription (route id me-subscriptions-idSubscription, product.md#pages). */
export default function SubscriptionPage({ loaderData }: Route.ComponentProps) {
  const { subscription, paymentMethods, invoices, idParty, address, provider, publishableKey, keepOptions, planSwitch } =
    loaderData;
  const status = subscription.subscription_status;
  // Where it stands and the date that matters, by the rules /me uses (product.md#subscriptions, ADR 0082).
  const state = subscriptionState(subscription, new Date());
  const stateDate = membershipStateDate(state);
  return (
    <Container width="prose" className="space-y-6 py-10 sm:py-14">
      <p className="text-sm">
        <Link to="/membership" className="font-semibold text-brand-700 underline">
          Membership
        </Link>
      </p>
      <Card as="section" aria-labelledby="subscription-heading">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h1 id="subscription-heading" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
              {subscription.subscription_product_name ?? 'Subscription'}
            </h1>
            <p className="mt-1 text-stone-700">
              {subscription.subscription_plan_name} plan
              {subscription.subscription_plan_price !== null
                ? ` · ${formatPence(subscription.subscription_plan_price)} a ${subscription.subscription_plan_interval ?? 'month'}`
                : ''}
            </p>
          </div>
          <div className="flex flex-col items-start gap-1 sm:items-end">
            <SubscriptionStatusBadge status={status} />
            <FreeTrialNote subscription={subscription} />
          </div>
        </div>
        {state.kind !== 'none' && state.kind !== 'trial' ? (
          <p className="mt-3 font-semibold text-ink-900" data-testid="membership-state">
            {membershipStateText(state)}
          </p>
        ) : null}
        <dl className="mt-5 grid gap-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-stone-500">Started</dt>
            <dd className="font-semibold">{formatDate(subscription.subscription_created, 'long')}</dd>
          </div>
          {stateDate ? (
            <div>
              <dt className="text-stone-500">{stateDate.label}</dt>
              <dd className="font-semibold" data-testid="state-date">
                {formatDate(stateDate.date, 'long')}
              </dd>
            </div>
          ) : null}
          {status === 'cancelled' && subscription.subscription_product_cancellation_question ? (
            <div className="sm:col-span-2">
              <dt className="text-stone-500">Your reason for cancelling</dt>
              <dd className="font-semibold">{subscription.subscription_product_cancellation_question}</dd>
            </div>
          ) : null}
        </dl>
        {/* Managing a subscription (product.md#states): polled every 1 s at first while the first payment is under way. */}
        {isWaitingForFirstPayment(status) ? <PaymentConfirming idSubscription={subscription.id_subscription} /> : null}
        {status === 'incomplete' || status === 'failed' ? (
          <p role="alert" className="mt-5 rounded-xl bg-red-50 px-4 py-3 text-sm font-semibold text-red-800">
            {status === 'incomplete'
              ? "Your first payment didn't go through. Add a new card below and we'll try again straight away."
              : "Your latest payment didn't go through, so premium lessons are locked. Add a new card below and we'll try again."}
          </p>
        ) : null}
        {state.kind === 'cancelled' ? (
          <UndoCancellation idSubscription={subscription.id_subscription} accessUntil={state.accessUntil} />
        ) : null}
        {status !== 'cancelled' ? (
          <div className="mt-5">
            <LinkButton
              to={`/me/subscriptions/${subscription.id_subscription}/cancel`}
              variant="ghost"
              size="sm"
              className="-ml-4"
            >
              Cancel subscription
            </LinkButton>
          </div>
        ) : null}
      </Card>
      {status === 'active' ? <SwitchPlanPanel subscription={subscription} planSwitch={planSwitch} /> : null}
      {status === 'active' ? <PausePanel subscription={subscription} keepOptions={keepOptions} /> : null}
      <PaymentMethods
        idSubscription={subscription.id_subscription}
        initial={paymentMethods}
        provider={provider}
        publishableKey={publishableKey}
        canAdd={status !== 'cancelled'}
      />
      <Invoices invoices={invoices} />
      <AddressForm idParty={idParty} initial={address} />
    </Container>
  );
}
