import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { seoMeta } from '../../lib/seo';
import { AuthCard } from '../../features/account/auth-card';
import { EmailForm } from '../../features/account/email-form';
import { readRememberedEmail } from '../../features/account/login-state';
import { redirectIfSignedIn } from '../../features/account/require-user.server';
import { THREAD_UNAVAILABLE_REASON, ThreadUnavailableNotice } from '../../features/messages/thread-unavailable-notice';
import { fetchCurrentUser } from '../../lib/api.server';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ title: 'Sign in', description: 'Sign in to Fretline with a code sent to your email.', path: '/login', matches });

export async function loader({ request }: Route.LoaderArgs) {
  // A failed thread load lands here with its reason (product.md#roles, #errors). Someone signed in
  // stays to read it (and may switch account) rather than being sent on to /me.
  if (new URL(request.url).searchParams.get('reason') === THREAD_UNAVAILABLE_REASON) {
    const me = await fetchCurrentUser(request).catch(() => undefined);
    return { threadUnavailable: true, signedInEmail: me?.user.id_user ? (me.user.email ?? null) : null };
  }
  await redirectIfSignedIn(request);
  return { threadUnavailable: false, signedInEmail: null };
}

/** /login (product.md#pages): e-mail entry; a code is sent, then /login-code. */
export default function Login({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  // The remembered address is read after hydration: the server render must match the first paint.
  const [initialEmail, setInitialEmail] = useState<string>();
  useEffect(() => setInitialEmail(readRememberedEmail() ?? ''), []);

  // Signed in, a code could not be used here (the code pages send a signed-in reader to /me): the
  // notice offers signing out first.
  if (loaderData.signedInEmail) {
    return (
      <AuthCard title="Sign in" intro="Sign in with the account the conversation was sent to.">
        <ThreadUnavailableNotice email={loaderData.signedInEmail} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Sign in" intro="Enter your email address and we'll send you a 6-digit code.">
      {loaderData.threadUnavailable ? <ThreadUnavailableNotice email={loaderData.signedInEmail} /> : null}
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
