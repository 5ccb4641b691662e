import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../components/ui';
import { seoMeta } from '../../lib/seo';
import { AuthCard } from '../../features/account/auth-card';
import { readLoginState } from '../../features/account/login-state';
import { PasscodeForm } from '../../features/account/passcode-form';
import { redirectIfSignedIn } from '../../features/account/require-user.server';
import { returnRouteOf } from '../../features/account/return-to.server';
import { skipRevalidationWhileSigningIn } from '../../features/account/sign-in';
import type { Route } from './+types/login-code';

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'Enter your code',
    description: 'Enter the 6-digit code we emailed you.',
    path: '/login-code',
    matches,
    noIndex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  await redirectIfSignedIn(request);
  return { returnTo: returnRouteOf(request) };
}

// A focus refresh after the code is accepted would redirect to /me before the return route loads.
export const shouldRevalidate = skipRevalidationWhileSigningIn;

/** /login-code (product.md#pages): needs the address from this tab's login state, else back to /login. */
export default function LoginCode({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [email, setEmail] = useState<string | null>();
  useEffect(() => {
    const state = readLoginState();
    if (!state?.email) void navigate('/login', { replace: true });
    else setEmail(state.email);
  }, [navigate]);

  return (
    <AuthCard
      title="Check your email"
      intro={
        email ? (
          <>
            We've sent a 6-digit code to <strong className="text-ink-900">{email}</strong>. It works for 10 minutes.
          </>
        ) : null
      }
    >
      {email ? <PasscodeForm email={email} returnTo={loaderData.returnTo} /> : <Spinner label="Loading" />}
    </AuthCard>
  );
}
