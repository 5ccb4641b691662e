import { Link } from 'react-router';
import { getServerApi } from '../../lib/api.server';
import { seoMeta } from '../../lib/seo';
import { AuthCard } from '../../features/account/auth-card';
import { NotificationsForm } from '../../features/account/notifications-form';
import { requireMe } from '../../features/account/require-user.server';
import type { Route } from './+types/me-notifications';

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'Email preferences',
    description: 'Choose the emails Fretline sends you.',
    path: '/me/notifications',
    matches,
    noIndex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireMe(request);
  const { digest } = await getServerApi(request).call('mailers.getDigest', {});
  return { user, digest };
}

/** /me/notifications (product.md#pages): mailer preferences. */
export default function MeNotifications({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard title="Email preferences" intro="Choose which emails we send you.">
      <NotificationsForm user={loaderData.user} digest={loaderData.digest} />
      <p className="mt-6 text-sm">
        <Link to="/me" className="font-semibold text-brand-700 underline">
          Back to your account
        </Link>
      </p>
    </AuthCard>
  );
}
