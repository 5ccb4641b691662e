import { Link } from 'react-router';
import { seoMeta } from '../../lib/seo';
import { AuthCard } from '../../features/account/auth-card';
import { LeftHandedForm } from '../../features/account/left-handed-form';
import { ProfileForm } from '../../features/account/profile-form';
import { requireMe } from '../../features/account/require-user.server';
import type { Route } from './+types/me-edit';

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ title: 'Edit your details', description: 'Edit your Fretline details.', path: '/me/edit', matches, noIndex: true });

export async function loader({ request }: Route.LoaderArgs) {
  return { user: await requireMe(request) };
}

/** /me/edit (product.md#pages). */
export default function MeEdit({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard title="Your details">
      <ProfileForm user={loaderData.user} />
      <LeftHandedForm user={loaderData.user} />
      <p className="mt-6 text-sm">
        <Link to="/me" className="font-semibold text-brand-700 underline">
          Back to your account
        </Link>
      </p>
    </AuthCard>
  );
}
