import { seoMeta } from '../../lib/seo';
import { AuthCard } from '../../features/account/auth-card';
import { UnsubscribePanel } from '../../features/account/unsubscribe-panel';
import type { Route } from './+types/unsubscribe';

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'Unsubscribe',
    description: 'Unsubscribe from Fretline emails.',
    path: '/unsubscribe',
    matches,
    noIndex: true,
  });

/** Both /unsubscribe/:email/:token and /unsubscribe-mailers/:email/:token (product.md#pages) render here. */
export function loader({ params, request }: Route.LoaderArgs) {
  const list: 'emails' | 'mailers' = new URL(request.url).pathname.startsWith('/unsubscribe-mailers/') ? 'mailers' : 'emails';
  return { email: params.email, token: params.token, list };
}

export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  const { email, token, list } = loaderData;
  return (
    <AuthCard title={list === 'mailers' ? 'Unsubscribe from mailers' : 'Unsubscribe'}>
      <UnsubscribePanel email={email} token={token} list={list} />
    </AuthCard>
  );
}
