import { useEffect, useRef, useState } from 'react';
import { EmailSchema, PasscodeLinkKeySchema } from '@fretline/contract';
import { Button, Spinner } from '../../components/ui';
import { seoMeta } from '../../lib/seo';
import { AuthCard } from '../../features/account/auth-card';
import { EmailForm } from '../../features/account/email-form';
import { LoginError, linkLoginErrorText } from '../../features/account/login-error';
import { knownEmail } from '../../features/account/login-state';
import { redeemPasscode, skipRevalidationWhileSigningIn, useRestartLogin } from '../../features/account/sign-in';
import { redirectIfSignedIn } from '../../features/account/require-user.server';
import { returnRouteOf } from '../../features/account/return-to.server';
import type { Route } from './+types/login-passcode';

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({ title: 'Signing in', description: 'Signing in to Fretline.', path: '/login', matches, noIndex: true });

/**
 * The loader only reads the return route and the link's parts: the code is never consumed while
 * the server renders, because mail scanners open links (ARCHITECTURE.md, ADR 0010). It is
 * validated from the browser below. The e-mailed link carries the address it was sent to
 * (`?email=`), so it signs in on a device that has never seen the address, and the code's key
 * (`&key=`), which lets it through whatever strangers tried (ADR 0010).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await redirectIfSignedIn(request);
  const search = new URL(request.url).searchParams;
  const linkEmail = EmailSchema.safeParse(search.get('email') ?? '');
  const linkKey = PasscodeLinkKeySchema.safeParse(search.get('key') ?? '');
  return {
    returnTo: returnRouteOf(request),
    passcode: /^\d{6}$/.test(params.passcode) ? params.passcode : null,
    linkEmail: linkEmail.success ? linkEmail.data : null,
    linkKey: linkKey.success ? linkKey.data : null,
  };
}

// A focus refresh after the code is accepted would redirect to /me before the return route loads.
export const shouldRevalidate = skipRevalidationWhileSigningIn;

/** With both the address and the code from the link (product.md#states), validation runs at once. */
export default function LoginPasscode({ loaderData }: Route.ComponentProps) {
  const { passcode, returnTo, linkEmail, linkKey } = loaderData;
  const restart = useRestartLogin();
  const [phase, setPhase] = useState<'starting' | 'ask-email' | 'validating' | 'error'>('starting');
  const [error, setError] = useState<string>();
  const started = useRef(false);

  async function validate(email: string) {
    if (!passcode) return;
    setPhase('validating');
    try {
      await redeemPasscode(email, passcode, returnTo, linkKey ?? undefined);
    } catch (err) {
      setError(linkLoginErrorText(err));
      setPhase('error');
    }
  }

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The link's own address first: the code was sent there, whatever this browser remembers.
    const email = linkEmail ?? knownEmail();
    if (!passcode) {
      setError('That link is not complete. Please copy the whole link from the email, or enter the code by hand.');
      setPhase('error');
    } else if (email) void validate(email);
    else setPhase('ask-email');
  });

  return (
    <AuthCard
      title="Sign in"
      intro={phase === 'ask-email' ? 'Enter the email address the link was sent to, to finish signing in.' : null}
    >
      {phase === 'starting' || phase === 'validating' ? (
        <div className="flex items-center gap-3">
          <Spinner label="Signing you in" />
          <span className="text-stone-600">Signing you in…</span>
        </div>
      ) : null}
      {phase === 'ask-email' ? <EmailForm sendCode={false} submitLabel="Sign in" onDone={(email) => validate(email)} /> : null}
      {phase === 'error' && error ? <LoginError message={error} onRestart={restart} /> : null}
      {phase === 'error' && !error ? (
        <Button variant="secondary" onClick={restart}>
          Restart login
        </Button>
      ) : null}
    </AuthCard>
  );
}
