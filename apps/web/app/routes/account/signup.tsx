import { Link } from 'react-router';
import { seoMeta } from '../../lib/seo';
import { AuthCard } from '../../features/account/auth-card';
import { redirectIfSignedIn } from '../../features/account/require-user.server';
import { SignupForm } from '../../features/account/signup-form';
import type { Route } from './+types/signup';

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'Sign up',
    description: 'Create your free Fretline account: no password, just a code by email.',
    path: '/signup',
    matches,
  });

export async function loader({ request }: Route.LoaderArgs) {
  await redirectIfSignedIn(request);
  return { email: new URL(request.url).searchParams.get('email') ?? '' };
}

export default function Signup({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard title="Create your account" intro="No password to remember: we'll email you a code to sign in.">
      <SignupForm initialEmail={loaderData.email} />
      <p className="mt-6 text-center text-sm text-stone-600">
        Already have an account?{' '}
        <Link to="/login" className="font-semibold text-brand-700 underline">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
