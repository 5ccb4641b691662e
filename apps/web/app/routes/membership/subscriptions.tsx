import { Link } from 'react-router';
import { formatDate } from '@fretline/contract';
import { Card, Container, EmptyState, LinkButton } from '../../components/ui';
import { getServerApi } from '../../lib/api.server';
import { seoMeta } from '../../lib/seo';
import { requireMe } from '../../features/account/require-user.server';
import { FreeTrialNote, SubscriptionStatusBadge } from '../../features/membership/status-badge';
import type { Route } from './+types/subscriptions';

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'Your subscriptions',
    description: 'Your Fretline subscriptions.',
    path: '/me/subscriptions',
    matches,
    noIndex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  await requireMe(request);
  return getServerApi(request).call('finance.listSubscriptions', { order: '-subscription_created' });
}

/** /me/subscriptions (where the legacy /dashboard/subscriptions lands, product.md#pages): newest first (product.md#constants). */
export default function Subscriptions({ loaderData }: Route.ComponentProps) {
  const { subscriptions } = loaderData;
  return (
    <Container width="prose" className="space-y-6 py-10 sm:py-14">
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Your subscriptions</h1>
      {subscriptions.length === 0 ? (
        <EmptyState title="No subscriptions yet" action={<LinkButton to="/membership">See the membership</LinkButton>}>
          Join to unlock every premium lesson.
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {subscriptions.map((s) => (
            <li key={s.id_subscription}>
              <Card className="flex flex-wrap items-center justify-between gap-3">
                <div>
                  <Link to={`/me/subscriptions/${s.id_subscription}`} className="font-semibold text-brand-700 underline">
                    {s.subscription_product_name} · {s.subscription_plan_name}
                  </Link>
                  <p className="text-sm text-stone-600">Started {formatDate(s.subscription_created, 'long')}</p>
                  <FreeTrialNote subscription={s} />
                </div>
                <SubscriptionStatusBadge status={s.subscription_status} />
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
