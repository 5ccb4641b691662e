import { Link } from 'react-router';
import { Container } from '../../components/ui';
import { getServerApi } from '../../lib/api.server';
import { seoMeta } from '../../lib/seo';
import { requireMe } from '../../features/account/require-user.server';
import { SessionsList } from '../../features/account/sessions-list';
import type { Route } from './+types/me-sessions';

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'Signed-in devices',
    description: 'Where you are signed in to Fretline.',
    path: '/me/sessions',
    matches,
    noIndex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  await requireMe(request);
  return getServerApi(request).call('auth.listSessions');
}

/** Session list (GET me/sessions; product.md#entities, #states), newest access first. */
export default function MeSessions({ loaderData }: Route.ComponentProps) {
  return (
    <Container width="narrow" className="py-10 sm:py-14">
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Signed-in devices</h1>
      <p className="mt-2 text-stone-600">Where your account is signed in. Sign out any device you don't recognise.</p>
      <div className="mt-6">
        <SessionsList sessions={loaderData.sessions} />
      </div>
      <p className="mt-6 text-sm">
        <Link to="/me" className="font-semibold text-brand-700 underline">
          Back to your account
        </Link>
      </p>
    </Container>
  );
}
