import { Link } from 'react-router';
import { MEMBERSHIP_PRODUCT_SLUG } from '@fretline/contract';
import { Container } from '../../components/ui';
import { getServerApi } from '../../lib/api.server';
import { seoMeta } from '../../lib/seo';
import { requireMe } from '../../features/account/require-user.server';
import { CancelFlow } from '../../features/membership/cancel-flow';
import { loadOwnSubscription } from './subscription-data.server';
import type { Route } from './+types/subscription-cancel';

export const meta: Route.MetaFunction = ({ matches, params }) =>
  seoMeta({
    title: 'Cancel your subscription',
    description: 'Cancel your Fretline membership.',
    path: `/me/subscriptions/${params.idSubscription}/cancel`,
    matches,
    noIndex: true,
  });

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireMe(request);
  const api = getServerApi(request);
  const subscription = await loadOwnSubscription(api, params.idSubscription);
  const [{ subscription_product }, keep] = await Promise.all([
    api.call('finance.getProduct', { params: { slug: MEMBERSHIP_PRODUCT_SLUG } }),
    subscription.subscription_status === 'active'
      ? api.call('finance.getKeepOptions', { params: { id: subscription.id_subscription } })
      : Promise.resolve(null),
  ]);
  return {
    subscription,
    keepOptions: keep?.keep_options ?? null,
    question: subscription_product.subscription_product_cancellation_question ?? 'Why are you cancelling?',
  };
}

/** /me/subscriptions/:idSubscription/cancel: a reason and the cancellation question, a pause or offer instead, a confirm step, the result. */
export default function SubscriptionCancel({ loaderData }: Route.ComponentProps) {
  const { subscription, question, keepOptions } = loaderData;
  return (
    <Container width="narrow" className="space-y-6 py-10 sm:py-14">
      <p className="text-sm">
        <Link to={`/me/subscriptions/${subscription.id_subscription}`} className="font-semibold text-brand-700 underline">
          Your subscription
        </Link>
      </p>
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">
        Cancel {subscription.subscription_product_name ?? 'your subscription'}
      </h1>
      <CancelFlow subscription={subscription} question={question} keepOptions={keepOptions} />
    </Container>
  );
}
