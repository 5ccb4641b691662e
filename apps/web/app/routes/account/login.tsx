import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { seoMeta } from '../../lib/seo';
import { AuthCard } from '../../features/account/auth-card';
import { EmailForm } from '../../features/account/email-form';
import { readRememberedEmail } from '../../features/account/login-state';
import { redirectIfSignedIn } from '../../features/account/require-user.server';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ title: 'Sign in', description: 'Sign in to Fretline with a code sent to your email.', path: '/login', matches });

export async function loader({ request }: Route.LoaderArgs) {
  await redirectIfSignedIn(request);
  return null;
}

/** /login (product.md#pages): e-mail entry; a code is sent, then /login-code. */
export default function Login() {
  const navigate = useNavigate();
  // The remembered address is read after hydration: the server render must match the first paint.
  const [initialEmail, setInitialEmail] = useState<string>();
  useEffect(() => setInitialEmail(readRememberedEmail() ?? ''), []);

  return (
    <AuthCard title="Sign in" intro="Enter your email address and we'll send you a 6-digit code.">
      {initialEmail === undefined ? (
        <EmailForm key="ssr" sendCode submitLabel="Email me a code" onDone={() => navigate('/login-code')} />
      ) : (
        <EmailForm
          key="ready"
          initialEmail={initialEmail}
          sendCode
          submitLabel="Email me a code"
          onDone={() => navigate('/login-code')}
        />
      )}
      <p className="mt-6 text-center text-sm text-stone-600">
        New to Fretline?{' '}
        <Link to="/signup" className="font-semibold text-brand-700 underline">
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
