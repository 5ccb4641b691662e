import { Link } from 'react-router';
import { seoMeta } from '../../lib/seo';
import { AuthCard } from '../../features/account/auth-card';
import { DeleteAccount } from '../../features/account/delete-account';
import { requireMe } from '../../features/account/require-user.server';
import type { Route } from './+types/me-delete';

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'Delete your account',
    description: 'Delete your Fretline account.',
    path: '/me/delete',
    matches,
    noIndex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  return { user: await requireMe(request) };
}

/** Account deletion with a confirmation step (ADR 0012). */
export default function MeDelete({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard title="Delete your account" intro="Deleting your account:">
      <DeleteAccount hasMembership={loaderData.user.has_aaa_membership} />
      <p className="mt-6 text-sm">
        <Link to="/me" className="font-semibold text-brand-700 underline">
          Keep my account
        </Link>
      </p>
    </AuthCard>
  );
}
